import type { EnvelopeError } from './issues.js';
import type { Envelope, Message, Segment, ToolItem } from './protocol.js';
import { HOST_HEADER } from './render-common.js';
import { validateEnvelope } from './validate.js';

export type ImportSource = 'openai' | 'anthropic' | 'otel';

export const IMPORT_SOURCES: readonly ImportSource[] = ['openai', 'anthropic', 'otel'];

export interface ImportWarning {
  /** JSON Pointer into the body. */
  path: string;
  code: string;
  message: string;
}

export interface ImportResult {
  /** The envelope, or null when the body cannot be read (see `errors`). */
  envelope: Envelope | null;
  /** What has no place in the protocol, or may not come back identical on export. */
  warnings: ImportWarning[];
  errors: EnvelopeError[];
}

export interface ImportOptions {
  from: ImportSource;
  /** The model, for bodies that do not name one (OTel). */
  model?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a provider request body back into an envelope (SPEC §3.3): system text becomes a
 * `system_prompt`, tools a `tool_overview` (their listing in the system text is recognised, so
 * that exporting gives the same text), calls and results become request and result segments
 * paired by id, images `media`. Message ids are recovered from tool call ids where the
 * exporter made them, so an exported envelope exports again to the same body. Timestamps are
 * synthetic (one second apart) unless a host header gives a time. Never throws.
 */
export function importEnvelope(body: unknown, options: ImportOptions): ImportResult {
  const from = options?.from;
  if (!IMPORT_SOURCES.includes(from)) {
    const message = `Unknown import source ${JSON.stringify(from)}; use one of ${IMPORT_SOURCES.join(', ')}.`;
    return { envelope: null, warnings: [], errors: [{ path: '', keyword: 'input', message }] };
  }
  if (!isObject(body)) {
    return {
      envelope: null,
      warnings: [],
      errors: [{ path: '', keyword: 'type', message: 'The request body must be a JSON object.' }],
    };
  }
  try {
    const builder = new EnvelopeBuilder();
    if (from === 'openai') readOpenAI(body, builder);
    else if (from === 'anthropic') readAnthropic(body, builder);
    else readOTel(body, builder);
    const model = typeof body.model === 'string' ? body.model : options.model;
    const envelope = builder.build(model);
    const validation = validateEnvelope(envelope);
    if (!validation.valid)
      return { envelope: null, warnings: builder.warnings, errors: validation.errors };
    return { envelope, warnings: builder.warnings, errors: [] };
  } catch (cause) {
    const message = `The body could not be read (${cause instanceof Error ? cause.message : String(cause)}).`;
    return { envelope: null, warnings: [], errors: [{ path: '', keyword: 'input', message }] };
  }
}

interface Draft {
  role: Message['role'];
  segments: Segment[];
  /** Message id wanted by the exporter's call ids (`call_{id}_{n}`), if any. */
  idHint?: string;
  timestamp?: number;
}

class EnvelopeBuilder {
  readonly drafts: Draft[] = [];
  readonly warnings: ImportWarning[] = [];
  /** Tool name of every call id seen, for pairing results. */
  readonly callNames = new Map<string, string>();
  private tools: ToolItem[] = [];
  private toolsPath = '';

  warn(path: string, code: string, message: string) {
    this.warnings.push({ path, code, message });
  }

  unreadableMessage(path: string, index: number) {
    this.warn(path, 'message-unreadable', `Message ${index} is not an object and was left out.`);
  }

