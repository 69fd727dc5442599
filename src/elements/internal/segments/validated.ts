import type { Envelope, Message } from '../../../core/protocol/types.js';

/**
 * Messages and segments that passed validation as parts of a whole envelope. The chat marks
 * each message it renders (not all of them: a long conversation renders few), the message the
 * segments it renders, and they hand these very objects to `<envelope-message>` and the segment
 * elements, which then skip validating them again.
 */
const validated = new WeakSet<object>();

/**
 * Envelopes that passed validation as wholes: an element given one that another element checked
 * (the viewer hands its envelope to its chat and panel) does not check it again. Apart from the
 * parts, so that a message is never taken for a valid envelope.
 */
const validEnvelopes = new WeakSet<object>();

/** Marks a whole envelope as valid. */
export function markEnvelopeValid(envelope: Envelope): void {
  validEnvelopes.add(envelope);
}

/** Whether `value` is an envelope that was validated as a whole. */
export function wasValidatedEnvelope(value: unknown): boolean {
  return typeof value === 'object' && value !== null && validEnvelopes.has(value);
}

/** Marks a message of a validated envelope as valid (its segments: see markSegmentsValid). */
export function markValid(message: Message): Message {
  validated.add(message);
  return message;
}

/**
 * Marks segments of a validated message as valid: only those about to be rendered, since a
 * message may hold a million and marking them all took half a second (issue 20).
 */
export function markSegmentsValid(message: Message, segments: readonly object[]): void {
  if (validated.has(message)) for (const segment of segments) validated.add(segment);
}

/** Whether `value` is an object that was validated as part of an envelope. */
export function wasValidated(value: unknown): boolean {
  return typeof value === 'object' && value !== null && validated.has(value);
}
