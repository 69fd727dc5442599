import type { Envelope } from '../../core/protocol.js';

/**
 * Messages and segments that passed validation as parts of a whole envelope. The chat hands
 * these very objects to `<envelope-message>` and the segment elements, which then skip
 * validating them again: a long conversation would otherwise be validated twice over.
 */
const validated = new WeakSet<object>();

export function rememberValid(envelope: Envelope): Envelope {
  for (const message of envelope.messages) {
    validated.add(message);
    for (const segment of message.segments) validated.add(segment);
  }
  return envelope;
}

/** Whether `value` is an object that was validated as part of an envelope. */
export function wasValidated(value: unknown): boolean {
  return typeof value === 'object' && value !== null && validated.has(value);
}
