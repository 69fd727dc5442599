import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { MeasureResult } from '../../core/insight/measure-result.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { measuring } from '../internal/loading/measuring.js';
import { meterElement } from './meter-element.js';
import { isLargeEnvelope, isLargeToMeasure, offload } from '../internal/offload/offload.js';

/**
 * Conversations up to this many messages, and not large (isLargeEnvelope), are measured on their
 * own after the first paint; bigger ones on request. One past MEASURE_OFFLOAD_THRESHOLD is
 * measured off the main thread (on the page measuring blocks for about 50 ns a character: 0.24 s
 * for tool-call arguments of 100,000 keys).
 */
export const MEASURE_AUTO_LIMIT = 2_000;

/** The request the chat's meter measures. */
const CHAT_TARGET = 'openai';

/** A live conversation is measured again once its changes pause: not one export per token. */
const LIVE_PAUSE_MS = 800;

/**
 * The compact context meter in the chat's header: the figures of the whole request, measured
 * after the first paint (never delaying it), for very long conversations only when asked, and
 * for a live conversation when it pauses (its last figures stay meanwhile).
 */
export class ChatMeter implements ReactiveController {
  private measured?: Envelope;
  private measurement?: MeasureResult;
  /** The envelope a live change made from the measured one: the figures are shown for it too. */
  private descendant?: Envelope;
  private readonly small = new WeakMap<Envelope, boolean>();
  private timer?: ReturnType<typeof setTimeout>;
  /** The measuring under way off the main thread; a newer one stops it. */
  private working?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly loadedEnvelope?: Envelope },
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.working?.abort();
  }

  /** `next` was made from `from` by a live change. */
  carry(from: Envelope, next: Envelope): void {
    const small = this.small.get(from);
    if (small !== undefined)
      this.small.set(next, small && next.messages.length <= MEASURE_AUTO_LIMIT);
    if (this.measured === from || this.descendant === from) this.descendant = next;
  }

  /** After each render: measures the envelope shown, now or once live changes pause. */
  schedule(envelope: Envelope | undefined): void {
    if (!envelope || this.measured === envelope || !this.measuresItself(envelope)) return;
    clearTimeout(this.timer);
    const wait = this.descendant === envelope ? LIVE_PAUSE_MS : 0;
    this.timer = setTimeout(() => this.measure(envelope), wait);
  }

  render(envelope: Envelope, ambient: AmbientController, limit: number | undefined) {
    if (this.measured === envelope || this.descendant === envelope)
      return html`<context-meter
        part="meter"
        class="meter"
        compact
        .measurement=${this.measurement}
        limit=${ifDefined(limit)}
        theme=${ambient.theme}
        lang=${ambient.lang}
      ></context-meter>`;
    if (this.measuresItself(envelope)) return nothing;
    return html`<button
      part="measure"
      class="measure"
      type="button"
      @click=${() => this.measure(envelope)}
    >
      ${ambient.t('chat.measure')}
    </button>`;
  }

  /** Whether an envelope is small enough to be measured without a click. */
  private measuresItself(envelope: Envelope): boolean {
    let small = this.small.get(envelope);
    if (small === undefined) {
      small = envelope.messages.length <= MEASURE_AUTO_LIMIT && !isLargeEnvelope(envelope);
      this.small.set(envelope, small);
    }
    return small;
  }

  private measure(envelope: Envelope): void {
    this.working?.abort();
    const working = (this.working = new AbortController());
    // Loaded on first use; where it cannot load (offline, a moved file) the header goes without.
    const onPage = () =>
      measuring(CHAT_TARGET)
        .load()
        .then(({ measureEnvelope }) => measureEnvelope(envelope));
    const measured = isLargeToMeasure(envelope)
      ? offload(
          { type: 'measure', envelope, target: CHAT_TARGET },
          { signal: working.signal },
        ).catch(
          // Superseded (dropped below), or the worker failed: measure here.
          () => (working.signal.aborted ? undefined : onPage()),
        )
      : onPage();
    // The element that shows the figures loads beside them (meter-element.ts).
    void Promise.all([measured, meterElement.load()]).then(
      ([measurement]) => {
        if (!measurement || this.host.loadedEnvelope !== envelope) return;
        this.measured = envelope;
        // Measured here rather than by the meter from `.envelope`: an inner element must not fire
        // its own envelope-load and envelope-error events out of the chat.
        this.measurement = measurement;
        this.host.requestUpdate();
      },
      () => undefined,
    );
  }
}
