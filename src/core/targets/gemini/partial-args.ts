/** Gemini's streamed function-call arguments (`partialArgs`), read back into one object. */
import { isJsonObject, type JsonObject } from '../request-check.js';

/**
 * The arguments a list of `partialArgs` gives (`{jsonPath: "$.name", numberValue | stringValue |
 * boolValue | nullValue}`), or undefined when one is not a top-level value of that shape.
 */
export function argsOfPartials(value: unknown): JsonObject | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const args: JsonObject = {};
  for (const part of value) {
    if (!isJsonObject(part) || typeof part.jsonPath !== 'string') return undefined;
    const name = /^\$\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(part.jsonPath)?.[1];
    const key = ['numberValue', 'stringValue', 'boolValue', 'nullValue'].find((k) => k in part);
    if (name === undefined || key === undefined) return undefined;
    Object.defineProperty(args, name, {
      value: key === 'nullValue' ? null : part[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return args;
}
