/** Messages → entries of the assembled sequence, each with its turns; tool results paired with calls. */
import type { Message, StateChangeSegment } from '../protocol/types.js';
import {
  documentText,
  type ContentPart,
  type ExportWarning,
  type PassThrough,
  type PassThroughSegment,
  type ToolCall,
  type Turn,
  type TurnRole,
} from './conversation.js';
import type { MessageSegmentKind } from './registry.js';

/** A message of the assembled sequence before rendering. */
export interface Entry {
  kind: MessageSegmentKind;
  message: Message;
  segment: number;
  turns: Turn[];
  /** State changes (events and synthesized ones), each with when it happened. */
  changes: { change: StateChangeSegment; timestamp: number }[];
  /** A later system message: sent the way events are, but not merged with them. */
  host: boolean;
}

/** A message on its way, with its arrival time: it becomes its own entry once converted. */
export interface Sent extends Entry {
  time: number;
}

/**
 * The envelope's own messages need no sort keys when no host adds messages: then they are
 * passed as they are (one object less per message of a long conversation).
 */
export function toEntries(sequence: Sent[], convert: TurnConverter): Entry[] {
  const entries: Entry[] = [];
  // Plain loops and no closures: this runs once per message of long conversations.
  for (const item of sequence) {
    const message = item.message;
    let changes: Entry['changes'] | null = null;
    for (const segment of message.segments) {
      if (segment.kind !== 'state_change') continue;
      (changes ??= []).push({ change: segment, timestamp: message.timestamp });
    }
    // A state change outside an event message is sent as an event just before it.
    if (changes !== null || message.role === 'event') {
      entries.push({
        kind: 'state',
        message,
        segment: item.segment,
        turns: [],
        changes: changes ?? [],
        host: false,
      });
    }
    if (message.role === 'event') continue;
    const turns = convert(message);
    if (turns.length === 0) continue;
    // The item becomes the entry (one object less per message of a long conversation).
    item.turns = turns;
    if (message.role === 'system') {
      item.kind = 'state';
      item.host = true;
    }
    entries.push(item);
  }
  return entries;
}

/** The turns of a message not yet converted, and the changes of one with none (shared, so frozen). */
export const UNCONVERTED: Turn[] = Object.freeze([]) as never;
export const NO_CHANGES: Entry['changes'] = Object.freeze([]) as never;

/** Turns one message into turns, pairing results with calls across messages. */
export type TurnConverter = (message: Message) => Turn[];

/**
 * A converter for one assembly: results answer open calls of their tool first in, first out (or
 * the call their `callId` names), and every call gets an id unique in the request.
 */
