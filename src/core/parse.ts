import type { EnvelopeError, EnvelopeWarning } from './issues.js';
import { findJsonSyntaxError } from './json-syntax.js';
import type { Envelope } from './protocol.js';
import { validateEnvelope } from './validate.js';

export type ParseResult =
  | { valid: true; envelope: Envelope; errors: []; warnings: EnvelopeWarning[] }
  | { valid: false; envelope?: undefined; errors: EnvelopeError[]; warnings: EnvelopeWarning[] };

/** Parses JSON text and validates it as an envelope. A leading byte-order mark is accepted. */
export function parseEnvelope(text: unknown): ParseResult {
  const json = parseJson(text);
  if ('error' in json) return { valid: false, errors: [json.error], warnings: [] };
  const result = validateEnvelope(json.value);
  return result.valid
    ? { valid: true, envelope: json.value as Envelope, errors: [], warnings: result.warnings }
    : { valid: false, errors: result.errors, warnings: result.warnings };
}

/** `JSON.parse` that reports a syntax error with line, column and reason instead of throwing. */
export function parseJson(text: unknown): { value: unknown } | { error: EnvelopeError } {
  if (typeof text !== 'string') {
    return {
      error: {
        path: '',
        keyword: 'input',
        message: `Expected JSON text, but got ${text === null ? 'null' : typeof text}.`,
      },
    };
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { value: JSON.parse(source) };
  } catch (cause) {
    const problem = findJsonSyntaxError(source);
    const where = problem
      ? `line ${problem.line}, column ${problem.column}: ${problem.reason}`
      : String(cause);
    return { error: { path: '', keyword: 'syntax', message: `JSON syntax error at ${where}.` } };
  }
}
