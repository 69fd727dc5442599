/**
 * Reading JSON text that nobody vouches for: where it first breaks the grammar, with a reason in
 * plain words (browsers word JSON.parse errors differently and not all give a position), how deep
 * it nests and how many property names it has (before JSON.parse), and where a value starts.
 * Iterative: nesting depth costs heap, not stack.
 */
import { toPointer } from './issues.js';

export interface JsonSyntaxProblem {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

/** What the text may hold next. */
const enum State {
  Value,
  FirstValueOrEnd,
  Key,
  FirstKeyOrEnd,
  AfterValue,
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const stack: ('{' | '[')[] = [];
  let i = 0;
  let state: State = State.Value;
  const fail = (reason: string) => at(text, i, reason);
  const found = () => (i < text.length ? `found ${show(text[i])}` : 'the text ends');

  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    const c = text[i];
    if (state === State.AfterValue) {
      const top = stack.at(-1);
      if (top === undefined)
        return i < text.length
          ? fail(`unexpected ${show(c)} after the end of the JSON value`)
          : null;
      const close = top === '{' ? '}' : ']';
      if (c === ',') {
        i++;
        state = top === '{' ? State.Key : State.Value;
      } else if (c === close) {
        i++;
        stack.pop();
      } else {
        return fail(`expected ',' or '${close}' but ${found()}`);
      }
      continue;
    }
    if (state === State.Key || state === State.FirstKeyOrEnd) {
      if (state === State.FirstKeyOrEnd && c === '}') {
        i++;
        stack.pop();
        state = State.AfterValue;
        continue;
      }
      if (c !== '"') {
        if (c === '}') return fail("a comma before '}' is not allowed in JSON");
        return fail(`expected a property name in double quotes but ${found()}`);
      }
      const stringError = scanString();
      if (stringError) return stringError;
      while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
      if (text[i] !== ':') return fail(`expected ':' after the property name but ${found()}`);
      i++;
      state = State.Value;
      continue;
    }
    // state is Value or FirstValueOrEnd
    if (state === State.FirstValueOrEnd && c === ']') {
      i++;
      stack.pop();
      state = State.AfterValue;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      state = c === '{' ? State.FirstKeyOrEnd : State.FirstValueOrEnd;
      continue;
    }
    state = State.AfterValue;
    if (c === '"') {
      const stringError = scanString();
      if (stringError) return stringError;
      continue;
    }
    const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
    if (literal) {
      i += literal.length;
      continue;
    }
    NUMBER.lastIndex = i;
    if ((c === '-' || (c >= '0' && c <= '9')) && NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      continue;
    }
    if (c === ']') return fail("a comma before ']' is not allowed in JSON");
    return fail(
      `expected a value (object, list, string, number, true, false or null) but ${found()}`,
    );
  }

  function scanString(): JsonSyntaxProblem | null {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) return at(text, start, 'this string is never closed');
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i++;
        return null;
      }
      if (ch < 0x20)
        return fail('a line break or control character inside a string must be escaped');
      if (ch === 0x5c) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return fail('\\u must be followed by four hex digits');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          i += 2;
        } else {
          return fail(`invalid escape ${show('\\' + (next ?? ''))} in a string`);
        }
        continue;
      }
      i++;
    }
  }
}

/** What one quick pass over a JSON text finds, before JSON.parse. */
export interface JsonTextShape {
  /** Property names in the text (object keys, counted where they are written). */
  keys: number;
  /** Offset of the first '{' or '[' nested deeper than the limit, or null. */
  tooDeep: number | null;
}

/**
 * Counts the property names of a JSON text and finds where it first nests deeper than
 * `maxDepth`, in one pass that skips string contents with indexOf: a fraction of what JSON.parse
 * costs. Every property name is followed by the only ':' outside strings, so colons are counted.
 * The grammar is not checked: on a broken text the numbers are rough, and JSON.parse or
 * findJsonSyntaxError says what is wrong.
 */
