/**
 * Prompt Envelope protocol (SPEC §2): Envelope → Message → Segment. Version 1.0 is the base;
 * 1.1 adds participants (`scene`, `actor`, `replyTo`) and `event` messages of state changes.
 * Field names are camelCase; timestamps are Unix epoch milliseconds.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool' | 'event';

export const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool', 'event'];

export type ProtocolVersion = '1.0' | '1.1';

export interface Envelope {
  /** Lets editors such as VS Code find the schema. */
  $schema?: string;
  version: ProtocolVersion;
  model?: string;
  /** 1.1: the group or private chat the conversation happens in. */
  scene?: Scene;
  /** 1.1: what a logged provider request carried besides the conversation. */
  request?: RequestRecord;
  messages: Message[];
}

/** The APIs a logged request can be written for (Envelope.request.target). */
export type RequestTarget = 'openai' | 'openai-responses' | 'anthropic' | 'gemini';

/**
 * 1.1: what a logged provider request carried besides the conversation, kept so that exporting
 * to the same API gives the request back.
 */
export interface RequestRecord {
  /** The API the request was written for. */
  target: RequestTarget;
  /**
   * The request's own settings as the API wrote them (`stream`, `temperature`, `tool_choice`,
   * `reasoning`, `max_tokens`, `thinking`, `generationConfig` …). Exports to the same API add each
   * one the body does not have; other APIs leave them out with a warning. Never the conversation
   * or stored context (`messages`, `input`, `system`, `tools`, `contents` …).
   */
  fields?: Record<string, unknown>;
  /** Responses only: the input was sent as one string instead of a list of items. */
  inputForm?: 'text';
}

/** 1.1: trusted facts about the conversation's place, rendered as the scene line (SPEC §3.6). */
export interface Scene {
  id: string;
  /** `group`, `private` or another platform's word. */
  type: string;
  name?: string;
  ownerId?: string;
  admins?: string[];
  memberCount?: number;
  globalMute?: boolean;
  /** The assistant's own role in the scene, e.g. `admin`. */
  assistantRole?: string;
}

/** 1.1: trusted facts about who sent a user or assistant message; headers are rendered from them. */
export interface Actor {
  userId: string;
  name?: string;
  /** Platform and product roles merged, e.g. `["master", "owner"]`. */
  roles?: string[];
  groupNickname?: string;
  groupTitle?: string;
  /** Remaining mute in seconds; 0 = not muted. */
  muteTime?: number;
  /** Set when another bot speaks (decided by trusted inbound checks). */
  origin?: 'peer_bot';
}

export interface Message {
  id: string;
  role: Role;
  segments: Segment[];
  timestamp: number;
  /** 1.1, user and assistant messages: who spoke. */
  actor?: Actor;
  /** 1.1: the id of the message this one replies to. */
  replyTo?: string;
  /**
   * 1.1: the author name the provider request gave this message (OpenAI's `name`, on any role).
   * Sent to OpenAI Chat Completions only; no other API has a place for it.
   */
  name?: string;
  /**
   * 1.1, system messages: the role the provider request used, when it is not `system`
   * (`developer`, OpenAI's name for instructions). OpenAI targets send that role back.
   */
  originalRole?: OriginalRole;
  /**
   * 1.1: how the message's content was written, kept so that an imported request exports the
   * same way: `parts` sends a list of parts, one per segment (texts not joined), even for a
   * single text; `text` sends one string where the API allows it. Absent: each target's default.
   */
  contentForm?: ContentForm;
  /**
   * 1.1, OpenAI Responses input: whether the item said `type: "message"` (`message`) or left it
   * out (`none`). Absent: the exporter's default.
   */
  itemType?: ItemType;
  /**
   * 1.1, Gemini: the content's `role` where exports would write another. On the system message,
   * the role the request's `systemInstruction` carried (the SDKs write `user`), which exports
   * otherwise leave out; `none`: the content left its role out (the API reads it as `user`).
   */
  contentRole?: string;
  /** 1.1, OpenAI Responses input: the message item's `id`. Only Responses exports send it. */
  itemId?: string;
  /**
   * 1.1, OpenAI Responses input: the message item's `status`; `none`: the item had none. Absent:
   * the exporter's default (`completed` on an assistant item of type message, none elsewhere).
   */
  itemStatus?: ItemStatus | 'none';
  /**
   * 1.1, OpenAI Chat Completions: the message's fields that came with no value, as SDKs send a
   * response message back (`refusal: null`, `annotations: []`, `audio: null` …). Nothing is
   * shown of them; OpenAI Chat exports write them again.
   */
  emptyFields?: Record<string, null | []>;
}

