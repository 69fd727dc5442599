import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { BetaMessageStream } from '@anthropic-ai/sdk/lib/BetaMessageStream';
import { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream';
import { GenerateContentResponse, type Part } from '@google/genai';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';
import { ResponseStream } from 'openai/lib/responses/ResponseStream';
import type { Message } from '../../src/core/protocol/types.js';
import { validateMessage } from '../../src/core/protocol/validate.js';
import { createStreamReader } from '../../src/core/targets/streams/stream-reader.js';
import type { Segment } from '../../src/core/protocol/types.js';
import type {
  StreamProvider,
  StreamUpdate,
} from '../../src/core/targets/streams/stream-updates.js';

// Issue 29: streams equal the SDKs. Every recording in test/fixtures/recordings/streams (real
// provider streams, see its README) is read by createStreamReader and by the provider's official
// SDK stream helper from the same bytes; the final messages must agree on text, tool calls,
// stop reason and usage. A recording the SDK itself refuses must still give a valid message.

const DIR = new URL('../fixtures/recordings/streams/', import.meta.url);
const PARTIAL_ARGS: Record<string, ToolCall[]> = JSON.parse(
  readFileSync(new URL('vertex-partial-args.expected.json', DIR), 'utf8'),
);

interface ToolCall {
  name: string;
  args: unknown;
}
/** A final message, as both sides are compared. */
interface Final {
  texts: string[];
  tools: ToolCall[];
  stop: string | null;
  usage: unknown;
  /** Gemini: the parts besides calls, every signature in order, the grounding sources. */
  gemini?: { parts: Piece[]; signatures: string[]; sources: unknown[] };
  /** OpenAI Responses: reasoning items, built-in calls (verbatim) and the texts' annotations. */
  kept?: unknown[];
  /** Anthropic: thinking, provider-run calls and results, cited texts, in order. */
  blocks?: unknown[];
}

/** A Gemini part as both sides see it: thinking, text, code run and its result, calls. */
type Piece =
  | { thought: string; signature?: string }
  | { text: string; signature?: string }
  | { code: unknown; signature?: string }
  | { result: unknown }
  | { calls: true };

function providerOf(events: Record<string, unknown>[]): StreamProvider {
  const first = events[0];
  if ('candidates' in first) return 'gemini';
  if (String(first.type).startsWith('message')) return 'anthropic';
  if (events.some((e) => String(e.type).startsWith('response.'))) return 'openai-responses';
  return 'openai-chat';
}

/**
 * A recording of several calls in a row holds several streams: a new one starts with
 * `response.created` or `message_start` after the previous one's end.
 */
function streamsOf(lines: string[], provider: StreamProvider): string[][] {
  const streams: string[][] = [[]];
  let ended = false;
  for (const line of lines) {
    const type = (JSON.parse(line) as { type?: string }).type;
    if (ended && (type === 'response.created' || type === 'message_start')) streams.push([]);
    ended ||= provider === 'anthropic' ? type === 'message_stop' : type === 'response.completed';
    if (type === 'response.created' || type === 'message_start') ended = false;
    streams.at(-1)!.push(line);
  }
  return streams;
}

const bytes = (lines: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(lines.join('\n') + '\n'));
      controller.close();
    },
  });

const parse = (text: string | undefined) => (text ? JSON.parse(text) : {});
const nonEmpty = (texts: (string | null | undefined)[]) =>
  texts.filter((t): t is string => typeof t === 'string' && t !== '');

