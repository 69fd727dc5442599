import { carriesHeader, FactTracker } from '../../core/assembly/headers.js';
import { searchEnvelope, type MarkdownText, type SearchResult } from '../../core/insight/search.js';
import type { EnvelopeError } from '../../core/protocol/issues.js';
import { staticVariables } from '../../core/protocol/template.js';
import type { Envelope, Message, StateChangeSegment } from '../../core/protocol/types.js';
import { usesVersion11, validateEnvelope } from '../../core/protocol/validate.js';

/**
 * A conversation that grows while it is shown (SPEC §8, live): each change makes a new envelope
 * object (the one a page passed in is never changed) and keeps what the chat derived from the old
 * one, so that the cost of a change does not grow with the conversation. The messages array is
 * copied once, at the first change, and from then on the live envelopes share it and it grows
 * in place: an append or a token of streamed text does not copy 10,000 messages. Only the new or changed
 * message is validated; derived data is extended by that message, or made again in the rare
 * case where a change reaches back (a message in the middle whose speaker changed).
 */
export interface Derived {
  variables: Record<string, string>;
  fullHeaders: Set<string>;
  announced: Map<string, StateChangeSegment[]>;
}

export type LiveChange =
  | { ok: true; envelope: Envelope; index: number; derived: Derived; rebuilt: boolean }
  | { ok: false; errors: EnvelopeError[] };

/** What the export tells the model about each speaker so far, kept per envelope for appends. */
interface Speakers {
  seen: Set<string>;
  facts: FactTracker;
}

const speakersOf = new WeakMap<Envelope, Speakers>();
/** Message arrays made here, which live changes may change in place (never a page's own). */
const liveArrays = new WeakSet<Message[]>();

/** `envelope`'s messages as an array this module owns: copied the first time only. */
function ownMessages(envelope: Envelope): Message[] {
  if (liveArrays.has(envelope.messages)) return envelope.messages;
  const messages = envelope.messages.slice();
  liveArrays.add(messages);
  return messages;
}
const indexesOf = new WeakMap<Envelope, Map<string, number>>();

/** Everything derived from an envelope in one pass (what the chat otherwise builds lazily). */
export function deriveAll(envelope: Envelope): Derived {
  const derived: Derived = {
    variables: staticVariables(envelope),
    fullHeaders: new Set(),
    announced: new Map(),
  };
  const speakers: Speakers = { seen: new Set(), facts: new FactTracker() };
  for (const message of envelope.messages) extend(derived, speakers, message);
  speakersOf.set(envelope, speakers);
  return derived;
}

/** Adds one message at the end of what `derived` says. */
function extend(derived: Derived, speakers: Speakers, message: Message): void {
  for (const segment of message.segments)
    if (segment.kind === 'state_change') speakers.facts.heard(segment);
  if (message.role !== 'user' && message.role !== 'assistant') return;
  if (carriesHeader(message)) {
    const userId = message.actor!.userId;
    if (!speakers.seen.has(userId)) {
      speakers.seen.add(userId);
      derived.fullHeaders.add(message.id);
    }
  }
  const changes = speakers.facts.spoke(message);
  if (changes.length > 0) derived.announced.set(message.id, changes);
}

/** Position of each message by id; built once per conversation, then carried along. */
export function indexById(envelope: Envelope): Map<string, number> {
  let found = indexesOf.get(envelope);
  if (!found) {
    found = new Map();
    envelope.messages.forEach((m, i) => {
      if (!found!.has(m.id)) found!.set(m.id, i);
    });
    indexesOf.set(envelope, found);
  }
  return found;
}

/**
 * The version the conversation needs once it holds `message`: a "1.0" one becomes "1.1" for a
 * message that uses what only 1.1 has (a streamed answer's thinking, a provider-run tool …);
 * every 1.0 document is valid 1.1, so nothing shown changes.
 */
function versionWith(envelope: Envelope, message: unknown): Envelope['version'] {
  return envelope.version === '1.0' &&
    typeof message === 'object' &&
    message !== null &&
    usesVersion11({ version: '1.1', messages: [message as Message] })
    ? '1.1'
    : envelope.version;
}

/**
 * The errors of `message` as message `index` of `envelope` (its version's rules), with paths
 * into the envelope; a second message with an id already there is refused too.
 */