export function createTurnConverter(warnings: ExportWarning[]): TurnConverter {
  const nextCallId = callIdMaker();
  const openCalls = new Map<string, string[]>();
  /** Call ids that came from the envelope (`callId`), not from the exporter. */
  const ownIds = new Set<string>();

  /** The id a call is sent with: its own `callId` when it has one not used yet, else made. */
  const callId = (own: string | undefined, message: Message): string => {
    if (own !== undefined && nextCallId.claim(own)) {
      ownIds.add(own);
      return own;
    }
    const made = nextCallId(message.id, 'call');
    if (own !== undefined)
      warnings.push({
        code: 'call-id-duplicate',
        message: `A tool call in message '${message.id}' has call id '${own}', which an earlier call already has; it is sent as '${made}'.`,
        messageIds: [message.id],
      });
    return made;
  };

  /** Closes the open call with this id, whatever its tool; undefined when none is open. */
  const takeCall = (id: string): string | undefined => {
    for (const queue of openCalls.values()) {
      const at = queue.indexOf(id);
      if (at >= 0) return queue.splice(at, 1)[0];
    }
    return undefined;
  };

  return (message) => {
    // Arrays start as literals of their first item, not as [] grown by push (V8 gives a grown
    // array room for 17): this runs once per message of long conversations.
    let results: Turn[] | undefined;
    let parts: ContentPart[] | undefined;
    let calls: ToolCall[] | undefined;
    let passThrough: PassThrough[] | undefined;
    for (const segment of message.segments) {
      if (isPassThrough(segment)) {
        // Thinking and provider-run calls keep their place among the parts (no pairing).
        const kept: PassThrough = {
          at: parts?.length ?? 0,
          segment: segment as PassThroughSegment,
        };
        if (passThrough) passThrough.push(kept);
        else passThrough = [kept];
      } else if (segment.kind === 'tool_call_request') {
        const id = callId(segment.callId, message);
        const call: ToolCall = { id, name: segment.toolName, arguments: segment.arguments };
        if (segment.thoughtSignature !== undefined)
          call.thoughtSignature = segment.thoughtSignature;
        if (segment.argumentsText !== undefined) call.argumentsText = segment.argumentsText;
        if (id === segment.callId) call.ownId = true;
        if (
          segment.argumentsText !== undefined ||
          segment.item !== undefined ||
          segment.itemId !== undefined ||
          segment.itemStatus !== undefined
        )
          call.segment = segment;
        if (calls) calls.push(call);
        else calls = [call];
        const queue = openCalls.get(segment.toolName);
        if (queue) queue.push(id);
        else openCalls.set(segment.toolName, [id]);
      } else if (segment.kind === 'tool_call_result') {
        const answered =
          segment.callId === undefined
            ? openCalls.get(segment.toolName)?.shift()
            : takeCall(segment.callId);
        const result = turn('tool', message, [], []);
        const id = answered ?? segment.callId ?? nextCallId(message.id, 'orphan');
        result.toolResult = {
          callId: id,
          toolName: segment.toolName,
          result: segment.result,
          success: segment.success,
        };
        if (id === segment.callId || ownIds.has(id)) result.toolResult.ownId = true;
        if (
          segment.structured !== undefined ||
          segment.fields !== undefined ||
          segment.itemId !== undefined ||
          segment.itemStatus !== undefined
        )
          result.toolResult.segment = segment;
        if (segment.item !== undefined) result.toolResult.item = segment.item;
        if (results) results.push(result);
        else results = [result];
      } else if (isMessageText(segment)) {
        parts = addContent(parts, segment, message, message.contentForm === 'parts');
      }
    }
    if (message.role === 'assistant') {
      // Results recorded in an assistant message can only answer calls made before them.
      if (!parts && !calls && !passThrough) return results ?? [];
      const own = turn('assistant', message, parts ?? [], calls ?? []);
      if (passThrough) own.passThrough = passThrough;
      return results ? [own, ...results] : [own];
    }
    if (passThrough) {
      warnings.push({
        code: 'segment-outside-assistant',
        message: `Message '${message.id}' has role ${message.role}, but thinking and provider-run tool calls come only from the assistant; they are left out.`,
        messageIds: [message.id],
      });
    }
    // Results answer earlier calls, so they go first: the message's own text must not come
    // between a call and its answer.
    const turns = results ?? [];
    if (parts) {
      if (message.role === 'tool') {
        warnings.push({
          code: 'tool-message-text',
          message: `Message '${message.id}' has role tool, but only tool results can be sent as tool messages; its other content is sent as a user message.`,
          messageIds: [message.id],
        });
      }
      turns.push(turn(message.role === 'system' ? 'system' : 'user', message, parts, []));
    }
    if (calls) {
      warnings.push({
        code: 'tool-call-outside-assistant',
        message: `Message '${message.id}' has role ${message.role}, but only the assistant calls tools; its tool calls are sent as an assistant message.`,
        messageIds: [message.id],
      });
      turns.push(turn('assistant', message, [], calls));
    }
    return turns;
  };
}

/**
 * Adds a message segment's content to `parts` (made when first needed): consecutive texts are
 * joined with a blank line, and images split the text into separate parts.
 */
