/**
 * Envelope.request (protocol 1.1): the settings a logged request carried besides the
 * conversation. Exported to the API it was written for, each one the body does not already
 * have is added; any other API leaves them out and says so.
 */
import type { ExportWarning } from '../assembly/conversation.js';
import type { RequestRecord } from '../protocol/types.js';

export function addRequestFields(
  request: RequestRecord | undefined,
  target: string,
  body: unknown,
): ExportWarning[] {
  const fields = request?.fields;
  if (!fields) return [];
  const names = Object.keys(fields);
  if (names.length === 0) return [];
  if (request.target !== target || typeof body !== 'object' || body === null) {
    return [
      {
        code: 'request-fields-not-sent',
        message: `The logged ${request.target} request also set ${names.map((n) => `'${n}'`).join(', ')}; a ${target} body leaves ${names.length === 1 ? 'it' : 'them'} out.`,
        messageIds: [],
      },
    ];
  }
  for (const name of names) {
    if (Object.hasOwn(body, name)) continue;
    // defineProperty: a field named __proto__ stays a field of the body.
    Object.defineProperty(body, name, {
      value: fields[name],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return [];
}
