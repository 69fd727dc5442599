/**
 * A provider's stream assembled into the response the same call without streaming returns, the
 * way the provider's SDK assembles it (OpenAI's `finalChatCompletion()` and `finalResponse()`,
 * Anthropic's `finalMessage()`; Gemini's SDK has no such helper, so its chunks are joined as the
 * non-streamed `generateContent` answer reads). `prompt-envelope record` writes it as the
 * response of a streamed call, so that the import reads a streamed call like any other.
 * Deterministic, no I/O; never throws on events. Holds the response only, not the events.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import type { StreamProvider } from './stream-updates.js';

/** Builds one response from the events of one stream; from {@link createResponseAssembler}. */
export interface ResponseAssembler {
  /** Reads one event: the JSON of one SSE `data:` line, parsed. Anything else is ignored. */
  read(event: unknown): void;
  /**
   * The response as it stands (assembled so far when the stream was cut off); the stream's error
   * event when the provider reported one before any answer; undefined before any event.
   */
  response(): JsonObject | undefined;
}

/** One provider's assembly: reads objects only (the wrapper checks). */
interface Assembly {
  read(event: JsonObject): void;
  response(): JsonObject | undefined;
}

const ASSEMBLERS: Record<StreamProvider, () => Assembly> = {
  'openai-chat': chatCompletion,
  'openai-responses': responsesResponse,
  anthropic: anthropicMessage,
  gemini: geminiResponse,
};

/** An assembler for the stream of `provider`. */
export function createResponseAssembler(provider: StreamProvider): ResponseAssembler {
  const assembler = ASSEMBLERS[provider]();
  return {
    read(event) {
      if (!isJsonObject(event)) return;
      try {
        assembler.read(event);
      } catch {
        // Only an exotic object (a getter that throws) gets here: the event is left out.
      }
    },
    response: () => assembler.response(),
  };
}

/** An error event of any of the four streams, kept as the response when no answer came first. */
const isErrorEvent = (event: JsonObject) =>
  event.type === 'error' || (event.type === undefined && isJsonObject(event.error));

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Chat Completions: the chunks' top-level fields (later ones win), one choice per index whose
 * content, refusal and tool-call arguments are the deltas joined. The reasoning of
 * OpenAI-compatible providers (`reasoning_content`, `reasoning`) is joined as well (the SDK
 * keeps only its last delta), so that the thinking is not lost.
 */
function chatCompletion(): Assembly {
  let completion: JsonObject | undefined;
  let failed: JsonObject | undefined;
  const choices: JsonObject[] = [];
  return {
    read(chunk) {
      if (isErrorEvent(chunk)) {
        failed ??= chunk;
        return;
      }
      const { choices: deltas, ...rest } = chunk;
      if (!completion) completion = { ...rest };
      else if (chunk.id !== undefined) {
        for (const [key, value] of Object.entries(rest))
          if (value !== null || completion[key] === undefined) completion[key] = value;
      }
      if (!Array.isArray(deltas)) return;
      for (const entry of deltas) {
        if (!isJsonObject(entry)) continue;
        const { delta, finish_reason, index, logprobs = null, ...other } = entry;
        const at = typeof index === 'number' ? index : 0;
        const choice = (choices[at] ??= { index: at, message: {}, finish_reason: null, logprobs });
        if (finish_reason) choice.finish_reason = finish_reason;
        if (logprobs) choice.logprobs = logprobs;
        Object.assign(choice, other);
        if (isJsonObject(delta)) readChatDelta(choice.message as JsonObject, delta);
      }
    },
    response() {
      if (!completion) return failed;
      return {
        ...completion,
        object: 'chat.completion',
        choices: choices.filter(Boolean).map((choice) => {
          const message = choice.message as JsonObject;
          return {
            ...choice,
            message: { role: 'assistant', content: null, refusal: null, ...message },
          };
        }),
      };
    },
  };
}

function readChatDelta(message: JsonObject, delta: JsonObject) {
  for (const [key, value] of Object.entries(delta)) {
    if (key === 'tool_calls') {
      if (!Array.isArray(value)) continue;
      const calls = (message.tool_calls ??= []) as JsonObject[];
      for (const call of value) {
        if (!isJsonObject(call)) continue;
        const at = typeof call.index === 'number' ? call.index : calls.length;
        const { function: fn, ...callRest } = call;
        delete callRest.index;
        const known = (calls[at] ??= { function: { name: '', arguments: '' } });
        Object.assign(
          known,
          Object.fromEntries(Object.entries(callRest).filter(([, v]) => v != null)),
        );
        if (isJsonObject(fn)) {
          const target = known.function as JsonObject;
          if (typeof fn.name === 'string' && fn.name !== '') target.name = fn.name;
          target.arguments = text(target.arguments) + text(fn.arguments);
        }
      }
    } else if (
      key === 'content' ||
      key === 'refusal' ||
      key === 'reasoning_content' ||
      key === 'reasoning'
    ) {
      // Empty deltas add nothing (content and refusal stay null until text comes, as the SDK's do).
      if (typeof value === 'string' && value !== '') message[key] = text(message[key]) + value;
      else if (!(key in message) && key !== 'content' && key !== 'refusal') message[key] = value;
    } else if (value !== null || !(key in message)) message[key] = value;
  }
}

/**
 * Responses: the response of the last `response.*` event that carries one (`response.completed`
 * holds the whole answer); a stream cut off before its end keeps the output items that were done.
 */
