import {
  fieldTypes,
  validateEnvelopeSchema,
  validateSegmentSchema,
  version11Fields,
} from './generated/envelope-validator.js';
import { findNonJsonValue, isRecord, isSmallPlainJson, NESTING_LIMIT } from './json-value.js';
import {
  fromPointer,
  pointerForMessage,
  toPointer,
  type EnvelopeError,
  type ValidationResult,
} from './issues.js';
import { SEGMENT_KINDS, type Envelope, type Segment } from './types.js';
import { findSemanticWarnings } from './semantic-checks.js';
import { ownValue } from './own-value.js';

interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type SchemaValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** More errors than this are counted in one final error: nobody reads error 5,000. */
const MAX_ERRORS = 1_000;

const fieldTypeTable = fieldTypes as Record<string, Record<string, string>>;

/**
 * Validates an envelope against the protocol schema, then runs the semantic checks.
 *
 * @example
 * ```ts
 * const { valid, errors, warnings } = validateEnvelope(JSON.parse(text));
 * for (const error of errors) console.log(`${error.path}: ${error.message}`);
 * ```
 */
export function validateEnvelope(value: unknown): ValidationResult {
  return guarded(() => {
    const errors = schemaErrors(validateEnvelopeSchema as SchemaValidator, value, 'envelope');
    if (errors.length === 0) errors.push(...freeFormErrors((value as Envelope).messages));
    if (errors.length > 0) return { valid: false, errors, warnings: [] };
    return validResult(value as Envelope);
  });
}

/**
 * A valid result whose warnings are found when first read: exports and validity checks never
 * read them, and finding them costs as much as the schema check itself on a long conversation.
 */
function validResult(envelope: Envelope): ValidationResult {
  let warnings: ValidationResult['warnings'] | undefined;
  return {
    valid: true,
    errors: [],
    get warnings() {
      try {
        warnings ??= findSemanticWarnings(envelope);
      } catch {
        // Only an exotic object (a proxy that throws on a second read) gets here.
        warnings = [];
      }
      return warnings;
    },
  };
}

/**
 * Validates one segment on its own; paths are relative to the segment.
 *
 * @example
 * ```ts
 * const { errors } = validateSegment({ kind: 'memory', items: [], collapsed: true });
 * console.log(errors[0]?.path); // '/items'
 * ```
 */
export function validateSegment(value: unknown): ValidationResult {
  return guarded(() => {
    const errors = schemaErrors(validateSegmentSchema as SchemaValidator, value, 'segment');
    if (errors.length === 0) errors.push(...freeFormSegmentErrors(value as Segment, []));
    return { valid: errors.length === 0, errors, warnings: [] };
  });
}

/**
 * Validates one message on its own; paths are relative to the message.
 *
 * @example
 * ```ts
 * const { valid } = validateMessage({
 *   id: 'u1',
 *   role: 'user',
 *   timestamp: Date.now(),
 *   segments: [{ kind: 'text', content: 'Hello' }],
 * });
 * ```
 */
export function validateMessage(value: unknown): ValidationResult {
  // 1.1 accepts everything 1.0 does, plus actors, replies and events.
  const result = validateEnvelope({ version: '1.1', messages: [value] });
  const relative = <T extends { path: string }>(issue: T): T => ({
    ...issue,
    path: issue.path.replace(/^\/messages\/0/, ''),
  });
  let warnings: ValidationResult['warnings'] | undefined;
  return {
    valid: result.valid,
    errors: result.errors.map(relative),
    // Found when first read, as validateEnvelope's are: <envelope-message> never reads them.
    get warnings() {
      return (warnings ??= result.warnings.map(relative));
    },
  };
}

/**
 * The errors of a part of an envelope, checked together with its top-level fields: messages
 * `from` … `to` (exclusive), or, with `segments` (a range), only those segments of message `from`
 * (a message may hold a million). Paths, and the pointers in the sentences, are those of the whole
 * envelope. Elements check a very long envelope this way, a part per task, so that the schema
 * check of 100,000 messages does not block the page at once (issue 20). Semantic warnings are not
 * part of it: validateEnvelope finds those of the whole.
 */
