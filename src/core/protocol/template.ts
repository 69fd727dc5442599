import type { Envelope } from './types.js';

/**
 * `{{name}}` placeholders of system prompts (SPEC §3.2). Optional spaces inside the braces are
 * allowed, as in Mustache; a name is anything without spaces or braces.
 */
const PLACEHOLDER = /\{\{\s*([^\s{}]+)\s*\}\}/g;

/** Names of the placeholders in `text`, in order of first appearance. */
export function placeholderNames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1]))];
}

/**
 * The longest text one expansion makes: 8 million characters, more than any model reads (about
 * 2 million tokens). A prompt repeating a long variable could otherwise ask for more than a
 * JavaScript string can hold (V8: about 512 million) and make exports throw.
 */
export const MAX_EXPANDED_CHARS = 8_000_000;

/**
 * Replaces every placeholder whose name is in `values`, in one pass: a value that itself contains
 * `{{…}}` is inserted as is, never expanded again. Unknown placeholders stay untouched, and so do
 * those that would make the text longer than `limit`.
 */
export function expandPlaceholders(
  text: string,
  values: ReadonlyMap<string, string>,
  limit = MAX_EXPANDED_CHARS,
): string {
  return expandWithin(text, values, limit).text;
}

/** expandPlaceholders, and how many known placeholders were left as they are for `limit`. */
export function expandWithin(
  text: string,
  values: ReadonlyMap<string, string>,
  limit = MAX_EXPANDED_CHARS,
): { text: string; unexpanded: number } {
  let length = text.length;
  let unexpanded = 0;
  const expanded = text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) return whole;
    if (length + value.length - whole.length > limit) {
      unexpanded++;
      return whole;
    }
    length += value.length - whole.length;
    return value;
  });
  return { text: expanded, unexpanded };
}

/**
 * Splits `text` into literal and placeholder pieces, for views that mark the placeholders. After
 * `maxPlaceholders` placeholders the rest is one literal piece (which may hold more of them): a
 * view marks a thousand, and a prompt may hold a million.
 */
export function splitPlaceholders(
  text: string,
  maxPlaceholders = Infinity,
): { text: string; name?: string }[] {
  const pieces: { text: string; name?: string }[] = [];
  let last = 0;
  let found = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (found++ >= maxPlaceholders) break;
    if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
    pieces.push({ text: m[0], name: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** The values of an envelope's static variables by name; a later definition wins (SPEC §3.2). */
export function staticVariables(envelope: Envelope): Record<string, string> {
  // No prototype: a variable named __proto__ or constructor is just a name.
  const values: Record<string, string> = Object.create(null);
  for (const message of envelope.messages) {
    for (const segment of message.segments)
      if (segment.kind === 'static_var') values[segment.name] = segment.value;
  }
  return values;
}
