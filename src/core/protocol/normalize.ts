import type { ValidationResult } from './issues.js';
import { isRecord } from './json-value.js';
import { defaultCollapsed, type Envelope } from './types.js';
import { validateEnvelope } from './validate.js';

export type NormalizeResult = ValidationResult & { envelope?: Envelope };

/**
 * Fills what people writing envelopes by hand tend to leave out: `collapsed` (SPEC §2.1 defaults)
 * and `charCount` (from the content). Only omitted fields are filled; everything else, even a
 * wrong value, is kept as written and reported. The input is never modified.
 *
 * @example
 * ```ts
 * const { valid, envelope } = normalizeEnvelope({
 *   version: '1.0',
 *   messages: [{ id: 's', role: 'system', timestamp: 0, segments: [{ kind: 'system_prompt', content: 'Be kind.' }] }],
 * });
 * console.log(valid, envelope?.messages[0]?.segments[0]); // true, { …, collapsed: true }
 * ```
 */
export function normalizeEnvelope(value: unknown): NormalizeResult {
  let filled: unknown;
  try {
    filled = fillDefaults(value);
  } catch {
    // A throwing getter or proxy: validation of the original reports it as an error.
    filled = value;
  }
  const result = validateEnvelope(filled);
  return result.valid ? { ...result, envelope: filled as Envelope } : result;
}

function fillDefaults(value: unknown): unknown {
  if (!isRecord(value) || !Array.isArray(value.messages)) return value;
  return {
    ...value,
    messages: value.messages.map((message: unknown) => {
      if (!isRecord(message) || !Array.isArray(message.segments)) return message;
      return { ...message, segments: message.segments.map(fillSegment) };
    }),
  };
}

function fillSegment(segment: unknown): unknown {
  if (!isRecord(segment)) return segment;
  const filled: Record<string, unknown> = { ...segment };
  const collapsed = defaultCollapsed(segment);
  if (filled.collapsed === undefined && collapsed !== undefined) filled.collapsed = collapsed;
  if (
    segment.kind === 'long_text' &&
    filled.charCount === undefined &&
    typeof segment.content === 'string'
  ) {
    filled.charCount = segment.content.length;
  }
  return filled;
}
