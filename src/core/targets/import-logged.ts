/**
 * The request a conversation of `importEnvelope` was read from, found again in the input: what a
 * viewer compares with the envelope's export to the same API, to say whether the export is the
 * request as logged and, where it is not, which import warning says why (issue 43).
 */
import { fromPointer } from '../protocol/issues.js';
import {
  IMPORT_SOURCES,
  requestToRead,
  type ImportedConversation,
  type ImportResult,
  type ImportSource,
  type ImportWarning,
} from './import.js';
import { loggedCall } from './import-logs.js';
import { jsonValue } from './import-records.js';
import { isJsonObject, type JsonObject } from './request-check.js';

/** A request body as the import read it, and what the import said about it. */
export interface ImportedRequest {
  /** The API the request was written for. */
  source: ImportSource;
  /**
   * The body read: the request as logged, with the response of its call (when the log has one)
   * appended as its last turn, as the import reads it.
   */
  body: JsonObject;
  /** What the import said about this conversation; paths are JSON Pointers into the input. */
  warnings: ImportWarning[];
  /**
   * JSON Pointer of the body in the input (`/1/request` for the second record of a list of
   * request and response pairs); `''` when the input is the body. Within its line for JSON Lines.
   */
  path?: string;
  /** Whether the response of the call was appended to `body` as its last turn. */
  withResponse?: boolean;
}

/** Where a conversation is in the input, and what it was read as. */
export type ConversationPlace = Pick<ImportedConversation, 'source' | 'path' | 'line'>;

/**
 * The warnings of the record a conversation was read from, in the order the import gave them
 * (and `prompt-envelope import` prints them): the record's own (the format it was read as) and
 * the conversation's.
 */
export function recordWarnings(result: ImportResult, place: ConversationPlace): ImportWarning[] {
  const { path, line } = place;
  return result.warnings.filter(
    (w) =>
      (w as { line?: number }).line === line &&
      (w.path === path || w.path.startsWith(`${path}/`) || path === ''),
  );
}

/**
 * A reader of the requests behind the conversations `importEnvelope(input)` gave (`result`): for one of
 * them, the body it was read from (see `ImportedRequest`), or undefined when it was not read from
 * a request body (an envelope, an OpenTelemetry trace or gen_ai.* attributes) or the input no
 * longer holds it. One document is parsed the first time a body is asked for, and kept parsed;
 * a line of JSON Lines is parsed each time. Never throws.
 *
 * @example
 * ```ts
 * const result = importEnvelope(text);
 * const requestOf = loggedRequests(text, result);
 * const first = result.envelopes?.[0];
 * if (first) console.log(requestOf(first)?.body);
 * ```
 */
export function loggedRequests(
  input: unknown,
  result: ImportResult,
): (conversation: ConversationPlace) => ImportedRequest | undefined {
  let text = typeof input === 'string' ? withoutBom(input) : undefined;
  let document: { value: unknown } | undefined = text === undefined ? { value: input } : undefined;
  return (conversation) => {
    const source = conversation.source as ImportSource;
    if (!IMPORT_SOURCES.includes(source)) return undefined;
    let record: unknown;
    try {
      if (conversation.line !== undefined) {
        const line = text === undefined ? undefined : lineOf(text, conversation.line);
        record = line === undefined ? undefined : jsonValue(line);
      } else {
        if (!document) {
          document = { value: jsonValue(text!) };
          text = undefined;
        }
        record = document.value;
      }
      record = valueAt(record, conversation.path);
      if (!isJsonObject(record)) return undefined;
      const call = loggedCall(record);
      if (call && 'error' in call) return undefined;
      const read = requestToRead(call ? call.request : record, source, call ?? {}, {});
      if (!read.asLogged) return undefined;
      return {
        source,
        body: read.request,
        warnings: recordWarnings(result, conversation),
        path: conversation.path + read.basePath,
        withResponse: read.withResponse,
      };
    } catch {
      return undefined;
    }
  };
}

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The text of the 1-based line `n`, without its line break. */
function lineOf(text: string, n: number): string | undefined {
  let start = 0;
  for (let line = 1; line < n; line++) {
    const end = text.indexOf('\n', start);
    if (end < 0) return undefined;
    start = end + 1;
  }
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  return text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end);
}

/** The value a JSON Pointer names, or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const token of fromPointer(pointer)) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}
