import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { EnvelopeError, EnvelopeWarning } from '../../../core/protocol/issues.js';
import { parseEnvelope } from '../../../core/protocol/parse.js';
import type { Envelope } from '../../../core/protocol/types.js';
import { validateEnvelope } from '../../../core/protocol/validate.js';
import { EnvelopeErrorEvent, EnvelopeLoadEvent } from '../../../events.js';
import { checkInSlices, isCheckedInSlices } from '../pacing/sliced-check.js';
import { markEnvelopeValid, wasValidatedEnvelope } from '../segments/validated.js';

export type EnvelopeState =
  | { status: 'empty' }
  /** Fetching `url`, or (without one) checking a very long envelope in slices. */
  | { status: 'loading'; url?: string }
  | { status: 'ready'; envelope: Envelope; warnings: EnvelopeWarning[] }
  | { status: 'error'; errors: EnvelopeError[] };

export interface EnvelopeInputHost extends ReactiveControllerHost, HTMLElement {
  /** An envelope object, or JSON text (the `envelope` attribute). */
  envelope?: Envelope | string;
  /** URL of an envelope JSON file. */
  src?: string;
}

/** For elements with more than one envelope input (`<envelope-diff>`: `before` and `after`). */
export interface EnvelopeInputOptions {
  /** The host property with the envelope or its JSON text (default `envelope`). */
  envelope?: string;
  /** The host property with the URL (default `src`). */
  src?: string;
  /** Whether a child `<script type="application/json">` is read (default true). */
  script?: boolean;
  /** Whether `envelope-load` and `envelope-error` are fired (default true). */
  announce?: boolean;
}

/**
 * How an element gets its envelope (SPEC §4): the `envelope` attribute (JSON text) or property
 * (object), a `src` URL (fetched, with loading and failure states), or a child
 * `<script type="application/json">`, in that order of precedence. Invalid input becomes an
 * error state and one `envelope-error`; a valid envelope fires `envelope-load` once.
 */
export class EnvelopeInput implements ReactiveController {
  private current: EnvelopeState = { status: 'empty' };

  get state(): EnvelopeState {
    // A server render calls no controller hooks: the state is read when the template asks.
    if (isServer) this.hostUpdate();
    return this.current;
  }

  set state(state: EnvelopeState) {
    this.current = state;
  }

  private lastEnvelope: unknown;
  private lastSrc: string | undefined;
  private lastScript: string | null = null;
  private fetching?: AbortController;
  private observer?: MutationObserver;
  private announced: EnvelopeState | null = null;

  private readonly options: Required<EnvelopeInputOptions>;

  constructor(
    private readonly host: EnvelopeInputHost,
    options: EnvelopeInputOptions = {},
  ) {
    this.options = { envelope: 'envelope', src: 'src', script: true, announce: true, ...options };
    host.addController(this);
  }

  hostConnected() {
    if (!this.options.script || isServer) return;
    // A child script may be filled in or replaced after the element is created.
    this.observer = new MutationObserver(() => this.host.requestUpdate());
    this.observer.observe(this.host, { childList: true, subtree: true, characterData: true });
  }

  hostDisconnected() {
    this.observer?.disconnect();
    this.fetching?.abort();
    this.fetching = undefined;
    // Reconnecting must load again what was being fetched.
    if (this.state.status === 'loading') this.lastSrc = undefined;
  }

  /**
   * Shows an envelope the host made from the one shown (a live change, already validated
   * message by message): no validation of the whole, no envelope-load. The host sets its
   * `envelope` property to the same object, which then counts as unchanged.
   */
  adopt(envelope: Envelope): void {
    this.fetching?.abort();
    this.fetching = undefined;
    this.lastEnvelope = envelope;
    this.lastSrc = (this.host as unknown as Record<string, unknown>)[this.options.src] as
      string | undefined;
    this.state = this.announced = validState(envelope);
  }