  /**
   * Adds a message. The exporter splits a message that holds results, text and calls into a
   * tool turn, a turn of its own role and an assistant turn; the tool and assistant parts name
   * the message in their ids. Drafts that want the same id as the one before (or as the one
   * before a hint-less text in between) are joined again: results that answered no call first,
   * then the calls, then the results that answered them, then the text, so that pairing gives
   * the same ids on export.
   */
  add(draft: Draft) {
    if (draft.segments.length === 0) return;
    const hint = draft.idHint;
    const last = this.drafts.at(-1);
    const beforeLast = this.drafts.at(-2);
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
      this.drafts.pop();
      target.role = last.role;
      target.segments.push(...last.segments);
    }
    if (!target) {
      this.drafts.push(draft);
      return;
    }
    const rank = (s: Segment) =>
      s.kind === 'tool_call_result'
        ? this.orphanResults.has(s)
          ? 0
          : 2
        : s.kind === 'tool_call_request'
          ? 1
          : 3;
    target.segments = [...target.segments, ...draft.segments]
      .map((s, i) => [s, i] as const)
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
      .map(([s]) => s);
  }

  /** Results whose id says the exporter found no call for them (`orphan_…`). */
  readonly orphanResults = new WeakSet<Segment>();
  private readonly unresolved = new Map<Segment, string>();

  /** A tool result answering `callId`, as a tool message; a result with no earlier call is kept, with a warning. */
  addResult(callId: string, result: string, success: boolean, path: string) {
    const toolName = this.callNames.get(callId);
    if (toolName === undefined)
      this.warn(
        path,
        'result-without-call',
        `A tool result answers '${callId}', which no earlier call made.`,
      );
    const segment: Segment = {
      kind: 'tool_call_result',
      toolName: toolName ?? 'unknown',
      result,
      success,
      collapsed: success,
    };
    if (callId.startsWith('orphan_')) this.orphanResults.add(segment);
    // A call made later in the body (the exporter puts a message's results before its calls)
    // still names the tool: resolved when the envelope is built.
    if (toolName === undefined) this.unresolved.set(segment, callId);
    const hint = toolName === undefined ? idFromCallId(callId) : undefined;
    this.add({ role: 'tool', segments: [segment], ...(hint ? { idHint: hint } : {}) });
  }

  setTools(tools: ToolItem[], path: string) {
    this.tools = tools;
    this.toolsPath = path;
  }

  /** The system text as system_prompt and tool_overview segments, in their places. */
  system(text: string | null, path: string) {
    const segments = splitSystemText(text, this.tools);
    if (segments === null) {
      if (this.tools.length > 0) {
        this.warn(
          this.toolsPath,
          'tool-list-added',
          'The system text does not list the tools the way exports do; exporting adds the list to it.',
        );
      }
      const fallback: Segment[] = text
        ? [{ kind: 'system_prompt', content: text, collapsed: true }]
        : [];
      if (this.tools.length > 0)
        fallback.push({ kind: 'tool_overview', items: this.tools, collapsed: true });
      this.add({ role: 'system', segments: fallback });
    } else {
      this.add({ role: 'system', segments });
    }
    void path;
  }

  build(model: string | undefined): Envelope {
    for (const [segment, callId] of this.unresolved) {
      const name = this.callNames.get(callId);
      if (name !== undefined && segment.kind === 'tool_call_result') segment.toolName = name;
    }
    const used = new Set<string>();
    const hinted = new Set(
      this.drafts.map((d) => d.idHint).filter((id): id is string => id !== undefined),
    );
    let counter = 0;
    const messages: Message[] = this.drafts.map((draft, index) => {
      let id = draft.idHint && !used.has(draft.idHint) ? draft.idHint : undefined;
      while (id === undefined || used.has(id) || (id !== draft.idHint && hinted.has(id)))
        id = `m${++counter}`;
      used.add(id);
      return {
        id,
        role: draft.role,
        segments: draft.segments,
        timestamp: draft.timestamp ?? index * 1000,
      };
    });
    return model === undefined ? { version: '1.0', messages } : { version: '1.0', model, messages };
  }
}

/** `call_{id}_{n}` / `orphan_{id}_{n}` → id: the message id the exporter derived the call id from. */
function idFromCallId(callId: string): string | undefined {
  return /^(?:call|orphan)_(.+)_\d+$/.exec(callId)?.[1];
}

