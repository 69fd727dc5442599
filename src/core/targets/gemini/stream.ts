/**
 * Gemini streams (`streamGenerateContent?alt=sse`, or what the SDK's `generateContentStream`
 * yields): each event is a whole `GenerateContentResponse` whose first candidate holds the new
 * parts. Text parts continue the text; `thought` parts the model's thinking (a thinking segment,
 * as the SDK keeps them apart from the text); a `functionCall` part comes whole, with its
 * `thoughtSignature`; `executableCode` and `codeExecutionResult` parts are code the provider ran
 * and its result. Every signature is kept where it came: on a call, a text, a thought, or (as
 * Gemini 3 ends its answers) an empty text that carries only a signature, which is thinking
 * without text. `groundingMetadata` gives the sources of the answer (the text's citations).
 * `finishReason` says why the candidate stopped; `usageMetadata` comes with the last events.
 * There is no end event: the stream ends with the body.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import {
  thinkingText,
  signThinking,
  signText,
  addSegment,
  citeLastText,
  signTool,
  finishTool,
  hasToolCalls,
  stopping,
  startToolWithInput,
} from '../streams/stream-builder-extras.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';

export const isGeminiChunk = (event: JsonObject): boolean =>
  event.type === undefined &&
  (Array.isArray(event.candidates) || isJsonObject(event.promptFeedback));

export function createGeminiReader(builder: StreamBuilder) {
  /**
   * Sources so far: a text or a run of thoughts after another kind of part starts a new one, and
   * so does a second signature for the same source (a segment keeps one).
   */
  let sources = 0;
  let last: 'text' | 'thought' | 'other' | undefined;
  let signed = false;
  const source = (kind: 'text' | 'thought', signature: string | undefined) => {
    if (last !== kind || (signature !== undefined && signed)) {
      sources++;
      signed = false;
    }
    last = kind;
    signed ||= signature !== undefined;
    return `${kind} ${sources}`;
  };
  let calls = 0;

  const part = (part: unknown) => {
    if (!isJsonObject(part)) return;
    const signature =
      typeof part.thoughtSignature === 'string' && part.thoughtSignature !== ''
        ? part.thoughtSignature
        : undefined;
    const call = part.functionCall;
    if (typeof part.text === 'string') {
      // An empty text that carries only a signature is thinking without text (as imports read it).
      if (part.thought === true || (part.text === '' && signature !== undefined)) {
        // A signature on its own is its own segment, before and after.
        const alone = part.text === '';
        if (alone) last = 'other';
        const key = source('thought', signature);
        if (alone) last = 'other';
        thinkingText(builder, key, part.text);
        if (signature !== undefined) signThinking(builder, key, signature);
        return;
      }
      if (part.text === '') return;
      const key = source('text', signature);
      builder.text(key, part.text);
      if (signature !== undefined) signText(builder, key, signature);
      return;
    }
    if (isJsonObject(part.executableCode) || isJsonObject(part.codeExecutionResult)) {
      last = 'other';
      closeCall();
      if (signature !== undefined && !isJsonObject(part.executableCode))
        builder.omit('A thought signature on a code execution result', 'result-signature');
      return addSegment(builder, codePart(part, signature));
    }
    if (!isJsonObject(call)) {
      const kind = label(Object.keys(part).find((key) => key !== 'thoughtSignature'));
      if (kind !== 'undefined') builder.omit(`A part with ${kind}`, `part ${kind}`);
      return;
    }
    last = 'other';
    // Vertex may stream a call in pieces: its name (`willContinue`), then `partialArgs` that
    // set values by JSON path (text values come in pieces too), then an empty call that ends it.
    if (open && call.name === undefined) {
      if (Array.isArray(call.partialArgs))
        for (const piece of call.partialArgs) setArgument(open.args, piece);
      if (call.willContinue !== true) closeCall();
      return;
    }
    closeCall();
    if (typeof call.name !== 'string') return;
    const key = `call ${calls++}`;
    startToolWithInput(builder, key, call.name, call.args ?? {});
    if (signature !== undefined) signTool(builder, key, signature);
    if (call.willContinue === true) open = { key, args: Object.create(null) };
    else finishTool(builder, key);
  };

  /** The call whose arguments are coming in pieces. */
  let open: { key: string; args: JsonObject } | undefined;
  const closeCall = () => {
    if (open) finishTool(builder, open.key, JSON.stringify(open.args));
    open = undefined;
  };

  const setArgument = (args: JsonObject, piece: unknown) => {
    if (!isJsonObject(piece) || typeof piece.jsonPath !== 'string') return;
    const value = piece.stringValue ?? piece.numberValue ?? piece.boolValue ?? null;
    const path = [...piece.jsonPath.matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)].map(
      ([, key, index]) => key ?? +index,
    );
    // Objects without a prototype: a key named __proto__ is a key like any other.
    let target: Record<string | number, unknown> = args;
    for (const [i, step] of path.entries()) {
      // An index may only extend a list by one: a hostile path cannot make a huge sparse list.
      if (typeof step === 'number' && !(Array.isArray(target) && step <= target.length))
        return builder.ignore(
          'malformed-event',
          'A function call piece with an unusable path was ignored.',
          'json-path',
        );
      const next = target[step];
      target = target[step] =
        i === path.length - 1
          ? typeof next === 'string' && typeof value === 'string'
            ? next + value
            : value
          : typeof next === 'object' && next
            ? next
            : typeof path[i + 1] === 'number'
              ? []
              : Object.create(null);
    }
  };

  /** The grounding sources of the answer: its text's citations, as the API wrote them. */
  const ground = (candidate: JsonObject) => {
    const grounding = candidate.groundingMetadata;
    if (!isJsonObject(grounding)) return;
    const chunks = Array.isArray(grounding.groundingChunks)
      ? grounding.groundingChunks.filter(isJsonObject)
      : [];
    if (chunks.length > 0 && !citeLastText(builder, chunks))
      builder.omit('The grounding sources of a message without text', 'grounding-sources');
    const rest = Object.keys(grounding).filter((key) => key !== 'groundingChunks');
    if (rest.length > 0)
      builder.omit(`The grounding metadata besides its sources (${rest.join(', ')})`, 'grounding');
  };

  return (event: JsonObject) => {
    if (typeof event.modelVersion === 'string' && event.modelVersion !== '')
      builder.model ??= event.modelVersion;
    if (isJsonObject(event.usageMetadata)) builder.usage = event.usageMetadata;
    const feedback = isJsonObject(event.promptFeedback) ? event.promptFeedback : {};
    if (typeof feedback.blockReason === 'string')
      return builder.end('content-filter', feedback.blockReason);
    if (!Array.isArray(event.candidates)) return;
    for (const candidate of event.candidates) {
      if (!isJsonObject(candidate)) continue;
      if ((candidate.index ?? 0) !== 0) {
        builder.ignore(
          'other-choice',
          'Only the first candidate (index 0) is read; the other candidates were ignored.',
          'other-choice',
        );
        continue;
      }
      const content = isJsonObject(candidate.content) ? candidate.content : {};
      if (Array.isArray(content.parts)) content.parts.forEach(part);
      ground(candidate);
      if (isJsonObject(candidate.citationMetadata))
        builder.omit('The citation metadata (recitation sources)', 'citation-metadata');
      const finish = candidate.finishReason;
      if (typeof finish === 'string' && finish !== '') {
        closeCall();
        stopping(
          builder,
          finish === 'MAX_TOKENS'
            ? 'length'
            : /SAFETY|RECITATION|BLOCKLIST|PROHIBITED|SPII/.test(finish)
              ? 'content-filter'
              : /FUNCTION|TOOL/.test(finish) // MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL, …
                ? 'error'
                : hasToolCalls(builder)
                  ? 'tool-calls'
                  : 'stop',
          finish,
        );
      }
    }
  };
}

