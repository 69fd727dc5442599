/**
 * The Responses items the protocol keeps whole (protocol 1.1): reasoning items as thinking
 * segments, and the calls of the tools OpenAI runs itself (web search, file search, code
 * interpreter, MCP …) and their own result items as provider-run tool segments that hold the
 * item verbatim. The request reader and the stream reader share these, so an item reads the
 * same whether it was sent or streamed.
 */
import { stringifyJson } from '../../protocol/json-value.js';
import type {
  ItemStatus,
  ThinkingSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
} from '../../protocol/types.js';
import { pointerToken } from '../../protocol/issues.js';
import { isJsonObject, type JsonObject } from '../request-check.js';
import { ownValue } from '../../protocol/own-value.js';

/** The built-in calls, by item type: the tool's name (mcp calls name the server's tool). */
const CALLS: Record<string, string> = {
  web_search_call: 'web_search',
  file_search_call: 'file_search',
  code_interpreter_call: 'code_interpreter',
  computer_call: 'computer_use_preview',
  image_generation_call: 'image_generation',
  mcp_call: 'mcp',
  mcp_list_tools: 'mcp_list_tools',
  mcp_approval_request: 'mcp_approval',
  local_shell_call: 'local_shell',
  shell_call: 'shell',
  apply_patch_call: 'apply_patch',
  tool_search_call: 'tool_search',
};

/** Items that answer a built-in call on their own (the app ran it, or approved it). */
const RESULTS: Record<string, string> = {
  computer_call_output: 'computer_use_preview',
  local_shell_call_output: 'local_shell',
  mcp_approval_response: 'mcp_approval',
  shell_call_output: 'shell',
  apply_patch_call_output: 'apply_patch',
  tool_search_output: 'tool_search',
};

const STATUSES: readonly unknown[] = ['completed', 'incomplete', 'in_progress'];

export const isItemStatus = (value: unknown): value is ItemStatus => STATUSES.includes(value);

export const isBuiltInCall = (type: unknown): type is string =>
  typeof type === 'string' && Object.hasOwn(CALLS, type);

export const isBuiltInResult = (type: unknown): type is string =>
  typeof type === 'string' && Object.hasOwn(RESULTS, type);

/** Something the item holds that its segment cannot say; `path` is relative to the item. */
export interface ItemProblem {
  path: string;
  code: string;
  message: string;
}

const REASONING_FIELDS = ['type', 'id', 'summary', 'content', 'encrypted_content', 'status'];

/**
 * A `reasoning` item as a thinking segment: its summary texts, its reasoning text, the
 * encrypted content and the id byte for byte. `problems` names what the segment cannot carry.
 */
export function thinkingOfItem(item: JsonObject, problems?: ItemProblem[]): ThinkingSegment {
  const segment: ThinkingSegment = { kind: 'thinking', content: '', collapsed: true };
  const empty: ('content' | 'encrypted_content')[] = [];
  const problem = (path: string, code: string, message: string) =>
    problems?.push({ path, code, message });
  for (const key of Object.keys(item))
    if (!REASONING_FIELDS.includes(key) && item[key] !== undefined)
      problem(
        `/${pointerToken(key)}`,
        'field-not-kept',
        `Field '${key}' of the reasoning item has no place in the protocol; it was left out.`,
      );
  if (typeof item.id === 'string' && item.id !== '') segment.itemId = item.id;
  if (Array.isArray(item.summary)) {
    segment.summary = [];
    item.summary.forEach((part: unknown, k) => {
      if (isJsonObject(part) && part.type === 'summary_text' && typeof part.text === 'string') {
        unknownKeys(part, ['type', 'text'], `/summary/${k}`, problem);
        segment.summary!.push(part.text);
      } else
        problem(
          `/summary/${k}`,
          'part-unknown',
          'A summary part that is not summary_text text has no place in the protocol; it was left out.',
        );
    });
  } else if (item.summary !== undefined)
    problem('/summary', 'field-not-kept', 'The summary is not a list; it was left out.');
  if (Array.isArray(item.content)) {
    if (item.content.length === 0) empty.push('content');
    const texts: string[] = [];
    item.content.forEach((part: unknown, k) => {
      if (isJsonObject(part) && part.type === 'reasoning_text' && typeof part.text === 'string') {
        unknownKeys(part, ['type', 'text'], `/content/${k}`, problem);
        texts.push(part.text);
      } else
        problem(
          `/content/${k}`,
          'part-unknown',
          'A reasoning part that is not reasoning_text text has no place in the protocol; it was left out.',
        );
    });
    if (texts.length > 1)
      problem(
        '/content',
        'content-parts-joined',
        'The reasoning text comes in several parts; they are kept as one text (blank-line joined).',
      );
    segment.content = texts.join('\n\n');
  } else if (item.content !== undefined && item.content !== null)
    problem('/content', 'field-not-kept', 'The reasoning content is not a list; it was left out.');
  else if (item.content === null)
    problem('/content', 'field-not-kept', 'content: null has no place in the protocol.');
  if (typeof item.encrypted_content === 'string') segment.encryptedContent = item.encrypted_content;
  else if (item.encrypted_content === null) empty.push('encrypted_content');
  else if (item.encrypted_content !== undefined)
    problem(
      '/encrypted_content',
      'field-not-kept',
      'The encrypted content is not a string; it was left out.',
    );
  if (isItemStatus(item.status)) segment.itemStatus = item.status;
  else if (item.status !== undefined)
    problem(
      '/status',
      'status-not-kept',
      `The reasoning item's status ${stringifyJson(item.status)} has no place in the protocol; it was left out.`,
    );
  if (empty.length > 0) segment.itemEmpty = empty;
  return segment;
}

