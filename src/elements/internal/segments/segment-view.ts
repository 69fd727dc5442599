import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { EnvelopeError } from '../../../core/protocol/issues.js';
import { defaultCollapsed, type Segment, type SegmentKind } from '../../../core/protocol/types.js';
import { EnvelopeErrorEvent, SegmentToggleEvent } from '../../../events.js';
import { renderErrorPanel } from '../ui/error-panel.js';
import type { AmbientController } from '../strings/localize.js';
import { ShownSlices } from '../pacing/shown-slices.js';
import { renderValuesCutNote, shownSegment } from '../pacing/shown-text.js';
import { admit, drawnCharacters } from '../pacing/text-pacer.js';

/** Remembered toggles of one envelope, keyed `${messageId}/${segmentIndex}` (SPEC §4.2). */
export type CollapseMemory = Map<string, boolean>;

export type SegmentInput<S> = { segment: S } | { errors: EnvelopeError[] } | null;

/** What draws a segment view: a standalone segment element, or a message drawing many. */
export type SegmentViewHost = ReactiveControllerHost & HTMLElement;

/**
 * How a view names its parts and ids: alone in a segment element's shadow root as documented
 * (`panel`, `header`…), or inside a message's shadow root beside other segments and the message's
 * own parts (`segment-panel`, `segment-header`…, ids unique per segment).
 */
export interface SegmentNaming {
  part(names: string): string;
  id(name: string): string;
}

export const ownNaming: SegmentNaming = { part: (names) => names, id: (name) => name };

/**
 * One segment drawn: its input (validated, or the errors), the collapse state with its defaults,
 * memory and `segment-toggle` event, the slices of its lists, its turn to draw (text-pacer.ts)
 * and what search opens. Each kind's view draws its segment (`renderSegment`); a segment element
 * hosts one view, `<envelope-message>` one per segment it shows, in its own shadow root. Events
 * are dispatched on the host.
 */
export abstract class SegmentView<S extends Segment> {
  /** The kind this view shows. */
  abstract readonly kind: SegmentKind;

  messageId = '';
  segmentIndex = 0;
  collapseMemory?: CollapseMemory;

  /** How much of each list the view shows (render budgets for counts). */
  readonly slices: ShownSlices;

  private input: SegmentInput<S> = null;
  private toggled?: boolean;
  private reportedErrors: EnvelopeError[] | null = null;

  constructor(
    protected readonly host: SegmentViewHost,
    readonly ambient: AmbientController,
    readonly naming: SegmentNaming = ownNaming,
  ) {
    this.slices = new ShownSlices(host, ambient, naming.part('more'));
  }

  /** Changes the view's own state (a click inside it) and draws it again. */
  protected change(apply: () => void): void {
    apply();
    this.host.requestUpdate();
  }

  /** An id (or ids, space-separated) as drawn here (see SegmentNaming). */
  id(names: string): string {
    return names
      .split(' ')
      .map((name) => this.naming.id(name))
      .join(' ');
  }

  /** A part name as drawn here (see SegmentNaming). */
  part(names: string): string {
    return this.naming.part(names);
  }

  /** Sets the input (a new one starts closed lists, no toggle, drawn again). */
  setInput(input: SegmentInput<S>): void {
    this.input = input;
    this.shown = undefined;
    this.drawn = undefined;
    this.drawnOpen = false;
    this.slices.reset();
    this.toggled = undefined;
    this.inputChanged();
  }

  /** For kinds with state of their own about the input (values opened by a click…). */
  protected inputChanged(): void {}

  /** The segment shown, when the input is valid. */
  get segment(): S | undefined {
    return this.input && 'segment' in this.input ? this.input.segment : undefined;
  }

  /** Whether the segment is collapsed now: a person's toggle, else the data, else the default. */
  get collapsed(): boolean {
    const segment = this.segment;
    if (!segment) return false;
    const remembered = this.collapseMemory?.get(this.memoryKey);
    if (remembered !== undefined) return remembered;
    if (this.toggled !== undefined) return this.toggled;
    return (segment as { collapsed?: boolean }).collapsed ?? defaultCollapsed(segment) ?? false;
  }

  /** Expands or collapses the segment, as a click on its header does. */
  toggle(): void {
    const collapsed = !this.collapsed;
    this.toggled = collapsed;
    this.collapseMemory?.set(this.memoryKey, collapsed);
    this.host.requestUpdate();
    this.host.dispatchEvent(
      new SegmentToggleEvent({
        messageId: this.messageId,
        segmentIndex: this.segmentIndex,
        collapsed,
      }),
    );
  }

