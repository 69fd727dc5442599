import { isOpenAIReasoningModel } from './openai.js';
import {
  checkToolName,
  isJsonObject as isObject,
  isToolName,
  startCheck,
  type RequestViolation,
} from './request-check.js';

export { TOOL_NAME_PATTERN, type RequestViolation } from './request-check.js';

/** What OpenAI fetches or decodes as an image: absolute http(s) URLs and base64 data URLs. */
const IMAGE_URL = /^(?:https?:\/\/[^\s]+|data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]*)$/i;

/**
 * Checks the rules of OpenAI Chat Completions that its published JSON schema cannot express:
 * tool calls answered directly and exactly once, no tool message without a call, valid names,
 * image URLs the API can load,
 * `developer` instead of `system` for reasoning models, a model and at least one message.
 * Accepts any value and never throws.
 */
export function checkOpenAIRequest(input: unknown): RequestViolation[] {
  const { violations, add, body } = startCheck(input);
  if (!body) return violations;
  if (typeof body.model !== 'string' || body.model === '') {
    add('/model', 'model-missing', 'The request has no model.');
  }
  const reasoning = typeof body.model === 'string' && isOpenAIReasoningModel(body.model);

  const toolNames = new Set<string>();
  if (body.tools !== undefined) {
    (Array.isArray(body.tools) ? body.tools : []).forEach((tool: unknown, t) => {
      const name = isObject(tool) && isObject(tool.function) ? tool.function.name : undefined;
      checkToolName(name, `/tools/${t}/function/name`, 'Tool', add);
      if (typeof name !== 'string') return;
      if (toolNames.has(name))
        add(
          `/tools/${t}/function/name`,
          'tool-name-duplicate',
          `Tool '${name}' is declared twice.`,
        );
      toolNames.add(name);
    });
  }

  const messages = Array.isArray(body.messages) ? body.messages : [];
  if (messages.length === 0) add('/messages', 'messages-empty', 'The request has no messages.');

  // Calls of the latest assistant message that still wait for their tool message.
  let waiting: { index: number; ids: string[] } | null = null;
  const seenCallIds = new Set<string>();
  const closeWaiting = () => {
    if (waiting && waiting.ids.length > 0) {
      add(
        `/messages/${waiting.index}`,
        'tool-call-unanswered',
        `Assistant message ${waiting.index} calls ${waiting.ids.map((id) => `'${id}'`).join(', ')}, but no tool message answers ${waiting.ids.length === 1 ? 'it' : 'them'} directly after it.`,
      );
    }
    waiting = null;
  };

  // Plain loops, and paths written only when something is wrong: this runs once per message.
  for (let m = 0; m < messages.length; m++) {
    const message: unknown = messages[m];
    const role = isObject(message) ? message.role : undefined;
    if (role === 'tool') {
      const id = isObject(message) ? message.tool_call_id : undefined;
      const pending: { index: number; ids: string[] } | null = waiting;
      const position = pending && typeof id === 'string' ? pending.ids.indexOf(id) : -1;
      if (pending && position >= 0) {
        pending.ids.splice(position, 1);
      } else {
        add(
          `/messages/${m}`,
          'tool-result-orphan',
          `Tool message ${m} answers '${String(id)}', which is not a call of the assistant message right before it.`,
        );
      }
      continue;
    }
    closeWaiting();
    if (!isObject(message)) continue;
    if (role === 'user' && Array.isArray(message.content)) {
      for (let k = 0; k < message.content.length; k++) {
        const part: unknown = message.content[k];
        const url = isObject(part) && isObject(part.image_url) ? part.image_url.url : undefined;
        if (url !== undefined && (typeof url !== 'string' || !IMAGE_URL.test(url))) {
          add(
            `/messages/${m}/content/${k}/image_url/url`,
            'image-url-invalid',
            `Image ${JSON.stringify(url)} in message ${m} is not an http(s) or data:image URL.`,
          );
        }
      }
    }
    if (role === 'system' && reasoning) {
      add(
        `/messages/${m}/role`,
        'system-role-unsupported',
        `Message ${m} has role system, but reasoning model '${String(body.model)}' takes developer messages.`,
      );
    }
    const calls: unknown = message.tool_calls;
    if (role === 'assistant' && Array.isArray(calls) && calls.length > 0) {
      const ids: string[] = [];
      for (let c = 0; c < calls.length; c++) {
        const call: unknown = calls[c];
        const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
        const name = fn?.name;
        if (!isToolName(name))
          checkToolName(name, `/messages/${m}/tool_calls/${c}/function/name`, 'Called tool', add);
        const id = isObject(call) ? call.id : undefined;
        if (typeof id !== 'string') continue;
        if (seenCallIds.has(id))
          add(
            `/messages/${m}/tool_calls/${c}/id`,
            'tool-call-id-duplicate',
            `Tool call id '${id}' is used twice.`,
          );
        seenCallIds.add(id);
        ids.push(id);
      }
      waiting = { index: m, ids };
    }
  }
  closeWaiting();
  return violations;
}