/** What the provider's SDK makes of the stream; throws when the SDK refuses it. */
async function sdkFinal(provider: StreamProvider, lines: string[], file: string): Promise<Final> {
  switch (provider) {
    case 'openai-chat': {
      const completion = await ChatCompletionStream.fromReadableStream(
        bytes(lines),
      ).finalChatCompletion();
      const choice = completion.choices[0];
      return {
        texts: nonEmpty([(choice.message.content ?? '') + (choice.message.refusal ?? '')]),
        tools: (choice.message.tool_calls ?? []).map((call) => {
          assert.equal(call.type, 'function');
          return { name: call.function.name, args: parse(call.function.arguments) };
        }),
        stop: choice.finish_reason,
        usage: completion.usage ?? null,
      };
    }
    case 'openai-responses': {
      const response = await ResponseStream.fromReadableStream(bytes(lines)).finalResponse();
      return {
        texts: nonEmpty(
          response.output.map((item) =>
            item.type === 'message'
              ? item.content.map((p) => (p.type === 'output_text' ? p.text : p.refusal)).join('')
              : null,
          ),
        ),
        tools: response.output.flatMap((item) =>
          item.type === 'function_call' ? [{ name: item.name, args: parse(item.arguments) }] : [],
        ),
        stop: response.status ?? null,
        usage: response.usage ?? null,
        kept: response.output.flatMap((item): unknown[] => {
          if (item.type === 'message')
            return item.content.flatMap((p) => (p.type === 'output_text' ? p.annotations : []));
          if (item.type === 'reasoning')
            return [
              {
                id: item.id,
                summary: item.summary.map((p) => p.text),
                content: (item.content ?? []).map((p) => p.text).join('\n\n'),
                encrypted: item.encrypted_content ?? undefined,
              },
            ];
          return item.type === 'function_call' || !BUILT_IN.test(item.type) ? [] : [item];
        }),
      };
    }
    case 'anthropic': {
      const message = await MessageStream.fromReadableStream(bytes(lines)).finalMessage();
      // The beta accumulator for the blocks: MCP servers are a beta feature, and only it
      // accumulates an mcp_tool_use's input; its blocks are otherwise the same.
      const beta = await BetaMessageStream.fromReadableStream(bytes(lines)).finalMessage();
      return {
        texts: nonEmpty(message.content.map((b) => (b.type === 'text' ? b.text : null))),
        tools: message.content.flatMap((b) =>
          b.type === 'tool_use' ? [{ name: b.name, args: b.input }] : [],
        ),
        stop: message.stop_reason,
        usage: message.usage,
        blocks: beta.content.flatMap((b) => sdkBlock(b as unknown as Record<string, unknown>)),
      };
    }
    case 'gemini': {
      // @google/genai has no accumulator: its chats keep the chunks' contents, as here.
      const chunks: GenerateContentResponse[] = lines.map((line) =>
        Object.assign(new GenerateContentResponse(), JSON.parse(line)),
      );
      const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []);
      const warn = console.warn;
      console.warn = () => {}; // the `text` getter warns about the parts it skips
      const text = chunks.map((chunk) => chunk.text ?? '').join('');
      console.warn = warn;
      const last = <T>(pick: (c: GenerateContentResponse) => T | undefined) =>
        chunks.map(pick).findLast((v) => v !== undefined) ?? null;
      return {
        texts: nonEmpty([text]),
        tools:
          PARTIAL_ARGS[file] ??
          chunks.flatMap((c) =>
            (c.functionCalls ?? []).map((f) => ({ name: f.name!, args: f.args ?? {} })),
          ),
        stop: last((c) => c.candidates?.[0]?.finishReason),
        usage: last((c) => c.usageMetadata),
        gemini: {
          parts: geminiPieces(parts),
          signatures: parts.flatMap((p) => (p.thoughtSignature ? [p.thoughtSignature] : [])),
          sources: last((c) => c.candidates?.[0]?.groundingMetadata?.groundingChunks) ?? [],
        },
      };
    }
  }
}

/**
 * The parts a chat keeps, run together as a reader shows them: consecutive thoughts are one
 * thinking and consecutive texts one text (a second signature starts another), an empty text
 * that only carries a signature is thinking without text of its own, consecutive calls count
 * once, an empty text without a signature is nothing.
 */
function geminiPieces(parts: Part[]): Piece[] {
  const pieces: Piece[] = [];
  let alone = false;
  for (const p of parts) {
    const prev = (alone ? undefined : pieces.at(-1)) as Record<string, unknown> | undefined;
    const sign = p.thoughtSignature ? { signature: p.thoughtSignature } : {};
    const joins = (key: string) =>
      prev !== undefined && key in prev && !(p.thoughtSignature && prev.signature);
    alone = false;
    if (typeof p.text === 'string' && p.text === '' && p.thoughtSignature) {
      pieces.push({ thought: '', ...sign });
      alone = true;
    } else if (typeof p.text === 'string' && p.thought) {
      if (joins('thought'))
        Object.assign(prev!, { thought: `${prev!.thought as string}${p.text}` }, sign);
      else if (p.text !== '') pieces.push({ thought: p.text, ...sign });
    } else if (typeof p.text === 'string') {
      if (p.text === '') continue;
      if (joins('text')) Object.assign(prev!, { text: `${prev!.text as string}${p.text}` }, sign);
      else pieces.push({ text: p.text, ...sign });
    } else if (p.executableCode) pieces.push({ code: p.executableCode, ...sign });
    else if (p.codeExecutionResult) pieces.push({ result: p.codeExecutionResult });
    else if (p.functionCall && !(prev && 'calls' in prev)) pieces.push({ calls: true });
  }
  return pieces;
}

