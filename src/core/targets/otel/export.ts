import {
  isJsonObject as isObject,
  recordCallId,
  listOf,
  startCheck,
  type RequestViolation,
} from '../request-check.js';
import type { ContentPart, Conversation, Turn } from '../../assembly/conversation.js';
import { imageMimeType, parseDataUrl, pointerIndex, type Rendered } from '../render-common.js';
import { jsonPreview } from '../../protocol/json-value.js';
import type { Target } from '../target.js';

/**
 * The OpenTelemetry GenAI semantic conventions (v1.41.0) for what a model was sent:
 * `gen_ai.system_instructions`, `gen_ai.input.messages` and `gen_ai.tool.definitions`.
 */
export interface OTelGenAIRecord {
  systemInstructions: OTelPart[];
  inputMessages: OTelMessage[];
  toolDefinitions: OTelToolDefinition[];
}

export interface OTelMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  parts: OTelPart[];
}

export type OTelPart =
  | { type: 'text'; content: string }
  | { type: 'uri'; modality: 'image'; mime_type?: string; uri: string }
  | { type: 'blob'; modality: 'image'; mime_type: string; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: Record<string, unknown> }
  /** `success` is an extra property (the conventions allow them) carrying the result's status. */
  | { type: 'tool_call_response'; id: string; response: string; success: boolean };

export interface OTelToolDefinition {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** OTel keeps every role, so later system messages stay system messages. */
export function renderOTel(conversation: Conversation): Rendered<OTelGenAIRecord> {
  const messages = conversation.turns.map((turn) => ({
    role: turn.role,
    parts: turnParts(turn),
    source: turn.sourceId,
  }));
  const body: OTelGenAIRecord = {
    systemInstructions:
      conversation.system === null ? [] : [{ type: 'text', content: conversation.system }],
    inputMessages: messages.map(({ role, parts }) => ({ role, parts })),
    toolDefinitions: conversation.tools.map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description,
      parameters: t.parameters,
    })),
  };
  return {
    body,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'inputMessages');
      if (m !== null) return messages[m] ? [messages[m].source] : [];
      const t = pointerIndex(path, 'toolDefinitions');
      if (t !== null) return conversation.tools[t] ? [conversation.tools[t].sourceId] : [];
      return path.startsWith('/systemInstructions') ? conversation.systemSourceIds : [];
    },
  };
}

function turnParts(turn: Turn): OTelPart[] {
  if (turn.role === 'tool') {
    const r = turn.toolResult!;
    return [{ type: 'tool_call_response', id: r.callId, response: r.result, success: r.success }];
  }
  return [
    ...turn.parts.map(part),
    ...turn.toolCalls.map((c): OTelPart => ({
      type: 'tool_call',
      id: c.id,
      name: c.name,
      arguments: c.arguments,
    })),
  ];
}

function part(p: ContentPart): OTelPart {
  if (p.type === 'text') return { type: 'text', content: p.text };
  const data = parseDataUrl(p.url);
  if (data)
    return { type: 'blob', modality: 'image', mime_type: data.mimeType, content: data.data };
  const mimeType = imageMimeType(p.url);
  return mimeType
    ? { type: 'uri', modality: 'image', mime_type: mimeType, uri: p.url }
    : { type: 'uri', modality: 'image', uri: p.url };
}

/**
 * What the OTel JSON schemas cannot see: every tool call response answers an earlier tool call
 * of the record, and no call id is used twice. Accepts any value and never throws.
 *
 * @example
 * ```ts
 * const violations = checkOTelRecord(record); // e.g. a tool call response that answers no call
 * ```
 */
export function checkOTelRecord(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input, 'The record');
  if (!body) return violations;
  const calls = new Set<string>();
  listOf(body.inputMessages).forEach((message, m) => {
    const parts = isObject(message) ? listOf(message.parts) : [];
    parts.forEach((p, i) => {
      if (!isObject(p)) return;
      if (p.type === 'tool_call' && typeof p.id === 'string')
        recordCallId(p.id, `/inputMessages/${m}/parts/${i}/id`, calls, add);
      if (p.type === 'tool_call_response' && (typeof p.id !== 'string' || !calls.has(p.id))) {
        add(
          `/inputMessages/${m}`,
          'tool-result-orphan',
          `Message ${m} answers tool call '${typeof p.id === 'string' ? p.id : jsonPreview(p.id)}', which no earlier message makes.`,
        );
      }
    });
  });
  return violations;
}

/** OpenTelemetry GenAI records keep every role where it was; they name no model. */
export const otel: Target<OTelGenAIRecord> = {
  name: 'otel',
  midConversationSystem: () => 'system',
  carriesModel: false,
  render: (conversation) => renderOTel(conversation),
  check: checkOTelRecord,
};
