import { pointerForMessage, toPointer, type EnvelopeWarning } from './issues.js';
import {
  DEEP_NESTING_RISK,
  findNestingBeyond,
  isSmallPlainJson,
  NESTING_WARNING_DEPTH,
} from './json-value.js';
import type { Envelope } from './types.js';
import { placeholderNames } from './template.js';

/** Longest snippet the protocol allows (SPEC §2.1: "first 200 chars"). */
export const SNIPPET_MAX = 200;

/** Findings that the schema cannot express (SPEC §3.1). `envelope` must be schema-valid. */
export function findSemanticWarnings(envelope: Envelope): EnvelopeWarning[] {
  const warnings: EnvelopeWarning[] = [];
  const warn = (tokens: (string | number)[], code: string, message: string) =>
    warnings.push({ path: toPointer(tokens), code, message });

  const firstIndexOfId = new Map<string, number>();
  const variables = new Set<string>();
  for (const message of envelope.messages) {
    for (const segment of message.segments)
      if (segment.kind === 'static_var') variables.add(segment.name);
  }
  // Open requests per tool name, answered first-in-first-out as the exporters pair them.
  const openCalls = new Map<string, number>();

  const messages = envelope.messages;
  const ids = new Set<string>();
  for (const message of messages) ids.add(message.id);
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m]!;
    if (
      message.replyTo !== undefined &&
      (!ids.has(message.replyTo) || message.replyTo === message.id)
    ) {
      warn(
        ['messages', m, 'replyTo'],
        'reply-to-unknown',
        `Message '${message.id}' replies to '${message.replyTo}', which is ${message.replyTo === message.id ? 'itself' : 'not in the envelope'}; the header leaves reply_to out.`,
      );
    }
    if (message.actor !== undefined && message.role !== 'user' && message.role !== 'assistant') {
      warn(
        ['messages', m, 'actor'],
        'actor-ignored',
        `Message '${message.id}' has role ${message.role}; only user and assistant messages get a header from their actor, so it is not sent.`,
      );
    }
    const first = firstIndexOfId.get(message.id);
    if (first === undefined) firstIndexOfId.set(message.id, m);
    else {
      warn(
        ['messages', m, 'id'],
        'duplicate-message-id',
        `Message ${m} reuses the id '${message.id}' of message ${first}; ids must be unique, because tool call ids and viewer state are keyed by them.`,
      );
    }
    // Plain loops, and texts built only for a warning: this runs on every envelope shown.
    for (let s = 0; s < message.segments.length; s++) {
      const segment = message.segments[s]!;
      switch (segment.kind) {
        case 'long_text':
          if (segment.charCount !== segment.content.length) {
            warn(
              ['messages', m, 'segments', s, 'charCount'],
              'char-count-mismatch',
              `charCount of ${where(message.id, s, segment.kind)} is ${segment.charCount}, but its content has ${segment.content.length} characters.`,
            );
          }
          break;
        case 'document':
          if (segment.snippet.length > SNIPPET_MAX) {
            warn(
              ['messages', m, 'segments', s, 'snippet'],
              'snippet-too-long',
              `The snippet of ${where(message.id, s, segment.kind)} has ${segment.snippet.length} characters; a snippet holds at most the first ${SNIPPET_MAX}.`,
            );
          }
          break;
        case 'system_prompt':
          for (const name of placeholderNames(segment.content)) {
            if (!variables.has(name)) {
              warn(
                ['messages', m, 'segments', s, 'content'],
                'unknown-template-variable',
                `The placeholder {{${name}}} in ${where(message.id, s, segment.kind)} has no static_var named '${name}'; it is exported unchanged.`,
              );
            }
          }
          break;
        case 'state_change':
          if (message.role !== 'event') {
            warn(
              ['messages', m, 'segments', s],
              'state-change-outside-event',
              `${capitalize(where(message.id, s, segment.kind))} is in a ${message.role} message; state changes belong in event messages. It is sent as an event before the message.`,
            );
          }
          break;
        case 'tool_call_request':
          openCalls.set(segment.toolName, (openCalls.get(segment.toolName) ?? 0) + 1);
          break;
        case 'tool_call_result': {
          const open = openCalls.get(segment.toolName) ?? 0;
          if (open > 0) openCalls.set(segment.toolName, open - 1);
          else {
            warn(
              ['messages', m, 'segments', s],
              'tool-result-without-request',
              `${capitalize(where(message.id, s, segment.kind))} answers no earlier tool_call_request for '${segment.toolName}'.`,
            );
          }
          break;
        }
      }
    }
  }
  for (const deep of findDeepFreeFormValues(envelope)) {
    warnings.push({ path: deep.path, code: 'deep-nesting', message: deepNestingMessage(deep) });
  }
  return warnings;
}

/** A tool's arguments or schema nested deeper than NESTING_WARNING_DEPTH (still valid). */
export interface DeepFreeFormValue {
  /** JSON Pointer to the first object or list beyond the depth. */
  path: string;
  messageId: string;
  /** The tool call's or the declared tool's name. */
  toolName: string;
  what: 'arguments' | 'schema';
}

/**
 * The free-form values of a valid envelope that nest deeper than `NESTING_WARNING_DEPTH`: they
 * are exported, but JSON.stringify and many JSON parsers cannot read them.
 */
export function findDeepFreeFormValues(envelope: Envelope): DeepFreeFormValue[] {
  const found: DeepFreeFormValue[] = [];
  const check = (
    value: unknown,
    tokens: (string | number)[],
    at: Omit<DeepFreeFormValue, 'path'>,
  ) => {
    // Small values cannot be that deep: the quick check spares the common case a walk.
    if (value === undefined || isSmallPlainJson(value)) return;
    const deep = findNestingBeyond(value, NESTING_WARNING_DEPTH, tokens);
    if (deep) found.push({ path: deep.path, ...at });
  };
  const messages = envelope.messages;
  for (let m = 0; m < messages.length; m++) {
    const message = messages[m]!;
    for (let s = 0; s < message.segments.length; s++) {
      const segment = message.segments[s]!;
      if (segment.kind === 'tool_call_request') {
        check(segment.arguments, ['messages', m, 'segments', s, 'arguments'], {
          messageId: message.id,
          toolName: segment.toolName,
          what: 'arguments',
        });
      } else if (segment.kind === 'tool_overview') {
        segment.items.forEach((item, i) =>
          check(item.schema, ['messages', m, 'segments', s, 'items', i, 'schema'], {
            messageId: message.id,
            toolName: item.name,
            what: 'schema',
          }),
        );
      }
    }
  }
  return found;
}

/** The sentence for a deep free-form value, shared by validation and export warnings. */
export function deepNestingMessage(deep: DeepFreeFormValue): string {
  const owner =
    deep.what === 'arguments'
      ? `The arguments of the call to '${deep.toolName}' in message '${deep.messageId}'`
      : `The schema of tool '${deep.toolName}' in message '${deep.messageId}'`;
  return `${owner} nest more than ${NESTING_WARNING_DEPTH.toLocaleString('en')} levels deep (at ${pointerForMessage(deep.path)})${DEEP_NESTING_RISK}`;
}

function where(messageId: string, index: number, kind: string): string {
  return `segment ${index} of message '${messageId}' (${kind})`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