/** The same of the reader's message. */
function readerPieces(segments: Message['segments']): Final['gemini'] {
  const pieces: Piece[] = [];
  const signatures: string[] = [];
  const sources: unknown[] = [];
  for (const s of segments) {
    const sign = (signature: string | undefined) => {
      if (signature === undefined) return {};
      signatures.push(signature);
      return { signature };
    };
    if (s.kind === 'thinking') pieces.push({ thought: s.content, ...sign(s.thoughtSignature) });
    else if (s.kind === 'text') {
      pieces.push({ text: s.content, ...sign(s.thoughtSignature) });
      sources.push(...(s.citations ?? []));
    } else if (s.kind === 'tool_call_request' && s.runBy === 'provider')
      pieces.push({ code: s.arguments, ...sign(s.thoughtSignature) });
    else if (s.kind === 'tool_call_result') pieces.push({ result: s.structured });
    else if (s.kind === 'tool_call_request') {
      sign(s.thoughtSignature);
      if (!('calls' in (pieces.at(-1) ?? {}))) pieces.push({ calls: true });
    }
  }
  return { parts: pieces, signatures, sources };
}

/** The Responses items that streams keep whole (provider-run segments that hold the item). */
const BUILT_IN =
  /^(web_search_call|file_search_call|code_interpreter_call|computer_call|image_generation_call|mcp_call|mcp_list_tools|mcp_approval_request|local_shell_call|shell_call|apply_patch_call|tool_search_call|computer_call_output|local_shell_call_output|mcp_approval_response|shell_call_output|apply_patch_call_output|tool_search_output)$/;

/** What a Responses stream keeps besides texts and function calls, in the SDK's terms. */
function keptOf(segments: Segment[]): unknown[] {
  return segments.flatMap((s): unknown[] => {
    if (s.kind === 'text') return s.citations ?? [];
    if (s.kind === 'thinking')
      return [
        { id: s.itemId, summary: s.summary, content: s.content, encrypted: s.encryptedContent },
      ];
    if ((s.kind === 'tool_call_request' || s.kind === 'tool_call_result') && s.item)
      return [s.item];
    return [];
  });
}

/** An Anthropic block the reader keeps besides texts and tool calls, as compared. */
function sdkBlock(b: Record<string, unknown>): unknown[] {
  const type = String(b.type);
  if (type === 'thinking') return [{ thinking: b.thinking, signature: b.signature }];
  if (type === 'redacted_thinking') return [{ redacted: b.data }];
  if (type === 'server_tool_use' || type === 'mcp_tool_use')
    return [{ call: b.name, id: b.id, input: b.input, server: b.server_name ?? null }];
  if (type.endsWith('_tool_result'))
    return [{ result: type, id: b.tool_use_id, content: b.content }];
  if (type === 'text' && Array.isArray(b.citations) && b.citations.length > 0)
    return [{ cited: b.text, citations: b.citations }];
  return [];
}

/** The same, from the reader's segments. */
function segmentBlock(s: Segment): unknown[] {
  if (s.kind === 'thinking')
    return [
      s.redactedData === undefined
        ? { thinking: s.content, signature: s.signature }
        : { redacted: s.redactedData },
    ];
  if (s.kind === 'tool_call_request' && s.runBy === 'provider')
    return [{ call: s.toolName, id: s.callId, input: s.arguments, server: s.server ?? null }];
  if (s.kind === 'tool_call_result' && s.runBy === 'provider')
    return [
      {
        result: s.resultType,
        id: s.callId,
        content: s.item ? s.item.content : (s.structured ?? s.result),
      },
    ];
  if (s.kind === 'text' && s.citations?.length)
    return [{ cited: s.content, citations: s.citations }];
  return [];
}

