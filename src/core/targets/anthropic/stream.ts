/**
 * Anthropic Messages streams (`stream: true`): `message_start`, then per content block a
 * `content_block_start` (`text`, `tool_use`, `thinking`, …), its `content_block_delta` events
 * (`text_delta`, `input_json_delta` with partial JSON, `thinking_delta`, `signature_delta`,
 * `citations_delta`) and a `content_block_stop`, all by block `index`; `message_delta` gives
 * the `stop_reason`, `message_stop` ends; `ping` may come anywhere; `error` ends with an error.
 * Thinking becomes thinking segments (signatures as they came), calls the provider runs
 * (`server_tool_use`, `mcp_tool_use`) and their results (any `*_tool_result`, whole in its
 * block's start) provider-run segments, citations stay with their text: the blocks the SDK's
 * accumulator gives, in their order.
 */
import type { Segment, ThinkingSegment } from '../../protocol/types.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import {
  textStart,
  placeWhole,
  amend,
  announce,
  finishTool,
  stopping,
  finish,
  startToolWithInput,
} from '../streams/stream-builder-extras.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';
import type { StreamEndReason } from '../streams/stream-updates.js';
import { isProviderResult, providerCallFields, providerResult } from './blocks.js';
import { ownValue } from '../../protocol/own-value.js';

const STOP_REASONS: Record<string, StreamEndReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  tool_use: 'tool-calls',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  refusal: 'refusal',
};

const USAGE_COUNTS = [
  'output_tokens',
  'input_tokens',
  'cache_creation_input_tokens',
  'cache_read_input_tokens',
  'server_tool_use',
  'output_tokens_details',
];

export const isAnthropicEvent = (event: JsonObject): boolean =>
  typeof event.type === 'string' &&
  /^(ping|(message|content_block)_(start|delta|stop))$/.test(event.type);

/** How a block is read: text, a tool call (the app's or the provider's), placed whole, left out. */
type BlockKind = 'text' | 'tool' | 'placed' | 'omitted';

