/**
 * Request logs: the shapes in which applications and tools write a request together with its
 * response. Each is unwrapped to the request body, the response and the time of the call:
 *
 * - `{ "request": …, "response": … }`, either side possibly `{ "body": … }` (with `url`,
 *   `method`, `headers`, `status`), the body possibly JSON text;
 * - a request body with the response beside its own fields (`{ "model", "messages",
 *   "response" }`, as LiteLLM's logs write it);
 * - a line of an OpenAI Batch input file (`{ "custom_id", "url", "body" }`) or of an Anthropic
 *   Message Batch (`{ "custom_id", "params" }`);
 */
import type { ImportSource } from './import-body.js';
import { jsonValue } from './import-records.js';
import { isJsonObject, type JsonObject } from './request-check.js';

export interface LoggedCall {
  request: JsonObject;
  /** JSON Pointer of the request body within the record. */
  requestPath: string;
  /** The response: an object, or the text of an event stream. */
  response?: JsonObject | string;
  responsePath: string;
  /** Unix epoch milliseconds. */
  time?: number;
  /** What the URL says the request was for. */
  hint?: ImportSource;
  /** The model named in a Gemini URL (`models/gemini-2.5-flash:generateContent`). */
  model?: string;
}

/** Fields that logs put beside a request body; not part of the request. */
const LOG_FIELDS = [
  'response',
  'timestamp',
  'time',
  'created_at',
  'startTime',
  'endTime',
  'start_time',
  'end_time',
  'duration',
  'duration_ms',
  'latency_ms',
];
const TIME_FIELDS = [
  'timestamp',
  'time',
  'created_at',
  'startTime',
  'start_time',
  'startedDateTime',
];

/**
 * The call a log record holds, an error for a record that holds only a response, or null when
 * the record is not one of the log shapes (it may be a request body itself).
 */
export function loggedCall(record: JsonObject): LoggedCall | { error: string } | null {
  const time = recordTime(record);
  const timed = <T extends LoggedCall>(call: T): T =>
    call.time === undefined && time !== undefined ? { ...call, time } : call;
  if ('request' in record && 'response' in record) {
    const request = unwrap(record.request, '/request');
    if (!request || typeof request.body === 'string')
      return { error: 'The record\'s "request" holds no JSON request body.' };
    const call: LoggedCall = {
      request: request.body,
      requestPath: request.path,
      responsePath: '/response',
      ...urlFacts(isJsonObject(record.request) ? record.request.url : undefined),
    };
    const response = unwrap(record.response, '/response');
    if (response) {
      call.response = response.body;
      call.responsePath = response.path;
    }
    return timed(call);
  }
  if (typeof record.custom_id === 'string') {
    if (isJsonObject(record.body))
      return timed({
        request: record.body,
        requestPath: '/body',
        responsePath: '',
        ...urlFacts(record.url),
      });
    if (isJsonObject(record.params))
      return timed({
        request: record.params,
        requestPath: '/params',
        responsePath: '',
        hint: 'anthropic',
      });
    if ('response' in record || 'result' in record)
      return {
        error:
          'A line of a batch output file holds the response only; the requests are in the batch input file (read that one, whose lines have "body" or "params").',
      };
  }
  if (
    isJsonObject(record.response) &&
    (Array.isArray(record.messages) || Array.isArray(record.contents) || 'input' in record)
  ) {
    const request: JsonObject = Object.fromEntries(
      Object.entries(record).filter(([key]) => !LOG_FIELDS.includes(key)),
    );
    const response = unwrap(record.response, '/response');
    return timed({
      request,
      requestPath: '',
      ...(response ? { response: response.body } : {}),
      responsePath: response?.path ?? '/response',
    });
  }
  return null;
}

/** A body, `{ body }` (a wrapper with url, status, headers …), or JSON text of either. */
function unwrap(value: unknown, path: string): { body: JsonObject | string; path: string } | null {
  if (typeof value === 'string') {
    const parsed = parseJsonText(value);
    return parsed === undefined ? { body: value, path } : unwrap(parsed, path);
  }
  if (!isJsonObject(value)) return null;
  if ('body' in value && (isJsonObject(value.body) || typeof value.body === 'string')) {
    const inner = unwrap(value.body, `${path}/body`);
    if (inner) return inner;
  }
  return { body: value, path };
}

function parseJsonText(text: string): unknown {
  const first = text.trimStart()[0];
  return first === '{' || first === '[' ? jsonValue(text) : undefined;
}

/** What a provider URL says: the API (and for Gemini, the model). */
export function urlFacts(url: unknown): Pick<LoggedCall, 'hint' | 'model'> {
  if (typeof url !== 'string') return {};
  const gemini = /\/models\/([^/:?]+):(?:stream)?[gG]enerateContent/.exec(url);
  if (gemini) return { hint: 'gemini', model: decodeURIComponent(gemini[1]!) };
  if (/\/chat\/completions\b/.test(url)) return { hint: 'openai' };
  if (/\/responses\b/.test(url)) return { hint: 'openai-responses' };
  if (/\/messages\b/.test(url)) return { hint: 'anthropic' };
  return {};
}

/** The time a record names, in Unix epoch milliseconds. */
export function recordTime(record: JsonObject): number | undefined {
  for (const field of TIME_FIELDS) {
    const time = toEpochMs(record[field]);
    if (time !== undefined) return time;
  }
  return undefined;
}

/** Seconds, milliseconds, microseconds or nanoseconds since 1970, or an ISO date. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === 'string') {
    if (/^\d+(\.\d+)?$/.test(value)) return toEpochMs(Number(value));
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  if (value < 1e11) return Math.round(value * 1000);
  if (value < 1e14) return Math.round(value);
  if (value < 1e17) return Math.round(value / 1e3);
  return Math.round(value / 1e6);
}
