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
  /** The cache marker of each system text part that has one, by the part's id (protocol 1.1). */
  systemCache: Map<string, Record<string, unknown>>;
  tools: ToolDeclaration[];
  lastTime: number;
}

const STRUCTURAL = new Set(['system_prompt', 'memory', 'skills', 'tool_overview']);
/** The schema of a tool declared without one (the same object each time, so targets can tell). */
export const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export function deriveFromEnvelope(
  envelope: Envelope,
  participants: boolean,
  warnings: ExportWarning[],
): Derived {
  // Segments that lose their kind in every target: a static_var's value fills placeholders
  // (unused, it is not sent), memory and skills become lines of the one system text.
  const folded: string[] = [];
  const variables = collectVariables(envelope, warnings, folded);
  const textSegments: PromptSegment<TextSegmentKind>[] = [];
  const systemSourceIds = new Set<string>();
  const tools: ToolDeclaration[] = [];
  const sent: Derived['sent'] = [];
  const systemCache = new Map<string, Record<string, unknown>>();
  const text = (id: string, value: string, retention: 'required' | 'preferred' = 'required') =>
    textSegments.push({ id, kind: 'system', weight: 0, retention, inject: () => value });
  let started = false;
  let time = 0;
  let systemHints: MessageHints | undefined;

  for (const message of envelope.messages) {
    let wroteToSystem = false;
    for (let s = 0; s < message.segments.length; s++) {
      const segment = message.segments[s]!;
      if (!STRUCTURAL.has(segment.kind)) continue;
      const structural = segment as SegmentOfKind<
        'system_prompt' | 'memory' | 'skills' | 'tool_overview'
      >;
      if (structural.kind === 'tool_overview') tools.push(...declareTools(structural, message));
      const rendered = renderStructural(structural, variables, message, warnings);
      wroteToSystem = true;
      // Memory and skills are context the model can do without; instructions and tools are not.
      const preferred = structural.kind === 'memory' || structural.kind === 'skills';
      if (preferred) folded.push(`${structural.kind} in message '${message.id}'`);
      if (rendered !== '') {
        const id = `envelope:${message.id}:${s}`;
        text(id, rendered, preferred ? 'preferred' : 'required');
        if (structural.kind === 'system_prompt' && structural.cacheControl)
          systemCache.set(id, structural.cacheControl);
      }
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
  if (folded[0])
    warnings.push({
      code: 'segments-folded',
      message: `Folded into the system text (${folded.length}): ${folded.slice(0, 20).join(', ')}${folded[20] ? ', …' : ''}.`,
      messageIds: [],
    });
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
    systemCache,
    tools,
    lastTime: time,
  };
}

function hintsOf(message: Message): MessageHints {
  const hints: MessageHints = {};
  if (message.name !== undefined) hints.name = message.name;
  if (message.originalRole !== undefined) hints.originalRole = message.originalRole;
  if (message.contentForm !== undefined) hints.contentForm = message.contentForm;
  if (message.contentRole !== undefined) hints.contentRole = message.contentRole;
  // A Responses input item (not `instructions`): its form comes back with it.
  if (message.itemType !== undefined) hints.itemType = message.itemType;
  if (message.itemType !== undefined && message.contentForm !== undefined)
    hints.contentForm = message.contentForm;
  if (message.itemId !== undefined) hints.itemId = message.itemId;
  if (message.itemStatus !== undefined) hints.itemStatus = message.itemStatus;
  if (message.emptyFields !== undefined) hints.emptyFields = message.emptyFields;
  return hints;
}

/** Whether a message adds anything to the conversation (structural segments go to the system text). */
function sendsSomething(message: Message): boolean {
  return message.segments.some((s) => !STRUCTURAL.has(s.kind) && s.kind !== 'static_var');
}

function declareTools(
  segment: SegmentOfKind<'tool_overview'>,
  message: Message,
): ToolDeclaration[] {
  return segment.items.map((item) => {
    const tool: ToolDeclaration = {
      name: item.name,
      description: item.description,
      parameters: item.schema ?? EMPTY_PARAMETERS,
      sourceId: message.id,
    };
    if (item.runBy !== undefined) tool.runBy = item.runBy;
    if (item.declaration !== undefined) tool.declaration = item.declaration;
    if (item.declaredIn !== undefined) tool.declaredIn = item.declaredIn;
    if (item.schemaForm !== undefined) tool.schemaForm = item.schemaForm;
    if (item.group !== undefined) tool.group = item.group;
    if (item.fields !== undefined) tool.fields = item.fields;
    return tool;
  });
}

function collectVariables(
  envelope: Envelope,
  warnings: ExportWarning[],
  folded: string[],
): Map<string, string> {
  const values = new Map<string, string>();
  const definedIn = new Map<string, string>();
  for (const message of envelope.messages) {
    for (const segment of message.segments) {
      if (segment.kind !== 'static_var') continue;
      folded.push(`static_var ${jsonPreview(segment.name, 80)} in message '${message.id}'`);
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
