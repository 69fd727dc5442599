/** Reads an OpenTelemetry GenAI record (system instructions, input messages, tools) into envelope drafts. */
import { stringifyJson } from '../../protocol/json-value.js';
import type { Segment } from '../../protocol/types.js';
import {
  idFromCallId,
  imageSegment,
  textOf,
  textSegment,
  textSegments,
  toolItem,
  type EnvelopeBuilder,
  listOf,
} from '../import-builder.js';
import { isJsonObject, type JsonObject } from '../request-check.js';

export function readOTel(body: JsonObject, builder: EnvelopeBuilder) {
  builder.unknownFields(
    body,
    ['systemInstructions', 'inputMessages', 'toolDefinitions', 'model'],
    '',
    'the record',
  );
  builder.setTools(
    listOf(body.toolDefinitions).map((t: unknown) =>
      isJsonObject(t) ? toolItem(t.name, t.description, t.parameters) : toolItem('', '', undefined),
    ),
  );
  const system = Array.isArray(body.systemInstructions) ? otelText(body.systemInstructions) : '';
  builder.system(system || null);
  const messages = listOf(body.inputMessages);
  messages.forEach((message: unknown, m) => {
    const path = `/inputMessages/${m}`;
    if (!isJsonObject(message)) return builder.unreadableMessage(path, m);
    builder.unknownFields(message, ['role', 'parts'], path, `message ${m}`);
    const role = message.role;
    const parts = listOf(message.parts).filter(isJsonObject);
    if (role === 'tool') {
      for (const p of parts) {
        if (p.type !== 'tool_call_response') continue;
        const response = typeof p.response === 'string' ? p.response : stringifyJson(p.response);
        builder.addResult(textOf(p.id), response, p.success !== false, path);
      }
      return;
    }
    if (role !== 'system' && role !== 'user' && role !== 'assistant') {
      return builder.unknownRole(path, `Message ${m}`, role);
    }
    const segments: Segment[] = [];
    let idHint: string | undefined;
    for (const p of parts) {
      if (p.type === 'text') segments.push(textSegment(textOf(p.content)));
      else if (p.type === 'uri' && p.modality === 'image')
        segments.push(imageSegment(textOf(p.uri)));
      else if (p.type === 'blob' && p.modality === 'image')
        segments.push(imageSegment(`data:${textOf(p.mime_type)};base64,${textOf(p.content)}`));
      else if (p.type === 'tool_call') {
        const id = textOf(p.id);
        idHint ??= idFromCallId(id);
        segments.push(
          builder.callRequest(
            id,
            textOf(p.name),
            isJsonObject(p.arguments) ? p.arguments : {},
            false,
          ),
        );
      } else builder.unknownPart(path, p, ` in message ${m}`);
    }
    builder.add({
      role,
      segments: segments.length > 0 ? segments : textSegments(''),
      ...(idHint ? { idHint } : {}),
    });
  });
}

function otelText(parts: unknown[]): string {
  return parts
    .filter((p): p is JsonObject => isJsonObject(p) && p.type === 'text')
    .map((p) => textOf(p.content))
    .join('\n\n');
}
