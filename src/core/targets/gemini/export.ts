import {
  checkToolName,
  isJsonObject as isObject,
  listOf,
  requiredList,
  startCheck,
  type RequestViolation,
} from '../request-check.js';
import {
  partsText,
  partText,
  type ContentPart,
  type Conversation,
  type ExportWarning,
  type PassThroughSegment,
  type ToolDeclaration,
  type Turn,
} from '../../assembly/conversation.js';
import { EMPTY_PARAMETERS } from '../../assembly/envelope-segments.js';
import {
  imageMimeType,
  mergeByRole,
  parseDataUrl,
  pointerIndex,
  type Rendered,
} from '../render-common.js';
import { jsonPreview } from '../../protocol/json-value.js';
import type { Target } from '../target.js';
import { schemaToOpenApi } from './schema-form.js';
import { toolGroups } from './tool-entries.js';

/** The request body of Gemini's generateContent (the model is part of the URL). */
export interface GeminiRequest {
  /** A content (its `role` as the request had it), or a string as the SDKs also take it. */
  systemInstruction?: string | { role?: string; parts: { text: string }[] };
  contents: GeminiContent[];
  tools?: GeminiTool[];
}

export interface GeminiContent {
  /** Absent when the request left it out (the API reads the content as the user's). */
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

/** One entry of `tools`: function declarations and built-in tools (`googleSearch: {}` …). */
export interface GeminiTool {
  functionDeclarations?: GeminiFunctionDeclaration[];
  [builtIn: string]: unknown;
}

/** A call of the app's function; `partialArgs` instead of `args` where the call was streamed so. */
export interface GeminiFunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
  partialArgs?: Record<string, unknown>[];
}

export type GeminiPart =
  | { text: string; thoughtSignature?: string }
  | { text: string; thought: true; thoughtSignature?: string }
  | { fileData: { mimeType: string; fileUri: string } }
  | { inlineData: { mimeType: string; data: string } }
  | {
      functionCall: GeminiFunctionCall;
      /** Opaque; Gemini thinking models require it back on the function-call part. */
      thoughtSignature?: string;
    }
  | {
      functionResponse: {
        id?: string;
        name: string;
        response: Record<string, unknown>;
        [field: string]: unknown;
      };
    }
  | { executableCode: Record<string, unknown>; thoughtSignature?: string }
  | { codeExecutionResult: Record<string, unknown> }
  | { toolCall: Record<string, unknown>; thoughtSignature?: string }
  | { toolResponse: Record<string, unknown> };

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** Full JSON Schema; `parameters` takes only an OpenAPI subset (kept when a request used it). */
  parametersJsonSchema?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
  /** What else the logged declaration said (`response`, `behavior` …), kept by imports. */
  [field: string]: unknown;
}

/**
 * Renders the shared conversation for Gemini: roles user and model, consecutive same-role turns
 * merged, `functionCall` parts in the model turn and one `functionResponse` per call in the
 * next user turn, thinking and code execution in their places in the model turn, images as
 * `fileData` (or `inlineData` for data: URLs), function declarations with `parametersJsonSchema`
 * (or `parameters` when the request used it) and built-in tools as the request gave them, later
 * system messages as user messages from the host.
 */
export function renderGemini(
  conversation: Conversation,
): Rendered<GeminiRequest> & { warnings: ExportWarning[] } {
  const warnings: ExportWarning[] = [];
  const contents = mergeByRole(conversation.turns, 'model', 'user', (turn) =>
    turnParts(turn, warnings),
  );
  // A content keeps the role its first message says it had (none: left out).
  const roleless = new Set(
    conversation.turns.filter((t) => t.contentRole === 'none').map((t) => t.sourceId),
  );
  const body: GeminiRequest = {
    ...(conversation.system === null ? {} : { systemInstruction: systemInstruction(conversation) }),
    contents: contents.map(({ role, parts, sources }) =>
      roleless.has(sources[0]!) && role === 'user' ? { parts } : { role, parts },
    ),
  };
  const tools = renderTools(conversation.tools, warnings);
  if (tools.entries.length > 0) body.tools = tools.entries;
  return {
    body,
    warnings,
    sourcesAt: (path) => {
      const c = pointerIndex(path, 'contents');
      if (c !== null) return contents[c]?.sources ?? [];
      const t = /^\/tools\/(\d+)(?:\/functionDeclarations\/(\d+))?/.exec(path);
      if (t) return tools.sources.get(`${t[1]}/${t[2] ?? ''}`) ?? [];
      return path.startsWith('/systemInstruction') ? conversation.systemSourceIds : [];
    },
  };
}

