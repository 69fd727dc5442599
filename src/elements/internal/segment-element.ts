import { css, html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { EnvelopeError } from '../../core/protocol/issues.js';
import { parseJson } from '../../core/protocol/parse.js';
import { defaultCollapsed, type Segment, type SegmentKind } from '../../core/protocol/types.js';
import { validateSegment } from '../../core/protocol/validate.js';
import { EnvelopeErrorEvent, SegmentToggleEvent } from '../../events.js';
import { disclosureStyles } from './disclosure.js';
import { errorPanelStyles, renderErrorPanel } from './error-panel.js';
import { cutNoteStyles, renderValuesCutNote, shownSegment } from './shown-text.js';
import { AmbientController } from './localize.js';
import { ShownSlices, showMoreStyles } from './shown-slices.js';
import { htmlShown } from './html-waiting.js';
import { markdownPlainStyles } from './markdown-view.js';
import { admit, drawnCharacters, nextTurn } from './text-pacer.js';
import { themeStyles } from './theme.js';
import { wasValidated } from './validated.js';

/** Remembered toggles of one envelope, keyed `${messageId}/${segmentIndex}` (SPEC §4.2). */
export type CollapseMemory = Map<string, boolean>;

type Input<S> = { segment: S } | { errors: EnvelopeError[] } | null;

/**
 * What every segment element shares: the `segment` input (object or JSON text; invalid input
 * becomes an error panel and one `envelope-error`), the collapse state with its defaults,
 * memory and `segment-toggle` event, theme and language.
 */
export abstract class SegmentElement<S extends Segment> extends LitElement {
  static override styles = [
    themeStyles,
    disclosureStyles,
    errorPanelStyles,
    cutNoteStyles,
    showMoreStyles,
    markdownPlainStyles,
    css`
      /* A segment paints its own surface, so that it stays readable in a dark theme on a light
         page; <envelope-message> makes it transparent inside its bubbles. */
      .base {
        background: var(--pe-segment-background, var(--_surface));
      }
      .markdown > :first-child {
        margin-top: 0;
      }
      .markdown > :last-child {
        margin-bottom: 0;
      }
      .markdown a {
        color: var(--_link);
      }
      .markdown code {
        font-family: var(--_mono);
        font-size: 0.9em;
        background: var(--_code-bg);
        padding: 0.1em 0.3em;
        border-radius: 4px;
      }
      .markdown pre {
        border: 1px solid var(--_border);
        background: var(--_code-bg);
        padding: 0.6rem 0.75rem;
        border-radius: 6px;
        overflow-x: auto;
      }
      .markdown pre code {
        background: none;
        padding: 0;
      }
      .markdown table {
        border-collapse: collapse;
        display: block;
        overflow-x: auto;
        max-width: 100%;
      }
      .markdown th,
      .markdown td {
        border: 1px solid var(--_border);
        padding: 0.25rem 0.5rem;
        text-align: start;
      }
      .markdown img {
        max-width: 100%;
      }
      .markdown blockquote {
        margin-inline: 0;
        padding-inline-start: 0.75rem;
        border-inline-start: 3px solid var(--_border);
        color: var(--_muted);
      }
    `,
  ];

  /** The segment to show: an object, or JSON text (as the `segment` attribute). */
  @property({ attribute: 'segment' })
  segment?: S | string;

  /** Id of the message the segment belongs to (set by `<envelope-message>`), for events and memory. */
  @property({ attribute: 'message-id' })
  messageId = '';

  /** Position of the segment in its message. */
  @property({ type: Number, attribute: 'segment-index' })
  segmentIndex = 0;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  /** Toggle memory shared by the segments of one envelope (set by `<envelope-message>`). */
  @property({ attribute: false })
  collapseMemory?: CollapseMemory;

  @state()
  private toggled?: boolean;

  /** The kind this element shows. */
  protected abstract readonly kind: SegmentKind;

  protected readonly ambient = new AmbientController(this);

  /** How much of each list the element shows (issue 20: render budgets for counts). */
  protected readonly slices = new ShownSlices(this, this.ambient);

  private input: Input<S> = null;
  private reportedErrors: EnvelopeError[] | null = null;

  /** Whether the segment is collapsed now: a person's toggle, else the data, else the default. */
  get collapsed(): boolean {
    if (!this.input || !('segment' in this.input)) return false;
    const remembered = this.collapseMemory?.get(this.memoryKey);
    if (remembered !== undefined) return remembered;
    if (this.toggled !== undefined) return this.toggled;
    const segment = this.input.segment as { collapsed?: boolean };
    return segment.collapsed ?? defaultCollapsed(this.input.segment) ?? false;
  }

  /** Expands or collapses the segment, as a click on its header does. */
  toggle(): void {
    const collapsed = !this.collapsed;
    this.toggled = collapsed;
    this.collapseMemory?.set(this.memoryKey, collapsed);
    this.dispatchEvent(
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
    if (!this.input || !('segment' in this.input)) return;
    if (this.collapsed) {
      this.toggled = false;
      this.collapseMemory?.set(this.memoryKey, false);
    }
    this.revealInner(this.input.segment, matches);
    this.requestUpdate();
  }

  /** Opens the element's own inner disclosures that hold a match; most kinds have none. */
  protected revealInner(segment: S, matches: (text: string) => boolean): void {
    void segment;
    void matches;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('segment')) {
      this.input = this.readInput();
      this.shown = undefined;
      this.drawn = undefined;
      this.drawnOpen = false;
      this.slices.reset();
      this.toggled = undefined;
    }
  }

  protected override updated(): void {
    // One envelope-error per bad input, not one per render.
    const errors = this.input && 'errors' in this.input ? this.input.errors : null;
    if (errors && errors !== this.reportedErrors)
      this.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    this.reportedErrors = errors;
  }

  protected override render() {
    this.waitingMore = false;
    if (!this.input) return nothing;
    const t = this.ambient;
    if ('errors' in this.input)
      return html`<div part="base" class="base ${t.theme}">
        ${renderErrorPanel(t.t('error.title'), this.input.errors)}
      </div>`;
    // Very long values are shown in part (SPEC §6); search and toggles use the whole segment.
    this.shown ??= shownSegment(this.input.segment, this.cutsItself);
    // A collapsed segment draws its header only; an open one may draw much text: the first time,
    // it waits for its turn (text-pacer.ts) behind a block of about its height. Once drawn it
    // stays: a later update (a toggle inside, "show more") must not replace it with a block.
    const drawn =
      this.collapsed || this.drawnOpen ? 0 : (this.drawn ??= this.drawnSize(this.shown.segment));
    this.waitingTurn = !admit(this, drawn);
    if (!this.collapsed && !this.waitingTurn) this.drawnOpen = true;
    if (this.waitingTurn)
      return html`<div
        part="base"
        class="base ${t.theme}"
        aria-busy="true"
        .style=${`height: ${Math.ceil(drawn / 100) * 1.5}em`}
      ></div>`;
    return html`<div part="base" class="base ${t.theme}">
      ${this.renderSegment(this.shown.segment)} ${this.shown.cut ? renderValuesCutNote(t) : nothing}
    </div>`;
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
   * be drawn in this render, else it is drawn on a later turn (the element updates again then) and
   * the kind draws a placeholder meanwhile. Each of the two texts then lays out in a task of its
   * own.
   */
  protected admitMore(length: number): boolean {
    const admitted = admit(this, length);
    this.waitingMore ||= !admitted;
    return admitted;
  }

  /** About how many characters the open segment draws; kinds that cut a field themselves say. */
  protected drawnSize(shown: S): number {
    return drawnCharacters(shown);
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.waitingTurn || this.waitingMore) {
      await nextTurn();
      done = await super.getUpdateComplete();
    }
    // Raw HTML in its Markdown waits for the sanitizer, loaded on demand (markdown-html.ts).
    const sanitized = htmlShown(this);
    if (sanitized) {
      await sanitized;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  protected abstract renderSegment(segment: S): TemplateResult;

  private get memoryKey(): string {
    return `${this.messageId}/${this.segmentIndex}`;
  }

  private readInput(): Input<S> {
    let value: unknown = this.segment;
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'string') {
      const json = parseJson(value);
      if ('error' in json) return { errors: [json.error] };
      value = json.value;
    }
    if (!wasValidated(value)) {
      const result = validateSegment(value);
      if (!result.valid) return { errors: result.errors };
    }
    const kind = (value as Segment).kind;
    if (kind !== this.kind) {
      const tag = this.localName;
      return {
        errors: [
          {
            path: '/kind',
            keyword: 'const',
            message: `<${tag}> shows ${this.kind} segments, but this segment is ${kind}.`,
          },
        ],
      };
    }
    return { segment: value as S };
  }
}