/**
 * Code the provider ran (`executableCode`: a `code_execution` call with its language and code)
 * or its result (`codeExecutionResult`: the output, a success when the outcome is OUTCOME_OK,
 * the API's object kept as it is), as imports read them.
 */
function codePart(part: JsonObject, signature: string | undefined) {
  const id = (value: JsonObject) =>
    typeof value.id === 'string' && value.id !== '' ? { callId: value.id } : {};
  if (isJsonObject(part.executableCode)) {
    const code = part.executableCode;
    const args: JsonObject = {};
    if (code.language !== undefined) args.language = code.language;
    if (code.code !== undefined) args.code = code.code;
    return {
      kind: 'tool_call_request' as const,
      toolName: 'code_execution',
      arguments: args,
      collapsed: false,
      runBy: 'provider' as const,
      ...id(code),
      ...(signature === undefined ? {} : { thoughtSignature: signature }),
    };
  }
  const result = part.codeExecutionResult as JsonObject;
  const success = result.outcome === 'OUTCOME_OK';
  return {
    kind: 'tool_call_result' as const,
    toolName: 'code_execution',
    result: typeof result.output === 'string' ? result.output : '',
    success,
    collapsed: success,
    runBy: 'provider' as const,
    structured: result,
    ...id(result),
  };
}
