import { pointerForMessage, type EnvelopeError } from '../protocol/issues.js';
import {
  DEEP_NESTING_RISK,
  findNestingBeyond,
  MAX_DOCUMENT_NESTING,
  NESTING_LIMIT,
  NESTING_WARNING_DEPTH,
} from '../protocol/json-value.js';
import type { ScenarioManifest } from '../protocol/manifest.js';
import type { Envelope } from '../protocol/types.js';
import { validateEnvelope } from '../protocol/validate.js';
import {
  createEnvelopeBuilder,
  type EnvelopeBuilder,
  type ImportWarning,
} from './import-builder.js';
import { readAnthropic } from './anthropic/import.js';
import { readGemini } from './gemini/import.js';
import { readOpenAI } from './openai/import.js';
import { readOpenAIResponses } from './openai-responses/import.js';
import { readOTel } from './otel/import.js';
import type { ImportError } from './import-records.js';
import { isJsonObject, type JsonObject } from './request-check.js';

export type ImportSource = 'openai' | 'openai-responses' | 'anthropic' | 'gemini' | 'otel';

/**
 * What an input was read as: a request format (`ImportSource`), a prompt envelope, a scenario
 * manifest or an OTLP/JSON trace export.
 */
export type ImportFormat = ImportSource | 'envelope' | 'manifest' | 'otlp';

export type { ImportError, ImportWarning };

export const IMPORT_SOURCES: readonly ImportSource[] = [
  'openai',
  'openai-responses',
  'anthropic',
  'gemini',
  'otel',
];

const READERS: Record<ImportSource, (body: JsonObject, builder: EnvelopeBuilder) => void> = {
  openai: readOpenAI,
  'openai-responses': readOpenAIResponses,
  anthropic: readAnthropic,
  gemini: readGemini,
  otel: readOTel,
};

/** What `importEnvelope` read: one envelope, or a list of them, and what it found on the way. */
export interface ImportResult {
  /**
   * The envelope, or null when the input cannot be read (see `errors`). For a list, the first
   * conversation that could be read (all of them are in `envelopes`).
   */
  envelope: Envelope | null;
  /** What has no place in the protocol, or may not come back identical on export. */
  warnings: ImportWarning[];
  /**
   * Why the input, or a part of it, could not be read. A list may have errors (a line of JSON
   * Lines cut off) and still give the conversations of its other parts.
   */
  errors: ImportError[];
  /**
   * What the input was read as; `mixed` for a list of several formats. Absent when the input is
   * not JSON, or no format matched it.
   */
  source?: ImportFormat | 'mixed';
  /** `array` for a top-level JSON array, `jsonl` for JSON Lines; absent for one document. */
  container?: 'array' | 'jsonl';
  /**
   * Every conversation, when the input is a list (a JSON array, JSON Lines or a trace), even of one; absent for a single request or envelope.
   */
  envelopes?: ImportedConversation[];
  /** A valid scenario manifest; the envelopes it names are files it points to, not read here. */
  manifest?: ScenarioManifest;
}

/** One conversation of a list. */
export interface ImportedConversation {
  /** The conversation, valid. */
  envelope: Envelope;
  /** Model, first words of the first user message, and the time when the log gives one. */
  title: string;
  /** What this record was read as. */
  source: ImportFormat;
  /** This conversation's warnings (also in the result's `warnings`, with its place). */
  warnings: ImportWarning[];
  /** JSON Pointer of the record in the input (within its line, for JSON Lines). */
  path: string;
  /** In JSON Lines, the 1-based line. */
  line?: number;
  /** The model the request names (or the log, or the `model` option). */
  model?: string;
  /** When the call was made (Unix epoch milliseconds), if the log says. */
  time?: number;
}

/** How `importEnvelope` reads its input. */
export interface ImportOptions {
  /**
   * The format of the request bodies; `auto` (the default) detects it for each record (see
   * `source` in the result).
   */
  from?: ImportSource | 'auto';
  /** The model, for bodies that do not name one (Gemini, OTel). */
  model?: string;
}

/**
 * Reads one provider request body of a known format (the reverse mapping of SPEC §3.3; see
 * `importEnvelope`, which finds the format and reads lists, logs and traces, and checks the
 * format it is given before it calls this). Never throws.
 */
export function importBody(
  body: unknown,
  options: { from: ImportSource; model?: string | undefined },
): ImportResult {
  if (!isJsonObject(body))
    return noEnvelope([inputIssue('The request body must be a JSON object.', 'type')]);
  const nesting = checkNesting(body);
  if (nesting && 'error' in nesting) return noEnvelope([nesting.error]);
  try {
    const builder = createEnvelopeBuilder();
    if (nesting) builder.warnings.push(nesting.warning);
    READERS[options.from](body, builder);
    const model = typeof body.model === 'string' ? body.model : options.model;
    const envelope = builder.build(model);
    const validation = validateEnvelope(envelope);
    if (!validation.valid) return noEnvelope(validation.errors, builder.warnings);
    return { envelope, warnings: builder.warnings, errors: [] };
  } catch (cause) {
    return noEnvelope([inputIssue(`The body could not be read (${reasonOf(cause)}).`)]);
  }
}

/** An error about the input (or the body) as a whole. */
export const inputIssue = (message: string, keyword = 'input'): ImportError => ({
  path: '',
  keyword,
  message,
});

/** The result of an input that gave no envelope. */
export const noEnvelope = (
  errors: ImportError[],
  warnings: ImportWarning[] = [],
): ImportResult => ({
  envelope: null,
  warnings,
  errors,
});

/** What a caught exception says. */
export const reasonOf = (cause: unknown): string =>
  cause instanceof Error ? cause.message : String(cause);

/**
 * A body nested deeper than any envelope can hold (or with a cycle, which nests without end) is
 * refused before it is read, naming where: the readers are iterative, but the validator would
 * refuse the envelope anyway, and the body's own path helps more. A value deep enough that JSON
 * tools start refusing it is read, with a warning. A body less deep costs one walk.
 */
function checkNesting(body: object): { error: EnvelopeError } | { warning: ImportWarning } | null {
  const deep = findNestingBeyond(body, NESTING_WARNING_DEPTH);
  if (!deep) return null;
  const found = deep.keyword === 'nesting' ? findNestingBeyond(body, MAX_DOCUMENT_NESTING) : deep;
  if (!found) {
    const message = `The value at ${pointerForMessage(deep.path)} ${deep.problem}${DEEP_NESTING_RISK}`;
    return { warning: { path: deep.path, code: 'deep-nesting', message } };
  }
  const why =
    found.keyword === 'nesting'
      ? `no envelope can hold that (${NESTING_LIMIT})`
      : 'a request body must be plain JSON data';
  const message = `The value at ${pointerForMessage(found.path)} ${found.problem}; ${why}.`;
  return { error: { path: found.path, keyword: found.keyword, message } };
}