/** Anthropic blocks the protocol keeps (any other is left out with a warning). */
const ANTHROPIC_KEPT =
  /^(text|tool_use|thinking|redacted_thinking|server_tool_use|mcp_tool_use|.*_tool_result)$/;

function readerFinal(lines: string[], provider: StreamProvider) {
  const reader = createStreamReader({ messageId: 'm1', timestamp: 0 });
  const updates = lines.flatMap((line) => reader.read(line));
  updates.push(...reader.end());
  const end = updates.at(-1) as Extract<StreamUpdate, { type: 'end' }>;
  const message = reader.message();
  const texts = nonEmpty(message.segments.map((s) => (s.kind === 'text' ? s.content : null)));
  const gemini = reader.provider === 'gemini';
  const final: Final = {
    // The SDK joins a chunk's texts into one (its `text`); the reader keeps thinking apart.
    texts: gemini ? nonEmpty([texts.join('')]) : texts,
    tools: message.segments.flatMap((s) =>
      // Calls the provider ran itself are compared with what else it kept (`kept`).
      s.kind === 'tool_call_request' && s.runBy === undefined
        ? [{ name: s.toolName, args: s.arguments }]
        : [],
    ),
    stop: end.stopReason,
    usage: reader.usage ?? null,
    ...(gemini ? { gemini: readerPieces(message.segments) } : {}),
  };
  if (provider === 'openai-responses') final.kept = keptOf(message.segments);
  if (reader.provider === 'anthropic') final.blocks = message.segments.flatMap(segmentBlock);
  const thinking = message.segments.flatMap((s) =>
    s.kind === 'thinking' ? [{ field: s.field ?? null, content: s.content }] : [],
  );
  return { reader, message, final, thinking, warnings: end.warnings.map((w) => w.code) };
}

/**
 * The thinking of a Chat Completions stream as the recording holds it: the `reasoning_content`
 * and `reasoning` deltas and Mistral's thinking parts, each source joined, in the order they
 * start. The SDK cannot be asked: it copies delta fields it does not know onto the message
 * (Object.assign), so its final message holds only the last piece of `reasoning_content`.
 */
function chatThinking(lines: string[]): { field: string | null; content: string }[] {
  const sources = new Map<string, { field: string | null; content: string }>();
  const add = (source: string, field: string | null, text: unknown) => {
    if (typeof text !== 'string' || text === '') return;
    const entry = sources.get(source) ?? { field, content: '' };
    entry.content += text;
    sources.set(source, entry);
  };
  for (const line of lines)
    for (const choice of JSON.parse(line).choices ?? []) {
      const delta = choice.index === 0 ? choice.delta : undefined;
      if (!delta) continue;
      add('reasoning_content', 'reasoning_content', delta.reasoning_content);
      if (delta.reasoning !== delta.reasoning_content)
        add('reasoning', 'reasoning', delta.reasoning);
      for (const part of Array.isArray(delta.content) ? delta.content : [])
        if (part.type === 'thinking')
          for (const inner of part.thinking) add('thinking', null, inner.text);
    }
  return [...sources.values()];
}

/** Kinds of content the protocol cannot show, as the recording holds them. */
function leftOut(lines: string[]): { thinking: boolean; other: boolean } {
  const text = lines.join('\n');
  return {
    thinking:
      /"(reasoning_content|reasoning)":"[^"]|"type":"(thinking|reasoning)"|"thought":true/.test(
        text,
      ),
    other:
      /"type":"(server_tool_use|web_search_tool_result|web_fetch_tool_result|mcp_tool_use|mcp_tool_result|code_execution_tool_result|bash_code_execution_tool_result|web_search_call|file_search_call|mcp_call|image_generation_call|code_interpreter_call|local_shell_call|shell_call|custom_tool_call)"/.test(
        text,
      ),
  };
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();
const table: Record<string, { equal: number; total: number; refused: number }> = {};

