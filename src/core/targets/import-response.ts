/**
 * A provider's response, read as the assistant's turn: its message, tool calls and refusal are
 * appended to the request body, written the way the request's own format writes an assistant
 * turn, so that the request reader reads both. What the turn cannot keep (reasoning the format
 * has no place for, other choices, a cut-off or filtered answer) is named in a warning.
 */
import { describeValue, textOf, listOf, type ImportWarning } from './import-builder.js';
import { listKeys } from './import-detect.js';
import type { ImportSource } from './import-body.js';
import { isJsonObject, type JsonObject } from './request-check.js';

type Warn = (path: string, code: string, message: string) => void;

/**
 * The request body with the response's turn appended (a new object; the input is not changed),
 * or the body unchanged with a warning when the response is not one of its format.
 * `path` is where the response is in the input, for the `warnings` it adds to.
 */
export function appendResponse(
  from: ImportSource,
  body: JsonObject,
  response: JsonObject,
  path: string,
  warnings: ImportWarning[],
): JsonObject {
  const warn: Warn = (path, code, message) => warnings.push({ path, code, message });
  const appended = APPENDERS[from](body, response, path, warn);
  if (appended) return appended;
  const error = isJsonObject(response.error) ? response.error : null;
  if (error) {
    warn(
      `${path}/error`,
      'response-error',
      `The call failed${typeof error.message === 'string' ? `: ${error.message.slice(0, 300)}` : ''}; the conversation ends with the request.`,
    );
    return body;
  }
  warn(
    path,
    'response-unreadable',
    `The response is not a ${NAMES[from]} response (it has ${listKeys(Object.keys(response)) || 'no fields'}); the conversation ends with the request.`,
  );
  return body;
}

const NAMES: Record<ImportSource, string> = {
  openai: 'Chat Completions',
  'openai-responses': 'Responses API',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini generateContent',
  otel: 'OpenTelemetry GenAI',
};

type Appender = (
  body: JsonObject,
  response: JsonObject,
  path: string,
  warn: Warn,
) => JsonObject | null;

const APPENDERS: Record<ImportSource, Appender> = {
  openai: appendChatCompletion,
  'openai-responses': appendResponsesOutput,
  anthropic: appendAnthropicMessage,
  gemini: appendGeminiCandidate,
  otel: appendOTelOutput,
};

const warnRefusal = (warn: Warn, path: string) =>
  warn(path, 'refusal', "The model refused; the refusal is shown as the assistant's text.");

const warnCutOff = (warn: Warn, path: string, reason: string) =>
  warn(
    path,
    'response-incomplete',
    `The response did not finish (${reason}); its turn is shown as far as it went.`,
  );

function appendChatCompletion(body: JsonObject, response: JsonObject, path: string, warn: Warn) {
  const choices = Array.isArray(response.choices) ? response.choices : null;
  const choice = choices?.[0];
  if (!isJsonObject(choice) || !isJsonObject(choice.message)) return null;
  if (choices!.length > 1)
    warn(
      `${path}/choices`,
      'choices-dropped',
      `The response has ${choices!.length} choices; the first one is the assistant's turn.`,
    );
  const message = choice.message;
  const at = `${path}/choices/0`;
  const turn: JsonObject = { role: 'assistant', content: message.content ?? null };
  if (typeof message.refusal === 'string' && message.refusal !== '') {
    warnRefusal(warn, `${at}/message/refusal`);
    if (!turn.content) turn.content = message.refusal;
  }
  if (Array.isArray(message.tool_calls) && message.tool_calls.length > 0)
    turn.tool_calls = message.tool_calls;
  // The reasoning of OpenAI-compatible APIs (DeepSeek, Groq, OpenRouter …) and the citations of
  // search models: the request reader keeps them (thinking segments, text citations).
  for (const field of ['reasoning_content', 'reasoning'])
    if (typeof message[field] === 'string') turn[field] = message[field];
  if (Array.isArray(message.annotations) && message.annotations.length > 0)
    turn.annotations = message.annotations;
  for (const field of ['audio', 'function_call', 'reasoning_details'])
    if (message[field] !== undefined && message[field] !== null && !isEmptyList(message[field]))
      warn(
        `${at}/message/${field}`,
        'field-not-kept',
        `The response message's '${field}' has no place in the protocol; it was left out.`,
      );
  if (choice.finish_reason === 'length' || choice.finish_reason === 'content_filter')
    warnCutOff(warn, `${at}/finish_reason`, `finish_reason ${describeValue(choice.finish_reason)}`);
  const messages = listOf(body.messages);
  return { ...body, messages: [...messages, turn] };
}

