/** Pieces the request renderers share. */
import type { ToolCall, Turn } from '../assembly/conversation.js';
import { scanJsonText } from '../protocol/json-syntax.js';
import { MAX_NESTING, stringifyJson } from '../protocol/json-value.js';
import { ownValue } from '../protocol/own-value.js';

/** A body plus a way to name the envelope messages behind any JSON Pointer into it. */
export interface Rendered<Body> {
  body: Body;
  sourcesAt: (path: string) => string[];
}

/** `data:<mime>;base64,<data>` split into its parts, or null for any other URL. */
export function parseDataUrl(url: string): { mimeType: string; data: string } | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mimeType: match[1], data: match[2] } : null;
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The MIME type of an image URL from its extension, or null when unknown. */
export function imageMimeType(url: string): string | null {
  const data = parseDataUrl(url);
  if (data) return data.mimeType;
  const path = url.split(/[?#]/)[0];
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return ownValue(IMAGE_TYPES, extension) ?? null;
}

/**
 * A call's arguments as JSON text: its own text (`argumentsText`, 1.1) while that still gives its
 * `arguments` (the same JSON, or text that was not an object and is kept as `{ value: text }`),
 * else the arguments written anew. Spacing and key order of a logged call come back; an edit
 * of the arguments is never hidden by stale text.
 */
export function argumentsJson(call: Pick<ToolCall, 'arguments' | 'argumentsText'>): string {
  const written = stringifyJson(call.arguments);
  const text = call.argumentsText;
  if (text === undefined || text === written) return written;
  const args = call.arguments;
  const keys = Object.keys(args);
  if (keys.length === 1 && keys[0] === 'value' && args.value === text) return text;
  if (scanJsonText(text, MAX_NESTING).tooDeep !== null) return written;
  try {
    return stringifyJson(JSON.parse(text)) === written ? text : written;
  } catch {
    return written;
  }
}

/** Index of the collection item a JSON Pointer starts with, e.g. `/messages/3/…` → 3. */
export function pointerIndex(path: string, collection: string): number | null {
  const match = new RegExp(`^/${collection}/(\\d+)`).exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * For providers with only two roles: each turn becomes parts under the assistant role or the
 * user role, and consecutive turns of the same role merge into one message. `listForm`: a turn
 * of the message asked for its content as a list of parts (protocol 1.1 `contentForm`).
 */
export function mergeByRole<Role extends string, Part>(
  turns: Turn[],
  assistantRole: Role,
  userRole: Role,
  partsOf: (turn: Turn) => Part[],
): { role: Role; parts: Part[]; sources: string[]; listForm: boolean }[] {
  const merged: { role: Role; parts: Part[]; sources: string[]; listForm: boolean }[] = [];
  for (const turn of turns) {
    const role = turn.role === 'assistant' ? assistantRole : userRole;
    const parts = partsOf(turn);
    if (parts.length === 0) continue;
    const listForm = turn.contentForm === 'parts';
    const last = merged.at(-1);
    if (last && last.role === role) {
      last.parts.push(...parts);
      last.listForm ||= listForm;
      if (!last.sources.includes(turn.sourceId)) last.sources.push(turn.sourceId);
    } else {
      merged.push({ role, parts, sources: [turn.sourceId], listForm });
    }
  }
  return merged;
}
