import { css, html, nothing } from 'lit';
import { formatNumber } from './format.js';
import type { AmbientController } from './localize.js';

/**
 * Most characters of one text that an element puts into the page. Chromium lays out about a
 * million characters in 0.4 s (twice that without spaces) and Markdown adds 1.2 s per million,
 * so a 10 MB text shown whole blocks the page for a minute (SPEC §6: never a frozen tab).
 * Copy and download still give the whole text.
 */
export const MAX_SHOWN_CHARS = 100_000;

/** Most characters of a name, title, file name, URL or other label that an element shows. */
export const MAX_LABEL_CHARS = 2_000;

/** Fields that label something; every other string field is a text. */
const LABEL_FIELDS = new Set([
  'name',
  'title',
  'toolName',
  'fileName',
  'mimeType',
  'url',
  'altText',
]);

/** The beginning of `text` that is shown: all of it up to `max` characters. */
export function shownPart(text: string, max = MAX_SHOWN_CHARS): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  // Never cut a surrogate pair in half.
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** `text` as shown when it may be cut: at most `max` characters, then "…". */
export function shortened(text: string, max: number): string {
  return text.length > max ? `${shownPart(text, max)}…` : text;
}

/** A label as shown: at most MAX_LABEL_CHARS characters, then "…". */
export const shownLabel = (text: string): string => shortened(text, MAX_LABEL_CHARS);

const limitOf = (key: string | number | null) =>
  typeof key === 'string' && LABEL_FIELDS.has(key) ? MAX_LABEL_CHARS : MAX_SHOWN_CHARS;

/**
 * A segment as an element shows it (SPEC §6: a 10 MB name or memory item must not freeze the
 * page): every string longer than its limit is cut and ends in "…" (labels at MAX_LABEL_CHARS,
 * other texts at MAX_SHOWN_CHARS), and so are object keys. The fields in `own` are left whole:
 * their element cuts them with a note of its own. Without a long string, the segment itself.
 * Iterative, and one copy per object: arguments may nest 10,000 deep or share one object.
 */
export function shownSegment<S extends object>(
  segment: S,
  own: readonly string[] = [],
): { segment: S; cut: boolean } {
  if (!hasLongString(segment, own)) return { segment, cut: false };
  const copies = new Map<object, unknown>();
  const copyOf = (value: unknown, key: string | number | null): unknown => {
    if (typeof value === 'string') return shortened(value, limitOf(key));
    if (value === null || typeof value !== 'object') return value;
    return copies.get(value);
  };
  // Create every copy first (empty), then fill them: no recursion.
  const stack: object[] = [segment];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (copies.has(value)) continue;
    copies.set(value, Array.isArray(value) ? [] : {});
    for (const inner of Object.values(value))
      if (inner !== null && typeof inner === 'object' && !copies.has(inner)) stack.push(inner);
  }
  for (const [original, copy] of copies) {
    if (Array.isArray(original)) {
      original.forEach((v, i) => ((copy as unknown[])[i] = copyOf(v, null)));
      continue;
    }
    for (const [key, v] of Object.entries(original)) {
      let shownKey = shownLabel(key);
      // Two keys that start alike stay two.
      for (let n = 2; shownKey !== key && shownKey in (copy as object); n++)
        shownKey = `${shownLabel(key)}${n}`;
      // defineProperty: a key may be `__proto__` (JSON.parse makes it an own property).
      Object.defineProperty(copy, shownKey, {
        value: original === segment && own.includes(key) ? v : copyOf(v, key),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return { segment: copies.get(segment) as S, cut: true };
}

function hasLongString(segment: object, own: readonly string[]): boolean {
  const seen = new Set<object>();
  const stack: [unknown, string | number | null][] = [[segment, null]];
  while (stack.length > 0) {
    const [value, key] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > limitOf(key)) return true;
      continue;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, null]);
      continue;
    }
    for (const [k, v] of Object.entries(value)) {
      if (k.length > MAX_LABEL_CHARS) return true;
      if (value === segment && own.includes(k)) continue;
      stack.push([v, k]);
    }
  }
  return false;
}

/** The note under a text shown in part (`part="cut"`): how much of it is shown. */
export function renderCutNote(ambient: AmbientController, total: number) {
  if (total <= MAX_SHOWN_CHARS) return nothing;
  const format = (n: number) => formatNumber(n, ambient.lang);
  return html`<p part="cut" class="cut">
    ${ambient.t('common.cut', { shown: format(MAX_SHOWN_CHARS), total: format(total) })}
  </p>`;
}

/** The note under a segment some of whose values are shown in part (`part="cut"`). */
export function renderValuesCutNote(ambient: AmbientController) {
  return html`<p part="cut" class="cut values-cut">${ambient.t('common.valuesCut')}</p>`;
}

export const cutNoteStyles = css`
  .cut {
    margin: 0.25rem 0 0;
    color: var(--_muted);
    font-size: 0.85em;
    font-style: italic;
  }
  /* Under a whole segment: in line with its content, not with its border. */
  .values-cut {
    padding-inline: 0.75rem;
  }
`;
