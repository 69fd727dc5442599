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

  envelope.messages.forEach((message, m) => {
    const first = firstIndexOfId.get(message.id);
    if (first === undefined) firstIndexOfId.set(message.id, m);
    else {
      warn(
        ['messages', m, 'id'],
        'duplicate-message-id',
        `Message ${m} reuses the id '${message.id}' of message ${first}; ids must be unique, because tool call ids and viewer state are keyed by them.`,
      );
    }
    message.segments.forEach((segment, s) => {
      const where = `segment ${s} of message '${message.id}' (${segment.kind})`;
      const path = ['messages', m, 'segments', s];
      switch (segment.kind) {
        case 'long_text':
          if (segment.charCount !== segment.content.length) {
            warn(
              [...path, 'charCount'],
              'char-count-mismatch',
              `charCount of ${where} is ${segment.charCount}, but its content has ${segment.content.length} characters.`,
            );
          }
          break;
        case 'document':
          if (segment.snippet.length > SNIPPET_MAX) {
            warn(
              [...path, 'snippet'],
              'snippet-too-long',
              `The snippet of ${where} has ${segment.snippet.length} characters; a snippet holds at most the first ${SNIPPET_MAX}.`,
            );
          }
          break;
        case 'system_prompt':
          for (const name of placeholderNames(segment.content)) {
            if (!variables.has(name)) {
              warn(
                [...path, 'content'],
                'unknown-template-variable',
                `The placeholder {{${name}}} in ${where} has no static_var named '${name}'; it is exported unchanged.`,
              );
            }
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
              path,
              'tool-result-without-request',
              `${capitalize(where)} answers no earlier tool_call_request for '${segment.toolName}'.`,
            );
          }
          break;
        }
      }
    });
  });
  return warnings;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
