import type { Message } from '../../core/protocol.js';

/**
 * Messages and segments that passed validation as parts of a whole envelope. The chat marks
 * each message it renders (not all of them: a long conversation renders few) and hands these
 * very objects to `<envelope-message>` and the segment elements, which then skip validating
 * them again.
 */
const validated = new WeakSet<object>();

/** Marks a message of a validated envelope, and its segments, as valid. */
export function markValid(message: Message): Message {
  if (!validated.has(message)) {
    validated.add(message);
    for (const segment of message.segments) validated.add(segment);
  }
  return message;
}

/** Whether `value` is an object that was validated as part of an envelope. */
export function wasValidated(value: unknown): boolean {
  return typeof value === 'object' && value !== null && validated.has(value);
}
