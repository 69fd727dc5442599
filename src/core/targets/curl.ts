import type { ExportTarget } from './target-names.js';
import { readableJson } from '../protocol/json-value.js';

/** Model names that can be put into a URL on a command line as they are. */
const SAFE_MODEL = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * A ready-to-paste curl command that sends `body` to the target's API. The key is always a
 * shell variable (`$OPENAI_API_KEY`, `$ANTHROPIC_API_KEY`, `$GEMINI_API_KEY`), never a value.
 * The body travels in a quoted here-document, so nothing in it is expanded by the shell.
 * Gemini's model is part of the URL: `options.model` when it is a plain name, else `$GEMINI_MODEL`.
 * OTel records are not requests: null.
 *
 * @example
 * ```ts
 * const { body } = exportEnvelope(envelope, { target: 'anthropic' });
 * console.log(toCurl(body, 'anthropic')); // curl https://api.anthropic.com/v1/messages \\ …
 * ```
 */
export function toCurl(
  body: unknown,
  target: ExportTarget,
  options: { model?: string } = {},
): string | null {
  const json = readableJson(body);
  const send = (url: string, headers: string[]) =>
    [`curl ${url}`, ...headers.map((h) => `  -H ${h}`), `  -d @- <<'JSON'`].join(' \\\n') +
    `\n${json}\nJSON\n`;
  switch (target) {
    case 'openai':
      return send('https://api.openai.com/v1/chat/completions', [
        `"Authorization: Bearer $OPENAI_API_KEY"`,
        `'Content-Type: application/json'`,
      ]);
    case 'openai-responses':
      return send('https://api.openai.com/v1/responses', [
        `"Authorization: Bearer $OPENAI_API_KEY"`,
        `'Content-Type: application/json'`,
      ]);
    case 'anthropic':
      return send('https://api.anthropic.com/v1/messages', [
        `"x-api-key: $ANTHROPIC_API_KEY"`,
        `'anthropic-version: 2023-06-01'`,
        `'Content-Type: application/json'`,
      ]);
    case 'gemini': {
      const model =
        options.model !== undefined && SAFE_MODEL.test(options.model)
          ? options.model
          : '$GEMINI_MODEL';
      return send(
        `"https://generativelanguage.googleapis.com/v1beta/models/${model}:generateContent"`,
        [`"x-goog-api-key: $GEMINI_API_KEY"`, `'Content-Type: application/json'`],
      );
    }
    default:
      return null;
  }
}
