/**
 * Compile-time conformance (run by `npm run typecheck`): the exporters' body types must be
 * assignable to the official SDK types. Removing a required field from an exporter's type, or
 * giving a field a type the API does not accept, fails the build.
 */
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Content, Tool } from '@google/genai';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ResponseOutputMessage,
} from 'openai/resources/responses/responses';
import type {
  AnthropicBlock,
  AnthropicRequest,
  AnthropicTool,
} from '../../src/core/targets/anthropic/export.js';
import type { GeminiRequest } from '../../src/core/targets/gemini/export.js';
import type {
  OpenAIResponsesItem,
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
  systemInstruction: body.systemInstruction satisfies Content | undefined,
  tools: body.tools satisfies Tool[] | undefined,
});

/**
 * OpenAI Responses (the `openai` package, devDependency only). One deliberate difference: an
 * assistant message item has no `id`. The SDK types an output message as the API returns it,
 * id included; sent back as input, an id makes the API look the item up among stored
 * responses (a 400 when it is not there), so exports leave it out, as OpenAI's own guide to
 * conversation state does. Every other item and the rest of the body must be the SDK's types.
 */
type AssistantItem = Extract<OpenAIResponsesItem, { role: 'assistant'; status: 'completed' }>;

export const openAIResponsesConforms = (body: OpenAIResponsesRequest & { model: string }) => {
  const { input, ...rest } = body;
  return {
    rest: rest satisfies ResponseCreateParamsNonStreaming,
    items: input.filter(
      (i): i is Exclude<OpenAIResponsesItem, AssistantItem> => !('status' in i),
    ) satisfies ResponseInputItem[],
    assistant: input.filter((i): i is AssistantItem => 'status' in i) satisfies Omit<
      ResponseOutputMessage,
      'id'
    >[],
  };
};

// The whole body, with the assistant item's id supplied, is a ResponseCreateParamsNonStreaming.
export const openAIResponsesWithIds = (body: OpenAIResponsesRequest & { model: string }) =>
  ({
    ...body,
    input: body.input.map((i) => ('status' in i ? { ...i, id: 'msg_0' } : i)),
  }) satisfies ResponseCreateParamsNonStreaming;
