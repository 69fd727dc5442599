import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { EnvelopeError } from '../core/issues.js';
import { parseJson } from '../core/parse.js';
import type { Message } from '../core/protocol.js';
import { validateMessage } from '../core/validate.js';
import { EnvelopeErrorEvent } from '../events.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { AmbientController } from './internal/localize.js';
import { renderSegment } from './internal/render-segment.js';
import type { CollapseMemory } from './internal/segment-element.js';
import { formatTime, isoTime } from './internal/format.js';
import { themeStyles } from './internal/theme.js';
import { wasValidated } from './internal/validated.js';

/**
 * @tagname envelope-message
 * @summary One message bubble: who sent it, when, and each of its segments drawn by its own
 * element. User messages sit on the right, all others on the left.
 *
 * @event envelope-error - The `message` is invalid (`detail: { errors }`); an error panel is shown.
 * @event segment-toggle - Bubbles up from a segment that was expanded or collapsed.
 *
 * @csspart base - The root wrapper (carries the role as a class: `role-user` …).
 * @csspart bubble - The bubble.
 * @csspart header - Role label and time.
 * @csspart role - The role label.
 * @csspart time - The time.
 * @csspart segments - The list of segments.
 * @csspart segment - Each segment element.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-user-bubble-color - Background of user bubbles.
 * @cssprop --pe-surface-color - Background of other bubbles.
 * @cssprop --pe-subtle-color - Background of system and tool bubbles.
 * @cssprop --pe-border-color - Bubble border.
 * @cssprop --pe-radius - Corner radius.
 */
export class EnvelopeMessage extends LitElement {
  static override styles = [
    themeStyles,
    errorPanelStyles,
    css`
      .base {
        display: flex;
      }
      .role-user {
        justify-content: flex-end;
      }
      .bubble {
        box-sizing: border-box;
        max-width: min(100%, 46rem);
        min-width: 0;
        padding: 0.6rem 0.75rem 0.7rem;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) + 4px);
        background: var(--_surface);
      }
      .role-user .bubble {
        background: var(--_user-bubble);
        border-color: color-mix(in srgb, var(--_static-var) 30%, var(--_border));
        border-end-end-radius: 4px;
      }
      .role-assistant .bubble {
        border-end-start-radius: 4px;
      }
      .role-system .bubble,
      .role-tool .bubble {
        background: var(--_subtle);
        width: 100%;
        max-width: 100%;
      }
      .header {
        display: flex;
        align-items: baseline;
        gap: 0.5rem;
        margin-bottom: 0.4rem;
        font-size: 0.8em;
        color: var(--_muted);
      }
      .role {
        font-weight: 700;
        letter-spacing: 0.03em;
        text-transform: uppercase;
        color: var(--_text);
      }
      .segments {
        display: flex;
        flex-direction: column;
        gap: 0.5rem;
        min-width: 0;
      }
      .variables {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem;
      }
      .segments > *,
      .variables > * {
        min-width: 0;
        --pe-segment-background: transparent;
      }
    `,
  ];

  /** The message to show: an object, or JSON text (as the `message` attribute). */
  @property({ attribute: 'message' })
  message?: Message | string;

  /** Values of the envelope's static variables, shown in system prompts. */
  @property({ attribute: false })
  variables: Record<string, string> = {};

  /** Toggle memory shared by the segments of one envelope. */
  @property({ attribute: false })
  collapseMemory?: CollapseMemory;

  /** IANA time zone for the time shown (default: the browser's). */
  @property({ attribute: 'time-zone' })
  timeZone?: string;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  private readonly ambient = new AmbientController(this);
  private input: { message: Message } | { errors: EnvelopeError[] } | null = null;
  private reported: EnvelopeError[] | null = null;

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('message')) this.input = readMessage(this.message);
  }

  protected override updated() {
    const errors = this.input && 'errors' in this.input ? this.input.errors : null;
    if (errors && errors !== this.reported) this.dispatchEvent(new EnvelopeErrorEvent({ errors }));
    this.reported = errors;
  }

  protected override render() {
    if (!this.input) return nothing;
    const a = this.ambient;
    if ('errors' in this.input) {
      return html`<div part="base" class="base ${a.theme}">
        ${renderErrorPanel(a.t('error.title'), this.input.errors)}
      </div>`;
    }
    const message = this.input.message;
    return html`<div part="base" class="base ${a.theme} role-${message.role}">
      <article
        part="bubble"
        class="bubble"
        aria-label=${`${a.t(`role.${message.role}`)} ${this.formatTime(message.timestamp, 'long')}`}
      >
        <header part="header" class="header">
          <span part="role" class="role">${a.t(`role.${message.role}`)}</span>
          <time part="time" datetime=${isoTime(message.timestamp)}
            >${this.formatTime(message.timestamp, 'short')}</time
          >
        </header>
        <div part="segments" class="segments">${this.renderSegments(message)}</div>
      </article>
    </div>`;
  }

  /** Segments in order; consecutive static variables share one wrapping row of pills. */
  private renderSegments(message: Message) {
    const a = this.ambient;
    const rendered = message.segments.map((segment, index) =>
      renderSegment(segment, {
        messageId: message.id,
        index,
        collapseMemory: this.collapseMemory,
        variables: this.variables,
        theme: a.theme,
        lang: a.lang,
      }),
    );
    const out: unknown[] = [];
    let run: unknown[] = [];
    message.segments.forEach((segment, index) => {
      if (segment.kind === 'static_var') {
        run.push(rendered[index]);
        return;
      }
      if (run.length > 0) out.push(html`<div class="variables">${run}</div>`);
      run = [];
      out.push(rendered[index]);
    });
    if (run.length > 0) out.push(html`<div class="variables">${run}</div>`);
    return out;
  }

  private formatTime(timestamp: number, style: 'short' | 'long'): string {
    return formatTime(timestamp, this.ambient.lang, this.timeZone, style);
  }
}

function readMessage(value: unknown): { message: Message } | { errors: EnvelopeError[] } | null {
  if (value === undefined || value === null || value === '') return null;
  if (wasValidated(value)) return { message: value as Message };
  if (typeof value === 'string') {
    const json = parseJson(value);
    if ('error' in json) return { errors: [json.error] };
    value = json.value;
  }
  const result = validateMessage(value);
  return result.valid ? { message: value as Message } : { errors: result.errors };
}
