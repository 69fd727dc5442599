import type { StateChangeSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { segmentStateChangeStyles } from './segment-state-change.styles.js';
import { StateChangeView } from './segment-state-change.view.js';

/**
 * @tagname segment-state-change
 * @summary A centered notice row for one `state_change` (protocol 1.1): a member joined, left, or
 * had a role, name, nickname, title or mute changed. It reads as a sentence in the page's
 * language ("10001 made 10004 admin"); values members chose are shown as quoted text, cut at 64
 * characters like the model sees them (the whole value is in the tooltip), and "As sent" reveals
 * the whole values and the exact `[state change]` line the model gets.
 *
 * Inside `<envelope-message>` the line carries the event's time (`time`, in `time-zone`, UTC by
 * default as in exports) and the scene id of the envelope; standalone, the line has no time.
 * Revealing the line is local state: it fires no `segment-toggle`.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart notice - The centered row: sentence and button.
 * @csspart sentence - The readable sentence.
 * @csspart person - A user id in the sentence, with the name the chat knows for it.
 * @csspart value - A value in the sentence (quoted when a member chose it).
 * @csspart cut - Added to a person or value that is shown cut.
 * @csspart line-toggle - The "As sent" button.
 * @csspart line - The exact state-change line the model gets.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-event-color=#f1f3f6] - Background of the notice (dark theme: #1c2430).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the sentence (dark theme: #9ca3af).
 * @cssprop [--pe-text-color=#111827] - Colour of persons and values (dark theme: #e5e7eb).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of the line.
 */
export class SegmentStateChange extends SegmentElement<StateChangeSegment> {
  static override styles = [...SegmentElement.styles, segmentStateChangeStyles];

  /** Time of the event (epoch ms; set by `<envelope-message>`); the line shows it as `HH:mm`. */
  @property({ type: Number })
  time?: number;
  /** IANA time zone of the line's time (default UTC, as in exports). */
  @property({ attribute: 'time-zone' })
  timeZone?: string;
  /** The envelope's scene id: the line's scene when the segment names none. */
  @property({ attribute: 'scene-id' })
  sceneId?: string;
  /** Names by user id (set by `<envelope-chat>` from the actors): shown next to the ids. */
  @property({ attribute: false })
  names?: ReadonlyMap<string, string>;

  protected readonly view = new StateChangeView(this, this.ambient);

  protected override willUpdate(changed: PropertyValues<this>): void {
    const view = this.view;
    view.time = this.time;
    view.timeZone = this.timeZone;
    view.sceneId = this.sceneId;
    view.names = this.names;
    super.willUpdate(changed);
  }
}
