import type { EnvelopeError } from '../../../core/protocol/issues.js';
import type { Envelope } from '../../../core/protocol/types.js';
import { messageRangeErrors, validateEnvelope } from '../../../core/protocol/validate.js';

/**
 * Envelopes of more segments than this are checked in parts, a task apart (issue 20): the schema
 * check of 100,000 messages, or of one message of a million segments, blocked the page for
 * 0.2–0.3 s at once. Below it the check stays synchronous (20,000 short messages: about 40 ms), as
 * every test and page expects.
 */
export const SLICED_CHECK_SEGMENTS = 20_000;

/** Segments per part, and how long parts are checked before the page gets a turn. */
const PART = 2_000;
const TURN_MS = 40;

/** How many segments a message (a value not checked yet) holds; 1 when it has no list. */
function segmentCount(message: unknown): number {
  const segments = (message as { segments?: unknown } | null)?.segments;
  return Array.isArray(segments) ? segments.length : 1;
}

/** Whether `value` is an object envelope long enough to be checked in parts. */
export function isCheckedInSlices(value: unknown): value is Envelope {
  try {
    const messages = (value as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(messages)) return false;
    let count = 0;
    for (const message of messages)
      if ((count += segmentCount(message)) > SLICED_CHECK_SEGMENTS) return true;
  } catch {
    // A throwing getter: the synchronous check reports it.
  }
  return false;
}

/**
 * The parts checked one at a time: runs of messages of at most PART segments in all, and a
 * longer message alone, PART of its segments at a time.
 */
function* parts(messages: readonly unknown[]): Generator<[number, number, [number, number]?]> {
  for (let from = 0; from < messages.length;) {
    const count = segmentCount(messages[from]);
    if (count > PART) {
      for (let s = 0; s < count; s += PART) yield [from, from + 1, [s, s + PART]];
      from++;
      continue;
    }
    let to = from + 1;
    for (let weight = count; to < messages.length; to++) {
      weight += segmentCount(messages[to]);
      if (weight > PART) break;
    }
    yield [from, to];
    from = to;
  }
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Checks a long envelope a part at a time, giving the page a turn every TURN_MS: the errors of
 * the first part that has any (with the whole envelope's paths), none when it is valid,
 * undefined when `signal` aborted first.
 */
export async function checkInSlices(
  envelope: Envelope,
  signal: AbortSignal,
): Promise<EnvelopeError[] | undefined> {
  let turn = performance.now();
  try {
    for (const [from, to, segments] of parts(envelope.messages)) {
      const errors = messageRangeErrors(envelope, from, to, segments);
      if (errors.length > 0) return errors;
      if (performance.now() - turn < TURN_MS) continue;
      await nextTask();
      if (signal.aborted) return undefined;
      turn = performance.now();
    }
  } catch {
    // A value that changed under the check (a throwing getter): the whole check names it.
    return validateEnvelope(envelope).errors;
  }
  return [];
}