  /** Call from the host's willUpdate: recomputes the state when an input changed. */
  hostUpdate() {
    const inputs = this.host as unknown as Record<string, unknown>;
    const envelope = inputs[this.options.envelope];
    const src = inputs[this.options.src] as string | undefined;
    const script = this.options.script ? this.readScript() : null;
    if (envelope === this.lastEnvelope && src === this.lastSrc && script === this.lastScript)
      return;
    this.lastEnvelope = envelope;
    this.lastSrc = src;
    this.lastScript = script;
    this.fetching?.abort();
    this.fetching = undefined;
    if (envelope !== undefined && envelope !== null && envelope !== '') this.take(envelope);
    else if (src) this.load(src);
    else if (script !== null) this.state = fromValue(script);
    else this.state = { status: 'empty' };
  }

  hostUpdated() {
    if (this.state === this.announced || !this.options.announce) return;
    this.announced = this.state;
    if (this.state.status === 'ready') {
      // The state's warnings are found when first read (see validResult in the core): a
      // listener that wants them pays, a first paint does not.
      const state = this.state;
      this.host.dispatchEvent(
        new EnvelopeLoadEvent({
          envelope: state.envelope,
          get warnings() {
            return state.warnings;
          },
        }),
      );
    } else if (this.state.status === 'error') {
      this.host.dispatchEvent(new EnvelopeErrorEvent({ errors: this.state.errors }));
    }
  }

  private readScript(): string | null {
    // On the server the element has no children to read; the renderer passes the envelope.
    if (isServer) return null;
    const script = this.host.querySelector(':scope > script[type="application/json"]');
    return script ? (script.textContent ?? '') : null;
  }

  /** A given envelope: checked now, or in slices when it is very long (sliced-check.ts). */
  private take(value: unknown) {
    if (isServer || wasValidatedEnvelope(value) || !isCheckedInSlices(value)) {
      this.state = fromValue(value);
      return;
    }
    const controller = new AbortController();
    this.fetching = controller;
    this.state = { status: 'loading' };
    void checkInSlices(value, controller.signal).then((errors) => {
      if (!errors || controller.signal.aborted) return;
      this.fetching = undefined;
      this.state = errors.length > 0 ? { status: 'error', errors } : validState(value);
      this.host.requestUpdate();
    });
  }

  private load(src: string) {
    const controller = new AbortController();
    this.fetching = controller;
    this.state = { status: 'loading', url: src };
    const finish = (state: EnvelopeState) => {
      if (controller.signal.aborted) return;
      this.fetching = undefined;
      this.state = state;
      this.host.requestUpdate();
    };
    fetchText(src, controller.signal).then(
      (text) => {
        const state = fromValue(text);
        if (state.status === 'error' && /^\s*</.test(text)) {
          state.errors[0] = {
            ...state.errors[0],
            message: `${state.errors[0].message} The URL returned HTML, not JSON.`,
          };
        }
        finish(state);
      },
      (error: Error) =>
        finish({
          status: 'error',
          errors: [
            { path: '', keyword: 'fetch', message: `Could not load ${src}: ${error.message}` },
          ],
        }),
    );
  }
}

/** Validates an object or JSON text into a state; never throws. */
export function fromValue(value: unknown): EnvelopeState {
  if (wasValidatedEnvelope(value)) return validState(value as Envelope);
  const result = typeof value === 'string' ? parseEnvelope(value) : validateEnvelope(value);
  if (!result.valid) return { status: 'error', errors: result.errors };
  const envelope = ((result as { envelope?: Envelope }).envelope ?? value) as Envelope;
  markEnvelopeValid(envelope);
  return {
    status: 'ready',
    envelope,
    // Found when first read (see validResult in the core): a first paint does not pay for them.
    get warnings() {
      return result.warnings;
    },
  };
}

/**
 * The state of an envelope known to be valid (and marked so, validated.ts); its warnings are found
 * when first read, like validateEnvelope's own (a listener that wants them pays).
 */
function validState(envelope: Envelope): EnvelopeState {
  markEnvelopeValid(envelope);
  let warnings: EnvelopeWarning[] | undefined;
  return {
    status: 'ready',
    envelope,
    get warnings() {
      return (warnings ??= validateEnvelope(envelope).warnings);
    },
  };
}

/** `fetch` as text, with HTTP errors as rejections that say the status. */
export async function fetchText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (!response.ok)
    throw new Error(
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
    );
  return response.text();
}
