/** What the request checkers of every provider share. */
import { jsonPreview } from '../protocol/json-value.js';

/** A rule of a provider's API that a request body breaks: each is a real HTTP 400. */
export interface RequestViolation {
  /** JSON Pointer into the body, e.g. `/messages/3`. */
  path: string;
  rule: string;
  message: string;
}

/** Provider tool and function names must match this (OpenAI, Anthropic and Gemini agree). */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export type AddViolation = (path: string, rule: string, message: string) => void;

/**
 * Starts a check: the list of violations, an `add` for it, and the body as an object, or null
 * (with the violation already recorded) when it is not one.
 */
export function startCheck(body: unknown, what = 'The request body') {
  const violations: RequestViolation[] = [];
  const add: AddViolation = (path, rule, message) => violations.push({ path, rule, message });
  if (!isJsonObject(body)) add('', 'body-not-object', `${what} must be a JSON object.`);
  return { violations, add, body: isJsonObject(body) ? body : null };
}

/** A value that should be a list, or [] when it is not one (the schema check reports it). */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Reports a request without a model. */
export function requireModel(body: JsonObject, add: AddViolation) {
  if (typeof body.model !== 'string' || body.model === '')
    add('/model', 'model-missing', 'The request has no model.');
}

/** The list a request must not leave empty (`messages`, `contents`, `input`), reported when it is. */
export function requiredList(body: JsonObject, key: string, add: AddViolation): unknown[] {
  const list = listOf(body[key]);
  if (list.length === 0) add(`/${key}`, `${key}-empty`, `The request has no ${key}.`);
  return list;
}

/** Records a declared tool name in `names`, reporting it when it was declared before. */
export function declareToolName(name: string, path: string, names: Set<string>, add: AddViolation) {
  if (names.has(name)) add(path, 'tool-name-duplicate', `Tool '${name}' is declared twice.`);
  names.add(name);
}

/** Records a tool call id in `ids`, reporting it when it was used before. */
export function recordCallId(id: string, path: string, ids: Set<string>, add: AddViolation) {
  if (ids.has(id)) add(path, 'tool-call-id-duplicate', `Tool call id '${id}' is used twice.`);
  ids.add(id);
}

/** The calls a message names: `'a', 'b'`, and the pronoun for them. */
export function callList(ids: readonly string[]): { list: string; them: string } {
  return { list: ids.map((id) => `'${id}'`).join(', '), them: ids.length === 1 ? 'it' : 'them' };
}

export const isToolName = (name: unknown): name is string =>
  typeof name === 'string' && TOOL_NAME_PATTERN.test(name);

/** Reports a tool name providers would refuse. */
export function checkToolName(name: unknown, path: string, what: string, add: AddViolation) {
  if (isToolName(name)) return;
  add(
    path,
    'tool-name-invalid',
    `${what} name ${jsonPreview(name ?? null)} does not match ^[a-zA-Z0-9_-]{1,64}$.`,
  );
}