  /**
   * Opens whatever hides text that `matches` accepts (the chat's search uses it): the segment
   * itself, and inner parts that hold a match. Fires no `segment-toggle`: nobody clicked.
   */
  reveal(matches: (text: string) => boolean): void {
    const segment = this.segment;
    if (!segment) return;
    if (this.collapsed) {
      this.toggled = false;
      this.collapseMemory?.set(this.memoryKey, false);
    }
    this.revealInner(segment, matches);
    this.host.requestUpdate();
  }

  /** Opens the view's own inner disclosures that hold a match; most kinds have none. */
  protected revealInner(segment: S, matches: (text: string) => boolean): void {
    void segment;
    void matches;
  }

  /** After the host updated: one `envelope-error` per bad input, not one per render. */
  reportErrors(): void {
    const errors = this.input && 'errors' in this.input ? this.input.errors : null;
    if (errors && errors !== this.reportedErrors)
      this.host.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    this.reportedErrors = errors;
  }

  /** Whether the view waits for a turn to draw: the host's update is not complete until then. */
  get waiting(): boolean {
    return this.waitingTurn || this.waitingMore;
  }

  /**
   * The segment in its wrapper: `part` and `className` name the wrapper (`base` in a segment
   * element, `segment` in a message), which also holds the placeholder while the view waits. A
   * message gives the segment's `index` (`data-segment-index`, for search).
   */
  render(part: string, className: string, index?: number): TemplateResult | typeof nothing {
    this.waitingMore = false;
    if (!this.input) return nothing;
    const t = this.ambient;
    if ('errors' in this.input)
      return html`<div part=${part} class=${className} data-segment-index=${index ?? nothing}>
        ${renderErrorPanel(t.t('error.title'), this.input.errors)}
      </div>`;
    // Very long values are shown in part (SPEC §6); search and toggles use the whole segment.
    this.shown ??= shownSegment(this.input.segment, this.cutsItself);
    // A collapsed segment draws its header only; an open one may draw much text: the first time,
    // it waits for its turn (text-pacer.ts) behind a block of about its height. Once drawn it
    // stays: a later update (a toggle inside, "show more") must not replace it with a block.
    const drawn =
      this.collapsed || this.drawnOpen ? 0 : (this.drawn ??= this.drawnSize(this.shown.segment));
    this.waitingTurn = !admit(this.host, drawn);
    if (!this.collapsed && !this.waitingTurn) this.drawnOpen = true;
    if (this.waitingTurn)
      return html`<div
        part=${part}
        class=${className}
        data-segment-index=${index ?? nothing}
        aria-busy="true"
        .style=${`height: ${Math.ceil(drawn / 100) * 1.5}em`}
      ></div>`;
    // Written without white space between tags, each would be a text node in every segment;
    // and without a part for a cut note where there is none (a part keeps a comment node).
    const content = this.renderSegment(this.shown.segment);
    // prettier-ignore
    return this.shown.cut
      ? html`<div part=${part} class=${className} data-segment-index=${index ?? nothing}>${content}${renderValuesCutNote(t)}</div>`
      : html`<div part=${part} class=${className} data-segment-index=${index ?? nothing}>${content}</div>`;
  }

  /** The fields this kind cuts itself, with a note of its own (see shownSegment). */
  protected readonly cutsItself: readonly string[] = [];

  private shown?: { segment: S; cut: boolean };
  /** What the open segment draws, in characters (counted once per input). */
  private drawn?: number;
  /** Whether this input was drawn open: it is not paced again. */
  private drawnOpen = false;
  /** Waiting for a turn to draw (text-pacer.ts): a placeholder is drawn meanwhile. */
  private waitingTurn = false;
  /** A second long text of this segment waits for its turn (see admitMore). */
  private waitingMore = false;

  /**
   * For a kind that draws a second long text (the system prompt's text as sent): whether it may
   * be drawn in this render, else it is drawn on a later turn (the host updates again then) and
   * the kind draws a placeholder meanwhile. Each of the two texts then lays out in a task of its
   * own.
   */
  protected admitMore(length: number): boolean {
    const admitted = admit(this.host, length);
    this.waitingMore ||= !admitted;
    return admitted;
  }

  /** About how many characters the open segment draws; kinds that cut a field themselves say. */
  protected drawnSize(shown: S): number {
    return drawnCharacters(shown);
  }

  protected abstract renderSegment(segment: S): TemplateResult;

  private get memoryKey(): string {
    return `${this.messageId}/${this.segmentIndex}`;
  }
}
