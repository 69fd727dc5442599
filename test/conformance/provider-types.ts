/**
 * Compile-time conformance (run by `npm run typecheck`): the exporters' body types must be
 * assignable to the official SDK types. Removing a required field from an exporter's type, or
 * giving a field a type the API does not accept, fails the build.
 */
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Content, Tool } from '@google/genai';
import type { AnthropicRequest } from '../../src/core/anthropic.js';
import type { GeminiRequest } from '../../src/core/gemini.js';

// The model is optional in our type only because an envelope may lack one (a warning).
export const anthropicConforms = (body: AnthropicRequest & { model: string }) =>
  body satisfies MessageCreateParamsNonStreaming;

export const geminiConforms = (body: GeminiRequest) => ({
  contents: body.contents satisfies Content[],
  systemInstruction: body.systemInstruction satisfies Content | undefined,
  tools: body.tools satisfies Tool[] | undefined,
});
