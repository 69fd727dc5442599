/**
 * What an import reads before it knows any format: a parsed value, or text that is one JSON
 * document or JSON Lines (one document per line). A JSON array and JSON Lines are lists of
 * records; a line that cannot be read is an error for that line, and the other lines still load.
 */
import type { EnvelopeError } from '../protocol/issues.js';
import { parseJson } from '../protocol/parse.js';

/** An import error; in JSON Lines, `line` is the 1-based line it is about. */
export interface ImportError extends EnvelopeError {
  /** The 1-based line of JSON Lines the error is about (its message starts with it too). */
  line?: number;
}

/** One value to read: the whole input, an item of a top-level array, or one line. */
export interface InputRecord {
  value: unknown;
  /** JSON Pointer of the record in the input (`/3` for an array item); `''` for the whole. */
  path: string;
  /** In JSON Lines, the 1-based line of the record. */
  line?: number;
}

export interface InputRecords {
  /** `value`: one document; `array`: a top-level JSON array; `jsonl`: JSON Lines. */
  container: 'value' | 'array' | 'jsonl';
  records: InputRecord[];
  /** JSON Lines, not yet parsed: each is read with `readJsonLine` when its turn comes. */
  lines?: JsonLine[];
  errors: ImportError[];
}

/** Lines a sample looks at to tell JSON Lines from a JSON document with a syntax error. */
const SAMPLE_LINES = 20;

/**
 * Reads the input into records. Text is parsed as one JSON document first; when that fails and
 * the text reads as JSON Lines (its first line, or at least half of its first 20 lines, are
 * JSON on their own), its lines are the records, each parsed alone. Otherwise the document's syntax error, with its
 * line and column, is the answer. Never throws.
 */
export function readRecords(input: unknown): InputRecords {
  if (typeof input !== 'string') return fromValue(input);
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === '')
    return {
      container: 'value',
      records: [],
      errors: [{ path: '', keyword: 'input', message: 'The input is empty.' }],
    };
  // A first line that is JSON on its own, and more after it: JSON Lines, without reading the
  // whole text as one document first.
  const firstBreak = text.indexOf('\n');
  if (firstBreak > 0 && isJsonContainer(text.slice(0, firstBreak))) {
    const lines = text.slice(firstBreak).trim() === '' ? null : jsonLines(text);
    if (lines) return { container: 'jsonl', records: [], lines, errors: [] };
  }
  const json = parseJson(text);
  if (!('error' in json)) return fromValue(json.value);
  // Only a syntax error can mean JSON Lines; too deep or a key written twice is the answer.
  const lines = json.error.keyword === 'syntax' ? jsonLines(text) : null;
  if (!lines) return { container: 'value', records: [], errors: json.errors };
  return { container: 'jsonl', records: [], lines, errors: [] };
}

function fromValue(value: unknown): InputRecords {
  if (!Array.isArray(value))
    return { container: 'value', records: [{ value, path: '' }], errors: [] };
  return {
    container: 'array',
    records: value.map((item: unknown, i) => ({ value: item, path: `/${i}` })),
    errors: [],
  };
}

export interface JsonLine {
  text: string;
  /** 1-based. */
  line: number;
}

/**
 * The non-blank lines of `text` when it reads as JSON Lines, else null. A pretty-printed JSON
 * document has almost no line that is JSON on its own; a JSON Lines file cut off while it was
 * written has all of them but the last.
 */
export function jsonLines(text: string): JsonLine[] | null {
  const lines: JsonLine[] = [];
  let start = 0;
  let number = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    number++;
    const line = text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end);
    if (line.trim() !== '') lines.push({ text: line, line: number });
    start = end + 1;
  }
  if (lines.length < 2) return null;
  const sample = lines.slice(0, SAMPLE_LINES);
  const whole = sample.filter((l) => isJsonContainer(l.text)).length;
  return isJsonContainer(sample[0]!.text) || whole * 2 >= sample.length ? lines : null;
}

function isJsonContainer(line: string): boolean {
  const first = line.trimStart()[0];
  return (first === '{' || first === '[') && jsonValue(line) !== undefined;
}

/**
 * JSON text read by `parseJson` (so too deep, or a key written twice, is refused before or
 * after `JSON.parse` the same way as anywhere else), or undefined when it cannot be read.
 */
export function jsonValue(text: string): unknown {
  const json = parseJson(text);
  return 'error' in json ? undefined : json.value;
}

/** One line of JSON Lines as a record, or an error that names the line (and the column). */
export function readJsonLine(
  text: string,
  line: number,
): { record: InputRecord } | { error: ImportError } {
  const json = parseJson(text);
  if (!('error' in json)) return { record: { value: json.value, path: '', line } };
  // The parser counts lines within the line's own text: only the column says anything.
  const message = json.error.message.replace(/\bline 1, column\b/g, 'column');
  return { error: { ...json.error, message: `Line ${line}: ${message}`, line } };
}
