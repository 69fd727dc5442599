import type {
  ContentForm,
  ImageDetail,
  ItemType,
  Message,
  OriginalRole,
  RequestRecord,
  SegmentOfKind,
  ToolItem,
} from '../protocol/types.js';
import { expandWithin, MAX_EXPANDED_CHARS, placeholderNames } from '../protocol/template.js';

/**
 * The content decisions every export target shares (SPEC §3.2, §3.6): what goes into the system
 * text, how segments become text and images, which tool result answers which call. `assemble`
 * (assemble.ts) makes it; targets only render it into their own request shape, so they never
 * disagree about content.
 */
/** Where a target can put a system message that comes after the conversation started. */
export type MidConversationSystem = 'system' | 'developer' | 'none';

export interface Conversation {
  model?: string;
  /** The leading system text, or null when there is nothing to put in it. */
  system: string | null;
  /** Ids of the messages whose segments make up `system`. */
  systemSourceIds: string[];
  turns: Turn[];
  tools: ToolDeclaration[];
  warnings: ExportWarning[];
  /** Where the assembly put events and later system messages (absent: `system`). */
  midConversationSystem?: MidConversationSystem;
  /** What the first message behind `system` says about how it was sent (protocol 1.1). */
  systemHints?: MessageHints;
  /**
   * The parts of `system` (what it joins with blank lines) with the cache marker each carries,
   * when the first system message asked for a list (`contentForm: 'parts'`) or a part carries
   * one (protocol 1.1): Anthropic sends them as text blocks.
   */
  systemBlocks?: SystemBlock[];
  /** The envelope's `request` (protocol 1.1): a target that writes a field itself reads it here. */
  request?: RequestRecord;
}

/** One part of the system text, as Anthropic sends it: a text block. */
export interface SystemBlock {
  text: string;
  cacheControl?: Record<string, unknown>;
}

/** What an imported message keeps about how its request sent it (protocol 1.1, all optional). */
export interface MessageHints {
  /** OpenAI's author `name`. */
  name?: string;
  /** The role sent instead of `system` (OpenAI's `developer`). */
  originalRole?: OriginalRole;
  /** A list of parts (texts not joined) or one string; absent: the target's default. */
  contentForm?: ContentForm;
  /** Gemini: the content's `role` as the request wrote it (`none`: left out). */
  contentRole?: string;
  /** OpenAI Responses: the item's `type: "message"` said or left out, its `id` and `status`. */
  itemType?: ItemType;
  itemId?: string;
  itemStatus?: Message['itemStatus'];
  /** OpenAI Chat: fields the message sent with no value (`refusal: null` …). */
  emptyFields?: Message['emptyFields'];
}

export type TurnRole = 'system' | 'user' | 'assistant' | 'tool';

export interface Turn extends MessageHints {
  /** `system` here is a system message after the conversation has started. */
  role: TurnRole;
  /** The envelope message this turn comes from. */
  sourceId: string;
  /**
   * Text and image parts in segment order; consecutive texts are already joined, unless the
   * message's `contentForm` is `parts`.
   */
  parts: ContentPart[];
  /** Tool calls (assistant turns only). */
  toolCalls: ToolCall[];
  /** Thinking and provider-run calls and results, in their places (1.1; absent when none). */
  passThrough?: PassThrough[];
  /** The answer to one tool call (tool turns only). */
  toolResult?: ToolResult;
}

export type ContentPart =
  /** `segment`: the one text segment of this part, when it carries what a target may send (1.1). */
  | { type: 'text'; text: string; segment?: SegmentOfKind<'text'> }
  | { type: 'image'; url: string; altText?: string; detail?: ImageDetail };

/**
 * A segment only the API it came from can carry (1.1): thinking, and calls and results the
 * provider ran itself, with its place among the turn's parts (it comes before `parts[at]`).
 * A target that cannot send one leaves it out, and the export says so.
 */
export interface PassThrough {
  at: number;
  segment: PassThroughSegment;
}

/** What a pass-through holds. */
export type PassThroughSegment = SegmentOfKind<
  'thinking' | 'tool_call_request' | 'tool_call_result'
>;

export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Gemini's signature of the function-call part (protocol 1.1). */
  thoughtSignature?: string;
  /** The arguments' own JSON text (1.1); a target sends it while it still parses to `arguments`. */
  argumentsText?: string;
  /** True when the id is the segment's own `callId`, not made by the exporter (Gemini sends only these). */
  ownId?: true;
  /** The request segment, when it carries what a target may send (1.1: argumentsText, item id …). */
  segment?: SegmentOfKind<'tool_call_request'>;
}

export interface ToolResult {
  /** The id of the call it answers; for a result that answers no call, a made-up `orphan_…` id. */
  callId: string;
  toolName: string;
  result: string;
  success: boolean;
  /** True when the call id came from the envelope (a `callId`), not from the exporter. */
  ownId?: true;
  /** The result segment, when it keeps what its API may take back (`structured`, `fields`; 1.1). */
  segment?: SegmentOfKind<'tool_call_result'>;
  /** The API's own result block (protocol 1.1): only the API it came from sends it back. */
  item?: Record<string, unknown>;
}

export interface ToolDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** 1.1: a tool the provider runs itself; `declaration` is the API's own, sent back unchanged. */
  runBy?: 'provider';
  declaration?: Record<string, unknown>;
  /** 1.1: declared in Anthropic's `mcp_servers`, or OpenAI Chat's legacy `functions`. */
  declaredIn?: 'mcp_servers' | 'functions';
  /** 1.1, Gemini: the schema goes in `parameters` (ToolItem.schemaForm). */
  schemaForm?: ToolItem['schemaForm'];
  /** 1.1, Gemini: the request's tools entry it was declared in (ToolItem.group). */
  group?: number;
  /** 1.1: the declaration's fields the protocol does not model (ToolItem.fields). */
  fields?: Record<string, unknown>;
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
      {
        const { text, unexpanded } = expandWithin(segment.content, variables);
        if (unexpanded > 0) {
          warnings.push({
            code: 'template-too-long',
            message: `The system prompt in message '${message.id}' would grow past ${MAX_EXPANDED_CHARS.toLocaleString('en')} characters with its variables filled in, so ${unexpanded} of its placeholders are sent unchanged.`,
            messageIds: [message.id],
          });
        }
        return text;
      }
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
      // Tools the request declared only in the API's tools field, and tools the provider runs
      // itself, are not listed in the system text.
      if (segment.inSystemText === false) return '';
      return segment.items
        .filter((i) => i.runBy === undefined)
        .map((i) => `- ${i.name}(${i.parameters}): ${i.description}`)
        .join('\n');
  }
}

function withDescription(description: string | undefined, lines: string[]): string {
  return (description ? [description, ...lines] : lines).join('\n');
}

/** The text a part is sent as where images cannot go: `[image: alt text or url]`. */
export function partText(part: ContentPart): string {
  return part.type === 'text' ? part.text : `[image: ${part.altText || part.url}]`;
}

/** Parts as one text, blank-line separated. */
export function partsText(parts: readonly ContentPart[]): string {
  // The common case, without the intermediate array (exports of long conversations).
  if (parts.length === 1 && parts[0]!.type === 'text') return parts[0]!.text;
  return parts.map(partText).join('\n\n');
}

/** How a document is sent: `[Document: report.pdf (2.7 MB)]` and its snippet. */
export function documentText(segment: SegmentOfKind<'document'>): string {
  return `[Document: ${segment.fileName} (${formatBytes(segment.sizeBytes)})]\n${segment.snippet}`;
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
