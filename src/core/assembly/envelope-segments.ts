/** The built-in segments: what the envelope itself puts into the system text and the conversation. */
import { jsonPreview } from '../protocol/json-value.js';
import type { Envelope, Message, SegmentOfKind } from '../protocol/types.js';
import {
  renderStructural,
  type ContentPart,
  type ExportWarning,
  type MessageHints,
  type ToolDeclaration,
} from './conversation.js';
import { addContent, isMessageText, NO_CHANGES, UNCONVERTED, type Sent } from './entries.js';
import { sceneLine, STATE_CHANGE_NOTE } from './headers.js';
import type { MessageSegmentKind, PromptSegment, TextSegmentKind } from './registry.js';

export interface Derived {
  textSegments: PromptSegment<TextSegmentKind>[];
  /** The envelope's messages that are sent, in order, with their kind and arrival time. */
  sent: Sent[];
  systemSourceIds: string[];
  /** The hints of the first system message behind the system text (protocol 1.1). */
  systemHints?: MessageHints;
  tools: ToolDeclaration[];
  lastTime: number;
}

const STRUCTURAL = new Set(['system_prompt', 'memory', 'skills', 'tool_overview']);
const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export function deriveFromEnvelope(
  envelope: Envelope,
  participants: boolean,
  warnings: ExportWarning[],
): Derived {
  const variables = collectVariables(envelope, warnings);
  const textSegments: PromptSegment<TextSegmentKind>[] = [];
  const systemSourceIds = new Set<string>();
  const tools: ToolDeclaration[] = [];
  const sent: Derived['sent'] = [];
  const text = (id: string, value: string, retention: 'required' | 'preferred' = 'required') =>
    textSegments.push({ id, kind: 'system', weight: 0, retention, inject: () => value });
  let started = false;
  let time = 0;
  let systemHints: MessageHints | undefined;
  const folded = new FoldedSegments();

  for (const message of envelope.messages) {
    let wroteToSystem = false;
    for (let s = 0; s < message.segments.length; s++) {
      const segment = message.segments[s]!;
      folded.note(segment, message.id, s);
      if (!STRUCTURAL.has(segment.kind)) continue;
      const structural = segment as SegmentOfKind<
        'system_prompt' | 'memory' | 'skills' | 'tool_overview'
      >;
      if (structural.kind === 'tool_overview') tools.push(...declareTools(structural, message));
      const rendered = renderStructural(structural, variables, message, warnings);
      wroteToSystem = true;
      // Memory and skills are context the model can do without; instructions and tools are not.
      const retention =
        structural.kind === 'memory' || structural.kind === 'skills' ? 'preferred' : 'required';
      if (rendered !== '') text(`envelope:${message.id}:${s}`, rendered, retention);
    }
    const leading = message.role === 'system' && !started;
    let sending: Message | null = message;
    if (leading) {
      const own = message.segments.filter(isMessageText);
      let parts: ContentPart[] | undefined;
      for (const segment of own) parts = addContent(parts, segment, message);
      const joined = (parts ?? []).filter((p) => p.type === 'text' && p.text !== '');
      if (parts) wroteToSystem = true;
      if (joined.length > 0)
        text(
          `envelope:${message.id}:text`,
          joined.map((p) => (p as { text: string }).text).join('\n\n'),
        );
      // Tool traffic in a leading system message still has to be sent as messages.
      const traffic = message.segments.filter(
        (s) => s.kind === 'tool_call_request' || s.kind === 'tool_call_result',
      );
      sending = traffic.length > 0 ? { ...message, segments: traffic } : null;
    }
    if (wroteToSystem) systemSourceIds.add(message.id);
    if (wroteToSystem && leading && systemHints === undefined) systemHints = hintsOf(message);
    if (sending && sendsSomething(sending)) {
      started = true;
      time = Math.max(time, message.timestamp);
      const kind: MessageSegmentKind =
        message.role === 'system' || message.role === 'event' ? 'state' : message.role;
      sent.push({
        kind,
        message: sending,
        segment: 0,
        turns: UNCONVERTED,
        changes: NO_CHANGES,
        host: false,
        time,
      });
    }
  }
  folded.warn(warnings);
  if (participants) {
    textSegments.push({
      id: 'builtin:state-change-note',
      kind: 'role_rules',
      weight: 0,
      inject: () => STATE_CHANGE_NOTE,
    });
    const scene = envelope.scene;
    if (scene)
      textSegments.push({
        id: 'builtin:scene',
        kind: 'scene',
        weight: 0,
        inject: () => sceneLine(scene),
      });
  }
  return {
    textSegments,
    sent,
    systemSourceIds: [...systemSourceIds],
    ...(systemHints && Object.keys(systemHints).length > 0 ? { systemHints } : {}),
    tools,
    lastTime: time,
  };
}

