/**
 * Anthropic Messages streams (`stream: true`): `message_start`, then per content block a
 * `content_block_start` (`text`, `tool_use`, `thinking`, …), its `content_block_delta` events
 * (`text_delta`, `input_json_delta` with partial JSON, `thinking_delta`, `signature_delta`,
 * `citations_delta`) and a `content_block_stop`, all by block `index`; `message_delta` gives
 * the `stop_reason`, `message_stop` ends; `ping` may come anywhere; `error` ends with an error.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';
import type { StreamEndReason } from '../streams/stream-updates.js';
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

type BlockKind = 'text' | 'tool' | 'omitted';

export function createAnthropicReader(builder: StreamBuilder) {
  const blocks = new Map<number, BlockKind>();

  const malformed = (what: string) =>
    builder.ignore('malformed-event', `${what} was ignored.`, `malformed ${what}`);

  const start = (index: number, block: JsonObject) => {
    const key = `block ${index}`;
    if (block.type === 'text') {
      blocks.set(index, 'text');
      builder.textStart(key);
      if (typeof block.text === 'string') builder.text(key, block.text);
    } else if (block.type === 'tool_use') {
      blocks.set(index, 'tool');
      builder.startTool(key, typeof block.name === 'string' ? block.name : undefined, block.input);
    } else {
      blocks.set(index, 'omitted');
      if (block.type === 'thinking' || block.type === 'redacted_thinking') builder.thinking();
      else
        builder.omit(`A content block of type ${label(block.type)}`, `block ${label(block.type)}`);
    }
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
      case 'signature_delta':
        return builder.thinking();
      case 'citations_delta':
        return builder.omit('A citation', 'citations');
    }
    builder.unknown('Content block deltas', delta.type);
  };

  const stopReason = (stop: unknown) => {
    if (typeof stop === 'string' && stop !== '')
      builder.stopping(ownValue(STOP_REASONS, stop) ?? 'stop', stop);
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
            if (blocks.get(index) === 'tool') builder.finishTool(`block ${index}`);
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
        if (blocks.get(event.index) === 'tool') builder.finishTool(`block ${event.index}`);
        return;
      case 'message_delta':
        // As the SDK: message_start's usage, with the counts this event gives.
        if (isJsonObject(event.usage))
          for (const key of USAGE_COUNTS)
            if (event.usage[key] != null) (builder.usage ??= {})[key] = event.usage[key];
        return stopReason(isJsonObject(event.delta) ? event.delta.stop_reason : undefined);
      case 'message_stop':
        return builder.finish();
      case 'ping':
        return;
    }
    builder.unknown('Events', event.type);
  };
}
