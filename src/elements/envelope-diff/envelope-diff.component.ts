import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import {
  diffEnvelopes,
  type DiffError,
  type EnvelopeDiffResult,
  type MessageDiff,
  type SegmentDiff,
  type ValueChange,
} from '../../core/insight/diff.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../core/targets/target-names.js';
import type { Envelope, Message } from '../../core/protocol/types.js';
import { staticVariables } from '../../core/protocol/template.js';
import { EnvelopeErrorEvent } from '../../events.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { EnvelopeInput, type EnvelopeState } from '../internal/input/envelope-input.js';
import { AmbientController } from '../internal/strings/localize.js';
import { isLargeInput, offload } from '../internal/offload/offload.js';
import { renderWorking, workingStyles } from '../internal/offload/offload-status.js';
import { ShownSlices, showMoreStyles } from '../internal/pacing/shown-slices.js';
import { renderSegment } from '../internal/segments/render-segment.js';
import type { CollapseMemory } from '../internal/segments/segment-element.js';
import type { StringKey } from '../internal/strings/strings.js';
import { renderTabs, tabStyles } from '../internal/ui/tabs.js';
import { formatTime, isoTime } from '../internal/strings/format.js';
import { selectStyles, themeStyles } from '../internal/ui/theme.js';
import { envelopeDiffStyles } from './envelope-diff.styles.js';
import { diffExportedBodies, jsdiffFor, type LineGroup } from './body-lines.js';
import { groupRows } from './message-rows.js';
import { diffStrings } from '../internal/strings/en/diff.js';

export type EnvelopeDiffView = 'envelopes' | 'bodies';

const VIEWS: { id: EnvelopeDiffView; label: StringKey }[] = [
  { id: 'envelopes', label: 'diff.envelopes' },
  { id: 'bodies', label: 'diff.bodies' },
];

const TARGET_LABELS: Record<ExportTarget, StringKey> = {
  openai: 'panel.openai',
  'openai-responses': 'panel.openai-responses',
  anthropic: 'panel.anthropic',
  gemini: 'panel.gemini',
  otel: 'panel.otel',
};

/** Characters of a changed value shown in a list of changed fields. */
const VALUE_PREVIEW = 240;

/** A row of the Envelopes view: one aligned message, or a run of unchanged ones. */

interface Side {
  envelope: Envelope;
  variables: Record<string, string>;
  /** Expanded changed segments, so that the change is visible without a click. */
  memory: CollapseMemory;
}

/** Compared off the main thread from this size on (isLargeInput): aligning lists costs more per
 * character than exporting (two envelopes of 206 kB with 50 lists of 2,000 numbers: 1 s). */
const DIFF_OFFLOAD_THRESHOLD = 200_000;

/** Rows (a changed message, or a folded run) drawn at first: each draws two messages. */
const ROWS_SLICE = 10;

/** Changed values listed at first per segment: 20 rows × 100 were 8,000 elements, ~1 s to draw. */
const CHANGES_SLICE = 20;

