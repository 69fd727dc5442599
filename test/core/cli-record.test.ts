import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { chromium, type Browser } from 'playwright-core';
import { startRecorder } from '../../src/cli/record-server.js';
import {
  recordedEvents,
  sseEvents,
  startUpstream,
  type Upstream,
} from '../conformance/record-upstream.js';

// `prompt-envelope record` (the built CLI: `npm run build` first): what goes wrong gets a clear
// answer and loses nothing, and the live view shows each exchange as it happens. The SDK
// conformance of the recording is test/conformance/record-sdk.test.ts.

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = `${root}bin/prompt-envelope.js`;
const dir = mkdtempSync(join(tmpdir(), 'pe-record-cli-'));
const KEY = 'sk-test-cli-record-SECRET';

let upstream: Upstream;
let browser: Browser;
const running: ChildProcess[] = [];

before(async () => {
  upstream = await startUpstream();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
});

after(async () => {
  for (const child of running) child.kill('SIGTERM');
  await upstream?.close();
  await browser?.close();
});

interface Running {
  proxy: string;
  view?: string;
  child: ChildProcess;
  stderr: () => string;
}

/** Starts `record` and resolves with the addresses it prints (or rejects with its exit). */
function record(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [bin, 'record', '--no-open', ...args], { cwd: dir });
  running.push(child);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const [proxy, view] = out.split('\n');
      if (view !== undefined && view !== '' && out.split('\n').length > 2)
        resolve({ proxy: proxy!, view, child, stderr: () => err });
    });
    child.on('exit', (code) => reject(Object.assign(new Error(err), { code })));
  });
}

/** Runs `record` until it exits by itself (it could not start). */
function failing(args: string[]): { code: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [bin, 'record', '--no-open', ...args], {
    cwd: dir,
    timeout: 20_000,
  });
  return { code: result.status, stderr: result.stderr.toString() };
}

const upstreams = () => [
  '--upstream',
  `openai=${upstream.url}/v1`,
  '--upstream',
  `anthropic=${upstream.url}`,
];

