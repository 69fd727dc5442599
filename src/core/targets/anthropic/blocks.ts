/**
 * Anthropic's blocks of calls the provider runs itself (`server_tool_use`, `mcp_tool_use`) and
 * of their results (`web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result` …
 * any `*_tool_result`), as segments (what the request reader and the stream reader share), and
 * thinking and these segments as blocks again (the exporter).
 */
import type { PassThroughSegment } from '../../assembly/conversation.js';
import type { ToolCallRequestSegment, ToolCallResultSegment } from '../../protocol/types.js';
import { stringifyJson } from '../../protocol/json-value.js';
import { isJsonObject, type JsonObject } from '../request-check.js';

/** Whether a block is the result of a call the provider ran. */
export const isProviderResult = (type: unknown): type is string =>
  typeof type === 'string' && type.endsWith('_tool_result');

/**
 * What a provider-run call's segment says besides its name and arguments: `runBy`, its id, the
 * MCP server. A block with fields the protocol does not model, or without id, name or input,
 * must be sent back whole: `whole` says so.
 */
export function providerCallFields(block: JsonObject): {
  fields: Partial<ToolCallRequestSegment>;
  whole: boolean;
} {
  const mcp = block.type === 'mcp_tool_use';
  const fields: Partial<ToolCallRequestSegment> = { runBy: 'provider' };
  if (typeof block.id === 'string' && block.id !== '') fields.callId = block.id;
  if (mcp && typeof block.server_name === 'string' && block.server_name !== '')
    fields.server = block.server_name;
  const modelled = mcp ? CALL_FIELDS_MCP : CALL_FIELDS;
  const whole =
    fields.callId === undefined ||
    typeof block.name !== 'string' ||
    block.name === '' ||
    !isJsonObject(block.input) ||
    (mcp && fields.server === undefined) ||
    Object.keys(block).some((key) => !modelled.includes(key));
  return { fields, whole };
}

const CALL_FIELDS = ['type', 'id', 'name', 'input'];
const CALL_FIELDS_MCP = [...CALL_FIELDS, 'server_name'];
const RESULT_FIELDS = ['type', 'tool_use_id', 'content', 'is_error'];

/**
 * The result of a call the provider ran: its content as the API gave it (`structured`) and as
 * readable text (`result`); it failed when `is_error` says so or its content is an error. A
 * block with what these do not give back (`is_error: false`, `cache_control` …) is kept whole
 * in `item`, which Anthropic exports send unchanged. `toolName`: the call's, when known.
 */
export function providerResult(
  block: JsonObject & { type: string; tool_use_id: string },
  toolName: string | undefined,
): ToolCallResultSegment {
  const content = block.content;
  const structured = isJsonObject(content) || Array.isArray(content) ? content : undefined;
  const contentError = isErrorContent(content);
  const success = block.is_error !== true && !contentError;
  const segment: ToolCallResultSegment = {
    kind: 'tool_call_result',
    toolName: toolName || block.type.replace(/_tool_result$/, '') || 'unknown',
    result: resultText(content),
    success,
    collapsed: success,
    callId: block.tool_use_id,
    runBy: 'provider',
    resultType: block.type,
  };
  if (structured !== undefined) segment.structured = structured;
  if (
    (structured === undefined && typeof content !== 'string') ||
    (block.is_error !== undefined && (block.is_error !== true || contentError)) ||
    Object.keys(block).some((key) => !RESULT_FIELDS.includes(key))
  )
    segment.item = block;
  return segment;
}

/** A result whose content is an error object (`web_search_tool_result_error` …). */
export const isErrorContent = (content: unknown): boolean =>
  isJsonObject(content) && typeof content.type === 'string' && content.type.endsWith('_error');

/**
 * A provider-run tool's result as text people and other APIs can read: search results as
 * `title (url)` lines, code output as its stdout and stderr, an error as its code, text blocks
 * as their text; anything else as JSON.
 */
export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map(itemText)
      .filter((t) => t !== '')
      .join('\n');
  if (!isJsonObject(content)) return '';
  if (typeof content.error_code === 'string') return `Error: ${content.error_code}`;
  if ('stdout' in content || 'stderr' in content) {
    const lines = [content.stdout, content.stderr].filter(
      (t): t is string => typeof t === 'string' && t !== '',
    );
    if (typeof content.return_code === 'number' && content.return_code !== 0)
      lines.push(`Exit code ${content.return_code}`);
    return lines.join('\n');
  }
  if (typeof content.content === 'string') return content.content;
  if (Array.isArray(content.lines)) return content.lines.map(itemText).join('\n');
  if (Array.isArray(content.tool_references)) return resultText(content.tool_references);
  if (typeof content.url === 'string') {
    const document = isJsonObject(content.content) ? content.content : {};
    return itemText({ url: content.url, title: document.title });
  }
  if (typeof content.text === 'string') return content.text;
  return stringifyJson(content);
}

function itemText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (!isJsonObject(item)) return item === null || item === undefined ? '' : stringifyJson(item);
  if (typeof item.text === 'string') return item.text;
  if (typeof item.url === 'string')
    return typeof item.title === 'string' && item.title !== ''
      ? `${item.title} (${item.url})`
      : item.url;
  if (typeof item.tool_name === 'string') return item.tool_name;
  return stringifyJson(item);
}

/**
 * Whether an Anthropic body carries this thinking or provider-run segment: thinking with a
 * signature or redacted data, or plain thinking that no other API marked as its own; calls with
 * their id (and Anthropic's own block, when one is kept); results of Anthropic's result types.
 */
export function sendsToAnthropic(segment: PassThroughSegment): boolean {
  switch (segment.kind) {
    case 'thinking':
      // Its own thinking (signed, redacted, or plain: the check names a missing signature), not
      // another API's reasoning.
      return (
        segment.signature !== undefined ||
        segment.redactedData !== undefined ||
        (segment.summary === undefined &&
          segment.encryptedContent === undefined &&
          segment.itemId === undefined &&
          segment.field === undefined &&
          segment.thoughtSignature === undefined)
      );
    case 'tool_call_request':
      return segment.item === undefined
        ? segment.callId !== undefined
        : segment.item.type === 'server_tool_use' || segment.item.type === 'mcp_tool_use';
    case 'tool_call_result':
      return (
        segment.resultType?.endsWith('_tool_result') === true &&
        (segment.item === undefined
          ? segment.callId !== undefined
          : segment.item.type === segment.resultType)
      );
  }
}

/** The block of a thinking or provider-run segment, as the request had it. */
export function passThroughBlock(segment: PassThroughSegment): JsonObject {
  switch (segment.kind) {
    case 'thinking':
      if (segment.redactedData !== undefined)
        return { type: 'redacted_thinking', data: segment.redactedData };
      return segment.signature === undefined
        ? { type: 'thinking', thinking: segment.content }
        : { type: 'thinking', thinking: segment.content, signature: segment.signature };
    case 'tool_call_request':
      if (segment.item !== undefined) return segment.item;
      return segment.server === undefined
        ? {
            type: 'server_tool_use',
            id: segment.callId!,
            name: segment.toolName,
            input: segment.arguments,
          }
        : {
            type: 'mcp_tool_use',
            id: segment.callId!,
            name: segment.toolName,
            server_name: segment.server,
            input: segment.arguments,
          };
    case 'tool_call_result': {
      if (segment.item !== undefined) return segment.item;
      const content = segment.structured ?? segment.result;
      return {
        type: segment.resultType!,
        tool_use_id: segment.callId!,
        content,
        ...(segment.success || isErrorContent(content) ? {} : { is_error: true }),
      };
    }
  }
}
