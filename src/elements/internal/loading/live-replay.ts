import type { Envelope, Message, Segment } from '../../../core/protocol/types.js';

/** What a replay drives: the live API of `<envelope-chat>` and `<envelope-viewer>`. */
export interface LiveTarget {
  appendMessage(message: Message, options?: { streaming?: boolean }): boolean;
  appendText(messageId: string, delta: string): boolean;
  appendToolArguments(messageId: string, segmentIndex: number, delta: string): boolean;
  updateMessage(id: string, message: Message, options?: { streaming?: boolean }): boolean;
  endStream(messageId: string): void;
}

/** How long things take, in milliseconds, at pace 1: roughly what a person watching expects. */
const PAUSE_BEFORE_USER = 900;
const PAUSE_BEFORE_ASSISTANT = 600;
const PAUSE_BEFORE_TOOL = 500;
/** Text arrives in pieces of a few characters, 50 pieces a second, as models stream it. */
const PIECE_EVERY = 20;

/**
 * Plays `envelope` again as if it were happening now, from its first message: the messages
 * arrive one by one with pauses, assistant text streams in pieces and tool-call arguments as
 * JSON text, each message ending as it is in the envelope. The target already shows the first
 * message (usually the system prompt). Stops when `signal` aborts.
 */
export async function replayLive(
  target: LiveTarget,
  envelope: Envelope,
  signal: AbortSignal,
  pace = 1,
): Promise<void> {
  const rest = envelope.messages.slice(1);
  const wait = (ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms / pace);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  try {
    for (const message of rest) {
      if (signal.aborted) return;
      if (message.role !== 'assistant') {
        await wait(message.role === 'user' ? PAUSE_BEFORE_USER : PAUSE_BEFORE_TOOL);
        target.appendMessage(message);
        continue;
      }
      await wait(PAUSE_BEFORE_ASSISTANT);
      await streamAssistant(target, message, wait);
    }
  } catch (cause) {
    if (!signal.aborted) throw cause;
  }
}

/** An assistant message, streamed: text in pieces, tool calls as their JSON arguments. */
async function streamAssistant(
  target: LiveTarget,
  message: Message,
  wait: (ms: number) => Promise<void>,
): Promise<void> {
  const shown: Segment[] = [];
  const first = message.segments[0];
  const opening: Segment =
    first?.kind === 'text'
      ? { kind: 'text', content: '' }
      : (first ?? { kind: 'text', content: '' });
  target.appendMessage({ ...message, segments: [withoutArguments(opening)] }, { streaming: true });
  shown.push(withoutArguments(opening));
  for (const [index, segment] of message.segments.entries()) {
    if (index > 0) {
      shown.push(withoutArguments(segment.kind === 'text' ? { ...segment, content: '' } : segment));
      target.updateMessage(message.id, { ...message, segments: [...shown] }, { streaming: true });
    }
    if (segment.kind === 'text') {
      for (const piece of pieces(segment.content)) {
        await wait(PIECE_EVERY);
        target.appendText(message.id, piece);
      }
      shown[index] = segment;
    } else if (segment.kind === 'tool_call_request') {
      for (const piece of pieces(JSON.stringify(segment.arguments))) {
        await wait(PIECE_EVERY);
        target.appendToolArguments(message.id, index, piece);
      }
      shown[index] = segment;
      target.updateMessage(message.id, { ...message, segments: [...shown] }, { streaming: true });
    }
  }
  target.updateMessage(message.id, message);
}

/** A tool call starts with no arguments: they stream in as text. */
function withoutArguments(segment: Segment): Segment {
  return segment.kind === 'tool_call_request' ? { ...segment, arguments: {} } : segment;
}

/** Text in pieces of one to three words, as a model's tokens come. */
function pieces(text: string): string[] {
  return text.match(/(?:\S+\s*){1,3}|\s+/g) ?? [];
}