/**
 * The system text as one text part, or one part per part of the system text when the system
 * message asked for its parts (`contentForm: parts`), or as a string (`text`); with the role the
 * request gave it.
 */
function systemInstruction(conversation: Conversation): GeminiRequest['systemInstruction'] {
  const system = conversation.system!;
  const hints = conversation.systemHints;
  if (hints?.contentForm === 'text') return system;
  // The assembly's parts, as long as nothing (a composition) changed the text they make.
  const parts =
    'systemParts' in conversation && Array.isArray(conversation.systemParts)
      ? (conversation.systemParts as { text: string }[]).map((p) => p.text)
      : [];
  const texts = hints?.contentForm === 'parts' && parts.join('\n\n') === system ? parts : [system];
  const role = hints?.contentRole;
  return {
    ...(role === undefined || role === 'none' ? {} : { role }),
    parts: texts.map((text) => ({ text })),
  };
}

/**
 * `tools`: every function declaration in one entry and each built-in tool the request gave in
 * its own, unless the tools say which entry they came from (`group`). Provider-run tools of
 * other APIs cannot be declared here; they are left out, with a warning.
 */
function renderTools(
  tools: readonly ToolDeclaration[],
  warnings: ExportWarning[],
): { entries: GeminiTool[]; sources: Map<string, string[]> } {
  const entries: GeminiTool[] = [];
  const sources = new Map<string, string[]>();
  const sent = tools.filter((tool) => {
    if (!tool.runBy || isGeminiBuiltIn(tool)) return true;
    warnings.push({
      code: 'provider-tool-omitted',
      message: `Gemini cannot declare '${tool.name}', a tool another provider runs; it is left out.`,
      messageIds: [tool.sourceId],
    });
    return false;
  });
  const groups = toolGroups(sent);
  sent.forEach((tool, i) => {
    const entry = (entries[groups[i]!] ??= {});
    if (tool.runBy) {
      Object.assign(entry, tool.declaration);
      sources.set(`${groups[i]}/`, [tool.sourceId]);
      return;
    }
    const declarations = (entry.functionDeclarations ??= []);
    sources.set(`${groups[i]}/${declarations.length}`, [tool.sourceId]);
    declarations.push(functionDeclaration(tool));
  });
  return { entries, sources };
}

/** A built-in tool as a Gemini import keeps it: `{ [name]: value }`. */
const isGeminiBuiltIn = (tool: ToolDeclaration): boolean =>
  tool.declaration !== undefined &&
  tool.name !== 'functionDeclarations' &&
  Object.keys(tool.declaration).length === 1 &&
  Object.hasOwn(tool.declaration, tool.name);

function functionDeclaration(tool: ToolDeclaration): GeminiFunctionDeclaration {
  const declaration: GeminiFunctionDeclaration = { ...tool.fields, name: tool.name };
  if (tool.description !== '') declaration.description = tool.description;
  // A tool declared without a schema is sent without one.
  if (tool.parameters === EMPTY_PARAMETERS) return declaration;
  if (tool.schemaForm) declaration.parameters = schemaToOpenApi(tool.parameters, tool.schemaForm);
  else declaration.parametersJsonSchema = tool.parameters;
  return declaration;
}

function turnParts(turn: Turn, warnings: ExportWarning[]): GeminiPart[] {
  switch (turn.role) {
    case 'tool': {
      const r = turn.toolResult!;
      const kept = r.segment;
      // Ids only when the envelope has them (`callId`): made-up ones would mean nothing here.
      return [
        {
          functionResponse: {
            ...kept?.fields,
            ...(r.ownId ? { id: r.callId } : {}),
            name: r.toolName,
            response: isObject(kept?.structured)
              ? kept.structured
              : r.success
                ? { output: r.result }
                : { error: r.result },
          },
        },
      ];
    }
    case 'system':
      // The assembly sends later system messages as user messages for Gemini ('none').
      return [{ text: partsText(turn.parts) }];
    case 'assistant':
      return modelParts(turn, warnings);
    case 'user':
      return turn.parts.map((p) => userPart(p, turn, warnings));
  }
}

