/** Building an envelope from a provider body: drafts of messages, pairing, tools and warnings. */
import { HOST_HEADER } from '../assembly/headers.js';
import type {
  Envelope,
  ImageDetail,
  MediaSegment,
  Message,
  Segment,
  TextSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
  ToolItem,
  RequestRecord,
} from '../protocol/types.js';
import { scanJsonText } from '../protocol/json-syntax.js';
import { pointerToken } from '../protocol/issues.js';
import { usesVersion11 } from '../protocol/validate.js';
import {
  DEEP_NESTING_RISK,
  findNestingBeyond,
  jsonPreview,
  MAX_NESTING,
  NESTING_WARNING_DEPTH,
  stringifyJson,
} from '../protocol/json-value.js';
import { isJsonObject, type JsonObject } from './request-check.js';

export interface ImportWarning {
  /** JSON Pointer into the body. */
  path: string;
  code: string;
  message: string;
}

export interface Draft extends Pick<
  Message,
  | 'name'
  | 'originalRole'
  | 'contentForm'
  | 'itemType'
  | 'contentRole'
  | 'itemId'
  | 'itemStatus'
  | 'emptyFields'
> {
  role: Message['role'];
  segments: Segment[];
  /** Message id wanted by the exporter's call ids (`call_{id}_{n}`), if any. */
  idHint?: string;
  timestamp?: number;
}

/** Ids the exporter makes (`call_{messageId}_{n}`, `orphan_…`): recognised, so never kept as `callId`. */
export const isExporterCallId = (id: string): boolean => idFromCallId(id) !== undefined;

/** What the readers build an envelope with: its drafts of messages, and warnings. */
export type EnvelopeBuilder = ReturnType<typeof createEnvelopeBuilder>;