/** A thinking segment as the reasoning item it came from. */
export function itemOfThinking(segment: ThinkingSegment): JsonObject {
  const empty = segment.itemEmpty ?? [];
  const item: JsonObject = {
    ...(segment.itemId === undefined ? {} : { id: segment.itemId }),
    type: 'reasoning',
  };
  if (segment.summary !== undefined)
    item.summary = segment.summary.map((text) => ({ type: 'summary_text', text }));
  if (segment.content !== '') item.content = [{ type: 'reasoning_text', text: segment.content }];
  else if (empty.includes('content')) item.content = [];
  if (segment.encryptedContent !== undefined) item.encrypted_content = segment.encryptedContent;
  else if (empty.includes('encrypted_content')) item.encrypted_content = null;
  if (segment.itemStatus !== undefined) item.status = segment.itemStatus;
  return item;
}

/**
 * A built-in call item as a provider-run request that holds the item verbatim, with the
 * readable part as arguments; and, when the item carries its output (code interpreter outputs,
 * search results and sources, an MCP call's output), that output as a provider-run result
 * right after it (never sent on its own: the request's item holds it).
 */
export function callOfItem(item: JsonObject): {
  request: ToolCallRequestSegment;
  result?: ToolCallResultSegment;
} {
  const type = item.type as string;
  const server = typeof item.server_label === 'string' ? item.server_label : undefined;
  const named = typeof item.name === 'string' && item.name !== '' ? item.name : undefined;
  const toolName =
    (type.startsWith('mcp_') && type !== 'mcp_list_tools' && named) || ownValue(CALLS, type)!;
  const id =
    typeof item.call_id === 'string' && item.call_id !== ''
      ? item.call_id
      : typeof item.id === 'string' && item.id !== ''
        ? item.id
        : undefined;
  const request: ToolCallRequestSegment = {
    kind: 'tool_call_request',
    toolName,
    arguments: readableArguments(type, item),
    collapsed: false,
    ...(id === undefined ? {} : { callId: id }),
    runBy: 'provider',
    ...(server === undefined || server === '' ? {} : { server }),
    item,
  };
  const output = outputOf(type, item);
  if (!output) return { request };
  const result: ToolCallResultSegment = {
    kind: 'tool_call_result',
    toolName,
    result: output.text,
    success: output.success,
    collapsed: output.success,
    ...(id === undefined ? {} : { callId: id }),
    runBy: 'provider',
    ...(output.structured === undefined ? {} : { structured: output.structured }),
    resultType: type,
  };
  return { request, result };
}