/**
 * Splits exported system text back into the parts the exporter joined: system prompt text and
 * the tool listings (`- name(parameters): description`, one line per tool; a blank line between
 * parts). Returns null when the text does not hold the listing of every tool, in order.
 */
function splitSystemText(text: string | null, tools: ToolItem[]): Segment[] | null {
  const prompt = (content: string): Segment => ({
    kind: 'system_prompt',
    content,
    collapsed: true,
  });
  if (tools.length === 0) return text ? [prompt(text)] : [];
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
      if (chunk !== '') segments.push(prompt(chunk));
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
    segments.push(prompt(rest.slice(2)));
  }
  return segments;
}

/** A tool declaration; `parameters` is summarised from the schema until the system text says better. */
function toolItem(name: unknown, description: unknown, schema: unknown): ToolItem {
  const item: ToolItem = {
    name: String(name ?? ''),
    description: typeof description === 'string' ? description : '',
    parameters: summarizeParameters(schema),
  };
  if (isObject(schema)) item.schema = schema;
  return item;
}

/** `query: string, limit?: number` from a JSON Schema object. */
export function summarizeParameters(schema: unknown): string {
  if (!isObject(schema) || !isObject(schema.properties)) return '';
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties)
    .map(([name, prop]) => `${name}${required.includes(name) ? '' : '?'}: ${typeLabel(prop)}`)
    .join(', ');
}

function typeLabel(prop: unknown): string {
  if (!isObject(prop)) return 'any';
  if (Array.isArray(prop.enum)) return prop.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (prop.type === 'array') return `${typeLabel(prop.items)}[]`;
  if (typeof prop.type === 'string') return prop.type === 'integer' ? 'number' : prop.type;
  return 'any';
}

function textSegments(text: string): Segment[] {
  return [{ kind: 'text', content: text }];
}

/** A user text that carries a host header is a system message the exporter moved to the user role. */
function hostMessage(text: string): Draft | null {
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

function parseArguments(
  text: unknown,
  path: string,
  builder: EnvelopeBuilder,
): Record<string, unknown> {
  if (typeof text !== 'string') return isObject(text) ? text : {};
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return value;
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

// ---------------------------------------------------------------------------------------------

function readOpenAI(body: Json, builder: EnvelopeBuilder) {
  builder.setTools(
    (Array.isArray(body.tools) ? body.tools : []).map((t: unknown) => {
      const fn = isObject(t) && isObject(t.function) ? t.function : {};
      return toolItem(fn.name, fn.description, fn.parameters);
    }),
    '/tools',
  );
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let started = false;
  let systemDone = false;
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    if (!isObject(message)) return builder.unreadableMessage(path, m);
    const role = message.role;
    const text = openAIText(message.content);
    if ((role === 'system' || role === 'developer') && !started) {
      if (systemDone)
        builder.warn(
          path,
          'system-merged',
          'A second leading system message is merged into the first on export.',
        );
      builder.system(text, path);
      systemDone = true;
      return;
    }
    if (!systemDone && builder.drafts.length === 0) builder.system(null, '');
    systemDone = true;
    started = true;
    if (role === 'system' || role === 'developer')
      return builder.add({ role: 'system', segments: textSegments(text) });
    if (role === 'user') {
      const host = typeof message.content === 'string' ? hostMessage(message.content) : null;
      if (host) return builder.add(host);
      return builder.add({ role: 'user', segments: openAIUserSegments(message.content) });
    }
    if (role === 'assistant') {
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      const segments: Segment[] =
        message.content === null || message.content === undefined ? [] : textSegments(text);
      let idHint: string | undefined;
      calls.forEach((call: unknown, c) => {
        const fn = isObject(call) && isObject(call.function) ? call.function : {};
        const id = isObject(call) && typeof call.id === 'string' ? call.id : `call_${m}_${c}`;
        idHint ??= idFromCallId(id);
        builder.callNames.set(id, String(fn.name ?? ''));
        segments.push({
          kind: 'tool_call_request',
          toolName: String(fn.name ?? ''),
          arguments: parseArguments(
            fn.arguments,
            `${path}/tool_calls/${c}/function/arguments`,
            builder,
          ),
          collapsed: false,
        });
      });
      return builder.add({
        role: 'assistant',
        segments: segments.length > 0 ? segments : textSegments(''),
        ...(idHint ? { idHint } : {}),
      });
    }
    if (role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
      // Exports write failed results as `Error: …` (errorText in openai.ts).
      const failed = text.startsWith('Error: ');
      return builder.addResult(id, failed ? text.slice(7) : text, !failed, path);
    }
    builder.warn(
      path,
      'role-unknown',
      `Message ${m} has role ${JSON.stringify(role)}, which the protocol has no place for; it was left out.`,
    );
  });
  if (!systemDone) builder.system(null, '');
}

