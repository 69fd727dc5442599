import type { Envelope, Message, SegmentOfKind } from './protocol.js';
import { expandPlaceholders, placeholderNames } from './template.js';

/**
 * The content decisions every export target shares (SPEC §3.2): what goes into the system text,
 * how segments become text and images, which tool result answers which call. Targets only
 * render this into their own request shape, so they never disagree about content.
 */
export interface Conversation {
  model?: string;
  /** The leading system text, or null when there is nothing to put in it. */
  system: string | null;
  /** Ids of the messages whose segments make up `system`. */
  systemSourceIds: string[];
  turns: Turn[];
  tools: ToolDeclaration[];
  warnings: ExportWarning[];
}

export type TurnRole = 'system' | 'user' | 'assistant' | 'tool';

export interface Turn {
  /** `system` here is a system message after the conversation has started. */
  role: TurnRole;
  /** The envelope message this turn comes from. */
  sourceId: string;
  /** When that message was sent (Unix epoch milliseconds). */
  timestamp: number;
  /** Text and image parts in segment order; consecutive texts are already joined. */
  parts: ContentPart[];
  /** Tool calls (assistant turns only). */
  toolCalls: ToolCall[];
  /** The answer to one tool call (tool turns only). */
  toolResult?: ToolResult;
}

export type ContentPart =
  { type: 'text'; text: string } | { type: 'image'; url: string; altText?: string };

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface ToolResult {
  /** The id of the call it answers; for a result that answers no call, a made-up `orphan_…` id. */
  callId: string;
  /** True when no open call of this tool existed. */
  orphan: boolean;
  toolName: string;
  result: string;
  success: boolean;
}

export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** The message whose tool_overview declares it. */
  sourceId: string;
}

export interface ExportWarning {
  /** Stable identifier of the finding, e.g. `tool-call-unanswered`. */
  code: string;
  message: string;
  /** The envelope messages concerned (may be empty for envelope-wide findings). */
  messageIds: string[];
}

export interface ConversationOptions {
  model?: string;
}

const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export function buildConversation(
  envelope: Envelope,
  options: ConversationOptions = {},
): Conversation {
  const warnings: ExportWarning[] = [];
  const variables = collectVariables(envelope, warnings);
  const systemParts: string[] = [];
  const systemSourceIds: string[] = [];
  const turns: Turn[] = [];
  const tools: ToolDeclaration[] = [];
  const callIds = new CallIds();
  const openCalls = new Map<string, string[]>();
  let conversationStarted = false;

  for (const message of envelope.messages) {
    // The conversation starts with the first message the request actually carries: a message
    // whose segments all go into the system text (a user message holding only memory, say)
    // does not end the leading system part. Import relies on this to read bodies back.
    if (turns.length > 0) conversationStarted = true;
    const content = new PartsBuilder();
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    let wroteToHeader = false;

    for (const segment of message.segments) {
      switch (segment.kind) {
        case 'static_var':
          break;
        case 'system_prompt':
        case 'memory':
        case 'skills':
        case 'tool_overview': {
          if (segment.kind === 'tool_overview') tools.push(...declareTools(segment, message));
          const text = renderStructural(segment, variables, message, warnings);
          if (text !== '') systemParts.push(text);
          wroteToHeader = true;
          break;
        }
        case 'text':
        case 'long_text':
          content.addText(segment.content);
          break;
        case 'document':
          content.addText(
            `[Document: ${segment.fileName} (${formatBytes(segment.sizeBytes)})]\n${segment.snippet}`,
          );
          break;
        case 'media':
          if (segment.mediaType === 'image' && message.role === 'user') {
            content.addImage(segment.url, segment.altText);
          } else {
            content.addText(`[${segment.mediaType}: ${segment.altText || segment.url}]`);
          }
          break;
        case 'tool_call_request': {
          const id = callIds.next(message.id);
          calls.push({ id, name: segment.toolName, arguments: segment.arguments });
          const queue = openCalls.get(segment.toolName) ?? [];
          queue.push(id);
          openCalls.set(segment.toolName, queue);
          break;
        }
        case 'tool_call_result': {
          const callId = openCalls.get(segment.toolName)?.shift();
          results.push({
            callId: callId ?? callIds.next(message.id, 'orphan'),
            orphan: callId === undefined,
            toolName: segment.toolName,
            result: segment.result,
            success: segment.success,
          });
          break;
        }
      }
    }

    const parts = content.parts;
    const resultTurns = results.map((toolResult) => ({
      ...turn('tool', message, [], []),
      toolResult,
    }));
    const leadingSystem = message.role === 'system' && !conversationStarted;
    if (message.role === 'assistant') {
      // Results recorded in an assistant message can only answer calls made before them.
      if (parts.length > 0 || calls.length > 0)
        turns.push(turn('assistant', message, parts, calls));
      turns.push(...resultTurns);
    } else {
      // Results answer earlier calls, so they go first: the message's own text must not come
      // between a call and its answer.
      turns.push(...resultTurns);
      if (leadingSystem) {
        for (const part of parts)
          if (part.type === 'text' && part.text !== '') systemParts.push(part.text);
        if (parts.length > 0) wroteToHeader = true;
      } else if (parts.length > 0) {
        if (message.role === 'tool') {
          warnings.push({
            code: 'tool-message-text',
            message: `Message '${message.id}' has role tool, but only tool results can be sent as tool messages; its other content is sent as a user message.`,
            messageIds: [message.id],
          });
        }
        turns.push(turn(message.role === 'tool' ? 'user' : message.role, message, parts, []));
      }
      if (calls.length > 0) {
        warnings.push({
          code: 'tool-call-outside-assistant',
          message: `Message '${message.id}' has role ${message.role}, but only the assistant calls tools; its tool calls are sent as an assistant message.`,
          messageIds: [message.id],
        });
        turns.push(turn('assistant', message, [], calls));
      }
    }
    if (wroteToHeader && !systemSourceIds.includes(message.id)) systemSourceIds.push(message.id);
  }

  const model = options.model ?? envelope.model;
  // An empty name is no model either: every provider refuses it.
  if (model === undefined || model === '') {
    warnings.push({
      code: 'model-missing',
      message:
        "No model is set: pass the model option or set the envelope's model. Providers require one.",
      messageIds: [],
    });
  }
  return {
    ...(model === undefined ? {} : { model }),
    system: systemParts.length > 0 ? systemParts.join('\n\n') : null,
    systemSourceIds,
    turns,
    tools,
    warnings,
  };
}

