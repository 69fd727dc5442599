/**
 * Gemini streams (`streamGenerateContent?alt=sse`, or what the SDK's `generateContentStream`
 * yields): each event is a whole `GenerateContentResponse` whose first candidate holds the new
 * parts. Text parts continue the text; a `functionCall` part comes whole, with its
 * `thoughtSignature`; `thought` parts are the model's thinking. `finishReason` says why the
 * candidate stopped; `usageMetadata` comes with the last events. There is no end event: the
 * stream ends with the body.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';
import { label, type StreamBuilder } from '../streams/stream-builder.js';

export const isGeminiChunk = (event: JsonObject): boolean =>
  event.type === undefined &&
  (Array.isArray(event.candidates) || isJsonObject(event.promptFeedback));

export function createGeminiReader(builder: StreamBuilder) {
  /** Non-text parts so far: text after a call is a new text source, and each call has a key. */
  let calls = 0;

  const part = (part: unknown) => {
    if (!isJsonObject(part)) return;
    if (part.thought === true) return builder.thinking();
    const call = part.functionCall;
    // The protocol keeps a thought signature with a function call only.
    if (part.thoughtSignature !== undefined && !isJsonObject(call))
      builder.omit('A thought signature outside a function call', 'signature');
    if (typeof part.text === 'string') return builder.text(`text ${calls}`, part.text);
    if (!isJsonObject(call)) {
      const kind = label(Object.keys(part).find((key) => key !== 'thoughtSignature'));
      if (kind !== 'undefined') builder.omit(`A part with ${kind}`, `part ${kind}`);
      return;
    }
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
    builder.startTool(key, call.name, call.args ?? {});
    if (typeof part.thoughtSignature === 'string') builder.signTool(key, part.thoughtSignature);
    if (call.willContinue === true) open = { key, args: Object.create(null) };
    else builder.finishTool(key);
  };

  /** The call whose arguments are coming in pieces. */
  let open: { key: string; args: JsonObject } | undefined;
  const closeCall = () => {
    if (open) builder.finishTool(open.key, JSON.stringify(open.args));
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
      const finish = candidate.finishReason;
      if (typeof finish === 'string' && finish !== '') {
        closeCall();
        builder.stopping(
          finish === 'MAX_TOKENS'
            ? 'length'
            : /SAFETY|RECITATION|BLOCKLIST|PROHIBITED|SPII/.test(finish)
              ? 'content-filter'
              : /FUNCTION|TOOL/.test(finish) // MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL, …
                ? 'error'
                : builder.hasToolCalls()
                  ? 'tool-calls'
                  : 'stop',
          finish,
        );
      }
    }
  };
}
