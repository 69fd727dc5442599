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
  type Turn,
} from '../../assembly/conversation.js';
import {
  imageMimeType,
  mergeByRole,
  parseDataUrl,
  pointerIndex,
  type Rendered,
} from '../render-common.js';
import { jsonPreview } from '../../protocol/json-value.js';
import type { Target } from '../target.js';

/** The request body of Gemini's generateContent (the model is part of the URL). */
export interface GeminiRequest {
  systemInstruction?: { parts: { text: string }[] };
  contents: GeminiContent[];
  tools?: { functionDeclarations: GeminiFunctionDeclaration[] }[];
}

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export type GeminiPart =
  | { text: string }
  | { fileData: { mimeType: string; fileUri: string } }
  | { inlineData: { mimeType: string; data: string } }
  | {
      functionCall: { id?: string; name: string; args: Record<string, unknown> };
      /** Opaque; Gemini thinking models require it back on the function-call part. */
      thoughtSignature?: string;
    }
  | {
      functionResponse: {
        id?: string;
        name: string;
        response: { output: string } | { error: string };
      };
    };

export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Full JSON Schema; `parameters` would only take an OpenAPI subset. */
  parametersJsonSchema: Record<string, unknown>;
}

/**
 * Renders the shared conversation for Gemini: roles user and model, consecutive same-role turns
 * merged, `functionCall` parts in the model turn and one `functionResponse` per call in the
 * next user turn, images as `fileData` (or `inlineData` for data: URLs), declarations with
 * `parametersJsonSchema`, later system messages as user messages from the host.
 */
export function renderGemini(
  conversation: Conversation,
): Rendered<GeminiRequest> & { warnings: ExportWarning[] } {
  const warnings: ExportWarning[] = [];
  const contents = mergeByRole(conversation.turns, 'model', 'user', (turn) =>
    turnParts(turn, warnings),
  );
  const body: GeminiRequest = {
    ...(conversation.system === null
      ? {}
      : { systemInstruction: { parts: [{ text: conversation.system }] } }),
    contents: contents.map(({ role, parts }) => ({ role, parts })),
  };
  if (conversation.tools.length > 0) {
    body.tools = [
      {
        functionDeclarations: conversation.tools.map((t) => ({
          name: t.name,
          description: t.description,
          parametersJsonSchema: t.parameters,
        })),
      },
    ];
  }
  return {
    body,
    warnings,
    sourcesAt: (path) => {
      const c = pointerIndex(path, 'contents');
      if (c !== null) return contents[c]?.sources ?? [];
      const t = /^\/tools\/0\/functionDeclarations\/(\d+)/.exec(path);
      if (t)
        return conversation.tools[Number(t[1])] ? [conversation.tools[Number(t[1])].sourceId] : [];
      return path.startsWith('/systemInstruction') ? conversation.systemSourceIds : [];
    },
  };
}

function turnParts(turn: Turn, warnings: ExportWarning[]): GeminiPart[] {
  switch (turn.role) {
    case 'tool': {
      const r = turn.toolResult!;
      // Ids only when the envelope has them (`callId`): made-up ones would mean nothing here.
      return [
        {
          functionResponse: {
            ...(r.ownId ? { id: r.callId } : {}),
            name: r.toolName,
            response: r.success ? { output: r.result } : { error: r.result },
          },
        },
      ];
    }
    case 'system':
      // The assembly sends later system messages as user messages for Gemini ('none').
      return [{ text: partsText(turn.parts) }];
    case 'assistant':
      return [
        ...turn.parts.map((p): GeminiPart => ({ text: partText(p) })),
        ...turn.toolCalls.map((c): GeminiPart => ({
          functionCall: { ...(c.ownId ? { id: c.id } : {}), name: c.name, args: c.arguments },
          ...(c.thoughtSignature === undefined ? {} : { thoughtSignature: c.thoughtSignature }),
        })),
      ];
    case 'user':
      return turn.parts.map((p) => userPart(p, turn, warnings));
  }
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
 * declarations with valid names and `parametersJsonSchema` (not the OpenAPI-subset `parameters`),
 * no empty content. Accepts any value and never throws.
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
      if (isObject(d) && 'parameters' in d) {
        add(
          `${at}/parameters`,
          'parameters-subset',
          `Function ${jsonPreview(name)} uses parameters, which takes only an OpenAPI subset of JSON Schema; use parametersJsonSchema.`,
        );
      }
    });
  });
  const contents = requiredList(body, 'contents', add);
  let previous: { role: unknown; calls: number; responses: number; index: number } | null = null;
  contents.forEach((content: unknown, c) => {
    const path = `/contents/${c}`;
    const role = isObject(content) ? content.role : undefined;
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
      if (isObject(p) && 'text' in p && p.text === '')
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

/** Gemini generateContent: no system role mid-conversation; the model goes in the URL. */
export const gemini: Target<GeminiRequest> = {
  name: 'gemini',
  midConversationSystem: () => 'none',
  carriesModel: false,
  render: (conversation) => renderGemini(conversation),
  check: checkGeminiRequest,
};