function responsesResponse(): Assembly {
  let latest: JsonObject | undefined;
  let failed: JsonObject | undefined;
  let done: JsonObject[] = [];
  let complete = false;
  return {
    read(event) {
      if (isErrorEvent(event)) {
        failed ??= event;
        return;
      }
      if (event.type === 'response.output_item.done' && isJsonObject(event.item)) {
        const at = typeof event.output_index === 'number' ? event.output_index : done.length;
        done[at] = event.item;
      }
      if (isJsonObject(event.response)) {
        latest = event.response;
        complete = /^response\.(completed|incomplete|failed)$/.test(String(event.type));
        if (event.type === 'response.created') done = [];
      }
    },
    response() {
      if (!latest) return failed;
      if (complete) return latest;
      return { ...latest, output: done.filter(Boolean) };
    },
  };
}

/**
 * Anthropic: `message_start`'s message, each content block as started with its deltas applied
 * (text, thinking and its signature, citations, tool input parsed from its JSON), and
 * `message_delta`'s stop reason and usage.
 */
function anthropicMessage(): Assembly {
  let message: JsonObject | undefined;
  let failed: JsonObject | undefined;
  let content: JsonObject[] = [];
  /** The JSON text of each tool block's input, until its block stops. */
  let inputs: string[] = [];
  const finishInput = (index: number) => {
    const json = inputs[index];
    const block = content[index];
    if (json === undefined || !block) return;
    try {
      block.input = JSON.parse(json);
    } catch {
      // Cut off mid-arguments: the text as far as it went, as the request would carry it.
      block.input = json;
    }
    delete inputs[index];
  };
  return {
    read(event) {
      if (isErrorEvent(event)) {
        failed ??= event;
        return;
      }
      const index = typeof event.index === 'number' ? event.index : -1;
      switch (event.type) {
        case 'message_start':
          if (!isJsonObject(event.message)) return;
          message = { ...event.message };
          content = Array.isArray(message.content) ? [...(message.content as JsonObject[])] : [];
          inputs = [];
          return;
        case 'content_block_start':
          if (index >= 0 && isJsonObject(event.content_block))
            content[index] = { ...event.content_block };
          return;
        case 'content_block_delta': {
          const block = content[index];
          const delta = event.delta;
          if (!block || !isJsonObject(delta)) return;
          if (delta.type === 'text_delta') block.text = text(block.text) + text(delta.text);
          else if (delta.type === 'thinking_delta')
            block.thinking = text(block.thinking) + text(delta.thinking);
          else if (delta.type === 'signature_delta') block.signature = delta.signature;
          else if (delta.type === 'input_json_delta')
            inputs[index] = (inputs[index] ?? '') + text(delta.partial_json);
          else if (delta.type === 'citations_delta' && delta.citation !== undefined)
            block.citations = [
              ...(Array.isArray(block.citations) ? block.citations : []),
              delta.citation,
            ];
          return;
        }
        case 'content_block_stop':
          finishInput(index);
          return;
        case 'message_delta': {
          if (!message) return;
          if (isJsonObject(event.delta)) Object.assign(message, event.delta);
          if (isJsonObject(event.usage)) {
            const usage: JsonObject = isJsonObject(message.usage) ? { ...message.usage } : {};
            for (const [key, value] of Object.entries(event.usage))
              if (value !== null) usage[key] = value;
            message.usage = usage;
          }
          return;
        }
      }
    },
    response() {
      if (!message) return failed;
      inputs.forEach((_, index) => finishInput(index));
      return { ...message, content: content.filter(Boolean) };
    },
  };
}

/**
 * Gemini: one candidate per index whose parts are the chunks' parts in order, a text part
 * joined to the text before it when both are thoughts or both are not and the earlier one
 * carries no signature (a signature ends its part); the other fields of the last chunk that
 * has them (usage, model version, finish reason, grounding).
 */
function geminiResponse(): Assembly {
  let response: JsonObject | undefined;
  let failed: JsonObject | undefined;
  const candidates: JsonObject[] = [];
  return {
    read(chunk) {
      if (isErrorEvent(chunk)) {
        failed ??= chunk;
        return;
      }
      const { candidates: given, ...rest } = chunk;
      response = { ...response, ...rest };
      if (!Array.isArray(given)) return;
      for (const entry of given) {
        if (!isJsonObject(entry)) continue;
        const at = typeof entry.index === 'number' ? entry.index : 0;
        const { content, ...other } = entry;
        const candidate = (candidates[at] ??= { content: { role: 'model', parts: [] } });
        Object.assign(candidate, other);
        if (!isJsonObject(content)) continue;
        const target = candidate.content as JsonObject;
        if (typeof content.role === 'string') target.role = content.role;
        const parts = target.parts as JsonObject[];
        for (const part of Array.isArray(content.parts) ? content.parts : []) {
          if (!isJsonObject(part)) continue;
          const last = parts.at(-1);
          if (
            last &&
            typeof part.text === 'string' &&
            typeof last.text === 'string' &&
            Boolean(last.thought) === Boolean(part.thought) &&
            last.thoughtSignature === undefined &&
            Object.keys(part).every((key) => ['text', 'thought', 'thoughtSignature'].includes(key))
          ) {
            last.text += part.text;
            if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
          } else parts.push({ ...part });
        }
      }
    },
    response() {
      if (!response) return failed;
      return { candidates: candidates.filter(Boolean), ...response };
    },
  };
}