export function createEnvelopeBuilder() {
  const drafts: Draft[] = [];
  const warnings: ImportWarning[] = [];
  /** Tool name of every call id seen, for pairing results. */
  const callNames = new Map<string, string>();
  /** Results whose id says the exporter found no call for them (`orphan_…`). */
  const orphanResults = new WeakSet<Segment>();
  /** Results that name no known call yet, with the id they answer. */
  const unresolved = new Map<ToolCallResultSegment, string>();
  let tools: ToolItem[] = [];
  let request: RequestRecord | undefined;

  const warn = (path: string, code: string, message: string) => {
    warnings.push({ path, code, message });
  };

  /**
   * Adds a message. The exporter splits a message that holds results, text and calls into a
   * tool turn, a turn of its own role and an assistant turn; the tool and assistant parts name
   * the message in their ids. Drafts that want the same id as the one before (or as the one
   * before a hint-less text in between) are joined again: results that answered no call first,
   * then the calls, then the results that answered them, then the text, so that pairing gives
   * the same ids on export.
   */
  const add = (draft: Draft) => {
    if (draft.segments.length === 0) return;
    const hint = draft.idHint;
    const last = drafts.at(-1);
    const beforeLast = drafts.at(-2);
    let target: Draft | undefined;
    if (hint !== undefined && last?.idHint === hint) target = last;
    else if (
      hint !== undefined &&
      draft.role === 'assistant' &&
      last?.idHint === undefined &&
      (last?.role === 'user' || last?.role === 'system') &&
      beforeLast?.idHint === hint &&
      beforeLast.role === 'tool'
    ) {
      target = beforeLast;
      drafts.pop();
      target.role = last.role;
      target.segments.push(...last.segments);
    }
    if (!target) {
      drafts.push(draft);
      return;
    }
    // Thinking and provider-run calls and results keep their places among the texts.
    const rank = (s: Segment) =>
      s.kind === 'tool_call_result' && s.runBy === undefined
        ? orphanResults.has(s)
          ? 0
          : 2
        : s.kind === 'tool_call_request' && s.runBy === undefined
          ? 1
          : 3;
    // A stable sort: each rank keeps its order.
    target.segments = [...target.segments, ...draft.segments].sort((a, b) => rank(a) - rank(b));
  };

  return {
    drafts,
    warnings,
    warn,
    add,

    /** A part the protocol has no place for; `where` follows the word part in the sentence. */
    unknownPart(path: string, part: unknown, where = '') {
      warn(
        path,
        'part-unknown',
        `A ${describeValue(isJsonObject(part) ? part.type : null)} part${where} has no place in the protocol; it was left out.`,
      );
    },

    /** A message (`what`: `Message 3`) with a role the protocol has no place for. */
    unknownRole(path: string, what: string, role: unknown) {
      warn(
        path,
        'role-unknown',
        `${what} has role ${describeValue(role)}, which the protocol has no place for; it was left out.`,
      );
    },

    unreadableMessage(path: string, index: number) {
      warn(path, 'message-unreadable', `Message ${index} is not an object and was left out.`);
    },

    /**
     * Warns about each field of `value` outside `known`: what the protocol has no place for is
     * named, never dropped silently.
     */
    unknownFields(value: JsonObject, known: readonly string[], path: string, what: string) {
      for (const key of Object.keys(value)) {
        if (known.includes(key) || value[key] === undefined) continue;
        warn(
          `${path}/${pointerToken(key)}`,
          'field-not-kept',
          `Field '${key}' of ${what} has no place in the protocol; it was left out.`,
        );
      }
    },

    /**
     * A tool call request. Its id names the tool for the results that answer it; `keepId` says
     * whether the segment keeps it as `callId` (exporter ids are made again on export).
     */
    callRequest(
      id: string | undefined,
      toolName: string,
      args: Record<string, unknown>,
      keepId: boolean,
    ): ToolCallRequestSegment {
      if (id !== undefined) callNames.set(id, toolName);
      return {
        kind: 'tool_call_request',
        toolName,
        arguments: args,
        collapsed: false,
        ...(keepId ? { callId: id! } : {}),
      };
    },

    /** A tool result answering `callId`, as a tool message; a result with no earlier call is kept, with a warning. */
    addResult(
      callId: string,
      result: string,
      success: boolean,
      path: string,
      options: Pick<Draft, 'name'> & {
        toolName?: string;
        keepId?: boolean;
        /** More fields of the result segment (1.1: structured, item id …). */
        extra?: Partial<ToolCallResultSegment>;
        /** The API's own result block, kept whole (ToolCallResultSegment.item). */
        item?: Record<string, unknown>;
      } = {},
    ) {
      const { toolName: named, keepId, extra, item, ...hints } = options;
      const toolName = callNames.get(callId) ?? named;
      if (toolName === undefined)
        warn(
          path,
          'result-without-call',
          `A tool result answers '${callId}', which no earlier call made.`,
        );
      const segment: ToolCallResultSegment = {
        ...resultSegment(toolName ?? 'unknown', result, success),
        ...(callId !== '' && (keepId || !isExporterCallId(callId)) ? { callId } : {}),
        ...extra,
        ...(item === undefined ? {} : { item }),
      };
      if (callId.startsWith('orphan_')) orphanResults.add(segment);
      // A call made later in the body (the exporter puts a message's results before its calls)
      // still names the tool: resolved when the envelope is built.
      if (toolName === undefined) unresolved.set(segment, callId);
      const hint = toolName === undefined ? idFromCallId(callId) : undefined;
      add({ role: 'tool', segments: [segment], ...(hint ? { idHint: hint } : {}), ...hints });
    },

    /** A result with no id (Gemini without ids): paired on export with the earliest open call of its tool. */
    addNamedResult(toolName: string, result: string, success: boolean, extra?: ResultExtra) {
      const segment = { ...resultSegment(toolName || 'unknown', result, success), ...extra };
      add({ role: 'tool', segments: [segment] });
    },

    /** What the request carried besides the conversation (Envelope.request). */
    setRequest(record: RequestRecord) {
      request = record;
    },

    setTools(list: ToolItem[]) {
      tools = list;
    },

    /**
     * The system text as system_prompt and tool_overview segments, in their places. Tools the
     * text does not list the way exports do (and tools the provider runs) stay out of it on
     * export: their tool_overview says `inSystemText: false`.
     */
    system(
      text: string | null,
      hints: Pick<
        Draft,
        'name' | 'originalRole' | 'contentForm' | 'contentRole' | 'emptyFields'
      > = {},
    ) {
      const listed = tools.filter((t) => t.runBy === undefined);
      let segments = listed.length === tools.length ? splitSystemText(text, tools) : null;
      if (segments === null) {
        segments = text ? [systemPrompt(text)] : [];
        segments.push({
          kind: 'tool_overview',
          items: tools,
          collapsed: true,
          inSystemText: false,
        });
      }
      add({ role: 'system', segments, ...hints });
    },

    build(model: string | undefined): Envelope {
      for (const [segment, callId] of unresolved) {
        const name = callNames.get(callId);
        if (name !== undefined) segment.toolName = name;
      }
      const used = new Set<string>();
      const hinted = new Set(drafts.map((d) => d.idHint).filter((id) => id !== undefined));
      let counter = 0;
      const messages: Message[] = drafts.map((draft, index) => {
        let id = draft.idHint && !used.has(draft.idHint) ? draft.idHint : undefined;
        while (id === undefined || used.has(id) || (id !== draft.idHint && hinted.has(id)))
          id = `m${++counter}`;
        used.add(id);
        const message: Message = {
          id,
          role: draft.role,
          segments: draft.segments,
          timestamp: draft.timestamp ?? index * 1000,
        };
        if (draft.name !== undefined) message.name = draft.name;
        if (draft.originalRole !== undefined) message.originalRole = draft.originalRole;
        if (draft.contentForm !== undefined) message.contentForm = draft.contentForm;
        if (draft.itemType !== undefined) message.itemType = draft.itemType;
        if (draft.contentRole !== undefined) message.contentRole = draft.contentRole;
        if (draft.itemId !== undefined) message.itemId = draft.itemId;
        if (draft.itemStatus !== undefined) message.itemStatus = draft.itemStatus;
        if (draft.emptyFields !== undefined) message.emptyFields = draft.emptyFields;
        return message;
      });
      const envelope: Envelope = {
        version: '1.1',
        ...(model === undefined ? {} : { model }),
        ...(request === undefined ? {} : { request }),
        messages,
      };
      // What is kept from provider requests is protocol 1.1; without it the envelope is 1.0.
      if (!usesVersion11(envelope)) envelope.version = '1.0';
      return envelope;
    },
  };
}

