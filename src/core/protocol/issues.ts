/** What validation, parsing and export report. Nothing in the core throws on user data. */

export interface EnvelopeError {
  /** JSON Pointer to the offending value, e.g. `/messages/2/segments/0/collapsed`; `''` is the whole document. */
  path: string;
  /** One plain sentence a person can act on. */
  message: string;
  /**
   * The rule that failed: a JSON Schema keyword (`required`, `type`, …) or `json`, `nesting`,
   * `syntax`, `duplicate-key`, `input`.
   */
  keyword: string;
}

export interface EnvelopeWarning {
  path: string;
  message: string;
  /** Stable identifier of the check, e.g. `duplicate-message-id`. */
  code: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: EnvelopeError[];
  /** Semantic findings beyond the schema; only computed for valid input. */
  warnings: EnvelopeWarning[];
}

/** Escapes one reference token of a JSON Pointer (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + pointerToken(t)).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A pointer short enough for a sentence: a deep path keeps its first and last parts around an
 * ellipsis (the error's `path` field keeps the whole pointer).
 */
export function pointerForMessage(pointer: string, max = 160): string {
  const chars = Array.from(pointer);
  if (chars.length <= max) return pointer;
  const head = Math.ceil(max * 0.6);
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (max - head)).join('')}`;
}

/**
 * Where an issue is, as the CLI prints it and the elements list it: its JSON Pointer (`/` for
 * the whole input), shortened past 160 characters.
 */
export const issueWhere = (issue: { path: string }): string => pointerForMessage(issue.path || '/');

/**
 * An issue in one line, the words `prompt-envelope import` prints and `<envelope-viewer>` shows
 * for it: `/messages/0: Message 0 has role "wizard", …`. One function, so the two never differ.
 */
export const issueText = (issue: { path: string; message: string }): string =>
  `${issueWhere(issue)}: ${issue.message}`;
