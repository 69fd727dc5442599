/**
 * Finds where a JSON text first breaks the grammar, with a reason in plain words. Browsers word
 * JSON.parse errors differently and not all give a position, so the location is computed here.
 * Iterative: nesting depth costs heap, not stack.
 */
export interface JsonSyntaxProblem {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

type State = 'value' | 'firstValueOrEnd' | 'key' | 'firstKeyOrEnd' | 'afterValue';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const stack: ('{' | '[')[] = [];
  let i = 0;
  let state: State = 'value';
  const fail = (reason: string) => at(text, i, reason);
  const found = () => (i < text.length ? `found ${show(text[i])}` : 'the text ends');

  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    const c = text[i];
    if (state === 'afterValue') {
      const top = stack.at(-1);
      if (top === undefined)
        return i < text.length
          ? fail(`unexpected ${show(c)} after the end of the JSON value`)
          : null;
      const close = top === '{' ? '}' : ']';
      if (c === ',') {
        i++;
        state = top === '{' ? 'key' : 'value';
      } else if (c === close) {
        i++;
        stack.pop();
      } else {
        return fail(`expected ',' or '${close}' but ${found()}`);
      }
      continue;
    }
    if (state === 'key' || state === 'firstKeyOrEnd') {
      if (state === 'firstKeyOrEnd' && c === '}') {
        i++;
        stack.pop();
        state = 'afterValue';
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
      state = 'value';
      continue;
    }
    // state is 'value' or 'firstValueOrEnd'
    if (state === 'firstValueOrEnd' && c === ']') {
      i++;
      stack.pop();
      state = 'afterValue';
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      state = c === '{' ? 'firstKeyOrEnd' : 'firstValueOrEnd';
      continue;
    }
    state = 'afterValue';
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
