import type { Envelope, Message, Segment } from '../protocol/types.js';
import { expandPlaceholders, staticVariables } from '../protocol/template.js';

/**
 * One occurrence of the query: the `occurrence`-th match inside one segment's text, or inside
 * the message's header (its speaker) when `segmentIndex` is `HEADER_MATCH`.
 */
export interface SearchMatch {
  messageIndex: number;
  segmentIndex: number;
  occurrence: number;
}

/** The `segmentIndex` of a match in a message's speaker (protocol 1.1 `actor`). */
export const HEADER_MATCH = -1;

/**
 * The searchable text of a message's speaker: the facts a header shows (user id, name, roles,
 * group nickname and title), or '' without an actor.
 */
export function headerSearchText(message: Message): string {
  const actor = message.actor;
  if (!actor) return '';
  const parts = [actor.userId, actor.name, ...(actor.roles ?? []), actor.groupNickname];
  parts.push(actor.groupTitle);
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n');
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

/** The text a Markdown string shows once drawn (SearchOptions.markdownText). */
export type MarkdownText = (markdown: string) => string;

export interface SearchOptions {
  /** Matches counted at most (default 10,000); past it the result is `truncated`. */
  limit?: number;
  /**
   * The text a Markdown field shows once drawn (Markdown syntax gone, character references
   * decoded), for the fields an element draws as Markdown: a text segment's content, thinking and
   * its summary parts, memory items and skill bodies. Without it they are searched as written.
   * The elements pass their own, so that what their search counts is what it paints.
   */
  markdownText?: MarkdownText;
}

const asWritten: MarkdownText = (markdown) => markdown;
const searchTexts = new WeakMap<MarkdownText, WeakMap<Envelope, string[][]>>();

/**
 * The searchable text of each segment of each message: every string, number and key it holds
 * (names, values, arguments, results, file names, items…), with Markdown fields as
 * `markdownText` gives them, and for system prompts also the text as sent, with variables
 * filled in. Computed once per envelope object (and `markdownText`).
 */
export function segmentSearchTexts(
  envelope: Envelope,
  markdownText: MarkdownText = asWritten,
): string[][] {
  let byEnvelope = searchTexts.get(markdownText);
  if (!byEnvelope) searchTexts.set(markdownText, (byEnvelope = new WeakMap()));
  let texts = byEnvelope.get(envelope);
  if (texts) return texts;
  const variables = new Map(Object.entries(staticVariables(envelope)));
  texts = envelope.messages.map((message) =>
    message.segments.map((segment) =>
      searchTextOf(
        markdownText === asWritten ? segment : drawnFields(segment, markdownText),
        variables,
      ),
    ),
  );
  byEnvelope.set(envelope, texts);
  return texts;
}

/** `segment` with each field an element draws as Markdown replaced by the text it shows. */
function drawnFields(segment: Segment, markdownText: MarkdownText): Segment {
  const drawn = (value: unknown) => (typeof value === 'string' ? markdownText(value) : value);
  const items = (key: string) => (item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? { ...item, [key]: drawn((item as Record<string, unknown>)[key]) }
      : item;
  switch (segment.kind) {
    case 'text':
      return { ...segment, content: drawn(segment.content) as string };
    case 'thinking':
      return {
        ...segment,
        content: drawn(segment.content) as string,
        ...(Array.isArray(segment.summary)
          ? { summary: segment.summary.map(drawn) as string[] }
          : {}),
      };
    case 'memory':
      return Array.isArray(segment.items)
        ? ({ ...segment, items: segment.items.map(items('content')) } as Segment)
        : segment;
    case 'skills':
      return Array.isArray(segment.items)
        ? ({ ...segment, items: segment.items.map(items('body')) } as Segment)
        : segment;
    default:
      return segment;
  }
}

/**
 * A segment's fields that no element draws: signatures, encrypted or redacted data and ids that
 * only travel back to the API (1.1). A query found only there could not be shown or painted.
 */
const UNDRAWN_FIELDS = new Set([
  'kind',
  'collapsed',
  'signature',
  'thoughtSignature',
  'redactedData',
  'encryptedContent',
  'itemId',
]);

/** Opaque members of the API's own objects (search results, citations), by key, when they have a `type`. */
const OPAQUE_API_KEYS = new Set(['encrypted_content', 'encrypted_index']);

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
        if (
          value === segment &&
          (UNDRAWN_FIELDS.has(key) || (key === 'field' && segment.kind === 'thinking'))
        )
          continue;
        if (OPAQUE_API_KEYS.has(key) && typeof (value as { type?: unknown }).type === 'string')
          continue;
        stack.push(inner, key);
      }
    }
  }
  return parts.join('\n');
}

/**
 * Every occurrence of `query` (literal, case-insensitive) in the envelope's messages, in reading
 * order (a message's speaker, then its segments), up to `limit`. Fields are joined by line
 * breaks: only a query holding one can span two. Markdown fields are searched as written, or as
 * drawn with `markdownText`.
 *
 * @example
 * ```ts
 * const { matches } = searchEnvelope(envelope, 'python');
 * for (const m of matches) console.log(envelope.messages[m.messageIndex]?.id, m.segmentIndex);
 * ```
 */
export function searchEnvelope(
  envelope: Envelope,
  query: string,
  { limit = 10_000, markdownText }: SearchOptions = {},
): SearchResult {
  const pattern = searchPattern(query);
  const matches: SearchMatch[] = [];
  if (!pattern) return { matches, truncated: false };
  const texts = segmentSearchTexts(envelope, markdownText);
  const find = (text: string, messageIndex: number, segmentIndex: number): boolean => {
    pattern.lastIndex = 0;
    let occurrence = 0;
    while (pattern.exec(text) !== null) {
      if (matches.length >= limit) return false;
      matches.push({ messageIndex, segmentIndex, occurrence: occurrence++ });
    }
    return true;
  };
  for (let messageIndex = 0; messageIndex < texts.length; messageIndex++) {
    const header = headerSearchText(envelope.messages[messageIndex]!);
    if (header !== '' && !find(header, messageIndex, HEADER_MATCH))
      return { matches, truncated: true };
    const segments = texts[messageIndex]!;
    for (let segmentIndex = 0; segmentIndex < segments.length; segmentIndex++) {
      if (!find(segments[segmentIndex]!, messageIndex, segmentIndex))
        return { matches, truncated: true };
    }
  }
  return { matches, truncated: false };
}