export function messageRangeErrors(
  envelope: Envelope,
  from: number,
  to: number,
  segments?: readonly [number, number],
): EnvelopeError[] {
  const skipped = segments?.[0] ?? 0;
  // The part's instance paths as the whole envelope's: its errors are described against the
  // whole, so every sentence names what the check of the whole would name.
  const shift = (path: string) =>
    path.replace(
      /^\/messages\/(\d+)(\/segments\/(\d+))?/,
      (_, m: string, inner?: string, s?: string) =>
        `/messages/${+m + from}${inner ? `/segments/${+s! + skipped}` : ''}`,
    );
  return guarded(() => {
    const message = envelope.messages[from]!;
    const part = segments
      ? [{ ...message, segments: message.segments.slice(...segments) }]
      : envelope.messages.slice(from, to);
    const validate = validateEnvelopeSchema as SchemaValidator;
    const errors = schemaErrors(
      validate,
      { ...envelope, messages: part },
      'envelope',
      envelope,
      shift,
    );
    if (errors.length === 0) errors.push(...freeFormErrors(part, from, skipped));
    return { valid: errors.length === 0, errors, warnings: [] };
  }).errors;
}

/** Anything unexpected (a throwing getter, a revoked proxy) becomes an error, never an exception. */
function guarded(run: () => ValidationResult): ValidationResult {
  try {
    return run();
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return {
      valid: false,
      errors: [{ path: '', keyword: 'input', message: `The value could not be read (${reason}).` }],
      warnings: [],
    };
  }
}

type Root = 'envelope' | 'segment';

/**
 * The schema's errors of `value` in sentences. `value` may be a part of `whole` (messageRangeErrors):
 * `shift` turns its instance paths into the whole's, against which the errors are described.
 */
function schemaErrors(
  validate: SchemaValidator,
  value: unknown,
  root: Root,
  whole = value,
  shift = (path: string) => path,
): EnvelopeError[] {
  const seen = new Set<string>();
  const errors: EnvelopeError[] = [];
  let more = 0;
  const add = (error: EnvelopeError) => {
    const key = error.path + '\n' + error.message;
    if (!seen.has(key)) errors.push(error);
    seen.add(key);
  };
  if (!validate(value))
    for (const raw of validate.errors ?? []) {
      // `if` only repeats that the `then` branch failed, whose own errors are more precise; a
      // discriminator error repeats the required, type or enum error of its kind or role.
      if (raw.keyword === 'if' || raw.keyword === 'discriminator') continue;
      // Past the limit the rest are only counted: describing each costs more than checking it.
      if (errors.length === MAX_ERRORS) {
        more++;
        continue;
      }
      // Each call's errors are new objects: a part's paths become the whole's in place.
      raw.instancePath = shift(raw.instancePath);
      add(describeEventError(raw, whole) ?? describeError(raw, whole, root));
    }
  for (const tokens of version11Uses(value))
    if (errors.length === MAX_ERRORS) more++;
    else add(versionError(fromPointer(shift(toPointer(tokens))), whole));
  return capErrors(errors, more);
}

/** The first thousand errors, then one (keyword `limit`) that counts the rest. */
export function capErrors(errors: EnvelopeError[], more = 0): EnvelopeError[] {
  const rest = errors.length - MAX_ERRORS + more;
  if (rest <= 0) return errors;
  const kept = errors.slice(0, MAX_ERRORS);
  kept.push({
    path: '',
    keyword: 'limit',
    message: `${rest.toLocaleString('en')} more errors are not listed; fix the ones above first.`,
  });
  return kept;
}