export function addContent(
  parts: ContentPart[] | undefined,
  segment: Message['segments'][number],
  message: Message,
  separate = false,
): ContentPart[] | undefined {
  switch (segment.kind) {
    case 'text':
      if (
        segment.cacheControl !== undefined ||
        segment.citations !== undefined ||
        segment.thoughtSignature !== undefined
      ) {
        // A text with what a target may send stays its own part.
        const part: ContentPart = { type: 'text', text: segment.content, segment };
        if (!parts) return [part];
        parts.push(part);
        return parts;
      }
      return addText(parts, segment.content, separate);
    case 'long_text':
      return addText(parts, segment.content, separate);
    case 'document':
      return addText(parts, documentText(segment), separate);
    case 'media': {
      if (segment.mediaType !== 'image' || message.role !== 'user')
        return addText(
          parts,
          `[${segment.mediaType}: ${segment.altText || segment.url}]`,
          separate,
        );
      const image: ContentPart =
        segment.altText === undefined
          ? { type: 'image', url: segment.url }
          : { type: 'image', url: segment.url, altText: segment.altText };
      if (segment.detail !== undefined) image.detail = segment.detail;
      if (!parts) return [image];
      parts.push(image);
      return parts;
    }
    default:
      return parts;
  }
}

function addText(parts: ContentPart[] | undefined, text: string, separate: boolean): ContentPart[] {
  if (!parts) return [{ type: 'text', text }];
  const last = parts[parts.length - 1];
  if (last?.type === 'text' && !separate && last.segment === undefined) {
    if (text !== '') last.text = last.text === '' ? text : `${last.text}\n\n${text}`;
  } else {
    parts.push({ type: 'text', text });
  }
  return parts;
}

export function turn(
  role: TurnRole,
  message: Message,
  parts: ContentPart[],
  toolCalls: ToolCall[],
): Turn {
  const t: Turn = { role, sourceId: message.id, parts, toolCalls };
  // Protocol 1.1 hints, read only when the message has one (most have none).
  if (message.name !== undefined) t.name = message.name;
  if (message.originalRole !== undefined) t.originalRole = message.originalRole;
  if (message.contentForm !== undefined) t.contentForm = message.contentForm;
  if (message.contentRole !== undefined) t.contentRole = message.contentRole;
  if (message.itemType !== undefined) t.itemType = message.itemType;
  if (message.itemId !== undefined) t.itemId = message.itemId;
  if (message.itemStatus !== undefined) t.itemStatus = message.itemStatus;
  if (message.emptyFields !== undefined) t.emptyFields = message.emptyFields;
  return t;
}

/**
 * Deterministic call ids `call_{messageId}_{n}` (or `orphan_…`), made safe for every provider
 * and unique; `claim` takes an id given by the envelope, false when it is already used.
 */
function callIdMaker() {
  const used = new Set<string>();
  const counters = new Map<string, number>();
  const next = (messageId: string, prefix: 'call' | 'orphan'): string => {
    const key = `${prefix}:${messageId}`;
    let n = counters.get(key) ?? 0;
    // Anthropic accepts only [a-zA-Z0-9_-] in tool_use ids, so other characters become '_'.
    const safe = messageId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 48);
    let id: string;
    do id = `${prefix}_${safe}_${n++}`;
    while (used.has(id));
    counters.set(key, n);
    used.add(id);
    return id;
  };
  const claim = (id: string): boolean => {
    if (used.has(id)) return false;
    used.add(id);
    return true;
  };
  return Object.assign(next, { claim });
}

/** Thinking, and calls and results the provider ran itself: sent only to the API they came from. */
export function isPassThrough(segment: Message['segments'][number]): boolean {
  return (
    segment.kind === 'thinking' ||
    ((segment.kind === 'tool_call_request' || segment.kind === 'tool_call_result') &&
      segment.runBy === 'provider')
  );
}

export function isMessageText(segment: Message['segments'][number]): boolean {
  return (
    segment.kind === 'text' ||
    segment.kind === 'long_text' ||
    segment.kind === 'document' ||
    segment.kind === 'media'
  );
}