/**
 * @tagname envelope-diff
 * @summary Two envelopes side by side: messages aligned by id, added ones tinted green,
 * removed ones red, changed ones with each changed segment outlined and the changed fields
 * listed (`items/2/content`: before → after), unchanged runs folded. A second view compares the
 * exported provider bodies line by line.
 *
 * @event {EnvelopeErrorEvent} envelope-error - A side is invalid or could not be loaded; one event per side, each
 * error with `side`: `a` (before) or `b` (after). The error panel names the side.
 *
 * @csspart base - The root wrapper.
 * @csspart summary - The line that counts changed, added and removed messages.
 * @csspart tabs - The view tabs.
 * @csspart tab - Each tab.
 * @csspart fields - Changed envelope fields (model, version …).
 * @csspart columns - The two columns of messages.
 * @csspart row - One aligned message (carries its status as a class: `changed`, `added` …).
 * @csspart fold - The button that shows a run of unchanged messages or lines.
 * @csspart segment-cell - Each segment cell of a changed message (`data-status` says added, removed, changed or unchanged).
 * @csspart changes - The list of changed fields of a segment or message.
 * @csspart target - The format selector of the bodies view.
 * @csspart lines - The line diff of the bodies.
 * @csspart error - The error panel of an invalid side.
 * @csspart working - The status shown while large envelopes are compared off the page.
 * @csspart more - The button under a long list of changed values that shows the next slice.
 *
 * @cssprop [--pe-diff-added-color=#22c55e] - Accent of added messages, segments and lines.
 * @cssprop [--pe-diff-removed-color=#ef4444] - Accent of removed ones.
 * @cssprop [--pe-diff-changed-color=#f59e0b] - Accent of changed ones.
 * @cssprop [--pe-surface-color=#ffffff] - Background (dark theme: #111827).
 * @cssprop [--pe-code-background=#eef1f5] - Background of the body diff (dark theme: #0b1220).
 */
export class EnvelopeDiff extends LitElement {
  static override styles = [
    themeStyles,
    tabStyles,
    selectStyles,
    errorPanelStyles,
    workingStyles,
    showMoreStyles,
    envelopeDiffStyles,
  ];

  /**
   * The earlier envelope: an object, or JSON text (the `before` attribute). The property cannot
   * be called `before`: that name is the DOM's `Element.before()`, and frameworks that set
   * properties would overwrite the method.
   */
  @property({ attribute: 'before' })
  beforeEnvelope?: Envelope | string;

  /** The later envelope: an object, or JSON text (the `after` attribute); see `beforeEnvelope`. */
  @property({ attribute: 'after' })
  afterEnvelope?: Envelope | string;

  /** URL of the earlier envelope's JSON file. */
  @property({ attribute: 'before-src' })
  beforeSrc?: string;

  /** URL of the later envelope's JSON file. */
  @property({ attribute: 'after-src' })
  afterSrc?: string;

  /** The view shown: `envelopes` (messages side by side) or `bodies` (exported bodies). */
  @property({ reflect: true })
  view: EnvelopeDiffView = 'envelopes';

  /** The export compared in the bodies view: `openai`, `anthropic`, `gemini` or `otel`. */
  @property({ reflect: true })
  target: ExportTarget = 'openai';

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  /** Runs of unchanged messages or lines a person opened, by their first index. */
  private opened = new Set<string>();

  /** The two sides: properties and attributes of their own, no script child, no announcements. */
  private readonly beforeInput = this.side('beforeEnvelope', 'beforeSrc');
  private readonly afterInput = this.side('afterEnvelope', 'afterSrc');

  private side(envelope: 'beforeEnvelope' | 'afterEnvelope', src: 'beforeSrc' | 'afterSrc') {
    return new EnvelopeInput(this, { envelope, src, script: false, announce: false });
  }
  private readonly ambient = new AmbientController(this, { diff: diffStrings });
  private readonly slices = new ShownSlices(this, this.ambient);
  /** A stable name for each list of changes, for `slices`. */
  private readonly changeKeys = new WeakMap<ValueChange[], string>();
  private nextChangeKey = 0;
  private computed?: { a: Envelope; b: Envelope; diff: EnvelopeDiffResult; sides: [Side, Side] };
  private bodies = new Map<ExportTarget, LineGroup[] | null>();
  /** Two large envelopes compared off the main thread: which, how far, and how to stop it. */
  private working?: { a: Envelope; b: Envelope; share: number; abort: AbortController };
  /** The input states already reported with envelope-error, per side. */
  private reported: [EnvelopeState | null, EnvelopeState | null] = [null, null];

  /** The comparison shown, or undefined while a side is missing, loading or invalid. */
  get diff(): EnvelopeDiffResult | undefined {
    return this.current()?.diff;
  }

