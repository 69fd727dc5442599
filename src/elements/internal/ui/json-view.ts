import { html, type TemplateResult } from 'lit';

/**
 * A string runs to its closing quote or to the end of the text: a text cut inside a long string
 * (the part of a request body a tab shows, whose arguments are one long JSON string) would
 * otherwise be searched again for a closing quote from every escaped quote in it, in quadratic
 * time: 0.74 s for 88 kB of `\"key\":1,…`, 4.3 s for 378 kB.
 */
const TOKEN =
  /("(?:\\.|[^"\\])*(?:"|$))(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Above this size the JSON is shown as plain text: thousands of spans would slow the page. */
const MAX_HIGHLIGHTED = 200_000;

/**
 * Tokens coloured at most; the rest is plain text. Ten thousand spans (arguments nested 10,000
 * deep) take Chromium about 1.5 s to render and lay out, two thousand a fifth of that.
 */
const MAX_TOKENS = 2_000;

/**
 * Syntax-coloured JSON text: keys, strings, numbers and literals in their own spans
 * (`.json-key`, `.json-string`, `.json-number`, `.json-literal`). Text is always rendered as
 * text, never as HTML.
 */
export function renderJsonText(text: string): TemplateResult {
  if (text.length > MAX_HIGHLIGHTED) return html`<code class="json">${text}</code>`;
  const pieces: (string | TemplateResult)[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (pieces.length >= MAX_TOKENS * 2) break;
    if (m.index > last) pieces.push(text.slice(last, m.index));
    if (m[1] !== undefined) {
      pieces.push(
        m[2]
          ? html`<span class="json-key">${m[1]}</span>${m[2]}`
          : html`<span class="json-string">${m[1]}</span>`,
      );
    } else if (m[3] !== undefined) {
      pieces.push(html`<span class="json-literal">${m[3]}</span>`);
    } else {
      pieces.push(html`<span class="json-number">${m[4]}</span>`);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return html`<code class="json">${pieces}</code>`;
}

/**
 * JSON.stringify that cannot throw and does not recurse: cycles and repeated objects are shown
 * as "[cycle]", a BigInt as "123n", and what still cannot be shown is named instead. Its text is
 * JSON.stringify's for every other value, however deeply nested: objects nested 10,000 levels deep
 * would exhaust the call stack of JSON.stringify (and its replacer).
 *
 * With `maxLength`, the text stops after that many characters and ends with "…"; the work stops
 * there too. Pass it for values of unknown depth when `indent` is not 0: the indentation of a
 * deeply nested value grows quadratically with its depth.
 */
export function safeStringify(
  value: unknown,
  indent: number | string = 2,
  maxLength = Infinity,
): string {
  try {
    return new JsonWriter(indent, maxLength).write(value) ?? String(value);
  } catch (error) {
    return `[cannot show: ${(error as Error).message}]`;
  }
}

/** An object or array being written, with where its writing has got to. */
interface Frame {
  value: object;
  /** The object's own enumerable keys; undefined for an array. */
  keys: string[] | undefined;
  length: number;
  next: number;
  /** Whether a member has been written yet (an object omits members without a JSON value). */
  written: boolean;
  /** Indentation of the frame's members. */
  indent: string;
  /** Indentation of the frame's closing bracket. */
  outer: string;
}

/** safeStringify's loop: JSON.stringify's steps, with an explicit stack instead of recursion. */
class JsonWriter {
  private readonly gap: string;
  private readonly seen = new WeakSet<object>();
  private readonly stack: Frame[] = [];

  constructor(
    indent: number | string,
    private readonly maxLength: number,
  ) {
    this.gap =
      typeof indent === 'number'
        ? ' '.repeat(Math.max(0, Math.min(10, Math.trunc(indent) || 0)))
        : indent.slice(0, 10);
  }

  write(value: unknown): string | undefined {
    let out = this.open({ '': value }, '', '');
    if (out === undefined) return undefined;
    while (this.stack.length > 0) {
      if (out.length > this.maxLength) break;
      const frame = this.stack[this.stack.length - 1];
      const newline = this.gap ? `\n${frame.indent}` : '';
      if (frame.next === frame.length) {
        this.stack.pop();
        const end = frame.keys ? '}' : ']';
        out += frame.written && this.gap ? `\n${frame.outer}${end}` : end;
        continue;
      }
      const key = frame.keys ? frame.keys[frame.next] : String(frame.next);
      frame.next++;
      const separator = frame.written ? `,${newline}` : newline;
      const text = this.open(frame.value, key, frame.indent);
      if (frame.keys) {
        if (text === undefined) continue; // no JSON value: the member is left out
        out += `${separator}${JSON.stringify(key)}:${this.gap ? ' ' : ''}${text}`;
      } else {
        out += `${separator}${text ?? 'null'}`;
      }
      frame.written = true;
    }
    return out.length > this.maxLength ? `${out.slice(0, this.maxLength)}…` : out;
  }

  /**
   * The JSON text of `holder[key]` (after its toJSON method; a BigInt as "123n", an object seen
   * before as "[cycle]"): a primitive's whole text, or the opening bracket of an object or array,
   * whose members the loop writes next. Undefined when the value has no JSON text (undefined, a
   * function, a symbol).
   */
  private open(holder: object, key: string, outer: string): string | undefined {
    let value = (holder as Record<string, unknown>)[key];
    if ((value !== null && typeof value === 'object') || typeof value === 'bigint') {
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') value = toJSON.call(value, key);
    }
    if (typeof value === 'bigint') return JSON.stringify(`${value}n`);
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (this.seen.has(value)) return JSON.stringify('[cycle]');
    this.seen.add(value);
    // Number, String, Boolean and BigInt objects: JSON.stringify unwraps them (or throws).
    if (!Array.isArray(value) && isBoxedPrimitive(value)) return JSON.stringify(value);
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    this.stack.push({
      value,
      keys,
      length: keys ? keys.length : (value as unknown[]).length,
      next: 0,
      written: false,
      indent: outer + this.gap,
      outer,
    });
    return keys ? '{' : '[';
  }
}

const isBoxedPrimitive = (value: object) =>
  value instanceof Number ||
  value instanceof String ||
  value instanceof Boolean ||
  value instanceof BigInt;
