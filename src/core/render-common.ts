/** Pieces the request renderers share. */
import type { Turn } from './conversation.js';

/** A body plus a way to name the envelope messages behind any JSON Pointer into it. */
export interface Rendered<Body> {
  body: Body;
  sourcesAt: (path: string) => string[];
}

/** Where a target can put a system message that comes after the conversation started. */
export type MidConversationSystem = 'system' | 'developer' | 'none';

/** Formatters by kind and zone: creating one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatIn(kind: 'time' | 'date', timestamp: number, timeZone: string): string {
  const format = (zone: string) => {
    const key = `${kind}\u0000${zone}`;
    let formatter = formatters.get(key);
    if (!formatter) {
      formatter =
        kind === 'time'
          ? new Intl.DateTimeFormat('en-GB', {
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
              timeZone: zone,
            })
          : // en-CA writes dates as YYYY-MM-DD.
            new Intl.DateTimeFormat('en-CA', {
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              timeZone: zone,
            });
      formatters.set(key, formatter);
    }
    return formatter.format(timestamp);
  };
  try {
    return format(timeZone);
  } catch {
    try {
      return format('UTC');
    } catch {
      return '';
    }
  }
}

/**
 * `HH:mm` of a timestamp in an IANA time zone (default UTC). An unknown zone or a timestamp
 * Date cannot hold gives UTC or an empty time rather than an exception.
 */
export function clockTime(timestamp: number, timeZone = 'UTC'): string {
  return formatIn('time', timestamp, timeZone);
}

/** `YYYY-MM-DD` of a timestamp in an IANA time zone (default UTC), like `clockTime`. */
export function calendarDate(timestamp: number, timeZone = 'UTC'): string {
  return formatIn('date', timestamp, timeZone);
}

/** Whether Intl knows the time zone (exports warn about unknown ones). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The header of a message the host sends in the user role, for targets with no system role
 * mid-conversation (SPEC §3.6): `[user_id:system;time:HH:mm;]`. Only the host writes
 * `user_id:system`.
 */
export function hostHeader(timestamp: number, timeZone?: string): string {
  const time = clockTime(timestamp, timeZone);
  return time ? `[user_id:system;time:${time};]` : '[user_id:system;]';
}

export const HOST_HEADER = /^\[user_id:system;(?:time:(\d\d):(\d\d);)?\]\n/;

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
  return (extension && IMAGE_TYPES[extension]) || null;
}

/** Index of the collection item a JSON Pointer starts with, e.g. `/messages/3/…` → 3. */
export function pointerIndex(path: string, collection: string): number | null {
  const match = new RegExp(`^/${collection}/(\\d+)`).exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * For providers with only two roles: each turn becomes parts under the assistant role or the
 * user role, and consecutive turns of the same role merge into one message.
 */
export function mergeByRole<Role extends string, Part>(
  turns: Turn[],
  assistantRole: Role,
  userRole: Role,
  partsOf: (turn: Turn) => Part[],
): { role: Role; parts: Part[]; sources: string[] }[] {
  const merged: { role: Role; parts: Part[]; sources: string[] }[] = [];
  for (const turn of turns) {
    const role = turn.role === 'assistant' ? assistantRole : userRole;
    const parts = partsOf(turn);
    if (parts.length === 0) continue;
    const last = merged.at(-1);
    if (last && last.role === role) {
      last.parts.push(...parts);
      if (!last.sources.includes(turn.sourceId)) last.sources.push(turn.sourceId);
    } else {
      merged.push({ role, parts, sources: [turn.sourceId] });
    }
  }
  return merged;
}