/** The `status` of an OpenAI Responses input item. */
export type ItemStatus = 'completed' | 'incomplete' | 'in_progress';

/** Message.itemType: a Responses input item with or without `type: "message"`. */
export type ItemType = 'message' | 'none';

/** The roles a provider request may use instead of `system` (Message.originalRole). */
export type OriginalRole = 'developer';

/** Message.contentForm: a list of parts, one string, or (assistant turns of only calls) none. */
export type ContentForm = 'parts' | 'text' | 'none';

/** 1.1: a call, result or tool declaration that the provider runs itself, not the app. */
export type RunBy = 'provider';

export interface TextSegment {
  kind: 'text';
  /** Markdown. */
  content: string;
  /** 1.1: Anthropic's `cache_control` marker on this block. Only Anthropic exports send it. */
  cacheControl?: Record<string, unknown>;
  /**
   * 1.1: the sources the provider cited for this text, as the API wrote them (Anthropic
   * `citations`, Responses `annotations`); shown as numbered references, sent back only to the
   * API they came from.
   */
  citations?: Record<string, unknown>[];
  /** 1.1: Gemini's opaque `thoughtSignature` on this text part. Only Gemini exports send it. */
  thoughtSignature?: string;
}

export interface StaticVarSegment {
  kind: 'static_var';
  name: string;
  value: string;
  description?: string;
}

export interface SystemPromptSegment {
  kind: 'system_prompt';
  /** May hold `{{name}}` placeholders filled from static_var segments. */
  content: string;
  collapsed: boolean;
  /** 1.1: Anthropic's `cache_control` marker on this system block. */
  cacheControl?: Record<string, unknown>;
}

export interface MemoryItem {
  title: string;
  content: string;
}

export interface MemorySegment {
  kind: 'memory';
  description?: string;
  items: MemoryItem[];
  collapsed: boolean;
}

export interface SkillItem {
  name: string;
  description: string;
  /** L2 instructions: filled in at run time by a skill registry, never exported. */
  body?: string;
}

export interface SkillsSegment {
  kind: 'skills';
  description?: string;
  items: SkillItem[];
  collapsed: boolean;
}

export interface ToolItem {
  name: string;
  description: string;
  /** Human summary such as `query: string, limit?: number`. */
  parameters: string;
  /** JSON Schema of the arguments object. */
  schema?: Record<string, unknown>;
  /** 1.1: a tool the provider runs itself (web search, code execution, an MCP server …). */
  runBy?: RunBy;
  /**
   * 1.1: the declaration as the API wrote it (server and built-in tools), sent back unchanged.
   * On an app's OpenAI Chat function tool: the tool object, when it holds what name,
   * description and schema do not (`strict` …); sent back while it still agrees with them.
   */
  declaration?: Record<string, unknown>;
  /**
   * 1.1: where the request declared the tool when not in `tools`: Anthropic's `mcp_servers`,
   * OpenAI Chat's legacy `functions`.
   */
  declaredIn?: 'mcp_servers' | 'functions';
  /**
   * 1.1, Gemini function declarations: the schema was given in `parameters` (the API's OpenAPI
   * subset), not `parametersJsonSchema`. `parameters` sends `schema` there as it is; `openapi`
   * in the form the SDKs write (type names in capitals, `nullable` instead of a null type).
   */
  schemaForm?: 'parameters' | 'openapi' | 'numbered';
  /**
   * 1.1, Gemini: the index of the request's `tools` entry that declared this tool, where the
   * entries group declarations otherwise than exports do (every function in one entry, each
   * built-in tool in its own). Tools with the same group go into one entry.
   */
  group?: number;
  /**
   * 1.1: fields of the API's function declaration that the protocol does not model, as the API
   * wrote them (Gemini `response`, `responseJsonSchema`, `behavior`); Gemini exports add them back.
   */
  fields?: Record<string, unknown>;
}