  /** jsdiff, for the bodies view: updateComplete waits for it to load. */
  private readonly jsdiff = jsdiffFor(this);
  protected override getUpdateComplete(): Promise<boolean> {
    return this.jsdiff.settle(() => super.getUpdateComplete());
  }

  protected override updated() {
    const states = [this.beforeInput.state, this.afterInput.state];
    states.forEach((state, index) => {
      if (state === this.reported[index]) return;
      this.reported[index] = state;
      if (state.status !== 'error') return;
      const side = index === 0 ? 'a' : 'b';
      const errors: DiffError[] = state.errors.map((e) => ({ ...e, side }));
      this.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    });
  }

  protected override render() {
    const a = this.ambient;
    return html`<div part="base" class="base ${a.theme}">${this.renderContent()}</div>`;
  }

  private renderContent() {
    const a = this.ambient;
    const states: [EnvelopeState, StringKey][] = [
      [this.beforeInput.state, 'diff.beforeError'],
      [this.afterInput.state, 'diff.afterError'],
    ];
    const errors = states.filter(([s]) => s.status === 'error');
    if (errors.length > 0) {
      return errors.map(([s, title]) =>
        s.status === 'error' ? renderErrorPanel(a.t(title), s.errors) : nothing,
      );
    }
    if (states.some(([s]) => s.status === 'loading'))
      return html`<p class="muted" role="status" aria-busy="true">${a.t('common.loading')}</p>`;
    const current = this.current();
    if (current === null) return renderWorking(a, this.working?.share ?? 0);
    if (!current) return html`<p class="muted">${a.t('diff.empty')}</p>`;
    const { diff } = current;
    const { changed, added, removed } = diff.summary;
    const summary =
      changed === 1
        ? a.t('diff.summaryOne', { added, removed })
        : a.t('diff.summary', { changed, added, removed });
    return html`<p part="summary" class="summary" role="status">
        ${summary}${diff.identical ? html` · ${a.t('diff.identical')}` : nothing}
      </p>
      ${renderTabs(
        {
          tabs: VIEWS.map((view) => ({ id: view.id, label: a.t(view.label) })),
          selected: this.view,
          label: a.t('diff.label'),
          onSelect: (id) => (this.view = id),
          root: this.renderRoot,
        },
        this.view === 'bodies'
          ? this.renderBodies(current.a, current.b)
          : this.renderEnvelopes(current.diff, current.sides),
      )}`;
  }

  /** The diff shown; null while two large envelopes are compared off the main thread. */
  private current() {
    const before = this.beforeInput.state;
    const after = this.afterInput.state;
    if (before.status !== 'ready' || after.status !== 'ready') return undefined;
    const c = this.computed;
    if (c && c.a === before.envelope && c.b === after.envelope) return c;
    const large = (e: Envelope) => isLargeInput(e, DIFF_OFFLOAD_THRESHOLD);
    if (large(before.envelope) || large(after.envelope)) {
      this.compareLarge(before.envelope, after.envelope);
      return null;
    }
    return this.keep(
      before.envelope,
      after.envelope,
      diffEnvelopes(before.envelope, after.envelope),
    );
  }

  /** Starts diffEnvelopes off the main thread; newer envelopes supersede it. */
  private compareLarge(a: Envelope, b: Envelope) {
    if (this.working?.a === a && this.working.b === b) return;
    this.working?.abort.abort();
    const working = { a, b, share: 0, abort: new AbortController() };
    this.working = working;
    const onProgress = (share: number) => {
      working.share = share;
      this.requestUpdate();
    };
    const done = (diff: EnvelopeDiffResult) => {
      if (this.working !== working) return;
      this.working = undefined;
      this.keep(a, b, diff);
      this.requestUpdate();
    };
    // Superseded (then ignored), or the worker failed: compare here, as for small envelopes.
    const failed = () => this.working === working && done(diffEnvelopes(a, b));
    offload(
      { type: 'diff', before: a, after: b },
      { signal: working.abort.signal, onProgress },
    ).then(done, failed);
  }