export function scanJsonText(text: string, maxDepth: number): JsonTextShape {
  let keys = 0;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    let c = text.charCodeAt(i);
    // Indentation: a tight loop over runs of spaces makes pretty-printed text a third cheaper.
    while (c === 0x20) c = text.charCodeAt(++i);
    if (c === 0x22) {
      let close = text.indexOf('"', i + 1);
      while (close !== -1 && isEscaped(text, close)) close = text.indexOf('"', close + 1);
      if (close === -1) break;
      i = close;
    } else if (c === 0x3a) {
      keys++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return { keys, tooDeep: i };
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return { keys, tooDeep: null };
}

/** A property name written twice in one object. */
export interface DuplicateKey {
  /** JSON Pointer to the member (the object's path and the name). */
  path: string;
  name: string;
  line: number;
  column: number;
  /** Where the same object first has the name. */
  first: { line: number; column: number };
}

/**
 * Every property name that one object of a JSON text has twice, in text order, up to `max`.
 * Names are compared after unescaping (`"a\u0062"` is `"ab"`). For a text JSON.parse accepted:
 * parseJson only calls it when the text has more property names than the parsed value, so a
 * valid file without duplicates never pays for it. Iterative; keeps line numbers as it goes
 * (JSON strings hold no raw line breaks).
 */
export function findDuplicateKeys(text: string, max = Infinity): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const frames: { list: boolean; index: number; key: string; seen?: Map<string, number> }[] = [];
  let line = 1;
  let lineStart = 0;
  const place = (offset: number) => ({ line, column: offset - lineStart + 1 });
  // Where each name was first seen, as line and column, for the objects still open.
  const firstPlaces = new Map<number, { line: number; column: number }>();
  for (let i = 0; i < text.length && found.length < max; i++) {
    const c = text.charCodeAt(i);
    const top = frames.at(-1);
    if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    } else if (c === 0x22) {
      let close = text.indexOf('"', i + 1);
      while (close !== -1 && isEscaped(text, close)) close = text.indexOf('"', close + 1);
      if (close === -1) break;
      let next = close + 1;
      while (next < text.length && isJsonSpace(text.charCodeAt(next))) next++;
      if (top?.seen && text.charCodeAt(next) === 0x3a) {
        const name = unescapeJsonString(text.slice(i, close + 1));
        const first = top.seen.get(name);
        if (first === undefined) {
          top.seen.set(name, i);
          firstPlaces.set(i, place(i));
        } else {
          const tokens = frames.slice(0, -1).map((f) => (f.list ? f.index : f.key));
          found.push({
            path: toPointer([...tokens, name]),
            name,
            ...place(i),
            first: firstPlaces.get(first)!,
          });
        }
        top.key = name;
      }
      i = close;
    } else if (c === 0x7b || c === 0x5b) {
      frames.push(
        c === 0x7b
          ? { list: false, index: 0, key: '', seen: new Map() }
          : { list: true, index: 0, key: '' },
      );
    } else if (c === 0x7d || c === 0x5d) {
      const closed = frames.pop();
      for (const offset of closed?.seen?.values() ?? []) firstPlaces.delete(offset);
    } else if (c === 0x2c && top?.list) {
      top.index++;
    }
  }
  return found;
}

/**
 * The JSON Pointer of the value that starts at `offset` in a JSON text (a '{' or '[' that
 * scanJsonText reported, say). Iterative; meant for error messages, so it reads the text again.
 */
export function pointerAtOffset(text: string, offset: number): string {
  const frames: { list: boolean; index: number; key: string }[] = [];
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    const top = frames.at(-1);
    if (c === 0x22) {
      let close = text.indexOf('"', i + 1);
      while (close !== -1 && isEscaped(text, close)) close = text.indexOf('"', close + 1);
      if (close === -1) break;
      if (top && !top.list) {
        let next = close + 1;
        while (next < text.length && isJsonSpace(text.charCodeAt(next))) next++;
        if (text.charCodeAt(next) === 0x3a) top.key = unescapeJsonString(text.slice(i, close + 1));
      }
      i = close;
    } else if (c === 0x7b || c === 0x5b) {
      frames.push({ list: c === 0x5b, index: 0, key: '' });
    } else if (c === 0x7d || c === 0x5d) {
      frames.pop();
    } else if (c === 0x2c && top?.list) {
      top.index++;
    }
  }
  return toPointer(frames.map((f) => (f.list ? f.index : f.key)));
}

/** Whether the quote at `quote` is escaped by an odd run of backslashes before it. */
function isEscaped(text: string, quote: number): boolean {
  let slashes = 0;
  while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
  return slashes % 2 === 1;
}

/** A JSON string token's value; a broken escape leaves the token as written. */
function unescapeJsonString(token: string): string {
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    return JSON.parse(token) as string;
  } catch {
    return token.slice(1, -1);
  }
}

const isJsonSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Line and column (both from 1) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const { line, column } = at(text, offset, '');
  return { line, column };
}

function at(text: string, offset: number, reason: string): JsonSyntaxProblem {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { offset, line, column: offset - lineStart + 1, reason };
}

function show(c: string): string {
  return JSON.stringify(c);
}