export interface ToolOverviewSegment {
  kind: 'tool_overview';
  items: ToolItem[];
  collapsed: boolean;
  /**
   * 1.1: `false` when the request declared the tools only in the API's `tools` field, not in the
   * system text; exports then add no listing to the system text.
   */
  inSystemText?: boolean;
}

export interface ToolCallRequestSegment {
  kind: 'tool_call_request';
  toolName: string;
  arguments: Record<string, unknown>;
  collapsed: boolean;
  /** 1.1: the provider's id of this call; exports use it instead of `call_{messageId}_{n}`. */
  callId?: string;
  /**
   * 1.1: Gemini's opaque `thoughtSignature` of the function-call part, which thinking models
   * require back in later turns. Only Gemini exports send it.
   */
  thoughtSignature?: string;
  /** 1.1: the arguments' own JSON text; exports send it while it still parses to `arguments`. */
  argumentsText?: string;
  /** 1.1: the provider ran this call itself (a server or built-in tool), not the app. */
  runBy?: RunBy;
  /** 1.1: the MCP server the call went to (Anthropic `server_name`, Responses `server_label`). */
  server?: string;
  /**
   * 1.1: the API's own item or block of a provider-run call whose shape the protocol does not
   * model field by field (Responses built-in calls …), sent back unchanged to that API.
   */
  item?: Record<string, unknown>;
  /** 1.1, OpenAI Responses: the `function_call` item's `id` (not its `call_id`). */
  itemId?: string;
  /** 1.1, OpenAI Responses: the `function_call` item's `status`. */
  itemStatus?: ItemStatus;
}

export interface ToolCallResultSegment {
  kind: 'tool_call_result';
  toolName: string;
  result: string;
  success: boolean;
  collapsed: boolean;
  /** 1.1: the id of the call this result answers; pairs by id instead of by tool name. */
  callId?: string;
  /** 1.1: the result of a call the provider ran itself. */
  runBy?: RunBy;
  /**
   * 1.1: the result as the API gave it when it is not text (Gemini `functionResponse.response`,
   * Anthropic server tool result content); `result` holds it as text for other APIs.
   */
  structured?: Record<string, unknown> | unknown[];
  /** 1.1: the API's own type of the result block (`web_search_tool_result` …). */
  resultType?: string;
  /**
   * 1.1: fields of the API's result that the protocol does not model, as the API wrote them
   * (Gemini `functionResponse` `willContinue`, `scheduling`, `parts`); Gemini exports add them back.
   */
  fields?: Record<string, unknown>;
  /** 1.1, OpenAI Responses: the `function_call_output` item's `id`. */
  itemId?: string;
  /** 1.1, OpenAI Responses: the `function_call_output` item's `status`. */
  itemStatus?: ItemStatus;
  /**
   * 1.1: the API's own item or block, when it holds what the other fields cannot give back
   * (Responses `computer_call_output`, `local_shell_call_output`, `mcp_approval_response` …;
   * Anthropic: a `tool_result`'s list of blocks, `is_error: false`, `cache_control` …), sent back
   * unchanged to that API; other APIs get `result`.
   */
  item?: Record<string, unknown>;
}

export interface DocumentSegment {
  kind: 'document';
  fileName: string;
  mimeType: string;
  /** The first 200 characters of the document. */
  snippet: string;
  sizeBytes: number;
  /** Markdown extracted from the document. */
  parsedContent?: string;
}

export interface LongTextSegment {
  kind: 'long_text';
  content: string;
  charCount: number;
  collapsed: boolean;
}

export type MediaType = 'image' | 'audio' | 'video';

export interface MediaSegment {
  kind: 'media';
  mediaType: MediaType;
  url: string;
  altText?: string;
  /**
   * 1.1, images: the resolution OpenAI should look at the image in (`image_url.detail`,
   * `input_image.detail`). Only OpenAI targets send it.
   */
  detail?: ImageDetail;
}

