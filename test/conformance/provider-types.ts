/**
 * Compile-time conformance (run by `npm run typecheck`): the exporters' body types must be
 * assignable to the official SDK types. Removing a required field from an exporter's type, or
 * giving a field a type the API does not accept, fails the build.
 */
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Content, ContentUnion, Tool } from '@google/genai';
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseOutputMessage,
  ResponseReasoningItem,
} from 'openai/resources/responses/responses';
import type {
  AnthropicBlock,
  AnthropicRequest,
  AnthropicTool,
} from '../../src/core/targets/anthropic/export.js';
import type { GeminiRequest } from '../../src/core/targets/gemini/export.js';
import type {
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesFunctionTool,
  OpenAIResponsesItem,
  OpenAIResponsesReasoning,
  OpenAIResponsesRequest,
} from '../../src/core/targets/openai-responses/export.js';

// The model is optional in our type only because an envelope may lack one (a warning). What
// the exporter sends back as the logged request wrote it (AnthropicVerbatimBlock: provider-run
// calls and results, cited text; the declarations of provider-run tools and mcp_servers) is the
// API's own and not built here: the check covers the blocks and tools the exporter builds.
type BuiltAnthropicRequest = AnthropicRequest & {
  model: string;
  messages: { role: 'user' | 'assistant'; content: string | AnthropicBlock[] }[];
  tools?: AnthropicTool[];
};
export const anthropicConforms = (body: BuiltAnthropicRequest) =>
  body satisfies MessageCreateParamsNonStreaming;

export const geminiConforms = (body: GeminiRequest) => ({
  contents: body.contents satisfies Content[],
  // A string only when the logged request had one, as the SDKs take it (ContentUnion).
  systemInstruction: body.systemInstruction satisfies ContentUnion | undefined,
  tools: body.tools satisfies Tool[] | undefined,
});

/**
 * OpenAI Responses (the `openai` package, devDependency only). Deliberate differences, each kept
 * so that an imported request comes back as it was sent:
 * - An assistant message item has no `id` unless the envelope kept one (`itemId`): sent back as
 *   input, an id makes the API look the item up among stored responses (a 400 when it is not
 *   there), as OpenAI's guide to conversation state says. The SDK types an output message as
 *   the API returns it, id included.
 * - An assistant item in the form clients write (`itemType: "none"`) has no `type` or `status`,
 *   and its texts no `annotations` unless they had some; the SDK requires all three on output
 *   messages. Input messages may carry the `id` they were logged with.
 * - A reasoning item has the `id` and `summary` the logged one had (the SDK requires both; an
 *   item of only encrypted content has neither).
 * - A function tool whose logged declaration had no `strict` or `parameters` comes back without
 *   them (the SDK requires both; the API takes `strict` as true when it is left out).
 * - Built-in tool declarations, built-in calls and their result items, annotations and a
 *   function call output given as a list of parts are sent as the envelope keeps them
 *   (verbatim), not built from SDK types.
 * Every other item and the rest of the body must be the SDK's types.
 */
type Messages = Extract<OpenAIResponsesItem, { role: string }>;
type InputList = Extract<Messages, { role: 'user' | 'system' | 'developer'; content: unknown[] }>;
type AssistantList = Extract<Messages, { role: 'assistant'; content: unknown[] }>;

export const openAIResponsesConforms = (body: OpenAIResponsesRequest & { model: string }) => {
  const { input, model, instructions } = body;
  return {
    rest: { model, instructions } satisfies ResponseCreateParamsNonStreaming,
    input: (typeof input === 'string'
      ? input
      : []) satisfies ResponseCreateParamsNonStreaming['input'],
  };
};

export const openAIResponsesItemsConform = (
  message: InputList,
  text: Extract<Messages, { content: string }>,
  assistant: AssistantList,
  call: OpenAIResponsesFunctionCall,
  output: OpenAIResponsesFunctionCallOutput & { output: string },
  reasoning: OpenAIResponsesReasoning,
  tool: OpenAIResponsesFunctionTool,
) => {
  const inputMessage = {
    type: message.type,
    role: message.role,
    status: message.status,
    content: message.content,
  };
  const easy = { type: text.type, role: text.role, content: text.content };
  return {
    message: inputMessage satisfies ResponseInputItem.Message,
    text: easy satisfies ResponseInputItem,
    // The output form with an id, type, status and annotations is the SDK's output message.
    assistant: {
      ...assistant,
      id: 'msg_0',
      type: 'message',
      status: 'completed',
      content: assistant.content.map((p) => ({ ...p, annotations: [] })),
    } satisfies ResponseOutputMessage,
    call: call satisfies ResponseFunctionToolCall,
    output: output satisfies ResponseInputItem.FunctionCallOutput,
    reasoning: {
      ...reasoning,
      id: reasoning.id ?? 'rs_0',
      summary: reasoning.summary ?? [],
    } satisfies ResponseReasoningItem,
    tool: {
      ...tool,
      parameters: tool.parameters ?? null,
      strict: tool.strict ?? null,
    } satisfies FunctionTool,
  };
};