function openAIText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p: unknown) => isObject(p) && p.type === 'text')
    .map((p) => String((p as Json).text ?? ''))
    .join('\n\n');
}

function openAIUserSegments(content: unknown): Segment[] {
  if (!Array.isArray(content)) return textSegments(typeof content === 'string' ? content : '');
  const segments: Segment[] = [];
  for (const part of content) {
    if (!isObject(part)) continue;
    if (part.type === 'text') segments.push({ kind: 'text', content: String(part.text ?? '') });
    if (part.type === 'image_url' && isObject(part.image_url)) {
      segments.push({ kind: 'media', mediaType: 'image', url: String(part.image_url.url ?? '') });
    }
  }
  return segments.length > 0 ? segments : textSegments('');
}

// ---------------------------------------------------------------------------------------------

function readAnthropic(body: Json, builder: EnvelopeBuilder) {
  builder.setTools(
    (Array.isArray(body.tools) ? body.tools : []).map((t: unknown) =>
      isObject(t) ? toolItem(t.name, t.description, t.input_schema) : toolItem('', '', undefined),
    ),
    '/tools',
  );
  const system =
    typeof body.system === 'string'
      ? body.system
      : Array.isArray(body.system)
        ? openAIText(body.system)
        : null;
  builder.system(system || null, '/system');
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((message: unknown, m) => {
    const path = `/messages/${m}`;
    if (!isObject(message)) return builder.unreadableMessage(path, m);
    const blocks: Json[] =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : (Array.isArray(message.content) ? message.content : []).filter(isObject);
    if (message.role === 'assistant') {
      // The exporter merges turns: each text is its own message, except the one right before
      // the tool_use blocks of its own message.
      let pendingText: Segment | null = null;
      let draft: Draft | null = null;
      const flushText = () => {
        if (pendingText) builder.add({ role: 'assistant', segments: [pendingText] });
        pendingText = null;
      };
      for (const block of blocks) {
        if (block.type === 'text') {
          if (draft) builder.add(draft);
          draft = null;
          flushText();
          pendingText = { kind: 'text', content: String(block.text ?? '') };
        } else if (block.type === 'tool_use') {
          const id = String(block.id ?? '');
          const hint = idFromCallId(id);
          builder.callNames.set(id, String(block.name ?? ''));
          const request: Segment = {
            kind: 'tool_call_request',
            toolName: String(block.name ?? ''),
            arguments: isObject(block.input) ? block.input : {},
            collapsed: false,
          };
          if (draft && draft.idHint === hint) draft.segments.push(request);
          else {
            if (draft) builder.add(draft);
            draft = {
              role: 'assistant',
              segments: pendingText ? [pendingText, request] : [request],
              ...(hint ? { idHint: hint } : {}),
            };
            pendingText = null;
          }
        }
      }
      if (draft) builder.add(draft);
      flushText();
      return;
    }
    // A user message: results first (one tool message each), then each other block on its own.
    for (const block of blocks) {
      if (block.type === 'tool_result') {
        const result =
          typeof block.content === 'string' ? block.content : openAIText(block.content);
        builder.addResult(String(block.tool_use_id ?? ''), result, block.is_error !== true, path);
      } else if (block.type === 'text') {
        const text = String(block.text ?? '');
        builder.add(hostMessage(text) ?? { role: 'user', segments: textSegments(text) });
      } else if (block.type === 'image' && isObject(block.source)) {
        const source = block.source;
        const url =
          source.type === 'base64'
            ? `data:${String(source.media_type)};base64,${String(source.data)}`
            : String(source.url ?? '');
        builder.add({ role: 'user', segments: [{ kind: 'media', mediaType: 'image', url }] });
      } else {
        builder.warn(
          path,
          'block-unknown',
          `A ${JSON.stringify(block.type)} block in message ${m} has no place in the protocol; it was left out.`,
        );
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------

function readOTel(body: Json, builder: EnvelopeBuilder) {
  builder.setTools(
    (Array.isArray(body.toolDefinitions) ? body.toolDefinitions : []).map((t: unknown) =>
      isObject(t) ? toolItem(t.name, t.description, t.parameters) : toolItem('', '', undefined),
    ),
    '/toolDefinitions',
  );
  const system = Array.isArray(body.systemInstructions) ? otelText(body.systemInstructions) : '';
  builder.system(system || null, '/systemInstructions');
  const messages = Array.isArray(body.inputMessages) ? body.inputMessages : [];
  messages.forEach((message: unknown, m) => {
    const path = `/inputMessages/${m}`;
    if (!isObject(message)) return builder.unreadableMessage(path, m);
    const role = message.role;
    const parts = (Array.isArray(message.parts) ? message.parts : []).filter(isObject);
    if (role === 'tool') {
      for (const p of parts) {
        if (p.type !== 'tool_call_response') continue;
        const response = typeof p.response === 'string' ? p.response : JSON.stringify(p.response);
        builder.addResult(String(p.id ?? ''), response, p.success !== false, path);
      }
      return;
    }
    if (role !== 'system' && role !== 'user' && role !== 'assistant') {
      return builder.warn(
        path,
        'role-unknown',
        `Message ${m} has role ${JSON.stringify(role)}, which the protocol has no place for; it was left out.`,
      );
    }
    const segments: Segment[] = [];
    let idHint: string | undefined;
    for (const p of parts) {
      if (p.type === 'text') segments.push({ kind: 'text', content: String(p.content ?? '') });
      else if (p.type === 'uri' && p.modality === 'image')
        segments.push({ kind: 'media', mediaType: 'image', url: String(p.uri ?? '') });
      else if (p.type === 'blob' && p.modality === 'image') {
        segments.push({
          kind: 'media',
          mediaType: 'image',
          url: `data:${String(p.mime_type)};base64,${String(p.content ?? '')}`,
        });
      } else if (p.type === 'tool_call') {
        const id = String(p.id ?? '');
        idHint ??= idFromCallId(id);
        builder.callNames.set(id, String(p.name ?? ''));
        segments.push({
          kind: 'tool_call_request',
          toolName: String(p.name ?? ''),
          arguments: isObject(p.arguments) ? p.arguments : {},
          collapsed: false,
        });
      } else
        builder.warn(
          path,
          'part-unknown',
          `A ${JSON.stringify(p.type)} part in message ${m} has no place in the protocol; it was left out.`,
        );
    }
    builder.add({
      role,
      segments: segments.length > 0 ? segments : textSegments(''),
      ...(idHint ? { idHint } : {}),
    });
  });
}

function otelText(parts: unknown[]): string {
  return parts
    .filter((p): p is Json => isObject(p) && p.type === 'text')
    .map((p) => String(p.content ?? ''))
    .join('\n\n');
}
