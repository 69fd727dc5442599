import { ifDefined } from 'lit/directives/if-defined.js';
import { html, unsafeStatic } from 'lit/static-html.js';
import type { Segment, SegmentKind } from '../../../core/protocol/types.js';
import type { CollapseMemory } from './segment-element.js';

export interface SegmentContext {
  messageId: string;
  index: number;
  collapseMemory?: CollapseMemory;
  /** Values of the envelope's static variables, for system prompts. */
  variables: Record<string, string>;
  theme: string;
  lang: string;
  /** For state changes: the event's time, the time zone of its line, the envelope's scene id and known names. */
  time?: number;
  timeZone?: string;
  sceneId?: string;
  names?: ReadonlyMap<string, string>;
  /** For a tool call being streamed: its arguments so far, as JSON text. */
  partial?: string;
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
  state_change: 'segment-state-change',
  thinking: 'segment-thinking',
};

const staticTags = Object.fromEntries(
  Object.entries(SEGMENT_TAGS).map(([kind, tag]) => [kind, unsafeStatic(tag)]),
) as Record<SegmentKind, ReturnType<typeof unsafeStatic>>;

/** A segment element with the context of its message: ids for events and memory, variables. */
export function renderSegment(segment: Segment, c: SegmentContext) {
  if (segment.kind === 'state_change')
    return html`<segment-state-change
      part="segment"
      .segment=${segment}
      .collapseMemory=${c.collapseMemory}
      .time=${c.time}
      .names=${c.names}
      time-zone=${ifDefined(c.timeZone)}
      scene-id=${ifDefined(c.sceneId)}
      message-id=${c.messageId}
      segment-index=${c.index}
      theme=${c.theme}
      lang=${c.lang}
    ></segment-state-change>`;
  if (segment.kind === 'tool_call_request')
    return html`<tool-call-request
      part="segment"
      .segment=${segment}
      .partial=${c.partial}
      .collapseMemory=${c.collapseMemory}
      message-id=${c.messageId}
      segment-index=${c.index}
      theme=${c.theme}
      lang=${c.lang}
    ></tool-call-request>`;
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
