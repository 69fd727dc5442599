import { partsText, type Conversation, type ContentPart } from './conversation.js';
import { stringifyJson } from './json-value.js';
import { pointerIndex, type Rendered } from './render-common.js';

/** The request body of OpenAI's Chat Completions API, as far as exports produce it. */
export interface OpenAIChatRequest {
  model?: string;
  messages: OpenAIMessage[];
  tools?: OpenAITool[];
}

export type OpenAIMessage =
  | { role: 'system' | 'developer'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export type OpenAIContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** o1, o3, o4-mini …: OpenAI's reasoning models take `developer` messages instead of `system`. */
export function isOpenAIReasoningModel(model: string | undefined): boolean {
  return model !== undefined && /^o\d/.test(model);
}

/**
 * Renders an assembled conversation as a Chat Completions body. Later system messages and events
 * arrive as `system` turns when the assembly chose `system` or `developer` for them, and as user
 * messages with a host header when it chose `none`.
 */
export function renderOpenAI(conversation: Conversation): Rendered<OpenAIChatRequest> {
  // Read before the loop: V8 optimises the loop while it runs (on-stack replacement), and a
  // property first read after it deoptimised that code on every export of a long conversation.
  const { model, tools } = conversation;
  const mode = conversation.midConversationSystem;
  const systemRole =
    mode === 'system' || mode === 'developer'
      ? mode
      : isOpenAIReasoningModel(model)
        ? 'developer'
        : 'system';
  const messages: OpenAIMessage[] = [];
  // The source of each body message: one id, or the ids behind the leading system message.
  const sourceIds: (string | string[])[] = [];
  if (conversation.system !== null) {
    messages.push({ role: systemRole, content: conversation.system });
    sourceIds.push(conversation.systemSourceIds);
  }
  for (const turn of conversation.turns) {
    sourceIds.push(turn.sourceId);
    switch (turn.role) {
      case 'system':
        messages.push({ role: systemRole, content: partsText(turn.parts) });
        break;
      case 'user':
        messages.push({ role: 'user', content: userContent(turn.parts) });
        break;
      case 'assistant': {
        const text = partsText(turn.parts);
        if (turn.toolCalls.length === 0) {
          messages.push({ role: 'assistant', content: text });
          break;
        }
        messages.push({
          role: 'assistant',
          content: turn.parts.length > 0 ? text : null,
          tool_calls: turn.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: stringifyJson(call.arguments) },
          })),
        });
        break;
      }
      case 'tool': {
        const result = turn.toolResult!;
        messages.push({
          role: 'tool',
          tool_call_id: result.callId,
          content: result.success ? result.result : errorText(result.result),
        });
        break;
      }
    }
  }
  const body: OpenAIChatRequest = { ...(model === undefined ? {} : { model }), messages };
  if (tools.length > 0) {
    body.tools = tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  return {
    body,
    sourcesAt: (path) => {
      const m = pointerIndex(path, 'messages');
      if (m !== null) {
        const ids = sourceIds[m] ?? [];
        return typeof ids === 'string' ? [ids] : ids;
      }
      const t = pointerIndex(path, 'tools');
      return t !== null && tools[t] ? [tools[t].sourceId] : [];
    },
  };
}

/** Failed results start with `Error: ` so that the model cannot mistake them for output. */
export function errorText(result: string): string {
  return result.startsWith('Error:') ? result : `Error: ${result}`;
}

/** A string unless the message holds an image: then parts in segment order. */
function userContent(parts: ContentPart[]): string | OpenAIContentPart[] {
  if (!parts.some((p) => p.type === 'image')) return partsText(parts);
  return parts.map((p) =>
    p.type === 'text'
      ? { type: 'text', text: p.text }
      : { type: 'image_url', image_url: { url: p.url } },
  );
}