function messageErrors(
  envelope: Envelope,
  message: unknown,
  index: number,
  version: Envelope['version'],
  replacing?: string,
): EnvelopeError[] {
  const result = validateEnvelope({ version, messages: [message] });
  const errors = result.errors.map((e) => ({
    ...e,
    path: e.path.replace(/^\/messages\/0/, `/messages/${index}`),
    message: e.message.replace(/^Message 0\b/, `Message ${index}`),
  }));
  const id = (message as { id?: unknown } | null)?.id;
  if (errors.length === 0 && typeof id === 'string' && id !== replacing) {
    if (indexById(envelope).has(id))
      errors.push({
        path: `/messages/${index}/id`,
        keyword: 'uniqueItems',
        message: `A message with id '${id}' is already in the conversation; ids must be unique.`,
      });
  }
  return errors;
}

/** The envelope with `message` added at the end, or why it cannot be. */
export function appendTo(envelope: Envelope, derived: Derived, message: unknown): LiveChange {
  const index = envelope.messages.length;
  const version = versionWith(envelope, message);
  const errors = messageErrors(envelope, message, index, version);
  if (errors.length > 0) return { ok: false, errors };
  const added = message as Message;
  const messages = ownMessages(envelope);
  messages.push(added);
  const next: Envelope = { ...envelope, version, messages };
  const speakers = speakersOf.get(envelope);
  let rebuilt = false;
  let nextDerived = derived;
  if (!speakers) {
    nextDerived = deriveAll(next);
    rebuilt = true;
  } else {
    // The derived sets grow in place: the old envelope is gone from the chat once this returns.
    if (added.segments.some((s) => s.kind === 'static_var'))
      nextDerived = { ...derived, variables: staticVariables(next) };
    extend(nextDerived, speakers, added);
    // The state moves on with the conversation: an append to the old envelope starts again.
    speakersOf.delete(envelope);
    speakersOf.set(next, speakers);
  }
  const indexes = indexesOf.get(envelope);
  if (indexes) {
    if (!indexes.has(added.id)) indexes.set(added.id, index);
    indexesOf.delete(envelope);
    indexesOf.set(next, indexes);
  }
  return { ok: true, envelope: next, index, derived: nextDerived, rebuilt };
}

/** The envelope with the message of id `id` replaced by `message`, or why it cannot be. */
export function replaceIn(
  envelope: Envelope,
  derived: Derived,
  id: string,
  message: unknown,
): LiveChange {
  const index = indexById(envelope).get(id);
  if (index === undefined)
    return {
      ok: false,
      errors: [{ path: '', keyword: 'id', message: `No message has the id '${id}'.` }],
    };
  const version = versionWith(envelope, message);
  const errors = messageErrors(envelope, message, index, version, id);
  const newId = (message as { id?: unknown } | null)?.id;
  if (errors.length === 0 && newId !== id)
    errors.push({
      path: `/messages/${index}/id`,
      keyword: 'const',
      message: `The message that replaces '${id}' has the id '${String(newId)}'; an update keeps the id.`,
    });
  if (errors.length > 0) return { ok: false, errors };
  const old = envelope.messages[index]!;
  const replaced = message as Message;
  const messages = ownMessages(envelope);
  messages[index] = replaced;
  const next: Envelope = { ...envelope, version, messages };
  // Only the speaker and state changes decide headers: the usual update (more text, a parsed
  // tool call) changes neither, and keeps everything derived.
  const same =
    sameFacts(old, replaced) &&
    !old.segments.some((s) => s.kind === 'state_change' || s.kind === 'static_var') &&
    !replaced.segments.some((s) => s.kind === 'state_change' || s.kind === 'static_var');
  const indexes = indexesOf.get(envelope);
  if (indexes) indexesOf.set(next, indexes);
  if (same) {
    const speakers = speakersOf.get(envelope);
    if (speakers) speakersOf.set(next, speakers);
    return { ok: true, envelope: next, index, derived, rebuilt: false };
  }
  return { ok: true, envelope: next, index, derived: deriveAll(next), rebuilt: true };
}

function sameFacts(a: Message, b: Message): boolean {
  return a.role === b.role && JSON.stringify(a.actor) === JSON.stringify(b.actor);
}

/**
 * Search results after message `index` changed (or was added): its matches are found again and
 * the others kept, so typing into a long conversation costs one message, not all of them.
 */
export function researchMessage(
  result: SearchResult,
  envelope: Envelope,
  index: number,
  query: string,
  markdownText: MarkdownText | undefined,
): SearchResult {
  if (result.truncated) return searchEnvelope(envelope, query, { markdownText });
  const own = searchEnvelope({ ...envelope, messages: [envelope.messages[index]!] }, query, {
    markdownText,
  });
  const matches = result.matches.filter((m) => m.messageIndex !== index);
  let at = matches.findIndex((m) => m.messageIndex > index);
  if (at < 0) at = matches.length;
  matches.splice(at, 0, ...own.matches.map((m) => ({ ...m, messageIndex: index })));
  return { matches, truncated: own.truncated };
}
