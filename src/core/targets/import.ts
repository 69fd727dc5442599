/**
 * `importEnvelope`: any input a person has (a request body, a request log, a trace, an envelope,
 * a list of them) read into envelopes, the format found for each record.
 */
import { validateScenarioManifest, type ScenarioManifest } from '../protocol/manifest.js';
import { normalizeEnvelope } from '../protocol/normalize.js';
import type { Envelope } from '../protocol/types.js';
import { describeValue, type ImportWarning } from './import-builder.js';
import { detectFormat, FORMAT_NAMES, responseFormat } from './import-detect.js';
import { loggedCall, toEpochMs, type LoggedCall } from './import-logs.js';
import { fromAttributes, otlpSpans, spanConversation } from './otel/otlp.js';
import { readJsonLine, readRecords, type ImportError, type InputRecord } from './import-records.js';
import { appendResponse } from './import-response.js';
import { boundErrors, boundWarnings, MAX_ISSUES } from './import-limits.js';
import {
  importBody,
  IMPORT_SOURCES,
  inputIssue,
  noEnvelope,
  reasonOf,
  type ImportedConversation,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  type ImportSource,
} from './import-body.js';

export {
  IMPORT_SOURCES,
  type ImportedConversation,
  type ImportError,
  type ImportFormat,
  type ImportOptions,
  type ImportResult,
  type ImportSource,
  type ImportWarning,
};
import { isJsonObject, type JsonObject } from './request-check.js';

/**
 * Reads what a person has into envelopes (SPEC §3.3, §8), finding the format unless `from`
 * names it. `input` is a parsed value or text: one JSON document, or JSON Lines (one document a
 * line; a line that cannot be read is an error naming it, and the other lines still load). A
 * document may be
 *
 * - a prompt envelope (1.0 or 1.1; normalised, then validated) or a scenario manifest (validated;
 *   in `manifest`);
 * - a request body: OpenAI Chat Completions, OpenAI Responses, Anthropic Messages, Gemini
 *   generateContent, or an OpenTelemetry GenAI record (`gen_ai.*` attributes, or the `otel`
 *   export);
 * - a request with its response (`{ request, response }`, a body with `response` beside its
 *   fields, an OpenAI or Anthropic batch input line): the response's message, tool calls and
 *   refusal become the assistant's last turn;
 * - an OTLP/JSON trace export (one conversation per model-call span);
 * - a JSON array of any of these.
 *
 * The result says what it found in `source`. Provider bodies are read as `importBody` reads
 * them: system text becomes a `system_prompt`, tools a `tool_overview`, calls and results
 * request and result segments paired by id, images `media`; what the request says about form is
 * kept in protocol 1.1 fields, and every field the protocol has no place for is named in a
 * warning, so that exporting an imported body gives back the same body. An input that matches
 * no format, or two equally, is an error that names what was expected. Never throws.
 *
 * @example
 * ```ts
 * const { envelope, envelopes, source, errors } = importEnvelope(await readFile('requests.jsonl', 'utf8'));
 * console.log(source, envelopes?.map((c) => c.title) ?? envelope?.model, errors);
 * const openai = importEnvelope(requestBody, { from: 'openai' }).envelope;
 * if (openai) console.log(exportEnvelope(openai, { target: 'anthropic' }).body);
 * ```
 */