/** The model's parts in order: texts with thinking and provider-run parts among them, then calls. */
function modelParts(turn: Turn, warnings: ExportWarning[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const kept = turn.passThrough ?? [];
  let next = 0;
  const passThroughUpTo = (at: number) => {
    for (; next < kept.length && kept[next]!.at <= at; next++) {
      const part = passThroughPart(kept[next]!.segment);
      if (part) parts.push(part);
    }
  };
  let cited = false;
  turn.parts.forEach((part, i) => {
    passThroughUpTo(i);
    const signature = part.type === 'text' ? part.segment?.thoughtSignature : undefined;
    cited ||= part.type === 'text' && part.segment?.citations !== undefined;
    parts.push(
      signature === undefined
        ? { text: partText(part) }
        : { text: partText(part), thoughtSignature: signature },
    );
  });
  passThroughUpTo(Infinity);
  if (cited)
    warnings.push({
      code: 'citations-not-sent',
      message: `A Gemini request cannot carry the citations of message '${turn.sourceId}'; they are left out.`,
      messageIds: [turn.sourceId],
    });
  for (const c of turn.toolCalls)
    parts.push({
      // A call kept as the API wrote it (streamed partialArgs) goes back so while its name holds.
      functionCall:
        c.segment?.item !== undefined && c.segment.item.name === c.name
          ? (c.segment.item as unknown as GeminiFunctionCall)
          : { ...(c.ownId ? { id: c.id } : {}), name: c.name, args: c.arguments },
      ...(c.thoughtSignature === undefined ? {} : { thoughtSignature: c.thoughtSignature }),
    });
  return parts;
}

/** A Gemini code execution call: `code_execution` with a language and code. */
const isCode = (segment: PassThroughSegment): boolean =>
  segment.kind === 'tool_call_request' &&
  segment.toolName === 'code_execution' &&
  typeof segment.arguments.language === 'string' &&
  typeof segment.arguments.code === 'string';

/** A Gemini built-in tool call or response, named by its tool type (GOOGLE_SEARCH_WEB …). */
const TOOL_TYPE = /^[A-Z][A-Z0-9_]*$/;

/**
 * What Gemini takes back: thinking (unless it holds what only another API makes), its own code
 * execution parts and built-in tool calls and responses. Calls and results of other APIs'
 * provider-run tools (they name a server, keep their API's item or type their result) are not.
 */
function sendsToGemini(segment: PassThroughSegment): boolean {
  switch (segment.kind) {
    case 'thinking':
      return (
        segment.signature === undefined &&
        segment.redactedData === undefined &&
        segment.encryptedContent === undefined &&
        segment.summary === undefined &&
        segment.field === undefined &&
        segment.itemId === undefined
      );
    case 'tool_call_request':
      return (
        segment.item === undefined &&
        segment.server === undefined &&
        (isCode(segment) || TOOL_TYPE.test(segment.toolName))
      );
    case 'tool_call_result':
      return (
        segment.resultType === undefined &&
        isObject(segment.structured) &&
        (segment.toolName === 'code_execution' || TOOL_TYPE.test(segment.toolName))
      );
  }
}

function passThroughPart(segment: PassThroughSegment): GeminiPart | null {
  if (!sendsToGemini(segment)) return null;
  if (segment.kind === 'thinking') {
    // A signature without text came as an empty text part that carries it.
    if (segment.content === '' && segment.thoughtSignature !== undefined)
      return { text: '', thoughtSignature: segment.thoughtSignature };
    return {
      text: segment.content,
      thought: true,
      ...(segment.thoughtSignature === undefined
        ? {}
        : { thoughtSignature: segment.thoughtSignature }),
    };
  }
  const signature =
    segment.kind === 'tool_call_request' && segment.thoughtSignature !== undefined
      ? { thoughtSignature: segment.thoughtSignature }
      : {};
  const id = segment.callId === undefined ? {} : { id: segment.callId };
  if (segment.kind === 'tool_call_request') {
    const { language, code } = segment.arguments;
    return isCode(segment)
      ? { executableCode: { ...id, language, code }, ...signature }
      : { toolCall: { ...id, toolType: segment.toolName, args: segment.arguments }, ...signature };
  }
  // The API's own result, as it gave it.
  const structured = segment.structured as Record<string, unknown>;
  return segment.toolName === 'code_execution'
    ? { codeExecutionResult: structured }
    : { toolResponse: structured };
}

function userPart(part: ContentPart, turn: Turn, warnings: ExportWarning[]): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  const data = parseDataUrl(part.url);
  if (data) return { inlineData: { mimeType: data.mimeType, data: data.data } };
  const mimeType = imageMimeType(part.url);
  if (!mimeType) {
    warnings.push({
      code: 'image-mime-unknown',
      message: `The image ${part.url} in message '${turn.sourceId}' has no known image extension; it is sent as image/jpeg.`,
      messageIds: [turn.sourceId],
    });
  }
  return { fileData: { mimeType: mimeType ?? 'image/jpeg', fileUri: part.url } };
}

