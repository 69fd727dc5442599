/**
 * Which format a JSON object is: what `importEnvelope` without `from` reads it as. Each format
 * is recognised by the fields only it has; where two formats share every field present (an
 * OpenAI Chat Completions and an Anthropic Messages request of plain user text look the same),
 * the more common one is chosen with a warning that names the other. What matches no format is
 * an error that names the formats and the fields they are recognised by.
 */
import type { DetectionWarningCode } from './detection-warnings.js';
import type { ImportWarning } from './import-builder.js';
import type { ImportFormat, ImportSource } from './import-body.js';
import { listOf } from './import-builder.js';
import { isJsonObject, type JsonObject } from './request-check.js';

export type Detection =
  | { format: ImportFormat; warnings: ImportWarning[] }
  | { error: string; keyword: 'format' | 'response-only' };

/** Human names of the formats, for messages. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  envelope: 'a prompt envelope',
  manifest: 'a scenario manifest',
  openai: 'an OpenAI Chat Completions request',
  'openai-responses': 'an OpenAI Responses request',
  anthropic: 'an Anthropic Messages request',
  gemini: 'a Gemini generateContent request',
  otel: 'an OpenTelemetry GenAI record',
  otlp: 'an OTLP/JSON trace',
};

export const EXPECTED =
  'a prompt envelope (version, messages with segments), a scenario manifest (scenarios), an OpenAI Chat Completions or Anthropic Messages request (messages), an OpenAI Responses request (input, instructions), a Gemini request (contents), an OpenTelemetry GenAI record (gen_ai.input.messages) or OTLP/JSON trace (resourceSpans), or a request with its response ({ "request": …, "response": … })';

/** OTel GenAI attribute names that carry a conversation (semantic conventions 1.37 and later). */
export const OTEL_ATTRIBUTES = [
  'gen_ai.input.messages',
  'gen_ai.output.messages',
  'gen_ai.system_instructions',
  'gen_ai.tool.definitions',
];

const OPENAI_ROLES = new Set(['system', 'developer', 'tool', 'function']);
const OPENAI_PARTS = new Set(['image_url', 'input_audio', 'file', 'refusal']);
const OPENAI_FIELDS = [
  'max_completion_tokens',
  'response_format',
  'frequency_penalty',
  'presence_penalty',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'n',
  'seed',
  'stream_options',
  'parallel_tool_calls',
  'functions',
  'function_call',
  'reasoning_effort',
  'modalities',
  'store',
];
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'image',
  'document',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'mcp_tool_use',
  'search_result',
]);
const ANTHROPIC_FIELDS = [
  'system',
  'stop_sequences',
  'top_k',
  'thinking',
  'anthropic_version',
  'anthropic_beta',
  'container',
  'mcp_servers',
  'output_format',
];

/**
 * The format of one JSON object. Looks only at the top of it (field names, the roles and the
 * part types of the messages), so it costs the same for a small and a 50 MB request.
 */
export function detectFormat(value: unknown): Detection {
  if (!isJsonObject(value)) {
    const what = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    return { error: `Expected a JSON object: ${EXPECTED}; found ${what}.`, keyword: 'format' };
  }
  const found = (format: ImportFormat): Detection => ({ format, warnings: [] });
  if (Array.isArray(value.resourceSpans) || isOtlpSpan(value)) return found('otlp');
  const messages = Array.isArray(value.messages) ? value.messages : null;
  if (
    messages &&
    (messages.some((m) => isJsonObject(m) && Array.isArray(m.segments)) ||
      (typeof value.version === 'string' && /^1\.\d+$/.test(value.version)))
  )
    return found('envelope');
  if (Array.isArray(value.scenarios) && !messages) return found('manifest');
  if (
    Array.isArray(value.inputMessages) ||
    Array.isArray(value.systemInstructions) ||
    OTEL_ATTRIBUTES.some((key) => key in value) ||
    Object.keys(value).some((key) => /^gen_ai\.(prompt|completion)\.\d+\./.test(key))
  )
    return found('otel');
  const response = responseFormat(value);
  if (response)
    return {
      error: `This is ${FORMAT_NAMES[response].replace(/request$/, 'response')} without its request: a conversation needs the request body (log both, as { "request": …, "response": … }).`,
      keyword: 'response-only',
    };
  if (
    Array.isArray(value.contents) ||
    isJsonObject(value.systemInstruction ?? value.system_instruction)
  )
    return found('gemini');
  if (
    !messages &&
    (typeof value.input === 'string' ||
      Array.isArray(value.input) ||
      typeof value.instructions === 'string')
  )
    return found('openai-responses');
  if (messages) return chatFormat(value, messages);
  const keys = Object.keys(value);
  const shown = keys.length === 0 ? 'no fields' : `the fields ${listKeys(keys)}`;
  return {
    error: `Not a format that can be read: expected ${EXPECTED}; found ${shown}.`,
    keyword: 'format',
  };
}

