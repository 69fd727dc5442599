/**
 * Prompt Envelope protocol 1.0 (SPEC §2.1): Envelope → Message → Segment.
 * Field names are camelCase; timestamps are Unix epoch milliseconds.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

export interface Envelope {
  /** Lets editors such as VS Code find the schema. */
  $schema?: string;
  version: '1.0';
  model?: string;
  messages: Message[];
}

export interface Message {
  id: string;
  role: Role;
  segments: Segment[];
  timestamp: number;
}

export interface TextSegment {
  kind: 'text';
  /** Markdown. */
  content: string;
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
}

export interface ToolOverviewSegment {
  kind: 'tool_overview';
  items: ToolItem[];
  collapsed: boolean;
}

export interface ToolCallRequestSegment {
  kind: 'tool_call_request';
  toolName: string;
  arguments: Record<string, unknown>;
  collapsed: boolean;
}

export interface ToolCallResultSegment {
  kind: 'tool_call_result';
  toolName: string;
  result: string;
  success: boolean;
  collapsed: boolean;
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
  | MediaSegment;

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
      return true;
    case 'tool_call_request':
      return false;
    case 'tool_call_result':
      return segment.success !== false;
    default:
      return undefined;
  }
}