function appendResponsesOutput(body: JsonObject, response: JsonObject, path: string, warn: Warn) {
  if (!Array.isArray(response.output)) return null;
  const items: JsonObject[] = [];
  response.output.forEach((item: unknown, i) => {
    const at = `${path}/output/${i}`;
    if (!isJsonObject(item)) return;
    if (item.type === 'message') {
      const content = listOf(item.content).map((part: unknown) => {
        if (isJsonObject(part) && part.type === 'refusal') {
          warnRefusal(warn, at);
          return { type: 'output_text', text: textOf(part.refusal) };
        }
        // Responses carry empty annotation and logprob lists that requests never send.
        if (isJsonObject(part) && part.type === 'output_text') {
          const { logprobs, annotations, ...text } = part;
          if (!isEmptyList(logprobs) && logprobs !== undefined)
            warn(
              at,
              'field-not-kept',
              'The logprobs of the text have no place in the protocol; they were left out.',
            );
          return isEmptyList(annotations) || annotations === undefined
            ? text
            : { ...text, annotations };
        }
        return part;
      });
      items.push({ type: 'message', role: 'assistant', content });
    } else if (item.type === 'function_call') {
      items.push(item);
    } else {
      warn(
        at,
        'output-not-kept',
        `A ${describeValue(item.type ?? null)} output item has no place in the protocol; it was left out.`,
      );
    }
  });
  if (response.status === 'incomplete' || response.status === 'failed')
    warnCutOff(warn, `${path}/status`, `status ${describeValue(response.status)}`);
  const input =
    typeof body.input === 'string'
      ? [{ role: 'user', content: body.input }]
      : Array.isArray(body.input)
        ? body.input
        : [];
  return { ...body, input: [...input, ...items] };
}

function appendAnthropicMessage(body: JsonObject, response: JsonObject, path: string, warn: Warn) {
  if (!Array.isArray(response.content)) return null;
  const blocks: JsonObject[] = [];
  response.content.forEach((block: unknown, b) => {
    const at = `${path}/content/${b}`;
    if (!isJsonObject(block)) return;
    const type = typeof block.type === 'string' ? block.type : '';
    if (type === 'text') {
      // Responses say `citations: null` where a request leaves the field out.
      const { citations, ...text } = block;
      blocks.push(citations === null ? text : block);
    } else if (type === 'tool_use') {
      blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    } else if (ANTHROPIC_TURN_BLOCKS.has(type) || type.endsWith('_tool_result')) {
      // Thinking and the provider's own tool calls and results, as the next request sends them.
      blocks.push(block);
    } else {
      warn(
        at,
        'block-not-kept',
        `A ${describeValue(block.type ?? null)} block of the response has no place in the protocol; it was left out.`,
      );
    }
  });
  if (response.stop_reason === 'refusal') warnRefusal(warn, `${path}/stop_reason`);
  if (response.stop_reason === 'max_tokens')
    warnCutOff(warn, `${path}/stop_reason`, 'stop_reason max_tokens');
  const messages = listOf(body.messages);
  if (blocks.length === 0) return { ...body, messages };
  return { ...body, messages: [...messages, { role: 'assistant', content: blocks }] };
}

/** The response blocks an Anthropic assistant turn keeps as they are. */
const ANTHROPIC_TURN_BLOCKS = new Set([
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'mcp_tool_use',
]);

const GEMINI_FINISHED = new Set([undefined, null, 'STOP', 'FINISH_REASON_UNSPECIFIED']);

function appendGeminiCandidate(body: JsonObject, response: JsonObject, path: string, warn: Warn) {
  const candidates = Array.isArray(response.candidates) ? response.candidates : null;
  const candidate = candidates?.[0];
  if (!isJsonObject(candidate)) return null;
  if (candidates!.length > 1)
    warn(
      `${path}/candidates`,
      'choices-dropped',
      `The response has ${candidates!.length} candidates; the first one is the model's turn.`,
    );
  const at = `${path}/candidates/0`;
  if (!GEMINI_FINISHED.has(candidate.finishReason as string))
    warnCutOff(warn, `${at}/finishReason`, `finishReason ${describeValue(candidate.finishReason)}`);
  // The sources of a grounded answer: a request has no place to send them back.
  for (const key of ['groundingMetadata', 'citationMetadata'])
    if (candidate[key] !== undefined)
      warn(
        `${at}/${key}`,
        'field-not-kept',
        `The response's ${key} (the sources of its answer) has no place in a request; it was left out.`,
      );
  const contents = listOf(body.contents);
  const content = isJsonObject(candidate.content) ? candidate.content : null;
  const parts = content ? listOf(content.parts) : [];
  if (parts.length === 0) return { ...body, contents };
  return { ...body, contents: [...contents, { role: 'model', parts }] };
}

/** OTel output messages (`gen_ai.output.messages`): assistant messages with a finish reason. */
function appendOTelOutput(body: JsonObject, response: JsonObject, path: string, warn: Warn) {
  const output = Array.isArray(response.outputMessages) ? response.outputMessages : null;
  if (!output) return null;
  const messages = output.filter(isJsonObject).map((message, i) => {
    const reason = message.finish_reason;
    if (reason === 'length' || reason === 'content_filter' || reason === 'error')
      warnCutOff(warn, `${path}/${i}/finish_reason`, `finish_reason ${describeValue(reason)}`);
    return { role: message.role ?? 'assistant', parts: message.parts };
  });
  const input = listOf(body.inputMessages);
  return { ...body, inputMessages: [...input, ...messages] };
}

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}
