import { toPointer, type EnvelopeWarning } from './issues.js';
import type { Envelope } from './protocol.js';
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
  return warnings;
}

function where(messageId: string, index: number, kind: string): string {
  return `segment ${index} of message '${messageId}' (${kind})`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
