import { consume } from '@lit/context';
import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import {
  emptyMeasurement,
  MEASURE_BUCKETS,
  type ContextSize,
  type ImageMeasure,
  type MeasureBucket,
  type MeasureResult,
} from '../../core/insight/measure-result.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { Tokenizer } from '../../core/insight/token-estimate.js';
import { envelopeContext } from '../internal/input/contexts.js';
import { EnvelopeInput } from '../internal/input/envelope-input.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { AmbientController } from '../internal/strings/localize.js';
import { measuring, type Measuring } from '../internal/loading/measuring.js';
import { isLargeToMeasure, offload } from '../internal/offload/offload.js';
import { PendingWork } from '../internal/loading/on-demand.js';
import { renderWorking, workingStyles } from '../internal/offload/offload-status.js';
import type { StringKey } from '../internal/strings/strings.js';
import { formatNumber, formatPercent } from '../internal/strings/format.js';
import { themeStyles } from '../internal/ui/theme.js';
import { contextMeterStyles, kindColourStyles } from './context-meter.styles.js';
import { meterStrings } from '../internal/strings/en/meter.js';

type Row = MeasureBucket | 'overhead';

const LABELS: Record<Row, StringKey> = {
  system_prompt: 'kind.system_prompt',
  memory: 'kind.memory',
  skills: 'kind.skills',
  tools: 'kind.tool_overview',
  history: 'meter.history',
  tool_traffic: 'meter.toolTraffic',
  documents: 'meter.documents',
  long_text: 'kind.long_text',
  media: 'kind.media',
  overhead: 'meter.overhead',
};

const TARGET_NAMES: Record<ExportTarget, string> = {
  openai: 'OpenAI',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  otel: 'OpenTelemetry',
};

const isSize = (v: unknown): v is ContextSize =>
  typeof v === 'object' &&
  v !== null &&
  Number.isFinite((v as ContextSize).tokens) &&
  Number.isFinite((v as ContextSize).characters);

/** A result that shows an error instead of a measurement. */
const unmeasured = (keyword: string, message: string): MeasureResult => ({
  ...emptyMeasurement('openai', 'estimate'),
  errors: [{ path: '', keyword, message }],
});

/** A `measurement` set from outside is untrusted: anything but a measureEnvelope result is an error. */
function checkMeasurement(value: MeasureResult): MeasureResult {
  const m = value as Partial<MeasureResult> | null;
  if (
    typeof m === 'object' &&
    m !== null &&
    Array.isArray(m.errors) &&
    isSize(m.total) &&
    isSize(m.overhead) &&
    typeof m.byKind === 'object' &&
    MEASURE_BUCKETS.every((b) => isSize(m.byKind?.[b]))
  )
    return value;
  return unmeasured('input', 'The measurement is not a result of measureEnvelope.');
}

/**
 * @tagname context-meter
 * @summary How big the context is: a stacked bar of estimated tokens by kind (system prompt,
 * memory, skills, tools, history, tool traffic, documents, long text, media), measured by
 * `measureEnvelope` on the request exported for `target`, with a legend table of tokens,
 * characters and shares, the total, and an optional context-window `limit`. Images count by
 * the target provider's rules; when a count rests on a guess (an image of unknown size, or
 * OpenAI's `auto` detail) the total reads "≈" and the legend and the total's tooltip say why.
 *
 * @event {EnvelopeLoadEvent} envelope-load - Its own envelope input is valid (`detail: { envelope, warnings }`).
 * @event {EnvelopeErrorEvent} envelope-error - Its own envelope input is invalid (`detail: { errors }`).
 *
 * @csspart base - The root wrapper.
 * @csspart header - The total and the share of the limit.
 * @csspart bar - The stacked bar (hidden from screen readers, which read the table).
 * @csspart segment - One kind's share of the bar.
 * @csspart limit - The line that marks the limit.
 * @csspart legend - The table of kinds, tokens, characters and shares.
 * @csspart error - The error panel.
 * @csspart working - The status shown while a large envelope is measured off the page.
 *
 * @cssprop [--pe-system-prompt-color=#6b7280] - System prompt.
 * @cssprop [--pe-memory-color=#8b5cf6] - Memory.
 * @cssprop [--pe-skills-color=#10b981] - Skills.
 * @cssprop [--pe-tool-overview-color=#f59e0b] - Tool declarations.
 * @cssprop [--pe-history-color=#0284c7] - Message text (dark theme: #38bdf8).
 * @cssprop [--pe-tool-traffic-color=#db2777] - Tool calls and results (dark theme: #f472b6).
 * @cssprop [--pe-documents-color=#65a30d] - Documents (dark theme: #a3e635).
 * @cssprop [--pe-long-text-color=#a16207] - Long text (dark theme: #d6a35c).
 * @cssprop [--pe-media-color=#4f46e5] - Media (dark theme: #818cf8).
 * @cssprop [--pe-tool-failure-color=#ef4444] - The limit line and an exceeded limit.
 */
