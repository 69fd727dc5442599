import type { Envelope, Segment } from './protocol.js';
import { expandPlaceholders, staticVariables } from './template.js';

/** One occurrence of the query: the `occurrence`-th match inside one segment's text. */
export interface SearchMatch {
  messageIndex: number;
  segmentIndex: number;
  occurrence: number;
}

export interface SearchResult {
  matches: SearchMatch[];
  /** True when counting stopped at `limit`; the view then says "limit+". */
  truncated: boolean;
}

/** A case-insensitive pattern for the literal `query`, or null for a blank query. */
export function searchPattern(query: string): RegExp | null {
  if (typeof query !== 'string' || query.trim() === '') return null;
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}

const searchTexts = new WeakMap<Envelope, string[][]>();

/**
 * The searchable text of each segment of each message: every string, number and key it holds
 * (names, values, arguments, results, file names, items…), and for system prompts also the text
 * as sent, with variables filled in. Computed once per envelope object.
 */
export function segmentSearchTexts(envelope: Envelope): string[][] {
  let texts = searchTexts.get(envelope);
  if (texts) return texts;
  const variables = new Map(Object.entries(staticVariables(envelope)));
  texts = envelope.messages.map((message) =>
    message.segments.map((segment) => searchTextOf(segment, variables)),
  );
  searchTexts.set(envelope, texts);
  return texts;
}

function searchTextOf(segment: Segment, variables: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  if (segment.kind === 'system_prompt') parts.push(expandPlaceholders(segment.content, variables));
  // Iterative walk: tool arguments may be nested thousands of levels deep. Each object is read
  // once, so one shared under many keys (or a cycle) cannot multiply the text.
  const stack: unknown[] = [segment];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'object' && value !== null) {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'number') parts.push(String(value));
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        if (value === segment && (key === 'kind' || key === 'collapsed')) continue;
        stack.push(inner, key);
      }
    }
  }
  return parts.join('\n');
}

/**
 * Every occurrence of `query` (literal, case-insensitive) in the envelope's segments, in reading
 * order, up to `limit`. Fields are joined by line breaks: only a query holding one can span two.
 */
export function searchEnvelope(
  envelope: Envelope,
  query: string,
  { limit = 10_000 }: { limit?: number } = {},
): SearchResult {
  const pattern = searchPattern(query);
  const matches: SearchMatch[] = [];
  if (!pattern) return { matches, truncated: false };
  const texts = segmentSearchTexts(envelope);
  for (let messageIndex = 0; messageIndex < texts.length; messageIndex++) {
    const segments = texts[messageIndex]!;
    for (let segmentIndex = 0; segmentIndex < segments.length; segmentIndex++) {
      const text = segments[segmentIndex]!;
      pattern.lastIndex = 0;
      let occurrence = 0;
      while (pattern.exec(text) !== null) {
        if (matches.length >= limit) return { matches, truncated: true };
        matches.push({ messageIndex, segmentIndex, occurrence: occurrence++ });
      }
    }
  }
  return { matches, truncated: false };
}