export function importEnvelope(input: unknown, options: ImportOptions = {}): ImportResult {
  const steps = importSteps(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `importEnvelope` one record at a time: yields the share of the records read so far (0 to 1)
 * after each, and returns the result. A page reads a large file with it in slices, giving the
 * browser its turn between them.
 */
export function* importSteps(
  input: unknown,
  options: ImportOptions = {},
): Generator<number, ImportResult> {
  const from = options?.from ?? 'auto';
  if (from !== 'auto' && !IMPORT_SOURCES.includes(from))
    return noEnvelope([
      inputIssue(
        `Unknown import source ${describeValue(from)}; use one of auto, ${IMPORT_SOURCES.join(', ')}.`,
      ),
    ]);
  try {
    const read = readRecords(input);
    const conversations: ImportedConversation[] = [];
    // Every warning, in the order of the records: each record's own, then its conversations'.
    const warnings: ImportWarning[] = [];
    const errors = [...read.errors];
    const sources = new Set<ImportFormat>();
    let isList = false;
    let manifest: ScenarioManifest | undefined;
    const total = read.lines?.length ?? read.records.length;
    /** Values of a list that are not objects, counted once the errors are full. */
    let uncounted = 0;
    for (let i = 0; i < total; i++) {
      const line = read.lines?.[i];
      if (
        !line &&
        errors.length >= MAX_ISSUES &&
        from === 'auto' &&
        !isJsonObject(read.records[i]!.value)
      ) {
        uncounted++;
        if (i % 1024 === 0) yield (i + 1) / total;
        continue;
      }
      const record = line ? readJsonLine(line.text, line.line) : { record: read.records[i]! };
      if ('error' in record) errors.push(record.error);
      else {
        const result = importRecord(record.record, { ...options, from });
        conversations.push(...result.conversations);
        warnings.push(...result.warnings, ...result.conversations.flatMap((c) => c.warnings));
        errors.push(...result.errors);
        if (result.source) sources.add(result.source);
        isList ||= result.list === true;
        manifest ??= result.manifest;
      }
      yield (i + 1) / total;
    }
    const container = read.container;
    for (const conversation of conversations)
      conversation.warnings = boundWarnings(conversation.warnings);
    const out: ImportResult = {
      envelope: conversations[0]?.envelope ?? null,
      warnings: boundWarnings(warnings),
      errors: boundErrors(errors, uncounted),
    };
    if (sources.size > 0) out.source = sources.size === 1 ? [...sources][0]! : 'mixed';
    if (container !== 'value') out.container = container;
    if (container !== 'value' || isList) out.envelopes = conversations;
    if (manifest) out.manifest = manifest;
    if (out.envelope === null && errors.length === 0 && !manifest)
      errors.push(
        inputIssue(`The ${container === 'value' ? 'input' : 'list'} holds no conversation.`),
      );
    return out;
  } catch (cause) {
    // The readers are written not to throw; this is the last line of that promise.
    return noEnvelope([inputIssue(`The input could not be read (${reasonOf(cause)}).`)]);
  }
}

/** What one record gave: its conversations, or errors, and whether it was a list itself. */
interface RecordResult {
  conversations: ImportedConversation[];
  /** About the record as a whole; each conversation has its own. */
  warnings: ImportWarning[];
  errors: ImportError[];
  /** The record's own format; for a trace, `otlp`. */
  source?: ImportFormat;
  /** A trace: a list even when it holds one conversation. */
  list?: boolean;
  manifest?: ScenarioManifest;
}

type RecordOptions = ImportOptions & { from: ImportSource | 'auto' };

/**
 * One record (the whole input, an array item or a line) read into its conversations. Paths of
 * warnings and errors are made JSON Pointers into the input (within the line, for JSON Lines,
 * whose messages start with the line number).
 */
function importRecord(record: InputRecord, options: RecordOptions): RecordResult {
  const result = readValue(record.value, options);
  const line = record.line;
  const place = <T extends { path: string; message: string }>(issue: T): T => ({
    ...issue,
    path: record.path + issue.path,
    message: line === undefined ? issue.message : `Line ${line}: ${issue.message}`,
    ...(line === undefined ? {} : { line }),
  });
  for (const conversation of result.conversations) {
    conversation.path = record.path + conversation.path;
    if (line !== undefined) conversation.line = line;
    conversation.warnings = conversation.warnings.map(place);
  }
  return { ...result, warnings: result.warnings.map(place), errors: result.errors.map(place) };
}

function fail(message: string, keyword = 'format', path = ''): RecordResult {
  return { conversations: [], warnings: [], errors: [{ path, keyword, message }] };
}

function readValue(value: unknown, options: RecordOptions): RecordResult {
  const detected = detectFormat(value);
  if (!isJsonObject(value)) {
    if (options.from !== 'auto') return fromBody(value as JsonObject, options.from, {}, options);
    // detectFormat refuses every value that is not an object.
    return fail((detected as { error: string }).error);
  }
  const container = 'format' in detected ? detected.format : undefined;
  if (container === 'otlp' && (options.from === 'auto' || options.from === 'otel'))
    return readTrace(value, options);
  const call = loggedCall(value);
  if (call && 'error' in call) return fail(call.error, 'response-only');
  if (call) return readCall(call, options);
  if (options.from !== 'auto') return fromBody(value, options.from, {}, options);
  if ('error' in detected) return fail(detected.error, detected.keyword);
  const format = detected.format;
  if (format === 'envelope') {
    const normalized = normalizeEnvelope(value);
    const envelope = normalized.envelope;
    return {
      conversations: envelope ? [conversation(envelope, format, normalized.warnings, '')] : [],
      warnings: [],
      errors: normalized.errors,
      source: format,
    };
  }
  if (format === 'manifest') {
    const checked = validateScenarioManifest(value);
    return {
      conversations: [],
      warnings: [],
      errors: checked.errors,
      source: format,
      ...(checked.valid ? { manifest: value as unknown as ScenarioManifest } : {}),
    };
  }
  const read = fromBody(value, format as ImportSource, {}, options);
  read.warnings.unshift(...detected.warnings);
  return read;
}

function readCall(call: LoggedCall, options: RecordOptions): RecordResult {
  let format: ImportSource;
  const warnings: ImportWarning[] = [];
  if (options.from !== 'auto') format = options.from;
  else {
    const detected = detectFormat(call.request);
    if ('error' in detected) return fail(detected.error, detected.keyword, call.requestPath);
    const found = detected.format;
    if (!IMPORT_SOURCES.includes(found as ImportSource))
      return fail(
        `The request of this record is ${FORMAT_NAMES[found]}, not a request body.`,
        'format',
        call.requestPath,
      );
    // A URL that names the API, or the response's own shape, settles what the request's
    // fields alone leave open.
    const guessed = detected.warnings.some((w) => w.code === 'format-guessed');
    const hint = call.hint ?? responseFormat(call.response);
    format = guessed && hint ? hint : (found as ImportSource);
    if (!(guessed && hint))
      warnings.push(...detected.warnings.map((w) => ({ ...w, path: call.requestPath })));
  }
  const read = fromBody(call.request, format, call, options);
  read.warnings.unshift(...warnings);
  return read;
}

/** What `importBody` is given for a request of a known format, and what was found on the way. */
export interface RequestToRead {
  /** The body read: the request, with the response of its call (if any) as its last turn. */
  request: JsonObject;
  /** Whether a response was appended to it. */
  withResponse: boolean;
  /** False for gen_ai.* attributes, which are read as the OTel record they describe. */
  asLogged: boolean;
  /** JSON Pointer of the request within its record. */
  basePath: string;
  model: string | undefined;
  time: number | undefined;
  warnings: ImportWarning[];
}

/**
 * The body `importBody` reads for a request of a known format (with the response of its call if
 * any): the import uses it, and `loggedRequests` gives a conversation's body by it, so the body
 * a viewer compares with its export is the one that was read.
 */
export function requestToRead(
  body: JsonObject,
  format: ImportSource,
  call: Partial<LoggedCall>,
  options: ImportOptions,
): RequestToRead {
  const warnings: ImportWarning[] = [];
  const basePath = call.requestPath ?? '';
  let request = body;
  let response = call.response;
  let responsePath = call.responsePath ?? '';
  let model = options.model ?? call.model;
  let time = call.time;
  let asLogged = true;
  // gen_ai.* attributes written as one object: the OTel record they describe.
  if (format === 'otel' && isJsonObject(body) && !Array.isArray(body.inputMessages)) {
    const otel = fromAttributes(body, basePath);
    if (otel) {
      request = otel.body;
      response ??= otel.response;
      responsePath = basePath;
      model ??= otel.model;
      warnings.push(...otel.warnings);
      asLogged = false;
    }
  }
  const asked = request;
  if (typeof response === 'string')
    warnings.push({
      path: responsePath,
      code: 'response-unreadable',
      message:
        'The response is text, not a JSON response (a streamed response is not read); the conversation ends with the request.',
    });
  else if (isJsonObject(response)) {
    time ??= toEpochMs(response.created ?? response.created_at);
    if (format === 'gemini' && typeof response.modelVersion === 'string')
      model ??= response.modelVersion;
    request = appendResponse(format, request, response, responsePath, warnings);
  }
  return {
    request,
    withResponse: request !== asked,
    asLogged,
    basePath,
    model,
    time,
    warnings,
  };
}

/** Reads a request body of a known format, with the response of its call if any. */
function fromBody(
  body: JsonObject,
  format: ImportSource,
  call: Partial<LoggedCall>,
  options: ImportOptions,
): RecordResult {
  const { request, basePath, model, time, warnings } = requestToRead(body, format, call, options);
  const read = importBody(request, { from: format, model });
  warnings.push(...read.warnings.map((w) => ({ ...w, path: basePath + w.path })));
  const envelope = read.envelope;
  return {
    conversations: envelope ? [conversation(envelope, format, warnings, '', time)] : [],
    warnings: envelope ? [] : warnings,
    errors: read.errors.map((e) => ({ ...e, path: basePath + e.path })),
    source: format,
  };
}

function readTrace(value: JsonObject, options: ImportOptions): RecordResult {
  const conversations: ImportedConversation[] = [];
  const errors: ImportError[] = [];
  const spans = otlpSpans(value);
  let silent = 0;
  let calls = 0;
  for (const span of spans) {
    const found = spanConversation(span);
    if (found === 'not-a-model-call') continue;
    calls++;
    if (found === 'no-content') {
      silent++;
      continue;
    }
    const own = [...found.warnings];
    const body = found.response
      ? appendResponse('otel', found.body, found.response, span.path, own)
      : found.body;
    const model = options.model ?? found.model;
    const read = importBody(body, { from: 'otel', model });
    own.push(...read.warnings.map((w) => ({ ...w, path: span.path })));
    // A body that gives an envelope gives no errors.
    errors.push(...read.errors.map((e) => ({ ...e, path: span.path })));
    if (read.envelope)
      conversations.push(conversation(read.envelope, 'otlp', own, span.path, found.time));
  }
  const warnings: ImportWarning[] =
    silent > 0 && conversations.length > 0
      ? [
          {
            path: '',
            code: 'spans-without-content',
            message: `${silent} of the ${calls} model-call spans carry no messages (the instrumentation did not record content); they are left out.`,
          },
        ]
      : [];
  if (conversations.length === 0 && errors.length === 0)
    errors.push(
      inputIssue(
        calls > 0
          ? `The trace has ${calls} model-call span${calls === 1 ? '' : 's'}, but none carries the messages: the instrumentation records them only when asked (OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true, or your SDK's content-capture option).`
          : `The trace has ${spans.length} span${spans.length === 1 ? '' : 's'}, none of them a model call with gen_ai.* attributes.`,
        'no-content',
      ),
    );
  return { conversations, warnings, errors, source: 'otlp', list: true };
}

function conversation(
  envelope: Envelope,
  source: ImportFormat,
  warnings: ImportWarning[],
  path: string,
  time?: number,
): ImportedConversation {
  const found: ImportedConversation = {
    envelope,
    title: conversationTitle(envelope, time),
    source,
    warnings,
    path,
  };
  if (envelope.model !== undefined) found.model = envelope.model;
  if (time !== undefined) found.time = time;
  return found;
}

/** `model · first words of the first user message · 2026-11-30 14:05 UTC`. */
export function conversationTitle(envelope: Envelope, time?: number): string {
  const parts: string[] = [];
  if (envelope.model) parts.push(envelope.model);
  const words = firstUserWords(envelope);
  if (words) parts.push(words);
  if (time !== undefined) {
    const iso = new Date(time).toISOString();
    parts.push(`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);
  }
  return parts.join(' · ') || `${envelope.messages.length} messages`;
}

function firstUserWords(envelope: Envelope): string {
  for (const message of envelope.messages) {
    if (message.role !== 'user') continue;
    for (const segment of message.segments) {
      if (segment.kind !== 'text') continue;
      const text = segment.content.slice(0, 400).replace(/\s+/g, ' ').trim();
      if (text) return text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text;
    }
  }
  return '';
}
