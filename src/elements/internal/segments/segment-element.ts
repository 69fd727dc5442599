import { css, isServer, LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Segment } from '../../../core/protocol/types.js';
import { AmbientController } from '../strings/localize.js';
import { htmlShown } from '../markdown/html-waiting.js';
import { nextTurn } from '../pacing/text-pacer.js';
import { segmentSharedStyles } from './segment-styles.js';
import { themeStyles } from '../ui/theme.js';
import { wasValidated } from './validated.js';
import type { CollapseMemory, SegmentInput, SegmentView } from './segment-view.js';
import { loadSegmentChecks, type SegmentChecks } from './segment-checks-load.js';

let checks: SegmentChecks | undefined;
let checksLoading: Promise<unknown> | undefined;

/** Loads the checks once per page; a failed load leaves them missing (the input says so). */
export function loadChecks(): Promise<unknown> {
  return (checksLoading ??= loadSegmentChecks().then(
    (loaded) => (checks = loaded),
    () => undefined,
  ));
}
// A server render calls no scheduleUpdate: the checks load with the module there.
if (isServer) void loadChecks();

export type { CollapseMemory } from './segment-view.js';

/**
 * What every segment element shares: the `segment` input (object or JSON text; invalid input
 * becomes an error panel and one `envelope-error`), theme and language. The element hosts the
 * view of its kind (segment-view.ts), which `<envelope-message>` draws too, inside its own
 * shadow root: one implementation of each segment.
 */
export abstract class SegmentElement<S extends Segment> extends LitElement {
  static override styles = [
    themeStyles,
    ...segmentSharedStyles,
    css`
      /* A segment paints its own surface, so that it stays readable in a dark theme on a light
         page; inside a message's bubble it has none. */
      .base {
        background: var(--pe-segment-background, var(--_surface));
      }
    `,
  ];

  /** The segment to show: an object, or JSON text (as the `segment` attribute). */
  @property({ attribute: 'segment' })
  segment?: S | string;

  /** Id of the message the segment belongs to, for events and memory. */
  @property({ attribute: 'message-id' })
  messageId = '';

  /** Position of the segment in its message. */
  @property({ type: Number, attribute: 'segment-index' })
  segmentIndex = 0;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  /** Toggle memory shared by the segments of one envelope. */
  @property({ attribute: false })
  collapseMemory?: CollapseMemory;

  protected readonly ambient = new AmbientController(this);

  /** The view this element draws: its kind's. */
  protected abstract readonly view: SegmentView<S>;

  /** Whether the segment is collapsed now: a person's toggle, else the data, else the default. */
  get collapsed(): boolean {
    return this.view.collapsed;
  }

  /** Expands or collapses the segment, as a click on its header does. */
  toggle(): void {
    this.view.toggle();
  }

  /**
   * Opens whatever hides text that `matches` accepts (the chat's search uses it): the segment
   * itself, and inner parts that hold a match. Fires no `segment-toggle`: nobody clicked.
   */
  reveal(matches: (text: string) => boolean): void {
    this.view.reveal(matches);
  }

  /** The first draw waits for the checks of the input, as for the strings of its language. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    return checks ? super.scheduleUpdate() : loadChecks().then(() => super.scheduleUpdate());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const view = this.view;
    view.messageId = this.messageId;
    view.segmentIndex = this.segmentIndex;
    view.collapseMemory = this.collapseMemory;
    if (changed.has('segment')) view.setInput(this.readInput());
  }

  protected override updated(): void {
    this.view.reportErrors();
  }

  protected override render() {
    return this.view.render('base', `base ${this.ambient.theme}`);
  }

  /** Resolves once the segment shows what it was given (see the message's). */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    let wait;
    while ((wait = this.view.waiting ? nextTurn() : htmlShown(this))) {
      await wait;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  private readInput(): SegmentInput<S> {
    let value: unknown = this.segment;
    if (value === undefined || value === null || value === '') return null;
    if (!checks) {
      const message = 'The segment could not be checked: its checks did not load.';
      return { errors: [{ path: '', keyword: 'load', message }] };
    }
    if (typeof value === 'string') {
      const json = checks.parseJson(value);
      if ('error' in json) return { errors: [json.error] };
      value = json.value;
    }
    if (!wasValidated(value)) {
      const result = checks.validateSegment(value);
      if (!result.valid) return { errors: result.errors };
    }
    const kind = (value as Segment).kind;
    if (kind !== this.view.kind) {
      const tag = this.localName;
      return {
        errors: [
          {
            path: '/kind',
            keyword: 'const',
            message: `<${tag}> shows ${this.view.kind} segments, but this segment is ${kind}.`,
          },
        ],
      };
    }
    return { segment: value as S };
  }
}