/** What a tool result keeps besides its text (1.1). */
export type ResultExtra = Partial<Pick<ToolCallResultSegment, 'structured' | 'fields'>>;

const resultSegment = (
  toolName: string,
  result: string,
  success: boolean,
): ToolCallResultSegment => ({
  kind: 'tool_call_result',
  toolName,
  result,
  success,
  collapsed: success,
});

/**
 * How a list of parts comes back on export: `parts` when the default (texts joined, a string
 * when there is no image) would not give the same list. `types` names each part (`text` for a
 * text); `stringDefault`: the target sends a message of only text as a string.
 */
export function listForm(types: readonly string[], stringDefault: boolean): 'parts' | undefined {
  if (stringDefault && types.every((t) => t === 'text')) return 'parts';
  for (let i = 1; i < types.length; i++)
    if (types[i] === 'text' && types[i - 1] === 'text') return 'parts';
  return undefined;
}

/** `call_{id}_{n}` / `orphan_{id}_{n}` → id: the message id the exporter derived the call id from. */
export function idFromCallId(callId: string): string | undefined {
  return /^(?:call|orphan)_(.+)_\d+$/.exec(callId)?.[1];
}

const systemPrompt = (content: string): Segment => ({
  kind: 'system_prompt',
  content,
  collapsed: true,
});

/**
 * Splits exported system text back into the parts the exporter joined: system prompt text and
 * the tool listings (`- name(parameters): description`, one line per tool; a blank line between
 * parts). Returns null when the text does not hold the listing of every tool, in order.
 */
export function splitSystemText(text: string | null, tools: ToolItem[]): Segment[] | null {
  if (tools.length === 0) return text ? [systemPrompt(text)] : [];
  if (!text) return null;
  const segments: Segment[] = [];
  let cursor = 0;
  let block: ToolItem[] | null = null;
  for (const [index, tool] of tools.entries()) {
    const head = `- ${tool.name}(`;
    const tail = `): ${tool.description}`;
    let at = text.indexOf(head, cursor);
    while (at >= 0 && at !== 0 && text[at - 1] !== '\n') at = text.indexOf(head, at + 1);
    if (at < 0) return null;
    const gap = text.slice(cursor, at);
    if (index > 0 && gap === '\n') {
      // the same listing continues
    } else {
      const first = index === 0;
      if (
        first
          ? gap !== '' && !gap.endsWith('\n\n')
          : !gap.startsWith('\n\n') || (gap !== '\n\n' && !gap.endsWith('\n\n'))
      )
        return null;
      const chunk = first ? gap.slice(0, -2) : gap.slice(2, -2);
      if (chunk !== '') segments.push(systemPrompt(chunk));
      block = [];
      segments.push({ kind: 'tool_overview', items: block, collapsed: true });
    }
    const close = text.indexOf(tail, at + head.length);
    if (close < 0) return null;
    cursor = close + tail.length;
    if (cursor !== text.length && text[cursor] !== '\n') return null;
    block!.push({ ...tool, parameters: text.slice(at + head.length, close) });
  }
  const rest = text.slice(cursor);
  if (rest !== '') {
    if (!rest.startsWith('\n\n') || rest.length === 2) return null;
    segments.push(systemPrompt(rest.slice(2)));
  }
  return segments;
}

