import { html, unsafeStatic } from 'lit/static-html.js';
import type { Segment, SegmentKind } from '../../core/protocol.js';
import type { CollapseMemory } from './segment-element.js';

export interface SegmentContext {
  messageId: string;
  index: number;
  collapseMemory?: CollapseMemory;
  /** Values of the envelope's static variables, for system prompts. */
  variables: Record<string, string>;
  theme: string;
  lang: string;
}

/** The element that shows each kind (our own constant tag names, so unsafeStatic is safe). */
export const SEGMENT_TAGS: Record<SegmentKind, string> = {
  text: 'segment-text',
  static_var: 'segment-static-var',
  system_prompt: 'segment-system-prompt',
  memory: 'segment-memory',
  skills: 'segment-skills',
  tool_overview: 'segment-tool-overview',
  tool_call_request: 'tool-call-request',
  tool_call_result: 'tool-call-result',
  document: 'segment-document',
  long_text: 'segment-long-text',
  media: 'segment-media',
};

const staticTags = Object.fromEntries(
  Object.entries(SEGMENT_TAGS).map(([kind, tag]) => [kind, unsafeStatic(tag)]),
) as Record<SegmentKind, ReturnType<typeof unsafeStatic>>;

/** A segment element with the context of its message: ids for events and memory, variables. */
export function renderSegment(segment: Segment, c: SegmentContext) {
  const tag = staticTags[segment.kind];
  return html`<${tag}
    part="segment"
    .segment=${segment}
    .variables=${c.variables}
    .collapseMemory=${c.collapseMemory}
    message-id=${c.messageId}
    segment-index=${c.index}
    theme=${c.theme}
    lang=${c.lang}
  ></${tag}>`;
}
