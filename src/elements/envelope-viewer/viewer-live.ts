import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { AmbientController } from '../internal/strings/localize.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { EnvelopeChangeEvent } from '../../events.js';
import type { LiveTarget } from '../internal/loading/live-replay.js';

/** The protocol panel and the other views follow a live chat at most this often (ms). */
const VIEWS_EVERY = 500;

/**
 * A viewer whose chat is live: the chat holds the growing envelope, and the viewer's other
 * views (protocol panel, context size, compare, studio) follow it at most twice a second, so
 * that a streaming answer does not export every request body per token. A different envelope
 * given to the viewer ends the live one.
 */
export class ViewerLive implements ReactiveController {
  /** The envelope the viewer gave its chat, and what live changes made of it. */
  private base?: Envelope;
  private latest?: Envelope;
  /** What the views show; behind `latest` by at most VIEWS_EVERY. */
  private forViews?: Envelope;
  private timer?: ReturnType<typeof setTimeout>;
  private replaying?: AbortController;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
    this.replaying?.abort();
  }

  /** What the chat shows for the envelope the viewer has. */
  forChat(given: Envelope): Envelope {
    if (given !== this.base) this.reset(given);
    return this.latest!;
  }

  /**
   * What the other views show: `shown` (the viewer's own envelope as its views always had it)
   * until a live change, then the live envelope.
   */
  forOtherViews(given: Envelope, shown: Envelope): Envelope {
    if (given !== this.base) this.reset(given);
    return this.forViews === given ? shown : this.forViews!;
  }

  /** The chat took a live change. */
  changed(event: EnvelopeChangeEvent): void {
    if (!this.base) return;
    this.latest = event.detail.envelope;
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.forViews = this.latest;
      this.host.requestUpdate();
    }, VIEWS_EVERY);
  }

  /**
   * Plays `envelope` again in the chat as if it were happening now (see replayLive, loaded on
   * the first replay: most pages never play one).
   */
  async replay(target: LiveTarget, envelope: Envelope): Promise<void> {
    this.replaying?.abort();
    const replaying = (this.replaying = new AbortController());
    const { replayLive } = await import('../internal/loading/live-replay.js');
    if (!replaying.signal.aborted) await replayLive(target, envelope, replaying.signal);
  }

  stopReplay(): void {
    this.replaying?.abort();
  }

  private reset(given: Envelope): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.base = this.latest = this.forViews = given;
  }
}

/** The scenario bar's Replay button: enabled once the scenario's envelope is loaded. */
export function renderReplayButton(a: AmbientController, ready: boolean, replay: () => void) {
  return html`<button
    part="replay"
    class="replay"
    type="button"
    ?disabled=${!ready}
    @click=${replay}
  >
    ${a.t('viewer.replay')}
  </button>`;
}
