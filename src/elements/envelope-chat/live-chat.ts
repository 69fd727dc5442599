import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { StreamUpdate } from '../../core/targets/streams/stream-updates.js';
import { applyStreamUpdate } from '../../core/targets/streams/stream-updates.js';
import type { EnvelopeError } from '../../core/protocol/issues.js';
import type { Envelope, Message } from '../../core/protocol/types.js';
import { validateEnvelope } from '../../core/protocol/validate.js';
import { EnvelopeChangeEvent, EnvelopeErrorEvent } from '../../events.js';
import {
  appendTo,
  deriveAll,
  indexById,
  replaceIn,
  type Derived,
  type LiveChange,
} from './live-envelope.js';

export type ChangeKind = EnvelopeChangeEvent['detail']['change'];

/** A message that was refused: its error panel stands where it would have been. */
export interface RejectedMessage {
  /** How many messages came before it. */
  position: number;
  /** The id of the message it was meant to replace, for a refused update. */
  replacing?: string;
  errors: EnvelopeError[];
}

export interface LiveHost extends ReactiveControllerHost, HTMLElement {
  /** The valid envelope shown now. */
  readonly loadedEnvelope: Envelope | undefined;
  /** Shows `next`, made from the shown envelope by one change at message `index`. */
  showLive(next: Envelope, derived: Derived, index: number, kind: ChangeKind): void;
}

export interface UpdateOptions {
  /** The message is still being written: its typing indicator stays on (default false). */
  streaming?: boolean;
}

/**
 * The live API of `<envelope-chat>` (SPEC §8): appends, updates and streamed text go through
 * here, are checked one message at a time, and reach the chat as a new envelope plus what it
 * derived, so that nothing is validated or derived again for the whole conversation.
 */
export class LiveChat implements ReactiveController {
  /** Messages being written (typing indicator), by id. */
  readonly streaming = new Set<string>();
  /** Tool-call arguments received so far as JSON text, by message id and segment index. */
  readonly partials = new Map<string, Map<number, string>>();
  /** Refused messages, in arrival order. */
  rejected: RejectedMessage[] = [];
  private current?: { envelope: Envelope; derived: Derived };

  constructor(private readonly host: LiveHost) {
    host.addController(this);
  }

  hostUpdate(): void {
    // A whole new envelope (not one of ours) starts over.
    const shown = this.host.loadedEnvelope;
    if (this.current && shown !== this.current.envelope) {
      this.current = undefined;
      this.rejected = [];
      this.streaming.clear();
      this.partials.clear();
    }
  }

  append(message: unknown, options: UpdateOptions = {}): boolean {
    const shown = this.host.loadedEnvelope;
    if (!shown) return this.start(message, options);
    const change = appendTo(shown, this.derivedOf(shown), message);
    return this.apply(change, 'append', options.streaming === true);
  }

  update(id: string, message: unknown, options: UpdateOptions = {}): boolean {
    const shown = this.host.loadedEnvelope;
    if (!shown) return this.refuse(0, [noEnvelope()], id);
    const change = replaceIn(shown, this.derivedOf(shown), id, message);
    if (change.ok) {
      // A complete call replaces its pieces; the rest stay until the stream ends.
      const pieces = this.partials.get(id);
      if (pieces)
        for (const [segment] of pieces) {
          const call = change.envelope.messages[change.index]!.segments[segment];
          if (call?.kind === 'tool_call_request' && Object.keys(call.arguments).length > 0)
            pieces.delete(segment);
        }
      this.clearRejected(id);
    } else {
      const index = indexById(shown).get(id) ?? shown.messages.length;
      return this.refuse(index, change.errors, id);
    }
    return this.apply(change, 'update', options.streaming === true);
  }

  appendText(messageId: string, delta: string): boolean {
    const message = this.messageOf(messageId);
    if (!message || typeof delta !== 'string') return false;
    const next = applyStreamUpdate(message, { type: 'text', messageId, delta });
    const shown = this.host.loadedEnvelope!;
    return this.apply(replaceIn(shown, this.derivedOf(shown), messageId, next), 'text', true);
  }