/** An OTLP span on its own (a line of a span log): ids, a name and attributes as a key/value list. */
export function isOtlpSpan(value: JsonObject): boolean {
  return (
    typeof value.spanId === 'string' &&
    typeof value.name === 'string' &&
    (Array.isArray(value.attributes) || Array.isArray(value.events))
  );
}

/** OpenAI Chat Completions or Anthropic Messages: both send `messages`. */
function chatFormat(body: JsonObject, messages: unknown[]): Detection {
  // The signs of each API, each named once, in the order found.
  const openai = new Set<string>();
  const anthropic = new Set<string>();
  for (const field of OPENAI_FIELDS) if (field in body) openai.add(`the field '${field}'`);
  for (const field of ANTHROPIC_FIELDS) if (field in body) anthropic.add(`the field '${field}'`);
  // A Claude model, when nothing else is only one API's (both take service_tier, metadata …);
  // without signs a body is read as OpenAI's anyway.
  if (/^claude-/.test(String(body.model))) anthropic.add('a Claude model');
  for (const tool of listOf(body.tools)) {
    if (!isJsonObject(tool)) continue;
    if (isJsonObject(tool.function)) openai.add('function tools');
    else if ('input_schema' in tool) anthropic.add('tools with input_schema');
    // Tools Anthropic defines are named by type and version: web_search_20250305 …
    else if (typeof tool.type === 'string' && /_\d{8}$/.test(tool.type))
      anthropic.add(`${tool.type} tools`);
  }
  for (const message of messages) {
    if (!isJsonObject(message)) continue;
    if (typeof message.role === 'string' && OPENAI_ROLES.has(message.role))
      openai.add(`the role '${message.role}'`);
    if ('tool_calls' in message || 'tool_call_id' in message) openai.add('tool_calls');
    // The reasoning fields of OpenAI-compatible APIs (DeepSeek, Z.ai, Groq, OpenRouter …).
    if ('reasoning_content' in message || 'reasoning' in message) openai.add('reasoning fields');
    if (message.content === null) openai.add('null content');
    for (const part of listOf(message.content)) {
      if (!isJsonObject(part)) continue;
      const type = part.type;
      // Only Anthropic's blocks carry these (a text block with citations, a cache breakpoint).
      if ('citations' in part || 'cache_control' in part)
        anthropic.add('citations or cache_control');
      if (typeof type !== 'string') continue;
      if (OPENAI_PARTS.has(type)) openai.add(`${type} parts`);
      else if (ANTHROPIC_BLOCKS.has(type) || type.endsWith('_tool_result'))
        anthropic.add(`${type} blocks`);
    }
  }
  const a = openai.size;
  const b = anthropic.size;
  const format = b > a ? 'anthropic' : 'openai';
  // FORMAT_NAMES without its article and 'request': 'OpenAI Chat Completions'.
  const name = FORMAT_NAMES[format].slice(3, -8);
  const warned = (code: DetectionWarningCode, message: string): Detection => ({
    format,
    warnings: [{ path: '', code, message }],
  });
  if (a + b === 0)
    return warned(
      'format-guessed',
      "The request could be OpenAI Chat Completions or Anthropic Messages (nothing in it is only one of them): read as OpenAI; import it with from: 'anthropic' if it is Anthropic's.",
    );
  if (a === 0 || b === 0) return { format, warnings: [] };
  return warned(
    'format-mixed',
    `The request has signs of both OpenAI Chat Completions (${[...openai].join(', ')}) and Anthropic Messages (${[...anthropic].join(', ')}); it was read as ${name}, which has more of them.`,
  );
}

/** The API whose response object `value` is, by its shape; null for anything else. */
export function responseFormat(value: unknown): ImportSource | null {
  if (!isJsonObject(value)) return null;
  if (value.object === 'chat.completion' || (Array.isArray(value.choices) && !value.messages))
    return 'openai';
  if (value.object === 'response' && Array.isArray(value.output)) return 'openai-responses';
  if (value.type === 'message' && value.role === 'assistant' && Array.isArray(value.content))
    return 'anthropic';
  if (Array.isArray(value.candidates)) return 'gemini';
  return null;
}

/** At most 8 field names, quoted, for a message. */
export function listKeys(keys: string[]): string {
  const shown = keys.slice(0, 8).map((k) => `'${k.length > 40 ? `${k.slice(0, 40)}…` : k}'`);
  return keys.length > 8 ? `${shown.join(', ')} and ${keys.length - 8} more` : shown.join(', ');
}
