/* eslint-disable @typescript-eslint/no-explicit-any -- the file's lines and the SDKs' results are read as JSON */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { importEnvelope } from '../../src/core/targets/import.js';
import { recordedEvents, sseEvents, startUpstream, type Upstream } from './record-upstream.js';

// `prompt-envelope record` (the built CLI: `npm run build` first) between the official SDKs and
// a local upstream that replays recorded provider streams (test/fixtures/recordings/streams,
// see its README for their source and licence). Each SDK must get through the recorder exactly
// what it gets from the upstream directly, the upstream must get exactly the request the SDK
// sent, and each line of the file must hold the request and the response as the SDK assembled it.
// Non-streamed answers are the SDK's own assembly of a recorded stream; error bodies are the
// providers' documented error shapes.

const root = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'sk-test-Zq8v3XN1recorderSECRET';
const GEMINI_KEY = 'AIzaSy-recorder-test-SECRET-key';

let upstream: Upstream;
let recorder: ChildProcess;
let proxy: string;
let viewUrl: string;
let out: string;
let stderr = '';
/** What the live view's event stream sent, for the credential check. */
let liveEvents = '';
const live = new AbortController();

before(async () => {
  upstream = await startUpstream();
  out = join(mkdtempSync(join(tmpdir(), 'pe-record-')), 'calls.jsonl');
  recorder = spawn(
    process.execPath,
    [
      `${root}bin/prompt-envelope.js`,
      'record',
      '--port',
      '0',
      '--no-open',
      '--out',
      out,
      '--upstream',
      `openai=${upstream.url}/v1`,
      '--upstream',
      `anthropic=${upstream.url}`,
      '--upstream',
      `gemini=${upstream.url}`,
    ],
    { cwd: root },
  );
  recorder.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  [proxy, viewUrl] = await new Promise<string[]>((resolve, reject) => {
    let text = '';
    recorder.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n').filter(Boolean);
      if (lines.length >= 2) resolve(lines);
    });
    recorder.on('exit', (code) => reject(new Error(`record exited with ${code}: ${stderr}`)));
  });
  // A page watching from the start: everything the live view is sent.
  const events = await fetch(`${viewUrl}events`, { signal: live.signal });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of events.body!) liveEvents += decoder.decode(chunk as Uint8Array);
    } catch {
      // Aborted at the end.
    }
  })();
});

after(async () => {
  live.abort();
  recorder?.kill('SIGTERM');
  await upstream?.close();
});