/** A tool declaration; `parameters` is summarised from the schema until the system text says better. */
export function toolItem(name: unknown, description: unknown, schema: unknown): ToolItem {
  const item: ToolItem = {
    name: textOf(name),
    description: typeof description === 'string' ? description : '',
    parameters: summarizeParameters(schema),
  };
  if (isJsonObject(schema)) item.schema = schema;
  return item;
}

/** `query: string, limit?: number` from a JSON Schema object. */
export function summarizeParameters(schema: unknown): string {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return '';
  const required = listOf(schema.required);
  return Object.entries(schema.properties)
    .map(([name, prop]) => `${name}${required.includes(name) ? '' : '?'}: ${typeLabel(prop)}`)
    .join(', ');
}

function typeLabel(prop: unknown): string {
  // A loop, not recursion: `items` may nest thousands of levels deep.
  let lists = 0;
  while (isJsonObject(prop) && !Array.isArray(prop.enum) && prop.type === 'array') {
    prop = prop.items;
    lists++;
  }
  return elementLabel(prop) + '[]'.repeat(lists);
}

function elementLabel(prop: unknown): string {
  if (!isJsonObject(prop)) return 'any';
  if (Array.isArray(prop.enum)) return prop.enum.map((v) => stringifyJson(v)).join(' | ');
  if (typeof prop.type === 'string') return prop.type === 'integer' ? 'number' : prop.type;
  return 'any';
}

/**
 * A body value read as text: strings as they are, nothing as '', other values as JSON text.
 * `String()` would recurse into nested lists (a 5,000-deep one overflows the stack) and give
 * "[object Object]" for objects.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return stringifyJson(value);
  return String(value);
}

/** A body field that should be a list: the list, or none when it is anything else. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A body value for a sentence (a type or role the protocol has no place for): short JSON. */
export const describeValue = (value: unknown): string => jsonPreview(value, 80);

export const textSegment = (content: string): TextSegment => ({ kind: 'text', content });

export const textSegments = (text: string): Segment[] => [textSegment(text)];

export const imageSegment = (url: string, detail?: unknown): MediaSegment => ({
  kind: 'media',
  mediaType: 'image',
  url,
  ...(detail === undefined ? {} : { detail: detail as ImageDetail }),
});

/** A user text that carries a host header is a system message the exporter moved to the user role. */
export function hostMessage(text: string): Draft | null {
  const match = HOST_HEADER.exec(text);
  if (!match) return null;
  const timestamp =
    match[1] === undefined ? undefined : (Number(match[1]) * 60 + Number(match[2])) * 60_000;
  return {
    role: 'system',
    segments: textSegments(text.slice(match[0].length)),
    ...(timestamp === undefined ? {} : { timestamp }),
  };
}

export function parseArguments(
  text: unknown,
  path: string,
  builder: EnvelopeBuilder,
): Record<string, unknown> {
  if (typeof text !== 'string') return isJsonObject(text) ? text : {};
  // Deeper than the validator allows: not parsed (JSON.parse takes seconds on a few megabytes
  // of '['), kept as text like any other arguments that are not an object.
  if (scanJsonText(text, MAX_NESTING).tooDeep !== null) {
    builder.warn(
      path,
      'arguments-too-deep',
      `The tool call arguments nest more than ${MAX_NESTING.toLocaleString('en')} levels deep, more than an envelope may; they are kept as { "value": … }.`,
    );
    return { value: text };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isJsonObject(value)) {
      // Inside a string the body's own nesting check cannot see them.
      if (findNestingBeyond(value, NESTING_WARNING_DEPTH)) {
        builder.warn(
          path,
          'deep-nesting',
          `The tool call arguments nest more than ${NESTING_WARNING_DEPTH.toLocaleString('en')} levels deep${DEEP_NESTING_RISK}`,
        );
      }
      return value;
    }
  } catch {
    // reported below
  }
  builder.warn(
    path,
    'arguments-not-object',
    'The tool call arguments are not a JSON object; they are kept as { "value": … }.',
  );
  return { value: text };
}

/** The text of a message's content: a string, or the `text` parts of a list, blank-line joined. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p: unknown) => isJsonObject(p) && p.type === 'text')
    .map((p) => textOf((p as JsonObject).text))
    .join('\n\n');
}
