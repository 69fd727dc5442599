/**
 * Request bodies as an app's log has them, for the stories of a conversation opened from a log
 * (issue 43): what `<envelope-viewer>` gives `<protocol-panel>` as `imported`.
 */
import type { Envelope } from '../src/core/protocol/types.js';
import { importEnvelope } from '../src/core/targets/import.js';
import { loggedRequests, type ImportedRequest } from '../src/core/targets/import-logged.js';

/**
 * An OpenAI Chat Completions request whose messages carry fields the protocol has no place for
 * (its own settings, such as `temperature`, are kept).
 */
export const loggedChatRequest = {
  model: 'gpt-4o',
  temperature: 0.2,
  tool_choice: 'auto',
  messages: [
    { role: 'system', content: 'You answer in one sentence.', weight: 2 },
    { role: 'user', content: 'What is the weather in Lisbon?', cache: true },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current weather of a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  ],
};

/** The same request without them: it exports back as it was logged. */
export const loggedPlainRequest = {
  model: 'gpt-4o',
  messages: [
    { role: 'system', content: 'You answer in one sentence.' },
    { role: 'user', content: 'What is the weather in Lisbon?' },
  ],
};

/** A body read as the viewer reads an opened file: the envelope, and the request behind it. */
export function fromLog(body: object): { envelope: Envelope; imported: ImportedRequest } {
  const read = importEnvelope(body);
  const imported = loggedRequests(body, read)({ source: read.source as 'openai', path: '' });
  if (!read.envelope || !imported) throw new Error('The logged request could not be read.');
  return { envelope: read.envelope, imported };
}
