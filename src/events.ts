/**
 * Typed events of the elements (SPEC §4.2). All bubble and cross shadow roots (`composed`), so a
 * page can listen on any ancestor, or on `document`.
 */
import type { PromptComponent } from './core/assembly/compose.js';
import type { EnvelopeError, EnvelopeWarning } from './core/protocol/issues.js';
import type { Envelope } from './core/protocol/types.js';

const options = { bubbles: true, composed: true } as const;

/** The element's input is invalid (or could not be loaded); it shows an error panel. */
export class EnvelopeErrorEvent extends Event {
  static readonly eventName = 'envelope-error';
  constructor(readonly detail: { errors: EnvelopeError[] }) {
    super(EnvelopeErrorEvent.eventName, options);
  }
}

/** A valid envelope was received and is now shown. */
export class EnvelopeLoadEvent extends Event {
  static readonly eventName = 'envelope-load';
  constructor(readonly detail: { envelope: Envelope; warnings: EnvelopeWarning[] }) {
    super(EnvelopeLoadEvent.eventName, options);
  }
}

/** A person expanded or collapsed a segment. `messageId` is empty for a standalone segment. */
export class SegmentToggleEvent extends Event {
  static readonly eventName = 'segment-toggle';
  constructor(readonly detail: { messageId: string; segmentIndex: number; collapsed: boolean }) {
    super(SegmentToggleEvent.eventName, options);
  }
}

/** The protocol panel copied something to the clipboard. */
export class ProtocolCopyEvent extends Event {
  static readonly eventName = 'protocol-copy';
  constructor(readonly detail: { target: string; what: 'json' | 'curl'; text: string }) {
    super(ProtocolCopyEvent.eventName, options);
  }
}

/**
 * A message asks to show another message of the envelope (a person followed its reply link):
 * `<envelope-chat>` scrolls to `messageId`, rendering it first if needed.
 */
export class MessageRevealEvent extends Event {
  static readonly eventName = 'message-reveal';
  constructor(readonly detail: { messageId: string; from: string }) {
    super(MessageRevealEvent.eventName, options);
  }
}

/** `<prompt-studio>` saved its supplements; `components` is a copy of the saved list. */
export class StudioChangeEvent extends Event {
  static readonly eventName = 'studio-change';
  constructor(readonly detail: { components: PromptComponent[] }) {
    super(StudioChangeEvent.eventName, options);
  }
}

/**
 * `<envelope-chat>` or `<envelope-viewer>` took a live change (`appendMessage`, `updateMessage`,
 * `appendText`, `appendToolArguments`, `endStream`): what changed, and the envelope it made.
 * Not fired for rejected changes (those fire `envelope-error`).
 */
export class EnvelopeChangeEvent extends Event {
  static readonly eventName = 'envelope-change';
  constructor(
    readonly detail: {
      change: 'append' | 'update' | 'text' | 'tool-arguments' | 'end';
      messageId: string;
      /** Position of the message in `envelope.messages`. */
      index: number;
      envelope: Envelope;
    },
  ) {
    super(EnvelopeChangeEvent.eventName, options);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'envelope-error': EnvelopeErrorEvent;
    'envelope-load': EnvelopeLoadEvent;
    'segment-toggle': SegmentToggleEvent;
    'protocol-copy': ProtocolCopyEvent;
    'message-reveal': MessageRevealEvent;
    'studio-change': StudioChangeEvent;
    'envelope-change': EnvelopeChangeEvent;
  }
}