const NAMED_AT_MOST = 20;

/**
 * The segments that lose their kind in every target: a static_var's value fills placeholders
 * (or, unused, is not sent), memory and skills become lines of the one system text. A reader of
 * the body cannot tell them from the rest of it, so the export says which they were.
 */
class FoldedSegments {
  private named: string[] = [];
  private count = 0;
  private readonly messageIds = new Set<string>();

  note(segment: Message['segments'][number], messageId: string, index: number) {
    if (segment.kind !== 'static_var' && segment.kind !== 'memory' && segment.kind !== 'skills')
      return;
    this.count++;
    this.messageIds.add(messageId);
    if (this.named.length < NAMED_AT_MOST) {
      const name = segment.kind === 'static_var' ? ` ${jsonPreview(segment.name, 80)}` : '';
      this.named.push(`${segment.kind}${name} (message '${messageId}', segment ${index})`);
    }
  }

  warn(warnings: ExportWarning[]) {
    if (this.count === 0) return;
    const more = this.count - this.named.length;
    warnings.push({
      code: 'segments-folded',
      message: `${this.count === 1 ? '1 segment is' : `${this.count} segments are`} folded into the system text, not sent as segments of their own: ${this.named.join(', ')}${more > 0 ? ` and ${more} more` : ''}. A static_var's value fills the system prompt's placeholders (one that no placeholder uses is not sent); memory and skills become lines of the system text.`,
      messageIds: [...this.messageIds],
    });
  }
}

function hintsOf(message: Message): MessageHints {
  const hints: MessageHints = {};
  if (message.name !== undefined) hints.name = message.name;
  if (message.originalRole !== undefined) hints.originalRole = message.originalRole;
  return hints;
}

/** Whether a message adds anything to the conversation (structural segments go to the system text). */
function sendsSomething(message: Message): boolean {
  for (const s of message.segments)
    if (!STRUCTURAL.has(s.kind) && s.kind !== 'static_var') return true;
  return false;
}

function declareTools(
  segment: SegmentOfKind<'tool_overview'>,
  message: Message,
): ToolDeclaration[] {
  return segment.items.map((item) => ({
    name: item.name,
    description: item.description,
    parameters: item.schema ?? EMPTY_PARAMETERS,
    sourceId: message.id,
  }));
}

function collectVariables(envelope: Envelope, warnings: ExportWarning[]): Map<string, string> {
  const values = new Map<string, string>();
  const definedIn = new Map<string, string>();
  for (const message of envelope.messages) {
    for (const segment of message.segments) {
      if (segment.kind !== 'static_var') continue;
      const previous = values.get(segment.name);
      if (previous !== undefined && previous !== segment.value) {
        warnings.push({
          code: 'static-var-redefined',
          message: `static_var '${segment.name}' is defined again in message '${message.id}' with another value; the later value is used.`,
          messageIds: [definedIn.get(segment.name)!, message.id],
        });
      }
      values.set(segment.name, segment.value);
      definedIn.set(segment.name, message.id);
    }
  }
  return values;
}