function turn(role: TurnRole, message: Message, parts: ContentPart[], toolCalls: ToolCall[]): Turn {
  return { role, sourceId: message.id, timestamp: message.timestamp, parts, toolCalls };
}

/** Joins consecutive texts with a blank line; images split the text into separate parts. */
class PartsBuilder {
  readonly parts: ContentPart[] = [];

  addText(text: string) {
    const last = this.parts.at(-1);
    if (last?.type === 'text') {
      if (text !== '') last.text = last.text === '' ? text : `${last.text}\n\n${text}`;
    } else {
      this.parts.push({ type: 'text', text });
    }
  }

  addImage(url: string, altText?: string) {
    this.parts.push(
      altText === undefined ? { type: 'image', url } : { type: 'image', url, altText },
    );
  }
}

/** Deterministic call ids `call_{messageId}_{n}`, made safe for every provider and unique. */
class CallIds {
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();

  next(messageId: string, prefix = 'call'): string {
    const key = `${prefix}\u0000${messageId}`;
    let n = this.counters.get(key) ?? 0;
    // Anthropic accepts only [a-zA-Z0-9_-] in tool_use ids, so other characters become '_'.
    const safe = messageId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 48);
    let id: string;
    do id = `${prefix}_${safe}_${n++}`;
    while (this.used.has(id));
    this.counters.set(key, n);
    this.used.add(id);
    return id;
  }
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

type StructuralSegment = SegmentOfKind<'system_prompt' | 'memory' | 'skills' | 'tool_overview'>;

/** The text a structural segment adds to the system text (measureEnvelope reads it too). */
export function renderStructural(
  segment: StructuralSegment,
  variables: Map<string, string>,
  message: Message,
  warnings: ExportWarning[],
): string {
  switch (segment.kind) {
    case 'system_prompt':
      for (const name of placeholderNames(segment.content)) {
        if (!variables.has(name)) {
          warnings.push({
            code: 'unknown-template-variable',
            message: `The system prompt in message '${message.id}' uses {{${name}}}, but no static_var defines it; it is sent unchanged.`,
            messageIds: [message.id],
          });
        }
      }
      return expandPlaceholders(segment.content, variables);
    case 'memory':
      return withDescription(
        segment.description,
        segment.items.map((i) => `- ${i.title}: ${i.content}`),
      );
    case 'skills':
      // Only L1 (name + description): skill bodies are loaded when a skill runs, never exported.
      return withDescription(
        segment.description,
        segment.items.map((i) => `- /${i.name}: ${i.description}`),
      );
    case 'tool_overview':
      return segment.items.map((i) => `- ${i.name}(${i.parameters}): ${i.description}`).join('\n');
  }
}

function withDescription(description: string | undefined, lines: string[]): string {
  return (description ? [description, ...lines] : lines).join('\n');
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

/** Binary units with one decimal, as file managers show them: 2845000 → "2.7 MB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  const rounded = Math.round(value * 10) / 10;
  return `${rounded % 1 === 0 ? rounded.toFixed(0) : rounded.toFixed(1)} ${units[unit]}`;
}
