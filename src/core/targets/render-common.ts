/** Pieces the request renderers share. */
import type { Turn } from '../assembly/conversation.js';
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
