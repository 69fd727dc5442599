/**
 * What the CLI prints comes from the files it reads (ids, names, paths, values in messages), and
 * a terminal obeys the control characters in it: `\u001b[2K\r` erases the line and a forged
 * "valid   clean.json" takes its place. Every value printed goes through `terminalText` (messages,
 * via the `line` tag) or `terminalJson` (bodies), which escape them visibly.
 */

/**
 * DEL and the C1 controls (CSI, which some terminals take for ESC [), and the invisible format
 * characters that reorder or hide text: bidirectional marks, overrides and isolates, zero-width
 * characters, line and paragraph separators, the byte-order mark. JSON.stringify leaves all of
 * them raw.
 */
const FORMAT = '\\u007f-\\u009f\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff';
/** The above and the C0 controls (ESC, CR, line breaks…), which JSON strings escape already. */
const UNSAFE_TEXT = new RegExp(`[\\u0000-\\u001f${FORMAT}]`, 'g');
const UNSAFE_JSON = new RegExp(`[${FORMAT}]`, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `value` as text a terminal shows as it is: control and format characters become `\n`, `\u001b`… */
export function terminalText(value: unknown): string {
  return String(value).replace(UNSAFE_TEXT, (c) => NAMED[c] ?? unicodeEscape(c));
}

/**
 * JSON text with the characters JSON.stringify leaves raw (DEL, C1 controls, format characters)
 * written as `\uXXXX` escapes: the same JSON value, safe on a terminal. Outside strings JSON text
 * holds none of them, so only string contents change.
 */
export function terminalJson(json: string): string {
  return json.replace(UNSAFE_JSON, unicodeEscape);
}

/**
 * A tagged template for printed lines: the literal parts stay as written (our own line breaks),
 * every interpolated value goes through `terminalText`.
 *
 * @example
 * ```ts
 * io.stdout(line`INVALID ${file}\n`);
 * ```
 */
export function line(parts: TemplateStringsArray, ...values: unknown[]): string {
  let text = parts[0] ?? '';
  for (let i = 0; i < values.length; i++) text += terminalText(values[i]) + (parts[i + 1] ?? '');
  return text;
}