/** An item that answers a built-in call (computer_call_output …), kept verbatim. */
export function resultOfItem(item: JsonObject): ToolCallResultSegment {
  const type = item.type as string;
  const answers = [item.call_id, item.approval_request_id, item.id].find(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const success =
    type === 'mcp_approval_response' ? item.approve !== false : item.status !== 'failed';
  const output = item.output;
  return {
    kind: 'tool_call_result',
    toolName: ownValue(RESULTS, type)!,
    result:
      type === 'mcp_approval_response'
        ? item.approve === true
          ? 'approved'
          : 'not approved'
        : typeof output === 'string'
          ? output
          : output === undefined || output === null
            ? ''
            : stringifyJson(output),
    success,
    collapsed: success,
    ...(answers === undefined ? {} : { callId: answers }),
    runBy: 'provider',
    resultType: type,
    item,
  };
}

/** What the call asked for, as arguments to show: its action, code, queries or MCP arguments. */
function readableArguments(type: string, item: JsonObject): Record<string, unknown> {
  switch (type) {
    case 'web_search_call': {
      if (!isJsonObject(item.action)) return {};
      const action = { ...item.action };
      delete action.sources;
      return action;
    }
    case 'file_search_call':
      return Array.isArray(item.queries) ? { queries: item.queries } : {};
    case 'code_interpreter_call':
      return typeof item.code === 'string' ? { code: item.code } : {};
    case 'mcp_call':
    case 'mcp_approval_request':
      return parsedObject(item.arguments);
    case 'apply_patch_call':
      return isJsonObject(item.operation) ? { operation: item.operation } : {};
    default:
      return isJsonObject(item.action) ? item.action : {};
  }
}

function parsedObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : { value: text };
  } catch {
    return { value: text };
  }
}

interface Output {
  text: string;
  success: boolean;
  structured?: JsonObject | unknown[];
}

/**
 * The output a call item carries, readable: logs and image URLs of the code interpreter, the
 * sources of a web search, the files found, an MCP call's output or error. None for an image
 * generation: its image (base64) stays in the item alone, not copied.
 */
function outputOf(type: string, item: JsonObject): Output | null {
  const failed = item.status === 'failed';
  switch (type) {
    case 'code_interpreter_call': {
      if (!Array.isArray(item.outputs) || item.outputs.length === 0) return null;
      const lines = item.outputs.map((o: unknown) =>
        isJsonObject(o) && typeof o.logs === 'string'
          ? o.logs
          : isJsonObject(o) && typeof o.url === 'string'
            ? o.url
            : stringifyJson(o),
      );
      return { text: lines.join('\n'), success: !failed, structured: item.outputs };
    }
    case 'web_search_call': {
      const sources = isJsonObject(item.action) ? item.action.sources : undefined;
      if (!Array.isArray(sources) || sources.length === 0) return null;
      const lines = sources.map((s: unknown) =>
        isJsonObject(s) && typeof s.url === 'string' ? s.url : stringifyJson(s),
      );
      return { text: lines.join('\n'), success: !failed, structured: sources };
    }
    case 'file_search_call': {
      if (!Array.isArray(item.results) || item.results.length === 0) return null;
      const lines = item.results.map((r: unknown) =>
        isJsonObject(r)
          ? `${typeof r.filename === 'string' ? r.filename : String(r.file_id ?? '')}: ${typeof r.text === 'string' ? r.text : ''}`
          : stringifyJson(r),
      );
      return { text: lines.join('\n\n'), success: !failed, structured: item.results };
    }
    case 'mcp_call': {
      const error = item.error;
      if (typeof error === 'string' && error !== '') return { text: error, success: false };
      if (isJsonObject(error)) return { text: stringifyJson(error), success: false };
      return typeof item.output === 'string' ? { text: item.output, success: !failed } : null;
    }
    case 'mcp_list_tools': {
      if (typeof item.error === 'string' && item.error !== '')
        return { text: item.error, success: false };
      if (!Array.isArray(item.tools) || item.tools.length === 0) return null;
      const names = item.tools.map((t: unknown) =>
        isJsonObject(t) && typeof t.name === 'string' ? t.name : stringifyJson(t),
      );
      return { text: names.join(', '), success: true, structured: item.tools };
    }
    default:
      return null;
  }
}

function unknownKeys(
  value: JsonObject,
  known: readonly string[],
  path: string,
  problem: (path: string, code: string, message: string) => void,
) {
  for (const key of Object.keys(value))
    if (!known.includes(key) && value[key] !== undefined)
      problem(
        `${path}/${pointerToken(key)}`,
        'field-not-kept',
        `Field '${key}' of the part has no place in the protocol; it was left out.`,
      );
}