export function createAnthropicReader(builder: StreamBuilder) {
  const blocks = new Map<number, BlockKind>();
  /** Provider-run calls that must be sent back whole (their start block), by block index. */
  const wholeCalls = new Map<number, JsonObject>();
  /** Tool name of each provider-run call, by id: its result is named after it. */
  const callNames = new Map<string, string>();

  const malformed = (what: string) =>
    builder.ignore('malformed-event', `${what} was ignored.`, `malformed ${what}`);

  const start = (index: number, block: JsonObject) => {
    const key = `block ${index}`;
    const type = block.type;
    const name = typeof block.name === 'string' ? block.name : undefined;
    if (type === 'text') {
      blocks.set(index, 'text');
      textStart(builder, key);
      if (typeof block.text === 'string') builder.text(key, block.text);
      const citations = Array.isArray(block.citations) ? block.citations.filter(isJsonObject) : [];
      if (citations.length > 0) amend(builder, key, (s) => cite(s, citations), true);
    } else if (type === 'tool_use') {
      blocks.set(index, 'tool');
      startToolWithInput(builder, key, name, block.input);
    } else if (type === 'server_tool_use' || type === 'mcp_tool_use') {
      // A call the provider runs itself: its input streams as a tool call's arguments do.
      blocks.set(index, 'tool');
      const { fields, whole } = providerCallFields(block);
      startToolWithInput(builder, key, name, block.input, fields);
      if (whole) wholeCalls.set(index, block);
      if (fields.callId !== undefined && name) callNames.set(fields.callId, name);
    } else if (type === 'thinking' || type === 'redacted_thinking') {
      blocks.set(index, 'placed');
      const thinking: ThinkingSegment = { kind: 'thinking', content: '', collapsed: true };
      if (type === 'redacted_thinking') thinking.redactedData = textOf(block.data);
      else {
        thinking.content = textOf(block.thinking);
        if (typeof block.signature === 'string') thinking.signature = block.signature;
      }
      placeWhole(builder, key, thinking);
    } else if (
      isProviderResult(type) &&
      typeof block.tool_use_id === 'string' &&
      block.tool_use_id !== ''
    ) {
      // The result of a provider-run call comes whole with its block's start.
      blocks.set(index, 'placed');
      const result = block as JsonObject & { type: string; tool_use_id: string };
      placeWhole(builder, key, providerResult(result, callNames.get(result.tool_use_id)));
    } else {
      blocks.set(index, 'omitted');
      builder.omit(`A content block of type ${label(type)}`, `block ${label(type)}`);
    }
  };

  /** A block is complete: a call's arguments are parsed, thinking is sent. */
  const stop = (index: number) => {
    const key = `block ${index}`;
    const kind = blocks.get(index);
    if (kind === 'tool') {
      finishTool(builder, key);
      const whole = wholeCalls.get(index);
      // Sent back as it came, with the input that streamed.
      if (whole)
        amend(
          builder,
          key,
          (s) => {
            if (s.kind === 'tool_call_request') s.item = { ...whole, input: s.arguments };
          },
          true,
        );
    } else if (kind === 'placed') announce(builder);
  };

  const delta = (index: number, delta: JsonObject) => {
    const key = `block ${index}`;
    const kind = blocks.get(index);
    switch (delta.type) {
      case 'text_delta':
        if (typeof delta.text !== 'string') return malformed('A text_delta without text');
        if (kind !== 'omitted') builder.text(key, delta.text);
        return;
      case 'input_json_delta':
        if (typeof delta.partial_json !== 'string')
          return malformed('An input_json_delta without partial_json');
        if (kind !== 'omitted') builder.toolArguments(key, delta.partial_json);
        return;
      case 'thinking_delta':
        if (typeof delta.thinking !== 'string')
          return malformed('A thinking_delta without thinking');
        // Sent when the block is complete, not with each piece.
        return amend(
          builder,
          key,
          (s) => {
            if (s.kind === 'thinking') s.content += delta.thinking as string;
          },
          false,
        );
      case 'signature_delta':
        if (typeof delta.signature !== 'string')
          return malformed('A signature_delta without signature');
        return amend(
          builder,
          key,
          (s) => {
            if (s.kind === 'thinking') s.signature = delta.signature as string;
          },
          false,
        );
      case 'citations_delta':
        if (!isJsonObject(delta.citation)) return malformed('A citations_delta without citation');
        return amend(builder, key, (s) => cite(s, [delta.citation as JsonObject]), true);
    }
    builder.unknown('Content block deltas', delta.type);
  };

  const stopReason = (stop: unknown) => {
    if (typeof stop === 'string' && stop !== '')
      stopping(builder, ownValue(STOP_REASONS, stop) ?? 'stop', stop);
  };

  return (event: JsonObject) => {
    switch (event.type) {
      case 'message_start': {
        const message = isJsonObject(event.message) ? event.message : {};
        if (typeof message.model === 'string' && message.model !== '')
          builder.model ??= message.model;
        if (isJsonObject(message.usage)) builder.usage = { ...message.usage };
        // A message may start with blocks already whole, and its stop reason: Anthropic sends a
        // call made by code (programmatic tool calling) so. The SDK takes them, and so does this.
        if (Array.isArray(message.content))
          message.content.forEach((block, index) => {
            if (!isJsonObject(block)) return;
            start(index, block);
            stop(index);
          });
        stopReason(message.stop_reason);
        return;
      }
      case 'content_block_start':
        if (typeof event.index !== 'number' || !isJsonObject(event.content_block))
          return malformed('A content_block_start without index or block');
        return start(event.index, event.content_block);
      case 'content_block_delta':
        if (typeof event.index !== 'number' || !isJsonObject(event.delta))
          return malformed('A content_block_delta without index or delta');
        return delta(event.index, event.delta);
      case 'content_block_stop':
        if (typeof event.index !== 'number') return malformed('A content_block_stop without index');
        return stop(event.index);
      case 'message_delta':
        // As the SDK: message_start's usage, with the counts this event gives.
        if (isJsonObject(event.usage))
          for (const key of USAGE_COUNTS)
            if (event.usage[key] != null) (builder.usage ??= {})[key] = event.usage[key];
        return stopReason(isJsonObject(event.delta) ? event.delta.stop_reason : undefined);
      case 'message_stop':
        return finish(builder);
      case 'ping':
        return;
    }
    builder.unknown('Events', event.type);
  };
}

/** Adds citations to a text segment, as the SDK does: a new list each time. */
function cite(segment: Segment, citations: JsonObject[]) {
  if (segment.kind === 'text') segment.citations = [...(segment.citations ?? []), ...citations];
}

/** A block's text field, or '' when it has none. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