/** The file's lines so far, parsed, once `count` are written. */
async function lines(count: number): Promise<Record<string, any>[]> {
  for (let i = 0; i < 200; i++) {
    const text = readFileSync(out, 'utf8');
    const all = text.split('\n').filter(Boolean);
    if (all.length >= count) return all.map((line) => JSON.parse(line));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the file has fewer than ${count} lines: ${stderr}`);
}

/** The last line of the file, once the exchange just made is written. */
let written = 0;
async function lastLine(): Promise<Record<string, any>> {
  written++;
  return (await lines(written)).at(-1)!;
}

/**
 * The SDK helpers add `parsed`, `output_parsed`, `parsed_output` (their own parse of JSON output),
 * Responses' `output_text` and fields left undefined (absent in JSON).
 */
function withoutSdkFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSdkFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, v]) =>
          !['parsed', 'output_text', 'output_parsed', 'parsed_output', 'parsed_arguments'].includes(
            key,
          ) && v !== undefined,
      )
      .map(([key, v]) => [key, withoutSdkFields(v)]),
  );
}

const openai = (baseURL: string) => new OpenAI({ apiKey: KEY, baseURL, maxRetries: 0 });
const anthropic = (baseURL: string) => new Anthropic({ apiKey: KEY, baseURL, maxRetries: 0 });
/** A Gemini SDK result as data: its copy of the response headers without the time they were sent. */
const plain = (result: unknown) => {
  const copy = JSON.parse(JSON.stringify(result));
  delete copy.sdkHttpResponse?.headers?.date;
  return copy;
};
const gemini = (baseUrl: string) =>
  new GoogleGenAI({ apiKey: GEMINI_KEY, httpOptions: { baseUrl, retryOptions: { attempts: 1 } } });

/**
 * Runs `call` once directly against the upstream and once through the recorder, with the same
 * answer queued: both results must be equal, and the upstream must receive the same request
 * body both times; returns the result and the line written.
 */
async function both<T>(
  answer: Parameters<Upstream['queue']['push']>[0],
  call: (direct: boolean) => Promise<T>,
): Promise<{ result: T; line: Record<string, any> }> {
  upstream.queue.push(answer);
  const direct = await call(true);
  upstream.queue.push(answer);
  const recorded = await call(false);
  assert.deepEqual(recorded, direct, 'the SDK gets through the recorder what it gets directly');
  const [a, b] = upstream.exchanges.slice(-2);
  assert.equal(b!.received.toString(), a!.received.toString(), 'the upstream gets the same body');
  assert.equal(b!.url, a!.url);
  const credential =
    b!.headers['x-api-key'] ?? b!.headers.authorization ?? b!.headers['x-goog-api-key'];
  assert.match(String(credential), /SECRET/, 'the key reaches the upstream');
  const line = await lastLine();
  assert.deepEqual(line.request.body, JSON.parse(b!.received.toString()), 'the request as sent');
  return { result: recorded, line };
}

const chatBody = {
  model: 'gpt-4.1-nano',
  messages: [{ role: 'user' as const, content: 'A holiday?' }],
};
const claudeBody = {
  model: 'claude-sonnet-4-20250514',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'How do I cross the street?' }],
};

describe('record: OpenAI SDK', () => {
  test('a streamed Chat Completion: the file holds what finalChatCompletion() assembles', async () => {
    const events = recordedEvents('openai--chat_openai-text.jsonl');
    const { result, line } = await both({ stream: sseEvents(events, 'openai-chat') }, (direct) =>
      openai(direct ? `${upstream.url}/v1` : `${proxy}/v1`)
        .chat.completions.stream(chatBody)
        .finalChatCompletion(),
    );
    assert.equal(line.stream, true);
    assert.equal(line.response.status, 200);
    assert.equal(line.provider, 'openai');
    assert.equal(line.model, 'gpt-4.1-nano');
    assert.deepEqual(line.response.body, withoutSdkFields(result));
    assert.ok(
      line.timings.start <= line.timings.firstByte && line.timings.firstByte <= line.timings.end,
    );
  });

  test('a streamed tool call with reasoning: calls as assembled, the reasoning joined', async () => {
    const events = recordedEvents('deepseek--chat_deepseek-tool-call.jsonl');
    const { result, line } = await both({ stream: sseEvents(events, 'openai-chat') }, (direct) =>
      openai(direct ? `${upstream.url}/v1` : `${proxy}/v1`)
        .chat.completions.stream({ ...chatBody, model: 'deepseek-reasoner' })
        .finalChatCompletion(),
    );
    const { reasoning_content, ...message } = line.response.body.choices[0].message;
    const sdk = withoutSdkFields(result) as any;
    delete sdk.choices[0].message.reasoning_content;
    assert.deepEqual(
      { ...line.response.body, choices: [{ ...line.response.body.choices[0], message }] },
      sdk,
    );
    assert.equal(result.choices[0]!.message.tool_calls![0]!.type, 'function');
    // The SDK keeps only the last reasoning delta (null); the file keeps the whole thinking.
    const thinking = events
      .map((e) => JSON.parse(e).choices?.[0]?.delta?.reasoning_content ?? '')
      .join('');
    assert.ok(thinking.length > 20);
    assert.equal(reasoning_content, thinking);
  });

  test('a streamed Responses call: the file holds what finalResponse() gives', async () => {
    const events = recordedEvents('openai--responses_openai-reasoning-encrypted-content.1.jsonl');
    const { result, line } = await both({ stream: sseEvents(events, 'plain') }, (direct) =>
      openai(direct ? `${upstream.url}/v1` : `${proxy}/v1`)
        .responses.stream({ model: 'o4-mini', input: 'Think, then answer.' })
        .finalResponse(),
    );
    assert.deepEqual(line.response.body, withoutSdkFields(result));
  });

  test('a Chat Completion without streaming: the body byte for byte, recorded as sent', async () => {
    // The answer: the SDK's own assembly of a recorded stream, as the API returns it unstreamed.
    upstream.queue.push({
      stream: sseEvents(recordedEvents('openai--chat_openai-text.jsonl'), 'openai-chat'),
    });
    const final = await openai(`${upstream.url}/v1`)
      .chat.completions.stream(chatBody)
      .finalChatCompletion();
    const body = JSON.stringify(withoutSdkFields(final));
    const { result, line } = await both({ status: 200, body }, (direct) =>
      openai(direct ? `${upstream.url}/v1` : `${proxy}/v1`).chat.completions.create(chatBody),
    );
    assert.equal(line.stream, false);
    assert.deepEqual(line.response.body, JSON.parse(body));
    assert.deepEqual(result, JSON.parse(body));
    assert.equal(upstream.exchanges.at(-1)!.sent.toString(), body);
  });

  for (const [status, error] of [
    [
      400,
      {
        message: "Invalid value for 'temperature'.",
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'invalid_value',
      },
    ],
    [
      429,
      {
        message: 'Rate limit reached for gpt-4.1-nano.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    ],
    [
      500,
      {
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        param: null,
        code: null,
      },
    ],
  ] as const) {
    test(`a ${status}: the SDK throws the same error, the file holds it`, async () => {
      const body = JSON.stringify({ error });
      const { result, line } = await both({ status, body }, (direct) =>
        openai(direct ? `${upstream.url}/v1` : `${proxy}/v1`)
          .chat.completions.create(chatBody)
          .then(
            () => assert.fail('no error'),
            (e: InstanceType<typeof OpenAI.APIError>) => ({
              status: e.status,
              message: e.message,
              error: e.error,
            }),
          ),
      );
      assert.equal(result.status, status);
      assert.equal(line.response.status, status);
      assert.deepEqual(line.response.body, { error });
    });
  }
});

describe('record: Anthropic SDK', () => {
  for (const file of [
    'anthropic--pydantic-ai-model_thinking_part_stream.1.jsonl',
    'anthropic--anthropic-json-tool.1.jsonl',
  ]) {
    test(`${file}: the file holds what finalMessage() assembles`, async () => {
      const events = recordedEvents(file);
      const { result, line } = await both({ stream: sseEvents(events, 'named') }, (direct) =>
        anthropic(direct ? upstream.url : proxy)
          .messages.stream(claudeBody)
          .finalMessage(),
      );
      assert.equal(line.provider, 'anthropic');
      assert.deepEqual(line.response.body, withoutSdkFields(result));
    });
  }

  test('a Message without streaming, and a 429', async () => {
    const events = recordedEvents('anthropic--pydantic-ai-model_thinking_part_stream.1.jsonl');
    upstream.queue.push({ stream: sseEvents(events, 'named') });
    const message = await anthropic(upstream.url).messages.stream(claudeBody).finalMessage();
    const body = JSON.stringify(message);
    const plain = await both({ status: 200, body }, (direct) =>
      anthropic(direct ? upstream.url : proxy).messages.create(claudeBody),
    );
    assert.deepEqual(plain.line.response.body, JSON.parse(body));
    const error = {
      type: 'error',
      error: {
        type: 'rate_limit_error',
        message: 'Number of request tokens has exceeded your per-minute rate limit.',
      },
    };
    const limited = await both({ status: 429, body: JSON.stringify(error) }, (direct) =>
      anthropic(direct ? upstream.url : proxy)
        .messages.create(claudeBody)
        .then(
          () => assert.fail('no error'),
          (e: InstanceType<typeof Anthropic.APIError>) => ({ status: e.status, error: e.error }),
        ),
    );
    assert.equal(limited.result.status, 429);
    assert.deepEqual(limited.line.response.body, error);
  });

  test('an abort midway ends the upstream call; the file keeps what came', async () => {
    const events = recordedEvents('anthropic--pydantic-ai-model_thinking_part_stream.1.jsonl');
    upstream.queue.push({ stream: sseEvents(events, 'named'), delay: 15 });
    const controller = new AbortController();
    const stream = anthropic(proxy).messages.stream(claudeBody, { signal: controller.signal });
    let text = '';
    stream.on('thinking', (delta) => {
      text += delta;
      if (text.length > 40) controller.abort();
    });
    await assert.rejects(stream.finalMessage());
    const line = await lastLine();
    assert.match(line.response.aborted, /client closed/);
    assert.ok(line.response.body.content[0].thinking.startsWith(text.slice(0, 40)));
    for (let i = 0; i < 100 && !upstream.exchanges.at(-1)!.closedEarly; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(upstream.exchanges.at(-1)!.closedEarly, true, 'the upstream call was ended');
  });
});

describe('record: Google Gen AI SDK', () => {
  /** Gemini's SDK has no assembler: what a caller does with the chunks (their parts in order). */
  const partsOf = (chunks: any[]) =>
    chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);

  for (const file of [
    'google--google-reasoning.jsonl',
    'gemini--genai-pro-thinking-tool-call.jsonl',
  ]) {
    test(`${file}: the chunks unchanged, the file holds them joined`, async () => {
      const events = recordedEvents(file);
      const { result, line } = await both(
        { stream: sseEvents(events, 'plain') },
        async (direct) => {
          const chunks = [];
          const stream = await gemini(direct ? upstream.url : proxy).models.generateContentStream({
            model: 'gemini-3-pro-preview',
            contents: 'How many r in strawberry?',
          });
          for await (const chunk of stream) chunks.push(plain(chunk));
          return chunks;
        },
      );
      assert.equal(line.provider, 'gemini');
      assert.equal(line.model, 'gemini-3-pro-preview');
      assert.doesNotMatch(line.request.url, /key=/);
      const parts = partsOf(result);
      const recordedParts = line.response.body.candidates[0].content.parts;
      const texts = (list: any[], thought: boolean) =>
        list
          .filter((p) => typeof p.text === 'string' && Boolean(p.thought) === thought)
          .map((p) => p.text)
          .join('');
      assert.equal(texts(recordedParts, false), texts(parts, false));
      assert.equal(texts(recordedParts, true), texts(parts, true));
      const calls = (list: any[]) => list.filter((p) => p.functionCall).map((p) => p.functionCall);
      assert.deepEqual(calls(recordedParts), calls(parts));
      const signatures = (list: any[]) =>
        list.filter((p) => p.thoughtSignature).map((p) => p.thoughtSignature);
      assert.deepEqual(signatures(recordedParts), signatures(parts));
      assert.deepEqual(line.response.body.usageMetadata, result.at(-1).usageMetadata);
    });
  }

  test('generateContent without streaming, and a 500', async () => {
    const body = recordedEvents('google--google-reasoning.jsonl')[0]!;
    const { line } = await both({ status: 200, body }, (direct) =>
      gemini(direct ? upstream.url : proxy)
        .models.generateContent({ model: 'gemini-3-pro-preview', contents: 'Hi' })
        .then(plain),
    );
    assert.deepEqual(line.response.body, JSON.parse(body));
    const error = {
      error: { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' },
    };
    const failed = await both({ status: 500, body: JSON.stringify(error) }, (direct) =>
      gemini(direct ? upstream.url : proxy)
        .models.generateContent({ model: 'gemini-3-pro-preview', contents: 'Hi' })
        .then(
          () => assert.fail('no error'),
          (e: Error & { status?: number }) => ({ status: e.status, message: e.message }),
        ),
    );
    assert.equal(failed.result.status, 500);
    assert.deepEqual(failed.line.response.body, error);
  });
});

describe('record: bytes, credentials, import', () => {
  test('bytes pass unchanged both ways, chunk by chunk', async () => {
    const events = sseEvents(recordedEvents('openai--chat_openai-text.jsonl'), 'openai-chat');
    upstream.queue.push({ stream: events, delay: 5 });
    // Not JSON-normalised: odd spacing and a character outside ASCII.
    const sent = `{"model" : "gpt-4.1-nano",  "stream":true, "messages":[{"role":"user","content":"Ünïcode ✓"}]}`;
    const response = await fetch(`${proxy}/v1/chat/completions?trace=1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        cookie: `session=${KEY}`,
      },
      body: sent,
    });
    assert.match(
      response.headers.get('x-request-id') ?? '',
      /^req_/,
      "the upstream's headers pass",
    );
    const reader = response.body!.getReader();
    const pieces: Uint8Array[] = [];
    let first: number | undefined;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      first ??= pieces.length;
      pieces.push(value);
    }
    const got = Buffer.concat(pieces);
    const exchange = upstream.exchanges.at(-1)!;
    assert.equal(exchange.received.toString(), sent);
    assert.equal(exchange.url, '/v1/chat/completions?trace=1');
    assert.ok(got.equals(exchange.sent), 'the client gets the bytes the upstream sent');
    // Sent 5 ms apart, the events arrive in many reads, not in one at the end.
    assert.ok(
      pieces.length > events.length / 4,
      `${pieces.length} reads for ${events.length} events`,
    );
    assert.equal(exchange.headers.authorization, `Bearer ${KEY}`, 'the key reaches the upstream');
    await lastLine();
  });

  test('a Gemini key in the query and cookies reach the upstream, and nothing else', async () => {
    upstream.queue.push({
      status: 200,
      body: recordedEvents('google--google-reasoning.jsonl')[0]!,
    });
    const response = await fetch(
      `${proxy}/v1beta/models/gemini-2.5-flash:generateContent?key=${GEMINI_KEY}`,
      {
        method: 'POST',
        body: '{"contents":[{"parts":[{"text":"Hi"}]}]}',
        headers: { cookie: `k=${GEMINI_KEY}` },
      },
    );
    assert.equal(response.status, 200);
    await response.arrayBuffer();
    assert.match(upstream.exchanges.at(-1)!.url, new RegExp(`key=${GEMINI_KEY}`));
    const line = await lastLine();
    assert.equal(line.model, 'gemini-2.5-flash');
  });

  test('the key is nowhere in the file, the live view, or the page data', async () => {
    const file = readFileSync(out, 'utf8');
    assert.ok(file.length > 10_000);
    const recordedPage = await (await fetch(`${viewUrl}recorded.jsonl`)).text();
    assert.equal(recordedPage, file, 'a reload lists what the file holds');
    assert.match(liveEvents, /event: done/);
    for (const [where, text] of [
      ['file', file],
      ['page data', recordedPage],
      ['live events', liveEvents],
      ['terminal', stderr],
    ])
      for (const secret of [KEY, GEMINI_KEY, 'SECRET'])
        assert.ok(!text.includes(secret), `${where} holds ${secret}`);
  });

  test('import reads every line of the file', () => {
    const text = readFileSync(out, 'utf8');
    const count = text.split('\n').filter(Boolean).length;
    const result = importEnvelope(text);
    assert.equal(result.container, 'jsonl');
    assert.equal(result.envelopes?.length, count);
    // An answered call ends with the assistant's turn.
    const answered = result.envelopes!.filter(
      (c) => c.envelope.messages.at(-1)?.role === 'assistant',
    );
    assert.ok(answered.length >= count - 8, `${answered.length} of ${count} end with the answer`);
  });
});