async function linesOf(file: string, count: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 200; i++) {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (lines.length >= count) return lines.map((line) => JSON.parse(line));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${file} has fewer than ${count} lines`);
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('prompt-envelope record: failures', () => {
  test('a file that cannot be written stops it before it listens', async () => {
    const port = await closedPort();
    const { code, stderr } = failing(['--port', String(port), '--out', `${dir}/no/such/x.jsonl`]);
    assert.equal(code, 1);
    assert.match(stderr, /cannot write .*x\.jsonl: its folder does not exist/);
    assert.doesNotMatch(stderr, /Recording to/);
  });

  test('a taken port is reported, and a free one offered', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const { code, stderr } = failing(['--port', String(port), '--out', `${dir}/taken.jsonl`]);
    taken.close();
    assert.equal(code, 1);
    const offered =
      /port (\d+) is taken \(another program listens on it\)\. Port (\d+) is free: add --port \2\./.exec(
        stderr,
      );
    assert.ok(offered, stderr);
    assert.equal(Number(offered[1]), port);
    assert.ok(Number(offered[2]) > port);
  });

  test('an upstream that cannot be reached: a 502 the SDKs show, recorded', async () => {
    const down = await closedPort();
    const out = `${dir}/down.jsonl`;
    const { proxy } = await record([
      '--port',
      '0',
      '--out',
      out,
      '--upstream',
      `openai=http://127.0.0.1:${down}/v1`,
      '--upstream',
      `anthropic=http://127.0.0.1:${down}`,
    ]);
    const openai = new OpenAI({ apiKey: KEY, baseURL: `${proxy}/v1`, maxRetries: 0 });
    const chat = await openai.chat.completions
      .create({ model: 'gpt-4.1-nano', messages: [{ role: 'user', content: 'Hi' }] })
      .then(
        () => assert.fail('no error'),
        (error: InstanceType<typeof OpenAI.APIError>) => error,
      );
    assert.equal(chat.status, 502);
    assert.match(
      chat.message,
      /prompt-envelope record could not get an answer from http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
    const anthropic = new Anthropic({ apiKey: KEY, baseURL: proxy, maxRetries: 0 });
    const claude = await anthropic.messages
      .create({
        model: 'claude-sonnet-4-20250514',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'Hi' }],
      })
      .then(
        () => assert.fail('no error'),
        (error: InstanceType<typeof Anthropic.APIError>) => error,
      );
    assert.equal(claude.status, 502);
    assert.match(claude.message, /could not get an answer/);
    const [first] = await linesOf(out, 2);
    assert.equal((first!.response as { status: number }).status, 502);
  });

  test('an upstream that stays silent: a 502 once the time limit passes', async () => {
    const silent = createServer(() => {
      // Accepts the connection, never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const logged: string[] = [];
    const recorder = await startRecorder({
      out: `${dir}/silent.jsonl`,
      host: '127.0.0.1',
      port: 0,
      upstreams: { openai: `http://127.0.0.1:${port}/v1` },
      maxBytes: 1_000_000,
      idleTimeout: 300,
      view: false,
      log: (text) => logged.push(text),
    });
    try {
      const response = await fetch(`${recorder.proxy}/v1/chat/completions`, {
        method: 'POST',
        body: '{"model":"m","messages":[]}',
      });
      assert.equal(response.status, 502);
      const body = (await response.json()) as { error: { message: string } };
      assert.match(body.error.message, /no answer for 300 ms \(the recorder's time limit\)/);
    } finally {
      await recorder.close();
      silent.close();
    }
    assert.ok(logged.some((text) => /no answer/.test(text)));
  });

  test('a body that is not JSON, or too large, passes untouched and is recorded as unreadable', async () => {
    const out = `${dir}/unreadable.jsonl`;
    const { proxy } = await record([
      '--port',
      '0',
      '--out',
      out,
      '--max-bytes',
      '2000',
      ...upstreams(),
    ]);
    const text = 'model=gpt&prompt=not json at all \u00e9';
    upstream.queue.push({ status: 200, body: '{"ok":true}' });
    await (await fetch(`${proxy}/v1/chat/completions`, { method: 'POST', body: text })).text();
    assert.equal(upstream.exchanges.at(-1)!.received.toString(), text);
    const large = JSON.stringify({
      model: 'gpt',
      messages: [{ role: 'user', content: 'x'.repeat(5000) }],
    });
    const answer = JSON.stringify({ choices: [{ message: { content: 'y'.repeat(3000) } }] });
    upstream.queue.push({ status: 200, body: answer });
    const got = await (
      await fetch(`${proxy}/v1/chat/completions`, { method: 'POST', body: large })
    ).text();
    assert.equal(upstream.exchanges.at(-1)!.received.toString(), large);
    assert.equal(got, answer);
    const [notJson, tooLarge] = (await linesOf(out, 2)) as {
      request: Record<string, unknown>;
      response: Record<string, unknown>;
    }[];
    assert.match(String(notJson!.request.unreadable), /^the request body is not JSON \(/);
    assert.equal(notJson!.request.body, undefined);
    assert.deepEqual(notJson!.response.body, { ok: true });
    assert.match(
      String(tooLarge!.request.unreadable),
      /^the request body has 5,0\d\d bytes, more than the limit of 2,000 \(--max-bytes\)$/,
    );
    assert.match(String(tooLarge!.response.unreadable), /^the answer has 3,0\d\d bytes/);
  });

  test("Gemini's stream without alt=sse (a JSON array of chunks) is written as one answer", async () => {
    const out = `${dir}/gemini-array.jsonl`;
    const { proxy } = await record([
      '--port',
      '0',
      '--out',
      out,
      '--upstream',
      `gemini=${upstream.url}`,
    ]);
    const chunks = recordedEvents('google--google-reasoning.jsonl');
    const body = `[${chunks.join(',\n')}]`;
    upstream.queue.push({ status: 200, body });
    const response = await fetch(
      `${proxy}/v1beta/models/gemini-3-pro-preview:streamGenerateContent`,
      { method: 'POST', body: '{"contents":[{"role":"user","parts":[{"text":"Hi"}]}]}' },
    );
    assert.equal(await response.text(), body);
    const [line] = (await linesOf(out, 1)) as {
      stream: boolean;
      response: { body: { candidates: { content: { parts: { text?: string }[] } }[] } };
    }[];
    assert.equal(line!.stream, true);
    const text = chunks
      .flatMap((c) => (JSON.parse(c) as typeof line.response.body).candidates[0]!.content.parts)
      .map((p) => p.text ?? '')
      .join('');
    const written = line!.response.body.candidates[0]!.content.parts.map((p) => p.text ?? '');
    assert.equal(written.join(''), text);
  });

  test('a compressed answer reaches the app compressed, and is written decompressed', async () => {
    const out = `${dir}/gzip.jsonl`;
    const { proxy } = await record(['--port', '0', '--out', out, ...upstreams()]);
    const answer = {
      id: 'chatcmpl-1',
      choices: [{ message: { role: 'assistant', content: 'Hi' } }],
    };
    const zipped = gzipSync(JSON.stringify(answer));
    upstream.queue.push({ status: 200, body: zipped, headers: { 'content-encoding': 'gzip' } });
    // node:http, which leaves the body as it came (fetch would decompress it).
    const got = await new Promise<{ encoding?: string; bytes: Buffer }>((resolve, reject) => {
      const call = httpRequest(`${proxy}/v1/chat/completions`, { method: 'POST' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
        );
      });
      call.on('error', reject);
      call.end('{"model":"m","messages":[]}');
    });
    assert.equal(got.encoding, 'gzip');
    assert.ok(got.bytes.equals(zipped));
    const [line] = (await linesOf(out, 1)) as { response: { body: unknown } }[];
    assert.deepEqual(line!.response.body, answer);
  });

  test('a write that fails (disk full) stops the recording, never the forwarding', async () => {
    const { proxy, stderr } = await record(['--port', '0', '--out', '/dev/full', ...upstreams()]);
    for (let i = 0; i < 3; i++) {
      upstream.queue.push({ status: 200, body: `{"n":${i}}` });
      const response = await fetch(`${proxy}/v1/chat/completions`, {
        method: 'POST',
        body: '{"model":"m","messages":[]}',
      });
      assert.equal(await response.text(), `{"n":${i}}`);
    }
    for (let i = 0; i < 100 && !/recording stopped/.test(stderr()); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.match(
      stderr(),
      /recording stopped: cannot write \/dev\/full \(ENOSPC[^)]*\); requests are still forwarded, but no longer recorded\./,
    );
  });

  test('beyond 127.0.0.1 only with --host, and the live view then needs its token', async () => {
    const { proxy, view } = await record([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--out',
      `${dir}/host.jsonl`,
      ...upstreams(),
    ]);
    const token = new URL(view!).searchParams.get('token');
    assert.match(token ?? '', /^[\w-]{32}$/);
    const origin = new URL(view!).origin;
    assert.equal((await fetch(`${origin}/recorded.jsonl`)).status, 403);
    assert.equal((await fetch(`${origin}/events`)).status, 403);
    assert.equal((await fetch(view!)).status, 200);
    upstream.queue.push({ status: 200, body: '{}' });
    assert.equal((await fetch(`${proxy}/v1/models`)).status, 200);
    assert.equal(upstream.exchanges.at(-1)!.url, '/v1/models', 'other paths pass through');
  });

  test('usage errors: a wrong --upstream', () => {
    const { code, stderr } = failing(['--upstream', 'mistral=http://x']);
    assert.equal(code, 2);
    assert.match(stderr, /--upstream takes NAME=URL with NAME one of openai, anthropic, gemini/);
  });
});

describe('prompt-envelope record: the live view', () => {
  test('an exchange appears when its request arrives, its answer streams in, a reload shows it', async () => {
    const out = `${dir}/live.jsonl`;
    writeFileSync(out, '');
    const { proxy, view } = await record(['--port', '0', '--out', out, ...upstreams()]);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // Polled with strings: Playwright's own waiting does not run in a process started with
    // --disallow-code-generation-from-strings (npm run test:core).
    const ready = async () => {
      const deadline = Date.now() + 15_000;
      while (!(await page.evaluate("document.documentElement.dataset.ready === 'true'"))) {
        assert.ok(Date.now() < deadline, 'the page did not get ready');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await page.goto(view!);
    await ready();
    const shown = (text: string) => `(() => {
        const all = [];
        const walk = (node) => {
          if (node.nodeType === Node.TEXT_NODE) all.push(node.textContent);
          if (node.shadowRoot) walk(node.shadowRoot);
          node.childNodes.forEach(walk);
        };
        walk(document.body);
        return all.join(' ').includes(${JSON.stringify(text)});
      })()`;
    const waitFor = async (text: string) => {
      const deadline = Date.now() + 15_000;
      while (!(await page.evaluate(shown(text)))) {
        assert.ok(Date.now() < deadline, `the page did not show ${JSON.stringify(text)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const events = recordedEvents('anthropic--pydantic-ai-model_thinking_part_stream.1.jsonl');
    upstream.queue.push({ stream: sseEvents(events, 'named'), delay: 30 });
    const anthropic = new Anthropic({ apiKey: KEY, baseURL: proxy, maxRetries: 0 });
    const stream = anthropic.messages.stream({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'How do I cross the street?' }],
    });
    // The question shows while the answer is still coming; then the answer grows in.
    await waitFor('How do I cross the street?');
    await waitFor('answer arriving');
    await waitFor('Here are the basic steps');
    const final = await stream.finalMessage();
    assert.equal(final.stop_reason, 'end_turn');
    await waitFor('Keep looking for traffic');
    await waitFor('· 200 ·');
    await page.reload();
    await ready();
    await waitFor('How do I cross the street?');
    await waitFor('Keep looking for traffic');
    assert.deepEqual(problems, []);
    await page.close();
    // The file opens in `import` and `view` as it is.
    const imported = spawnSync(process.execPath, [bin, 'import', out]);
    assert.equal(imported.status, 0, imported.stderr.toString());
    const envelope = JSON.parse(imported.stdout.toString()) as { messages: { role: string }[] };
    assert.deepEqual(
      envelope.messages.map((m) => m.role),
      ['user', 'assistant'],
    );
    const viewed = spawnSync(process.execPath, [bin, 'view', out, '--no-open', '--port', '0'], {
      timeout: 3000,
    });
    assert.match(viewed.stderr.toString(), /live\.jsonl: 1 conversation \(anthropic\)/);
  });
});
