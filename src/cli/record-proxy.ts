/**
 * What `prompt-envelope record` forwards and writes: which provider a request is for, where it
 * goes, which headers pass, and the JSON line of one exchange. No I/O here; record-server.ts
 * moves the bytes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { StreamProvider } from '../core/targets/streams/stream-updates.js';

export type ProviderName = 'openai' | 'anthropic' | 'gemini';
export const PROVIDER_NAMES: readonly ProviderName[] = ['openai', 'anthropic', 'gemini'];

/**
 * Each provider's base URL, as its SDK takes it: the recorder answers the SDK's requests under
 * the same paths (`/v1/chat/completions` for OpenAI's `…/v1` base) and sends them on below these.
 */
export const DEFAULT_UPSTREAMS: Record<ProviderName, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  gemini: 'https://generativelanguage.googleapis.com',
};

/** What the recorder does with one request. */
export interface Route {
  provider: ProviderName;
  /** The API whose calls are recorded; undefined for the other paths, passed through unrecorded. */
  api?: StreamProvider;
  /** The model a Gemini URL names. */
  model?: string;
}

const GEMINI_CALL =
  /^\/v1(?:alpha|beta\d*)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/**
 * The route of a request: the recorded API calls by their path; any other path (model lists,
 * embeddings, token counts, files) goes to the provider its path or credentials name, unrecorded.
 */
export function routeOf(
  pathname: string,
  search: URLSearchParams,
  headers: IncomingHttpHeaders,
): Route {
  if (pathname === '/v1/chat/completions') return { provider: 'openai', api: 'openai-chat' };
  if (pathname === '/v1/responses') return { provider: 'openai', api: 'openai-responses' };
  if (pathname === '/v1/messages') return { provider: 'anthropic', api: 'anthropic' };
  const gemini = GEMINI_CALL.exec(pathname);
  if (gemini) return { provider: 'gemini', api: 'gemini', model: safeDecode(gemini[1]!) };
  if (headers['x-api-key'] !== undefined || headers['anthropic-version'] !== undefined)
    return { provider: 'anthropic' };
  if (
    headers['x-goog-api-key'] !== undefined ||
    search.has('key') ||
    /^\/(upload\/)?v1(alpha|beta\d*)\//.test(pathname)
  )
    return { provider: 'gemini' };
  return { provider: 'openai' };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The upstream URL of a request: the provider's base URL with the request's path below it
 * (OpenAI's SDK puts `/v1` in its base URL, so that part of the path is the base's).
 */
export function upstreamUrl(base: string, provider: ProviderName, requestUrl: string): URL {
  const given = new URL(requestUrl, 'http://recorder');
  let path = given.pathname;
  if (provider === 'openai' && (path === '/v1' || path.startsWith('/v1/'))) path = path.slice(3);
  const target = new URL(base);
  target.pathname = `${target.pathname.replace(/\/$/, '')}${path}`;
  target.search = given.search;
  return target;
}

/**
 * Headers that belong to one connection, not to the message (RFC 9110 §7.6.1), and `host`, which
 * names the recorder: the recorder sets its own on each side.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/**
 * The headers to send on, from Node's raw list (names as the client wrote them, repeats kept):
 * all but the hop-by-hop ones and those the `Connection` header names.
 */
export function forwardedHeaders(raw: readonly string[]): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection')
      for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

/** The URL as written to the file: without a `key=` parameter (Gemini's API key). */
export function urlWithoutKey(url: URL): string {
  if (!url.searchParams.has('key')) return url.href;
  const shown = new URL(url);
  shown.searchParams.delete('key');
  return shown.href;
}

/** One side of an exchange as written: its JSON body, or why there is none. */
export interface RecordedBody {
  body?: unknown;
  unreadable?: string;
}

/** The JSON line of one exchange, as `importEnvelope` reads request logs. */
export interface ExchangeRecord {
  /** When the request arrived (ISO 8601); the import takes it as the conversation's time. */
  timestamp: string;
  provider: ProviderName;
  model?: string;
  stream: boolean;
  request: { method: string; url: string } & RecordedBody;
  response: { status: number } & RecordedBody & { aborted?: string };
  /** Unix epoch milliseconds: request arrived, first byte of the answer, answer complete. */
  timings: { start: number; firstByte: number | null; end: number };
}

/**
 * The body a provider's SDK shows when the recorder cannot get an answer (upstream unreachable
 * or silent too long): each in its provider's own error shape, so that the SDK's error message
 * is this sentence.
 */
export function gatewayError(provider: ProviderName, message: string): string {
  if (provider === 'anthropic')
    return JSON.stringify({ type: 'error', error: { type: 'api_error', message } });
  if (provider === 'gemini')
    return JSON.stringify({ error: { code: 502, message, status: 'UNAVAILABLE' } });
  return JSON.stringify({
    error: { message, type: 'upstream_error', code: 'upstream_unreachable' },
  });
}