export class ContextMeter extends LitElement {
  static override styles = [
    themeStyles,
    errorPanelStyles,
    kindColourStyles,
    workingStyles,
    contextMeterStyles,
  ];

  /** Its envelope: an object, or JSON text (as the `envelope` attribute). */
  @property({ attribute: 'envelope' })
  envelope?: Envelope | string;

  /** URL of an envelope JSON file. */
  @property()
  src?: string;

  /** A result of `measureEnvelope` to show instead of measuring an envelope. */
  @property({ attribute: false })
  measurement?: MeasureResult;

  /** The request whose text is measured: `openai`, `anthropic`, `gemini` or `otel`. */
  @property()
  target: ExportTarget = 'openai';

  /** The context window in tokens: draws a line there and gives the share used. */
  @property({ type: Number })
  limit?: number;

  /** Counts tokens instead of the built-in estimate (e.g. `await loadBpeTokenizer()`). */
  @property({ attribute: false })
  tokenizer?: Tokenizer;

  /** One line (bar and total) for headers and toolbars; the table stays for screen readers. */
  @property({ type: Boolean, reflect: true })
  compact = false;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  @consume({ context: envelopeContext, subscribe: true })
  @state()
  private contextEnvelope?: Envelope;

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this, { meter: meterStrings });
  private measured?: { key: unknown[]; result?: MeasureResult };
  /** Loading the measuring itself (the first time a meter measures on this page). */
  private readonly pending = new PendingWork();
  /** A large envelope's measure, made off the main thread: how far it is and how to stop it. */
  @state()
  private working?: { share: number; abort: AbortController };

  /** What is shown: `measurement`, else the measure of its envelope (own, else the viewer's). */
  get shownMeasurement(): MeasureResult | undefined {
    if (this.measurement) return checkMeasurement(this.measurement);
    const own = this.input.state;
    const envelope =
      own.status === 'ready'
        ? own.envelope
        : own.status === 'empty'
          ? this.contextEnvelope
          : undefined;
    if (!envelope) return undefined;
    const key = [envelope, this.target, this.tokenizer];
    if (!this.measured || key.some((k, i) => k !== this.measured!.key[i])) {
      this.working?.abort.abort();
      this.working = undefined;
      // A tokenizer is a function of this page: only the built-in estimate can go to the worker.
      if (!this.tokenizer && isLargeToMeasure(envelope)) this.measureLarge(envelope, key);
      else this.measureHere(envelope, (this.measured = { key }), this.tokenizer);
    }
    return this.measured!.result;
  }

  /** Measures on the page: now, or once the measuring has loaded. */
  private measureHere(
    envelope: Envelope,
    measured: { key: unknown[]; result?: MeasureResult },
    tokenizer?: Tokenizer,
  ) {
    const measure = ({ measureEnvelope }: Measuring) =>
      measureEnvelope(envelope, { target: this.target, tokenizer });
    const part = measuring(this.target);
    const loaded = part.get();
    if (loaded) measured.result = measure(loaded);
    else
      void this.pending.track(
        part
          .load()
          .then(measure, (error: unknown) =>
            unmeasured('load', this.ambient.t('common.loadFailed', { reason: String(error) })),
          )
          .then((result) => {
            measured.result = result;
            this.requestUpdate();
          }),
      );
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.pending.settle(() => super.getUpdateComplete());
  }

  /** Measures a large envelope off the main thread; a newer envelope or target supersedes it. */
  private measureLarge(envelope: Envelope, key: unknown[]) {
    const measured: { key: unknown[]; result?: MeasureResult } = { key };
    const working = { share: 0, abort: new AbortController() };
    this.measured = measured;
    this.working = working;
    const onProgress = (share: number) => {
      working.share = share;
      this.requestUpdate();
    };
    offload(
      { type: 'measure', envelope, target: this.target },
      { signal: working.abort.signal, onProgress },
    ).then(
      (result) => {
        if (this.working !== working) return;
        measured.result = result;
        this.working = undefined;
      },
      () => {
        // Superseded, or the worker failed: measure here, as for a small envelope.
        if (this.working !== working) return;
        this.working = undefined;
        this.measureHere(envelope, measured);
      },
    );
  }

  /**
   * Sizes go through the CSSOM rather than a `style` attribute, which a Content-Security-Policy
   * without 'unsafe-inline' would block. A segment has a `data-kind`, the limit mark none (not
   * `el.part`, which jsdom, where Angular's and Vitest's unit tests run, does not have).
   */
  protected override updated() {
    for (const el of this.renderRoot.querySelectorAll<HTMLElement>('[data-at]')) {
      el.style[el.dataset.kind ? 'width' : 'left'] = `${el.dataset.at}%`;
    }
  }

  protected override render() {
    const a = this.ambient;
    const own = this.input.state;
    const result = this.shownMeasurement;
    let content;
    if (!this.measurement && own.status === 'error')
      content = renderErrorPanel(a.t('error.title'), own.errors);
    else if (result && result.errors.length > 0)
      content = renderErrorPanel(a.t('error.title'), result.errors);
    else if (result) content = this.renderMeter(result);
    else if (this.working) content = renderWorking(a, this.working.share);
    else if (own.status === 'loading' || this.measured)
      content = html`<p class="empty" role="status" aria-busy="true">${a.t('common.loading')}</p>`;
    else content = html`<p class="empty">${a.t('meter.empty')}</p>`;
    return html`<div part="base" class="base ${a.theme}">${content}</div>`;
  }

  private renderMeter(result: MeasureResult) {
    const a = this.ambient;
    const number = (n: number) => formatNumber(n, a.lang);
    const percent = (share: number) => formatPercent(share, a.lang);
    const total = result.total.tokens;
    const limit = Number.isFinite(this.limit) && this.limit! > 0 ? this.limit! : undefined;
    const over = limit !== undefined && total > limit;
    const scale = Math.max(total, limit ?? 0) || 1;
    const rows: [Row, ContextSize][] = [
      ...MEASURE_BUCKETS.map((b): [Row, ContextSize] => [b, result.byKind[b]]),
      ['overhead', result.overhead],
    ];
    const shown = rows.filter(([, size]) => size.tokens > 0 || size.characters > 0);
    const share = (tokens: number) => percent(total > 0 ? tokens / total : 0);
    // A measurement set from outside may come from a version without `images`.
    const images: Partial<ImageMeasure> = result.images ?? {};
    const notes = [
      (images.unsized ?? 0) > 0 &&
        a.t('meter.imagesUnsized', {
          n: number(images.unsized!),
          rule: a.t(`meter.rule.${images.rule ?? 'openai-tiles'}` as const),
        }),
      (images.auto ?? 0) > 0 && a.t('meter.imagesAuto', { n: number(images.auto!) }),
    ].filter((note) => note !== false);
    const estimate = notes.length > 0 ? notes.join(' ') : undefined;
    const limitText =
      limit === undefined
        ? nothing
        : html`<span class="limit-text"
            >${
              over
                ? a.t('meter.overLimit', {
                    limit: number(limit),
                    n: number(total - limit),
                  })
                : a.t('meter.ofLimit', {
                    limit: number(limit),
                    p: percent(total / limit),
                  })
            }</span
          >`;
    return html`<div class="meter ${this.compact ? 'compact' : ''} ${over ? 'over' : ''}">
      <div part="header" class="header">
        <span class="total" title=${estimate ?? nothing}
          >${a.t(estimate ? 'meter.totalTokensApprox' : 'meter.totalTokens', { n: number(total) })}</span
        >
        ${limitText}
      </div>
      <div part="bar" class="bar" aria-hidden="true">
        ${rows.map(([row, size]) =>
          size.tokens > 0
            ? html`<span
                part="segment"
                data-kind=${row}
                title="${a.t(LABELS[row])}: ${number(size.tokens)}"
                data-at=${(size.tokens / scale) * 100}
              ></span>`
            : nothing,
        )}
        ${
          limit === undefined
            ? nothing
            : html`<span part="limit" data-at=${(limit / scale) * 100}></span>`
        }
      </div>
      <div class=${this.compact ? 'visually-hidden' : 'legend'}>
        <table part="legend">
          <caption>
            ${a.t('meter.label')}:
            ${a.t('meter.caption', { target: TARGET_NAMES[result.target] ?? result.target, tokenizer: result.tokenizer === 'estimate' ? a.t('meter.estimate') : result.tokenizer })}
          </caption>
          <thead>
            <tr>
              <th scope="col">${a.t('meter.kind')}</th>
              <th scope="col">${a.t('meter.tokens')}</th>
              <th scope="col">${a.t('meter.characters')}</th>
              <th scope="col">${a.t('meter.share')}</th>
            </tr>
          </thead>
          <tbody>
            ${shown.map(
              ([row, size]) =>
                html`<tr data-kind=${row}>
                  <th scope="row"><span class="swatch"></span>${a.t(LABELS[row])}</th>
                  <td>${number(size.tokens)}</td>
                  <td>${number(size.characters)}</td>
                  <td>${share(size.tokens)}</td>
                </tr>`,
            )}
          </tbody>
          <tfoot>
            <tr data-kind="total">
              <th scope="row">${a.t('meter.total')}</th>
              <td>${number(total)}</td>
              <td>${number(result.total.characters)}</td>
              <td>${share(total)}</td>
            </tr>
          </tfoot>
        </table>
        ${estimate ? html`<p class="note">${estimate}</p>` : nothing}
      </div>
    </div>`;
  }
}
