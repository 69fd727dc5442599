import { css, html, nothing } from 'lit';
import { formatNumber } from '../strings/format.js';
import type { AmbientController } from '../strings/localize.js';
import { MAX_SHOWN_CHARS, shownPart } from './shown-part.js';

export { MAX_SHOWN_CHARS, shownPart };

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

/** `text` as shown when it may be cut: at most `max` characters, then "…". */
export function shortened(text: string, max: number): string {
  return text.length > max ? `${shownPart(text, max)}…` : text;
}

/** A label as shown: at most MAX_LABEL_CHARS characters, then "…". */
export const shownLabel = (text: string): string => shortened(text, MAX_LABEL_CHARS);

/**
 * A list as a label (`shownLabel` of its items joined), joining no more items than it shows: a
 * member may have a million roles, whose whole join took 35 ms.
 */
export function shownListLabel(items: readonly string[], separator: string): string {
  let length = 0;
  let count = 0;
  while (count < items.length && length <= MAX_LABEL_CHARS) length += items[count++]!.length + 1;
  return shownLabel(
    items.slice(0, count).join(separator) + (count < items.length ? separator : ''),
  );
}

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
  // Strings are checked where they are found and only objects go on the stack: a list of a
  // million numbers or 100,000 items is read in one quick pass (issue 20).
  const seen = new Set<object>();
  const stack: object[] = [segment];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const inner of value as unknown[]) {
        if (typeof inner === 'string') {
          if (inner.length > MAX_SHOWN_CHARS) return true;
        } else if (inner !== null && typeof inner === 'object') stack.push(inner);
      }
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key.length > MAX_LABEL_CHARS) return true;
      if (value === segment && own.includes(key)) continue;
      const inner = record[key];
      if (typeof inner === 'string') {
        if (inner.length > limitOf(key)) return true;
      } else if (inner !== null && typeof inner === 'object') stack.push(inner);
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