  private keep(a: Envelope, b: Envelope, diff: EnvelopeDiffResult) {
    const side = (envelope: Envelope, which: 'a' | 'b'): Side => {
      const memory: CollapseMemory = new Map();
      for (const row of diff.messages) {
        const message = row[which]?.message;
        if (!message || row.status === 'unchanged') continue;
        for (const segment of row.segments) {
          const at = segment[which];
          if (at && segment.status !== 'unchanged') memory.set(`${message.id}/${at.index}`, false);
        }
      }
      return { envelope, variables: staticVariables(envelope), memory };
    };
    this.computed = { a, b, diff, sides: [side(a, 'a'), side(b, 'b')] };
    this.slices.reset();
    this.bodies = new Map();
    this.opened = new Set();
    return this.computed;
  }

  private renderEnvelopes(diff: EnvelopeDiffResult, sides: [Side, Side]) {
    const a = this.ambient;
    const rows = groupRows(diff.messages);
    return html`${
        diff.fields.length > 0
          ? html`<div part="fields" class="row changed">
              <div class="row-head">
                <span class="badge changed">${a.t('diff.changed')}</span
                >${a.t('diff.envelopeFields')}
              </div>
              ${this.renderChanges(diff.fields)}
            </div>`
          : nothing
      }
      <div class="pair heads" aria-hidden="true">
        <span>${a.t('diff.before')}</span><span>${a.t('diff.after')}</span>
      </div>
      <div part="columns" class="columns">
        ${this.slices.slice('rows', rows, ROWS_SLICE).map((item) => ('run' in item ? this.renderRun(item, sides) : this.renderRow(item.row, sides)))}
      </div>
      ${this.slices.more('rows', rows.length, ROWS_SLICE, ROWS_SLICE)}`;
  }

  private renderRun(item: { run: MessageDiff[]; start: number }, sides: [Side, Side]) {
    const a = this.ambient;
    const n = item.run.length;
    return this.renderFold(`m${item.start}`, a.t('diff.unchangedRun', { n }), () =>
      item.run.map((row) => this.renderRow(row, sides)),
    );
  }

  /** A folded run of unchanged things: a button that shows them, rendered only when open. */
  private renderFold(key: string, label: string, content: () => unknown) {
    const open = this.opened.has(key);
    return html`<button
        part="fold"
        class="fold"
        type="button"
        aria-expanded=${open ? 'true' : 'false'}
        aria-controls="run-${key}"
        @click=${() => this.toggleRun(key)}
      >
        ${label}
      </button>
      <div class="run" id="run-${key}" ?hidden=${!open}>${open ? content() : nothing}</div>`;
  }

  private renderRow(row: MessageDiff, [left, right]: [Side, Side]) {
    const a = this.ambient;
    const id = row.b?.message.id ?? row.a!.message.id;
    const head = html`<div class="row-head">
      ${row.status === 'unchanged' ? nothing : html`<span class="badge ${row.status}">${a.t(`diff.${row.status}`)}</span>`}
      <code
        >${row.a && row.b && row.a.message.id !== row.b.message.id ? `${row.a.message.id} → ${row.b.message.id}` : id}</code
      >
      ${row.moved ? html`<span>${a.t('diff.moved', { from: row.a!.index + 1, to: row.b!.index + 1 })}</span>` : nothing}
    </div>`;
    const cell = (
      side: Side,
      at: { message: Message } | undefined,
      absent: StringKey,
      label: StringKey,
    ) =>
      at
        ? html`<div class="cell ${row.status === 'unchanged' ? '' : row.status}">
            <span class="side-label">${a.t(label)}</span>
            ${this.renderMessage(side, at.message)}
          </div>`
        : html`<div class="cell none">${a.t(absent)}</div>`;
    if (row.status !== 'changed') {
      return html`<div part="row" class="row ${row.status}" data-id=${id}>
        ${head}
        <div class="pair">
          ${cell(left, row.a, 'diff.notBefore', 'diff.before')}
          ${cell(right, row.b, 'diff.notAfter', 'diff.after')}
        </div>
      </div>`;
    }
    const before = row.a!.message;
    const after = row.b!.message;
    const changedField = (name: string) => row.fields.some((f) => f.path.startsWith(`/${name}`));
    const messageHead = (m: Message, label: StringKey) =>
      html`<div class="message-head">
        <span class="side-label">${a.t(label)}</span>
        ${markIf(changedField('role'), html`<span class="role">${a.t(`role.${m.role}`)}</span>`)}
        ${markIf(changedField('timestamp'), html`<time datetime=${isoTime(m.timestamp)}>${this.formatTime(m.timestamp)}</time>`)}
      </div>`;
    return html`<div part="row" class="row changed" data-id=${id}>
      ${head}
      <div class="pair">
        ${messageHead(before, 'diff.before')}${messageHead(after, 'diff.after')}
      </div>
      ${row.fields.length > 0 ? this.renderChanges(row.fields) : nothing}
      ${this.renderSegmentPairs(row, before, after, left, right)}
    </div>`;
  }

