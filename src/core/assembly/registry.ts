/** The kinds of prompt segments and the registry hosts add their own segments to (SPEC §3.6). */
import type { Envelope, Message } from '../protocol/types.js';

/** Kinds that render into the system text, in this fixed order. */
export const TEXT_SEGMENT_KINDS: readonly TextSegmentKind[] = [
  'system',
  'environment',
  'role_rules',
  'platform',
  'scene',
];
/** Kinds that add messages; ties at one timestamp go in this order. */
export const MESSAGE_SEGMENT_KINDS: readonly MessageSegmentKind[] = [
  'state',
  'user',
  'tool',
  'assistant',
];

/** Kinds that render into the system text. */
export type TextSegmentKind = 'system' | 'environment' | 'role_rules' | 'platform' | 'scene';
/** Kinds that add messages to the conversation. */
export type MessageSegmentKind = 'state' | 'user' | 'tool' | 'assistant';
export type PromptSegmentKind = TextSegmentKind | MessageSegmentKind;

/** What a segment's `inject` sees. */
export interface SegmentInput {
  /** The envelope being assembled (valid). */
  readonly envelope: Envelope;
  /** The model the request goes to, if known. */
  readonly model?: string;
  /** IANA time zone of times in headers. */
  readonly timeZone: string;
}

/**
 * A piece of the prompt. Text kinds return a string for the system text; message kinds return
 * protocol messages (user or assistant messages, events with `state_change` segments …), which
 * are merged into the conversation by timestamp. `null`, `undefined` or `''` add nothing.
 */
export interface PromptSegment<K extends PromptSegmentKind = PromptSegmentKind> {
  readonly id: string;
  readonly kind: K;
  /** Order among segments of one kind: larger first. The envelope's own segments weigh 0. */
  readonly weight: number;
  /** Text kinds only: `preferred` segments may be dropped to fit `maxSystemChars`. Default `required`. */
  readonly retention?: 'required' | 'preferred';
  inject(
    input: SegmentInput,
  ): (K extends TextSegmentKind ? string : readonly Message[]) | null | undefined;
}

/** One row per segment: what it added and whether it was cut. */
export interface TraceRow {
  id: string;
  kind: PromptSegmentKind;
  weight: number;
  /** Characters it added: its system text, or the text of its messages with their headers. */
  characters: number;
  /** Dropped to fit `maxSystemChars`. */
  trimmed: boolean;
  source: 'builtin' | 'host';
  /** Message kinds: how many messages it added (events merged with others still count). */
  messages?: number;
  /** `state` kinds: the role its events and host messages were sent in. */
  renderedAs?: 'system' | 'developer' | 'user';
}

export interface SegmentRegistry {
  /** Adds a segment; returns the function that removes it again. A duplicate id throws. */
  register(segment: PromptSegment): () => void;
  /** The registered segments, in registration order. */
  list(): readonly PromptSegment[];
  /** Calls `listener` after every register and dispose; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export const KIND_ORDER = new Map<string, number>(
  [...TEXT_SEGMENT_KINDS, ...MESSAGE_SEGMENT_KINDS].map((kind, i) => [kind, i]),
);
export const isTextKind = (kind: PromptSegmentKind): kind is TextSegmentKind =>
  (TEXT_SEGMENT_KINDS as readonly string[]).includes(kind);

/** Ids the built-in segments use; hosts cannot take them. */
const RESERVED_ID = /^(builtin|envelope):/;

/**
 * A registry for a host's own prompt segments (SPEC §3.6): pass it to `exportEnvelope` (or any
 * element's `registry`) and they are rendered together with the built-in ones. A duplicate or
 * reserved id throws at once (a programming error, not user data).
 *
 * @example
 * ```ts
 * const registry = createSegmentRegistry();
 * const dispose = registry.register({
 *   id: 'club:guideline',
 *   kind: 'platform',
 *   weight: 10,
 *   inject: () => 'Members of this club are beginners; explain every term.',
 * });
 * const { body } = exportEnvelope(envelope, { target: 'openai', registry });
 * dispose();
 * ```
 */
export function createSegmentRegistry(): SegmentRegistry {
  const segments: PromptSegment[] = [];
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    register(segment) {
      // Mistakes here are the host's code, not user data: fail loudly and at once.
      if (typeof segment?.id !== 'string' || segment.id === '')
        throw new TypeError('A prompt segment needs a non-empty string id.');
      if (RESERVED_ID.test(segment.id))
        throw new Error(`Segment id '${segment.id}' is reserved for built-in segments.`);
      if (segments.some((s) => s.id === segment.id))
        throw new Error(`A segment with id '${segment.id}' is already registered.`);
      if (!KIND_ORDER.has(segment.kind))
        throw new TypeError(
          `Segment '${segment.id}' has unknown kind ${JSON.stringify(segment.kind)}; use one of ${[...KIND_ORDER.keys()].join(', ')}.`,
        );
      if (typeof segment.weight !== 'number' || !Number.isFinite(segment.weight))
        throw new TypeError(`Segment '${segment.id}' needs a finite number as weight.`);
      if (typeof segment.inject !== 'function')
        throw new TypeError(`Segment '${segment.id}' needs an inject function.`);
      segments.push(segment);
      changed();
      let disposed = false;
      return () => {
        if (disposed) return;
        disposed = true;
        const index = segments.indexOf(segment);
        if (index >= 0) segments.splice(index, 1);
        changed();
      };
    },
    list: () => [...segments],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