/** How closely OpenAI looks at an image; `auto` is the API's default. */
export type ImageDetail = 'auto' | 'low' | 'high' | 'original';

export type StateChangeType = 'member_changed' | 'member_joined' | 'member_left';

export type StateChangeField = 'role' | 'name' | 'mute_time' | 'group_title' | 'group_nickname';

export const STATE_CHANGE_FIELDS: readonly StateChangeField[] = [
  'role',
  'name',
  'mute_time',
  'group_title',
  'group_nickname',
];

/** 1.1, only in `event` messages: a member joined, left or had a fact changed. */
export interface StateChangeSegment {
  kind: 'state_change';
  change: StateChangeType;
  userId: string;
  /** Who made the change; `system` when the platform does not say. */
  operator?: string;
  /** What changed (member_changed only). */
  field?: StateChangeField;
  /** The new value (member_changed only); member-controlled, so always rendered quoted. */
  value?: string;
  sceneId?: string;
  /** For joins and leaves: `self` or the operator's id. */
  by?: string;
}

/**
 * 1.1: the model's reasoning before it answered, shown collapsed. Signatures and encrypted data
 * are opaque and kept byte for byte.
 */
export interface ThinkingSegment {
  kind: 'thinking';
  /** The thinking text (empty when only a summary, a signature or encrypted data came). */
  content: string;
  collapsed: boolean;
  /** OpenAI Responses: the reasoning item's summary parts, in order. */
  summary?: string[];
  /** Anthropic's signature of a thinking block: opaque, kept byte for byte. */
  signature?: string;
  /** Gemini's `thoughtSignature` of a thought part (or of an empty text that carries only it). */
  thoughtSignature?: string;
  /** Anthropic `redacted_thinking`: the encrypted data; nothing of it can be shown. */
  redactedData?: string;
  /** OpenAI Responses: the reasoning item's `encrypted_content`. */
  encryptedContent?: string;
  /** OpenAI Responses: the reasoning item's id. */
  itemId?: string;
  /** OpenAI Responses: the reasoning item's status. */
  itemStatus?: ItemStatus;
  /**
   * OpenAI Responses: the reasoning item's fields that were there but empty (`content: []`,
   * `encrypted_content: null`); exports write them back so.
   */
  itemEmpty?: ('content' | 'encrypted_content')[];
  /** OpenAI-compatible Chat APIs: the assistant message field the reasoning came in. */
  field?: 'reasoning_content' | 'reasoning';
}

export type Segment =
  | TextSegment
  | StaticVarSegment
  | SystemPromptSegment
  | MemorySegment
  | SkillsSegment
  | ToolOverviewSegment
  | ToolCallRequestSegment
  | ToolCallResultSegment
  | DocumentSegment
  | LongTextSegment
  | MediaSegment
  | StateChangeSegment
  | ThinkingSegment;

export type SegmentKind = Segment['kind'];

export type SegmentOfKind<K extends SegmentKind> = Extract<Segment, { kind: K }>;

export const SEGMENT_KINDS: readonly SegmentKind[] = [
  'text',
  'static_var',
  'system_prompt',
  'memory',
  'skills',
  'tool_overview',
  'tool_call_request',
  'tool_call_result',
  'document',
  'long_text',
  'media',
  'state_change',
  'thinking',
];

/** Segments that describe the model's setup and are merged into the leading system text. */
export const STRUCTURAL_KINDS: readonly SegmentKind[] = [
  'system_prompt',
  'memory',
  'skills',
  'tool_overview',
];

/** Collapse defaults of SPEC §2.1, used by normalizeEnvelope and by the elements. */
export function defaultCollapsed(segment: {
  kind?: unknown;
  success?: unknown;
}): boolean | undefined {
  switch (segment.kind) {
    case 'system_prompt':
    case 'memory':
    case 'skills':
    case 'tool_overview':
    case 'long_text':
    case 'thinking':
      return true;
    case 'tool_call_request':
      return false;
    case 'tool_call_result':
      return segment.success !== false;
    default:
      return undefined;
  }
}
