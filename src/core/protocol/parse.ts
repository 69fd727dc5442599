import { pointerForMessage, type EnvelopeError, type EnvelopeWarning } from './issues.js';
import {
  findDuplicateKeys,
  findJsonSyntaxError,
  lineAndColumn,
  pointerAtOffset,
  scanJsonText,
} from './json-syntax.js';
import { jsonPreview, MAX_DOCUMENT_NESTING } from './json-value.js';
import type { Envelope } from './types.js';
import { validateEnvelope } from './validate.js';

export type ParseResult =
  | { valid: true; envelope: Envelope; errors: []; warnings: EnvelopeWarning[] }
  | { valid: false; envelope?: undefined; errors: EnvelopeError[]; warnings: EnvelopeWarning[] };

/**
 * Parses JSON text and validates it as an envelope. A leading byte-order mark is accepted.
 *
 * @example
 * ```ts
 * const result = parseEnvelope(await readFile('chat.json', 'utf8'));
 * if (result.valid) console.log(result.envelope.messages.length);
 * else console.log(result.errors[0]?.message); // e.g. "JSON syntax error at line 3, column 5: …"
 * ```
 */
export function parseEnvelope(text: unknown): ParseResult {
  const json = parseJson(text);
  if ('error' in json) return { valid: false, errors: json.errors, warnings: [] };
  const result = validateEnvelope(json.value);
  return result.valid
    ? { valid: true, envelope: json.value as Envelope, errors: [], warnings: result.warnings }
    : { valid: false, errors: result.errors, warnings: result.warnings };
}

/**
 * `JSON.parse` that reports a problem instead of throwing: a syntax error with line, column and
 * reason, a text that nests deeper than any envelope or request body can (found before
 * JSON.parse, which takes seconds on a few megabytes of '['), or an object with a property name
 * written twice (every one, with its path, line and column).
 */
export function parseJson(
  text: unknown,
): { value: unknown } | { error: EnvelopeError; errors: EnvelopeError[] } {
  const fail = (error: EnvelopeError) => ({ error, errors: [error] });
  if (typeof text !== 'string') {
    return fail({
      path: '',
      keyword: 'input',
      message: `Expected JSON text, but got ${text === null ? 'null' : typeof text}.`,
    });
  }
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const shape = scanJsonText(source, MAX_DOCUMENT_NESTING);
  if (shape.tooDeep !== null) {
    const { line, column } = lineAndColumn(source, shape.tooDeep);
    const path = pointerAtOffset(source, shape.tooDeep);
    return fail({
      path,
      keyword: 'nesting',
      message: `The JSON nests more than ${MAX_DOCUMENT_NESTING.toLocaleString('en')} levels deep at line ${line}, column ${column} (${pointerForMessage(path)}); no envelope or request body can hold that.`,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (cause) {
    const problem = findJsonSyntaxError(source);
    const where = problem
      ? `line ${problem.line}, column ${problem.column}: ${problem.reason}`
      : String(cause);
    return fail({ path: '', keyword: 'syntax', message: `JSON syntax error at ${where}.` });
  }
  // JSON.parse keeps the last of two equal names; other readers keep the first, so a reviewer
  // and a validator could see two different files. Fewer names parsed than written means one
  // was written twice: only then is the text read again to find where.
  if (countKeys(value) === shape.keys) return { value };
  const errors = duplicateKeyErrors(source);
  return errors.length > 0 ? { error: errors[0], errors } : { value };
}

/** More duplicate keys than this are summarised in one final error. */
const MAX_DUPLICATE_ERRORS = 100;

function duplicateKeyErrors(source: string): EnvelopeError[] {
  const duplicates = findDuplicateKeys(source, MAX_DUPLICATE_ERRORS + 1);
  const errors: EnvelopeError[] = duplicates.slice(0, MAX_DUPLICATE_ERRORS).map((d) => ({
    path: d.path,
    keyword: 'duplicate-key',
    message: `The key ${jsonPreview(d.name, 80)} appears twice in one object, at line ${d.first.line}, column ${d.first.column} and at line ${d.line}, column ${d.column} (${pointerForMessage(d.path)}); JSON readers disagree on which value wins, so remove one.`,
  }));
  if (duplicates.length > MAX_DUPLICATE_ERRORS) {
    errors.push({
      path: '',
      keyword: 'limit',
      message: 'More duplicate keys are not listed; fix the ones above first.',
    });
  }
  return errors;
}

/** Own property names of every object in a parsed JSON value; iterative. */
function countKeys(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push(item[i]);
      continue;
    }
    for (const key in item) {
      count++;
      stack.push((item as Record<string, unknown>)[key]);
    }
  }
  return count;
}