  /** Segment pairs in order; two or more unchanged ones in a row fold behind a button. */
  private renderSegmentPairs(
    row: MessageDiff,
    before: Message,
    after: Message,
    left: Side,
    right: Side,
  ) {
    const a = this.ambient;
    const out: unknown[] = [];
    let i = 0;
    while (i < row.segments.length) {
      let j = i;
      while (j < row.segments.length && row.segments[j].status === 'unchanged') j++;
      if (j - i >= 2) {
        const run = row.segments.slice(i, j);
        out.push(
          this.renderFold(
            `s${row.b!.index}-${i}`,
            a.t('diff.unchangedSegments', { n: run.length }),
            () => run.map((s) => this.renderSegmentPair(s, before, after, left, right)),
          ),
        );
        i = j;
      } else {
        const end = Math.max(j, i + 1);
        for (const s of row.segments.slice(i, end))
          out.push(this.renderSegmentPair(s, before, after, left, right));
        i = end;
      }
    }
    return out;
  }

  private renderSegmentPair(
    segment: SegmentDiff,
    before: Message,
    after: Message,
    left: Side,
    right: Side,
  ) {
    const a = this.ambient;
    const status = segment.status === 'unchanged' ? '' : segment.status;
    const cell = (
      side: Side,
      message: Message,
      at: SegmentDiff['a'],
      absent: StringKey,
      label: StringKey,
      changes: boolean,
    ) =>
      at
        ? html`<div part="segment-cell" class="cell ${status}" data-status=${segment.status}>
            ${status ? html`<span class="badge ${status}">${a.t(`diff.${status}`)}</span> ` : nothing}
            <span class="side-label">${a.t(label)}</span>
            ${renderSegment(at.segment, {
              messageId: message.id,
              index: at.index,
              collapseMemory: side.memory,
              variables: side.variables,
              theme: a.theme,
              lang: a.lang,
            })}
            ${changes && segment.changes.length > 0 ? this.renderChanges(segment.changes) : nothing}
          </div>`
        : html`<div class="cell none">${a.t(absent)}</div>`;
    return html`<div class="pair">
      ${cell(left, before, segment.a, 'diff.notBefore', 'diff.before', false)}
      ${cell(right, after, segment.b, 'diff.notAfter', 'diff.after', true)}
    </div>`;
  }

  /** A list of changed values: the first slice, and "show more" (a segment may have 100,000). */
  private renderChanges(changes: ValueChange[]) {
    const a = this.ambient;
    let key = this.changeKeys.get(changes);
    if (key === undefined) this.changeKeys.set(changes, (key = `c${this.nextChangeKey++}`));
    return html`<div part="changes" class="changes">
      <span class="changes-title">${a.t('diff.changes')}</span>
      <ul>
        ${this.slices.slice(key, changes, CHANGES_SLICE).map(
          (change) =>
            html`<li>
              <code>${change.path.slice(1) || '/'}</code>
              <del class="value"
                >${'before' in change ? preview(change.before) : a.t('diff.absent')}</del
              >
              <ins class="value"
                >${'after' in change ? preview(change.after) : a.t('diff.absent')}</ins
              >
            </li>`,
        )}
      </ul>
      ${this.slices.more(key, changes.length, CHANGES_SLICE)}
    </div>`;
  }