describe('streams equal the official SDKs on recorded provider streams', () => {
  test('the suite holds at least 100 recordings', () => {
    assert.ok(files.length >= 100, `${files.length} recordings`);
  });

  for (const file of files) {
    test(file, async () => {
      const lines = readFileSync(new URL(file, DIR), 'utf8')
        .split('\n')
        .filter((l) => l.trim());
      // One recording is cut off mid-line, as a network may cut a stream: the reader copes.
      const usable = lines.filter((line) => {
        try {
          JSON.parse(line);
          return true;
        } catch {
          return false;
        }
      });
      const provider = providerOf(usable.map((line) => JSON.parse(line)));
      const streams = usable.length === lines.length ? streamsOf(lines, provider) : [lines];
      for (const [n, stream] of streams.entries()) {
        const what = `${file} #${n}`;
        const ours = readerFinal(stream, provider);
        assert.equal(ours.reader.provider, provider, what);
        assert.deepEqual(validateMessage(ours.message).errors, [], what);
        const row = (table[provider] ??= { equal: 0, total: 0, refused: 0 });
        let sdk: Final;
        try {
          sdk = await sdkFinal(provider, stream, file);
        } catch {
          row.refused++;
          continue;
        }
        // Mistral sends content as a list of parts, which the OpenAI SDK joins as "[object
        // Object]": the text the parts hold is what a reader must show.
        if (sdk.texts.some((t) => t.includes('[object Object]')))
          sdk.texts = nonEmpty([
            stream
              .flatMap((line) => JSON.parse(line).choices ?? [])
              .flatMap((c: { delta?: { content?: unknown } }) =>
                Array.isArray(c.delta?.content) ? c.delta.content : [],
              )
              .map((p: { type: string; text?: string }) => (p.type === 'text' ? p.text : ''))
              .join(''),
          ]);
        // Mistral also sends each tool call whole with no index, which the SDK files under
        // tool_calls[undefined] and loses: the calls the recording holds must be shown.
        if (provider === 'openai-chat' && sdk.tools.length === 0)
          sdk.tools = stream
            .flatMap((line) => JSON.parse(line).choices ?? [])
            .flatMap((c: { delta?: { tool_calls?: Record<string, unknown>[] } }) =>
              (c.delta?.tool_calls ?? []).filter((call) => call.index === undefined),
            )
            .map((call) => {
              const fn = call.function as { name: string; arguments: string };
              return { name: fn.name, args: parse(fn.arguments) };
            });
        // OpenAI's moderation results come after the usage chunk with usage: null, which the
        // SDK copies over the usage: the usage the provider reported is what a reader keeps.
        const usages = stream.map((line) => JSON.parse(line).usage);
        const reported = usages.findLastIndex((u) => typeof u === 'object' && u !== null);
        if (
          provider === 'openai-chat' &&
          reported >= 0 &&
          usages.slice(reported + 1).includes(null)
        )
          sdk.usage = sdk.usage ?? usages[reported];
        row.total++;
        assert.deepEqual(ours.final, sdk, what);
        row.equal++;
        if (provider === 'openai-chat') assert.deepEqual(ours.thinking, chatThinking(stream), what);
        // Nothing is left out without a warning: what is not kept as a segment is named.
        if (provider === 'anthropic') {
          const omitted = stream.some((line) => {
            const block = JSON.parse(line).content_block;
            return block && !ANTHROPIC_KEPT.test(String(block.type));
          });
          if (omitted) assert.ok(ours.warnings.includes('item-omitted'), `${what}: left out`);
          continue;
        }
        const out = leftOut(stream);
        const kinds = ours.message.segments.map((s) =>
          'runBy' in s && s.runBy === 'provider' ? 'provider' : s.kind,
        );
        if (out.thinking)
          assert.ok(
            ours.warnings.includes('thinking-omitted') || kinds.includes('thinking'),
            `${what}: thinking`,
          );
        if (out.other)
          assert.ok(
            ours.warnings.includes('item-omitted') || kinds.includes('provider'),
            `${what}: left out`,
          );
      }
    });
  }

  test('every provider is compared with its SDK, 100 streams or more in all', (t) => {
    t.diagnostic(JSON.stringify(table));
    for (const provider of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'])
      assert.ok((table[provider]?.equal ?? 0) > 0, provider);
    const equal = Object.values(table).reduce((sum, row) => sum + row.equal, 0);
    assert.ok(equal >= 100, `${equal} streams compared`);
  });
});