  appendToolArguments(messageId: string, segmentIndex: number, delta: string): boolean {
    const message = this.messageOf(messageId);
    if (!message || typeof delta !== 'string') return false;
    if (message.segments[segmentIndex]?.kind !== 'tool_call_request') return false;
    let pieces = this.partials.get(messageId);
    if (!pieces) this.partials.set(messageId, (pieces = new Map()));
    pieces.set(segmentIndex, (pieces.get(segmentIndex) ?? '') + delta);
    this.streaming.add(messageId);
    this.notify('tool-arguments', messageId);
    return true;
  }

  end(messageId: string): void {
    const had = this.streaming.delete(messageId) || this.partials.delete(messageId);
    this.partials.delete(messageId);
    if (had) this.notify('end', messageId);
  }

  /** One update of `createStreamReader`, applied as the matching call. */
  applyStreamUpdate(update: StreamUpdate): boolean {
    switch (update.type) {
      case 'append':
        return this.append(update.message, { streaming: true });
      case 'text':
        return this.appendText(update.messageId, update.delta);
      case 'tool-arguments':
        return this.appendToolArguments(update.messageId, update.segmentIndex, update.delta);
      case 'segment': {
        const message = this.messageOf(update.messageId);
        const next = message && applyStreamUpdate(message, update);
        return next !== undefined && next !== message
          ? this.update(update.messageId, next, { streaming: true })
          : false;
      }
      case 'update':
        return this.update(update.messageId, update.message, { streaming: true });
      case 'end':
        this.end(update.messageId);
        return true;
    }
  }

  private start(message: unknown, options: UpdateOptions): boolean {
    // Nothing shown yet: the first message starts a conversation (1.1 accepts every message).
    const envelope = { version: '1.1', messages: [message] } as Envelope;
    const result = validateEnvelope(envelope);
    if (!result.valid) return this.refuse(0, result.errors);
    const derived = deriveAll(envelope);
    const change: LiveChange = { ok: true, envelope, index: 0, derived, rebuilt: true };
    return this.apply(change, 'append', options.streaming === true);
  }

  private apply(change: LiveChange, kind: ChangeKind, streaming: boolean): boolean {
    if (!change.ok) {
      const shown = this.host.loadedEnvelope;
      return this.refuse(shown?.messages.length ?? 0, change.errors);
    }
    const id = change.envelope.messages[change.index]!.id;
    if (streaming) this.streaming.add(id);
    else if (kind === 'update' || kind === 'append') this.end(id);
    this.current = { envelope: change.envelope, derived: change.derived };
    this.host.showLive(change.envelope, change.derived, change.index, kind);
    this.host.dispatchEvent(
      new EnvelopeChangeEvent({
        change: kind,
        messageId: id,
        index: change.index,
        envelope: change.envelope,
      }),
    );
    return true;
  }

  private refuse(position: number, errors: EnvelopeError[], replacing?: string): boolean {
    if (replacing !== undefined) this.clearRejected(replacing);
    this.rejected = [...this.rejected, { position, errors, ...(replacing ? { replacing } : {}) }];
    this.host.requestUpdate();
    this.host.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    return false;
  }

  private clearRejected(id: string): void {
    if (this.rejected.some((r) => r.replacing === id))
      this.rejected = this.rejected.filter((r) => r.replacing !== id);
  }

  /** A change that makes no new envelope (tool-call pieces, the end of a stream). */
  private notify(kind: ChangeKind, messageId: string): void {
    const shown = this.host.loadedEnvelope;
    const index = shown ? (indexById(shown).get(messageId) ?? -1) : -1;
    this.host.requestUpdate();
    if (shown && index >= 0)
      this.host.dispatchEvent(
        new EnvelopeChangeEvent({ change: kind, messageId, index, envelope: shown }),
      );
  }

  private messageOf(id: string): Message | undefined {
    const shown = this.host.loadedEnvelope;
    const index = shown ? indexById(shown).get(id) : undefined;
    return index === undefined ? undefined : shown!.messages[index];
  }

  private derivedOf(envelope: Envelope): Derived {
    if (this.current?.envelope !== envelope)
      this.current = { envelope, derived: deriveAll(envelope) };
    return this.current.derived;
  }
}

function noEnvelope(): EnvelopeError {
  return {
    path: '',
    keyword: 'input',
    message: 'No conversation is shown yet; append a message first.',
  };
}