/**
 * Checks the turn rules of Gemini's generateContent (provider-schemas/README.md): roles user and
 * model, a function-call turn only after a user turn or a function-response turn, the next turn
 * holding exactly as many `functionResponse` parts as there were `functionCall` parts, function
 * declarations with valid names and no more in `parameters` than its OpenAPI subset takes, no
 * empty content. Accepts any value and never throws.
 *
 * @example
 * ```ts
 * const violations = checkGeminiRequest(requestBody);
 * ```
 */
export function checkGeminiRequest(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input);
  if (!body) return violations;
  listOf(body.tools).forEach((tool, t) => {
    const declarations = isObject(tool) ? listOf(tool.functionDeclarations) : [];
    declarations.forEach((d, i) => {
      const at = `/tools/${t}/functionDeclarations/${i}`;
      const name = isObject(d) ? d.name : undefined;
      checkToolName(name, `${at}/name`, 'Function', add);
      const beyond = isObject(d) ? beyondSubset(d.parameters) : null;
      if (beyond) {
        add(
          `${at}/parameters`,
          'parameters-subset',
          `Function ${jsonPreview(name)} uses ${beyond} in parameters, which takes only an OpenAPI subset of JSON Schema; use parametersJsonSchema.`,
        );
      }
    });
  });
  const contents = requiredList(body, 'contents', add);
  let previous: { role: unknown; calls: number; responses: number; index: number } | null = null;
  contents.forEach((content: unknown, c) => {
    const path = `/contents/${c}`;
    // A content without a role is the user's.
    const role = isObject(content) ? (content.role ?? 'user') : undefined;
    if (role !== 'user' && role !== 'model')
      add(
        `${path}/role`,
        'role-invalid',
        `Content ${c} has role ${jsonPreview(role ?? null)}; only user and model are allowed.`,
      );
    const parts = isObject(content) ? listOf(content.parts) : [];
    if (parts.length === 0) add(`${path}/parts`, 'parts-empty', `Content ${c} has no parts.`);
    const count = (key: string) => parts.filter((p: unknown) => isObject(p) && key in p).length;
    const calls = count('functionCall');
    const responses = count('functionResponse');
    parts.forEach((p: unknown, i) => {
      // An empty text that carries a thought signature is the model's own, to be sent back.
      if (isObject(p) && 'text' in p && p.text === '' && p.thoughtSignature === undefined)
        add(`${path}/parts/${i}`, 'text-empty', `Content ${c} has an empty text part.`);
    });
    if (calls > 0 && (role !== 'model' || !previous || previous.role !== 'user')) {
      add(
        path,
        'function-call-placement',
        `Content ${c} calls functions but does not follow a user turn or a function-response turn.`,
      );
    }
    if (responses > 0 && (!previous || previous.calls !== responses)) {
      add(
        path,
        'function-response-count',
        `Content ${c} has ${responses} function responses, but the turn before it made ${previous?.calls ?? 0} function calls.`,
      );
    }
    if (previous && previous.calls > 0 && responses !== previous.calls && responses === 0) {
      add(
        `/contents/${previous.index}`,
        'tool-call-unanswered',
        `Content ${previous.index} makes ${previous.calls} function calls, but the next turn holds no function responses.`,
      );
    }
    previous = { role, calls, responses, index: c };
  });
  // Assigned inside the forEach callback, which TypeScript's flow analysis does not follow.
  const last = previous as { calls: number; index: number } | null;
  if (last && last.calls > 0) {
    add(
      `/contents/${last.index}`,
      'tool-call-unanswered',
      `Content ${last.index} makes ${last.calls} function calls, but no turn answers them.`,
    );
  }
  return violations;
}

/** The keywords of the OpenAPI subset `parameters` takes (Gemini's `Schema`). */
const SUBSET_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** The first thing in a `parameters` schema its subset does not take (a keyword, a type list), or null. */
function beyondSubset(schema: unknown): string | null {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node)) continue;
    for (const key of Object.keys(node)) if (!SUBSET_KEYWORDS.has(key)) return jsonPreview(key);
    if (Array.isArray(node.type)) return 'a list of types';
    // Loops, not spreads: a schema may list more properties than a call takes arguments.
    if (isObject(node.properties))
      for (const value of Object.values(node.properties)) stack.push(value);
    for (const value of listOf(node.anyOf)) stack.push(value);
    stack.push(node.items);
  }
  return null;
}

/** Gemini generateContent: no system role mid-conversation; the model goes in the URL. */
export const gemini: Target<GeminiRequest> = {
  name: 'gemini',
  midConversationSystem: () => 'none',
  sends: sendsToGemini,
  carriesModel: false,
  render: (conversation) => renderGemini(conversation),
  check: checkGeminiRequest,
};