  private renderMessage(side: Side, message: Message) {
    return html`<envelope-message
      .message=${message}
      .variables=${side.variables}
      .collapseMemory=${side.memory}
      theme=${this.ambient.theme}
      lang=${this.ambient.lang}
    ></envelope-message>`;
  }

  private renderBodies(before: Envelope, after: Envelope) {
    const a = this.ambient;
    const groups = this.jsdiff.ready() ? this.bodyDiff(before, after) : undefined;
    let content: TemplateResult;
    if (groups === undefined) content = this.jsdiff.placeholder(a);
    else if (groups === null) content = html`<p class="muted">${a.t('diff.tooDifferent')}</p>`;
    else if (groups.every((g) => g.lines.every((l) => l.type === ' ')))
      content = html`<p class="muted">${a.t('diff.sameBody')}</p>`;
    else
      content = html`<pre
        part="lines"
        class="lines"
        tabindex="0"
        aria-label=${a.t(TARGET_LABELS[this.target])}
      >
${groups.map((group) => this.renderLineGroup(group))}</pre>`;
    return html`<div class="toolbar">
        <label for="target">${a.t('diff.target')}</label>
        <select part="target" id="target" @change=${this.onTarget}>
          ${EXPORT_TARGETS.map(
            (t) =>
              html`<option value=${t} ?selected=${t === this.target}>
                ${a.t(TARGET_LABELS[t])}
              </option>`,
          )}
        </select>
      </div>
      ${content}`;
  }

  private renderLineGroup(group: LineGroup) {
    const key = `${this.target}-${group.start}`;
    if (group.folded && !this.opened.has(key)) {
      return html`<button
        part="fold"
        class="fold"
        type="button"
        aria-expanded="false"
        @click=${() => this.toggleRun(key)}
      >
        ⋯ ${this.ambient.t('diff.unchangedLines', { n: group.lines.length })}
      </button>`;
    }
    return group.lines.map(
      (line) =>
        html`<span class="line ${line.type === '+' ? 'add' : line.type === '-' ? 'del' : ''}"
          ><span class="marker" aria-hidden="true">${line.type}</span
          >${line.type === ' ' ? nothing : html`<span class="visually-hidden">${line.type === '+' ? this.ambient.t('diff.added') : this.ambient.t('diff.removed')}: </span>`}${line.text}</span
        >`,
    );
  }

  /** The line diff of the two exported bodies for the current target, cached per target. */
  private bodyDiff(before: Envelope, after: Envelope): LineGroup[] | null {
    const cached = this.bodies.get(this.target);
    if (cached !== undefined) return cached;
    const groups = diffExportedBodies(before, after, this.target);
    this.bodies.set(this.target, groups);
    return groups;
  }

  private toggleRun(key: string) {
    if (!this.opened.delete(key)) this.opened.add(key);
    this.requestUpdate();
  }

  private onTarget = (event: Event) => {
    const value = (event.target as HTMLSelectElement).value as ExportTarget;
    if (EXPORT_TARGETS.includes(value)) this.target = value;
  };

  private formatTime(timestamp: number): string {
    return formatTime(timestamp, this.ambient.lang, undefined, 'seconds');
  }
}

/** A changed value as text: strings as they are, the rest as JSON, cut after VALUE_PREVIEW. */
function preview(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > VALUE_PREVIEW ? `${text.slice(0, VALUE_PREVIEW)}…` : text;
}

function markIf(changed: boolean, content: TemplateResult) {
  return changed ? html`<mark>${content}</mark>` : content;
}
