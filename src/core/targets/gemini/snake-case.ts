/** Gemini request bodies written with the protocol-buffer names in snake_case, as curl examples do. */
import { isJsonObject, type JsonObject } from '../request-check.js';

const SNAKE_CASE = new Set([
  'system_instruction',
  'generation_config',
  'safety_settings',
  'tool_config',
  'cached_content',
  'function_declarations',
  'parameters_json_schema',
  'function_call',
  'function_response',
  'inline_data',
  'file_data',
  'mime_type',
  'file_uri',
  'thought_signature',
  'executable_code',
  'code_execution_result',
]);

/**
 * The body with the protocol-buffer field names that curl examples write in snake_case renamed
 * to camelCase: at the top, in tools, parts and their data. Names inside call arguments and
 * responses are the application's own and stay as written. The same object when none is.
 */
export function camelCased(body: JsonObject): JsonObject {
  let changed = false;
  const rename = (value: unknown, inner?: (v: JsonObject) => JsonObject): unknown => {
    if (!isJsonObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, field] of Object.entries(value)) {
      const name = SNAKE_CASE.has(key)
        ? key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
        : key;
      changed ||= name !== key;
      out[name] = field;
    }
    return inner ? inner(out) : out;
  };
  const each = (list: unknown, inner?: (v: JsonObject) => JsonObject) =>
    Array.isArray(list) ? list.map((item: unknown) => rename(item, inner)) : list;
  const part = (p: JsonObject) => ({
    ...p,
    ...(p.inlineData ? { inlineData: rename(p.inlineData) } : {}),
    ...(p.fileData ? { fileData: rename(p.fileData) } : {}),
  });
  const content = (c: JsonObject) => ({ ...c, parts: each(c.parts, part) });
  const renamed = rename(body, (b) => ({
    ...b,
    ...(isJsonObject(b.systemInstruction)
      ? { systemInstruction: rename(b.systemInstruction, content) }
      : {}),
    ...(b.contents ? { contents: each(b.contents, content) } : {}),
    ...(b.tools
      ? {
          tools: each(b.tools, (t) => ({
            ...t,
            ...(t.functionDeclarations
              ? { functionDeclarations: each(t.functionDeclarations, (d) => d) }
              : {}),
          })),
        }
      : {}),
  })) as JsonObject;
  return changed ? renamed : body;
}