/** `arguments` and tool `schema` are free-form objects: the schema cannot see cycles or functions there. */
function freeFormErrors(
  messages: Envelope['messages'],
  firstMessage = 0,
  firstSegment = 0,
): EnvelopeError[] {
  const errors: EnvelopeError[] = [];
  // Plain loops that allocate nothing for the kinds without free-form values: this runs on
  // every envelope shown or exported. (A part of an envelope starts at `firstMessage`, and its
  // first message's segments at `firstSegment`: the paths are the whole envelope's.)
  for (let m = 0; m < messages.length; m++) {
    const segments = messages[m]!.segments;
    for (let s = 0; s < segments.length; s++) {
      const segment = segments[s]!;
      const suspect =
        segment.kind === 'tool_call_request'
          ? !isSmallPlainJson(segment.arguments)
          : segment.kind === 'tool_overview';
      if (suspect) {
        const at = ['messages', m + firstMessage, 'segments', s + (m === 0 ? firstSegment : 0)];
        errors.push(...freeFormSegmentErrors(segment, at));
      }
    }
  }
  return capErrors(errors);
}

function freeFormSegmentErrors(segment: Segment, base: (string | number)[]): EnvelopeError[] {
  const errors: EnvelopeError[] = [];
  const check = (value: unknown, tokens: (string | number)[]) => {
    const found = findNonJsonValue(value, [...base, ...tokens]);
    if (found) {
      const rule =
        found.keyword === 'nesting' ? NESTING_LIMIT : 'an envelope must be plain JSON data';
      errors.push({
        path: found.path,
        keyword: found.keyword,
        message: `The value at ${pointerForMessage(found.path)} ${found.problem}; ${rule}.`,
      });
    }
  };
  if (segment.kind === 'tool_call_request') check(segment.arguments, ['arguments']);
  else if (segment.kind === 'tool_overview') {
    segment.items.forEach((item, i) => {
      if (item.schema !== undefined) check(item.schema, ['items', i, 'schema']);
    });
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Turning Ajv's errors into sentences.

/** The event branch of a message (see the variant in scripts/generate.mjs). */
const EVENT_RULE = /^#\/oneOf\/1\/properties\/(actor|segments)\b/;

/** What an event message holds (SPEC §2.2) in words; null for any other error. */
function describeEventError(raw: AjvError, root: unknown): EnvelopeError | null {
  if (!EVENT_RULE.test(raw.schemaPath)) return null;
  const tokens = fromPointer(raw.instancePath);
  const message =
    tokens[2] === 'actor'
      ? `${sentence(locate(root, tokens.slice(0, 2), 'envelope').name)} has role event and cannot have an actor: events come from the host.`
      : `${sentence(locate(root, tokens.slice(0, 4), 'envelope').name)} cannot be in an event message: event messages hold only state_change segments.`;
  return { path: raw.instancePath, keyword: 'version', message };
}

/**
 * The paths where a "1.0" envelope uses what only 1.1 has (SPEC §2.2): the fields of
 * version11Fields (tool declarations included), the role event and the 1.1 kinds, in the order the schema's Version10
 * rule names them. The rule is checked here rather than compiled: it was a sixth of the validator.
 */
function* version11Uses(value: unknown): Generator<(string | number)[]> {
  if (!isRecord(value) || value.version !== '1.0') return;
  // Plain loops that allocate nothing unless they find a use: this runs on every 1.0 envelope.
  for (const name of version11Fields.envelope) if (value[name] !== undefined) yield [name];
  const messages = Array.isArray(value.messages) ? value.messages : [];
  for (let m = 0; m < messages.length; m++) {
    const message: unknown = messages[m];
    if (!isRecord(message)) continue;
    for (const name of version11Fields.message)
      if (message[name] !== undefined) yield ['messages', m, name];
    if (message.role === 'event') yield ['messages', m, 'role'];
    const segments = Array.isArray(message.segments) ? message.segments : [];
    for (let s = 0; s < segments.length; s++) {
      const segment: unknown = segments[s];
      if (!isRecord(segment)) continue;
      if (version11Fields.kinds.includes(segment.kind as string))
        yield ['messages', m, 'segments', s, 'kind'];
      for (const name of version11Fields.segment)
        if (segment[name] !== undefined) yield ['messages', m, 'segments', s, name];
      const items = Array.isArray(segment.items) ? segment.items : [];
      for (let i = 0; i < items.length; i++) {
        const item: unknown = items[i];
        if (!isRecord(item)) continue;
        for (const name of version11Fields.item)
          if (item[name] !== undefined) yield ['messages', m, 'segments', s, 'items', i, name];
      }
    }
  }
}

/** Whether an envelope uses anything only protocol 1.1 has, whatever its `version` says. */
export function usesVersion11(envelope: Envelope): boolean {
  return !version11Uses({ ...envelope, version: '1.0' }).next().done;
}

/** A use of what only 1.1 has, in a "1.0" envelope, in words. */
function versionError(tokens: string[], root: unknown): EnvelopeError {
  const needs = 'needs "version": "1.1"; this envelope says "1.0"';
  const owner = tokens.length >= 2 ? locate(root, tokens.slice(0, 2), 'envelope').name : '';
  const segment = tokens.length >= 4 ? locate(root, tokens.slice(0, 4), 'envelope').name : '';
  const field = tokens.at(-1);
  const message =
    tokens.length === 1
      ? `${field === 'scene' ? 'The scene' : `Field '${field}' of the envelope`} ${needs}.`
      : field === 'role'
        ? `${sentence(owner)} has role event, which ${needs}.`
        : field === 'kind'
          ? `${sentence(segment)} ${needs}.`
          : `Field '${field}' of ${segment || owner} ${needs}.`;
  return { path: toPointer(tokens), keyword: 'version', message };
}

function describeError(raw: AjvError, root: unknown, rootKind: Root): EnvelopeError {
  const tokens = fromPointer(raw.instancePath);
  const at = (field: string) => toPointer([...tokens, field]);
  const { name: owner, schema } = locate(root, tokens, rootKind);
  const types = fieldTypeTable[schema] ?? {};
  const p = raw.params;
  switch (raw.keyword) {
    case 'required': {
      const field = String(p.missingProperty);
      const known = ownValue(types, field);
      const type = known ? ` (${known})` : '';
      return {
        path: at(field),
        keyword: 'required',
        message: sentence(`${owner} is missing required field '${field}'${type}.`),
      };
    }
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const allowed = Object.keys(types);
      const hint = closest(field, allowed);
      const suggestion = hint ? ` (did you mean '${hint}'?)` : '';
      return {
        path: at(field),
        keyword: 'additionalProperties',
        message: sentence(
          `${owner} has unknown field '${field}'${suggestion}; allowed fields are ${allowed.join(', ')}.`,
        ),
      };
    }
    default:
      return describeValueError(raw, root, tokens, rootKind);
  }
}

function describeValueError(
  raw: AjvError,
  root: unknown,
  tokens: string[],
  rootKind: Root,
): EnvelopeError {
  const path = raw.instancePath;
  const value = valueAt(root, tokens);
  const field = tokens.at(-1);
  const parentTokens = tokens.slice(0, -1);
  const isField = field !== undefined && !/^\d+$/.test(field);
  const subject = isField
    ? `Field '${field}' of ${locate(root, parentTokens, rootKind).name}`
    : sentence(locate(root, tokens, rootKind).name);
  const p = raw.params;
  let message: string;
  switch (raw.keyword) {
    case 'type':
      message = `${subject} must be ${article(String(p.type))}, but it is ${describeValue(value)}.`;
      break;
    case 'const':
      message = `${subject} must be ${JSON.stringify(p.allowedValue)}, but it is ${describeValue(value)}.`;
      break;
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const hint = typeof value === 'string' ? closest(value, allowed) : null;
      const suggestion = hint ? ` Did you mean '${hint}'?` : '';
      if (field === 'kind') {
        const owner = sentence(locate(root, parentTokens, rootKind).name);
        message = `${owner} has unknown kind ${typeof value === 'string' ? JSON.stringify(truncate(value, 40)) : describeValue(value)}; the kind must be one of ${allowed.join(', ')}.${suggestion}`;
      } else {
        message = `${subject} must be one of ${allowed.join(', ')}, but it is ${describeValue(value)}.${suggestion}`;
      }
      break;
    }
    case 'minItems':
      message = `${subject} is an empty list; it needs at least ${String(p.limit)} ${field === 'messages' ? 'message' : field === 'segments' ? 'segment' : 'item'}.`;
      break;
    case 'minLength':
      message = `${subject} must not be empty.`;
      break;
    case 'minimum':
      message = `${subject} must be ${String(p.limit)} or more, but it is ${describeValue(value)}.`;
      break;
    default:
      message = `${subject} is not allowed here (rule '${raw.keyword}').`;
  }
  return { path, keyword: raw.keyword, message };
}

