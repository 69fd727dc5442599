/** What the request checkers of every provider share. */

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

/**
 * Starts a check: the list of violations, an `add` for it, and the body as an object, or null
 * (with the violation already recorded) when it is not one.
 */
export function startCheck(body: unknown, what = 'The request body') {
  const violations: RequestViolation[] = [];
  const add = (path: string, rule: string, message: string) =>
    violations.push({ path, rule, message });
  if (!isJsonObject(body)) add('', 'body-not-object', `${what} must be a JSON object.`);
  return { violations, add, body: isJsonObject(body) ? body : null };
}

export const isToolName = (name: unknown): boolean =>
  typeof name === 'string' && TOOL_NAME_PATTERN.test(name);

/** Reports a tool name providers would refuse. */
export function checkToolName(
  name: unknown,
  path: string,
  what: string,
  add: (path: string, rule: string, message: string) => void,
) {
  if (isToolName(name)) return;
  add(
    path,
    'tool-name-invalid',
    `${what} name ${JSON.stringify(name ?? null)} does not match ^[a-zA-Z0-9_-]{1,64}$.`,
  );
}
