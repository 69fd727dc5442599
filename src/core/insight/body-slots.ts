/** The strings of a request body that the model reads, per target, for measureEnvelope. */
import type { Conversation } from '../assembly/conversation.js';
import { stringifyJson } from '../protocol/json-value.js';
import type { ExportTarget } from '../targets/export-targets.js';
import type { Rendered } from '../targets/render-common.js';

export type Slot =
  | { type: 'text'; text: string; path: string; system: boolean }
  | { type: 'call' | 'result' | 'tool'; text: string }
  | { type: 'image' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
// Arguments and schemas may nest thousands of levels: the native JSON.stringify would overflow.
const json = (v: unknown): string => (v === undefined ? '' : stringifyJson(v));

/** Every string of the request body the model reads, in body order, per target. */
export function bodySlots(
  target: ExportTarget,
  rendered: Rendered<unknown>,
  conversation: Conversation,
): Slot[] {
  const body = isObject(rendered.body) ? rendered.body : {};
  const slots: Slot[] = [];
  const text = (value: unknown, path: string, system = false) =>
    slots.push({ type: 'text', text: str(value), path, system });
  const declarations = (tools: unknown[]) => {
    for (const tool of tools) slots.push({ type: 'tool', text: json(tool) });
  };
  switch (target) {
    case 'openai':
      list(body.messages).forEach((message, i) => {
        if (!isObject(message)) return;
        const path = `/messages/${i}`;
        if (message.role === 'tool') {
          slots.push({ type: 'result', text: str(message.content) });
          return;
        }
        const system = i === 0 && conversation.system !== null;
        if (Array.isArray(message.content)) {
          for (const part of message.content) {
            if (isObject(part) && part.type === 'image_url') slots.push({ type: 'image' });
            else if (isObject(part)) text(part.text, path);
          }
        } else text(message.content, path, system);
        for (const call of list(message.tool_calls)) {
          const fn = isObject(call) && isObject(call.function) ? call.function : {};
          slots.push({ type: 'call', text: str(fn.name) + str(fn.arguments) });
        }
      });
      declarations(list(body.tools));
      break;
    case 'openai-responses':
      if (typeof body.instructions === 'string') text(body.instructions, '/instructions', true);
      list(body.input).forEach((item, i) => {
        if (!isObject(item)) return;
        const path = `/input/${i}`;
        if (item.type === 'function_call')
          slots.push({ type: 'call', text: str(item.name) + str(item.arguments) });
        else if (item.type === 'function_call_output')
          slots.push({ type: 'result', text: str(item.output) });
        else if (typeof item.content === 'string') text(item.content, path);
        else
          for (const part of list(item.content)) {
            if (isObject(part) && part.type === 'input_image') slots.push({ type: 'image' });
            else if (isObject(part)) text(part.text, path);
          }
      });
      declarations(list(body.tools));
      break;
    case 'anthropic':
      if (typeof body.system === 'string') text(body.system, '/system', true);
      list(body.messages).forEach((message, i) => {
        if (!isObject(message)) return;
        const path = `/messages/${i}`;
        if (typeof message.content === 'string') return text(message.content, path);
        for (const block of list(message.content)) {
          if (!isObject(block)) continue;
          if (block.type === 'text') text(block.text, path);
          else if (block.type === 'image') slots.push({ type: 'image' });
          else if (block.type === 'tool_use')
            slots.push({ type: 'call', text: str(block.name) + json(block.input) });
          else if (block.type === 'tool_result')
            slots.push({ type: 'result', text: str(block.content) });
        }
      });
      declarations(list(body.tools));
      break;
    case 'gemini': {
      const system = isObject(body.systemInstruction) ? body.systemInstruction : {};
      for (const part of list(system.parts))
        if (isObject(part)) text(part.text, '/systemInstruction', true);
      list(body.contents).forEach((content, i) => {
        for (const part of isObject(content) ? list(content.parts) : []) {
          if (!isObject(part)) continue;
          if (isObject(part.functionCall))
            slots.push({
              type: 'call',
              text: str(part.functionCall.name) + json(part.functionCall.args),
            });
          else if (isObject(part.functionResponse))
            slots.push({
              type: 'result',
              text: str(part.functionResponse.name) + json(part.functionResponse.response),
            });
          else if ('fileData' in part || 'inlineData' in part) slots.push({ type: 'image' });
          else text(part.text, `/contents/${i}`);
        }
      });
      for (const tool of list(body.tools))
        if (isObject(tool)) declarations(list(tool.functionDeclarations));
      break;
    }
    case 'otel':
      for (const part of list(body.systemInstructions))
        if (isObject(part)) text(part.content, '/systemInstructions', true);
      list(body.inputMessages).forEach((message, i) => {
        for (const part of isObject(message) ? list(message.parts) : []) {
          if (!isObject(part)) continue;
          if (part.type === 'text') text(part.content, `/inputMessages/${i}`);
          else if (part.type === 'tool_call')
            slots.push({ type: 'call', text: str(part.name) + json(part.arguments) });
          else if (part.type === 'tool_call_response')
            slots.push({ type: 'result', text: str(part.response) });
          else slots.push({ type: 'image' });
        }
      });
      declarations(list(body.toolDefinitions));
      break;
  }
  return slots;
}