/**
 * The object at `tokens`, named the way a person would look for it ("segment 2 of message 'a-3'
 * (tool_call_result)"), and its key into `fieldTypes` ('' for an object the table has no entry
 * for).
 */
function locate(root: unknown, tokens: string[], rootKind: Root): { name: string; schema: string } {
  const elsewhere = { name: `the value at ${toPointer(tokens)}`, schema: '' };
  let segment = root;
  let segmentTokens = tokens;
  let segmentName = 'the segment';
  if (rootKind === 'envelope') {
    if (tokens.length === 0) return { name: 'the envelope', schema: 'Envelope' };
    if (tokens[0] === 'scene' && tokens.length === 1) return { name: 'the scene', schema: 'Scene' };
    if (tokens[0] !== 'messages') return elsewhere;
    if (tokens.length === 1) return { name: "the envelope's messages", schema: '' };
    const message = valueAt(root, tokens.slice(0, 2)) as { id?: unknown } | undefined;
    const messageName =
      message && typeof message === 'object' && typeof message.id === 'string' && message.id !== ''
        ? `message '${truncate(message.id, 40)}'`
        : `message ${tokens[1]}`;
    if (tokens.length === 2) return { name: messageName, schema: 'Message' };
    if (tokens[2] === 'actor' && tokens.length === 3)
      return { name: `the actor of ${messageName}`, schema: 'Actor' };
    if (tokens[2] !== 'segments') return elsewhere;
    if (tokens.length === 3) return { name: `the segments of ${messageName}`, schema: '' };
    segment = valueAt(root, tokens.slice(0, 4));
    segmentTokens = tokens.slice(4);
    segmentName = `segment ${tokens[3]} of ${messageName}`;
  }
  const kind = (segment as { kind?: unknown } | null)?.kind;
  let schema = '';
  if (typeof kind === 'string' && SEGMENT_KINDS.includes(kind as Segment['kind'])) {
    segmentName += ` (${kind})`;
    schema = kind.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase()) + 'Segment';
  }
  if (segmentTokens.length === 0) return { name: segmentName, schema };
  if (segmentTokens[0] === 'items' && segmentTokens.length === 2)
    return {
      name: `item ${segmentTokens[1]} of ${segmentName}`,
      schema: schema && `${schema}.items`,
    };
  return elsewhere;
}

function valueAt(root: unknown, tokens: string[]): unknown {
  let v = root;
  for (const t of tokens) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[t];
  }
  return v;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  switch (typeof v) {
    case 'string':
      return `the text ${JSON.stringify(truncate(v, 40))}`;
    case 'number':
      return `the number ${v}`;
    case 'boolean':
      return String(v);
    case 'object':
      return 'an object';
    case 'undefined':
      return 'missing';
    default:
      return `a ${typeof v}`;
  }
}

function article(type: string): string {
  const names: Record<string, string> = {
    boolean: 'a boolean (true or false)',
    string: 'a string',
    object: 'a JSON object',
    array: 'a list',
    integer: 'a whole number',
    number: 'a number',
  };
  // Ajv names a union of types with commas: `object,array`.
  return type
    .split(',')
    .map((t) => ownValue(names, t) ?? t)
    .join(' or ');
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The allowed word closest to a typo, when it is close enough to be a likely slip. */
function closest(word: string, options: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  const w = word.toLowerCase();
  for (const option of options) {
    const d = editDistance(w, option.toLowerCase());
    if (d < bestDistance) {
      best = option;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}

/** Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64) return Infinity;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], beforePrevious[j - 2] + 1);
      }
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}
