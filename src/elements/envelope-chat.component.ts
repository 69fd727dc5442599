import { css, html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Envelope } from '../core/protocol.js';
import { staticVariables } from '../core/template.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { EnvelopeInput } from './internal/envelope-input.js';
import { AmbientController } from './internal/localize.js';
import type { CollapseMemory } from './internal/segment-element.js';
import { themeStyles } from './internal/theme.js';

/** Toggles are remembered per envelope object, so they survive re-renders and switching back. */
const memories = new WeakMap<Envelope, CollapseMemory>();

export function collapseMemoryOf(envelope: Envelope): CollapseMemory {
  let memory = memories.get(envelope);
  if (!memory) memories.set(envelope, (memory = new Map()));
  return memory;
}

/**
 * @tagname envelope-chat
 * @summary The conversation of an envelope: one bubble per message, every segment visible in
 * its own form. Accepts the envelope as an attribute (JSON), a property, a `src` URL or a child
 * `<script type="application/json">`.
 *
 * @event envelope-load - A valid envelope is shown (`detail: { envelope, warnings }`).
 * @event envelope-error - The input is invalid or could not be loaded (`detail: { errors }`).
 * @event segment-toggle - A segment was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 *
 * @csspart base - The root wrapper.
 * @csspart header - Title, model and message count.
 * @csspart messages - The list of messages.
 * @csspart message - Each `<envelope-message>`.
 * @csspart status - The loading and empty states.
 * @csspart error - The error panel.
 *
 * @cssprop --pe-surface-color - Background.
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Secondary text colour.
 * @cssprop --pe-font-family - Font family.
 */
export class EnvelopeChat extends LitElement {
  static override styles = [
    themeStyles,
    errorPanelStyles,
    css`
      .base {
        background: var(--_surface);
        min-height: 100%;
      }
      .header {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.25rem 0.75rem;
        padding: 0.75rem 1rem;
        border-bottom: 1px solid var(--_border);
      }
      .title {
        margin: 0;
        font-size: 1rem;
        font-weight: 650;
      }
      .facts {
        color: var(--_muted);
        font-size: 0.85em;
      }
      .model {
        font-family: var(--_mono);
      }
      .messages {
        display: flex;
        flex-direction: column;
        gap: 0.9rem;
        margin: 0;
        padding: 1rem;
        list-style: none;
      }
      .status {
        padding: 1rem;
        color: var(--_muted);
      }
      .error {
        margin: 1rem;
      }
    `,
  ];

  /** The envelope: an object, or JSON text (as the `envelope` attribute). */
  @property({ attribute: 'envelope' })
  envelope?: Envelope | string;

  /** URL of an envelope JSON file, fetched when set. */
  @property()
  src?: string;

  /** IANA time zone for message times (default: the browser's). */
  @property({ attribute: 'time-zone' })
  timeZone?: string;

  /** `light`, `dark`, or unset to follow the nearest `theme` attribute, then the system. */
  @property({ reflect: true })
  theme?: 'light' | 'dark' | 'auto';

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this);
  private variablesOf = new WeakMap<Envelope, Record<string, string>>();

  /** The envelope being shown, once valid (what `<protocol-panel for=…>` reads). */
  get loadedEnvelope(): Envelope | undefined {
    return this.input.state.status === 'ready' ? this.input.state.envelope : undefined;
  }

  protected override render() {
    const a = this.ambient;
    const state = this.input.state;
    let content;
    switch (state.status) {
      case 'empty':
        content = html`<p part="status" class="status">${a.t('common.empty')}</p>`;
        break;
      case 'loading':
        content = html`<p part="status" class="status" role="status">${a.t('common.loading')}</p>`;
        break;
      case 'error':
        content = renderErrorPanel(a.t('error.title'), state.errors);
        break;
      case 'ready':
        content = this.renderEnvelope(state.envelope);
    }
    return html`<div part="base" class="base ${a.theme}">${content}</div>`;
  }

  private renderEnvelope(envelope: Envelope) {
    const a = this.ambient;
    let variables = this.variablesOf.get(envelope);
    if (!variables) this.variablesOf.set(envelope, (variables = staticVariables(envelope)));
    const memory = collapseMemoryOf(envelope);
    return html`<div part="header" class="header">
        <h2 class="title">${a.t('chat.label')}</h2>
        <span class="facts">
          ${envelope.model ? html`<span class="model">${envelope.model}</span> · ` : ''}${a.t('chat.messages', { n: envelope.messages.length })}
        </span>
      </div>
      <ol part="messages" class="messages" aria-label=${a.t('chat.label')}>
        ${repeat(
          envelope.messages,
          (message, index) => `${index}:${message.id}`,
          (message) =>
            html`<li>
              <envelope-message
                part="message"
                .message=${message}
                .variables=${variables}
                .collapseMemory=${memory}
                time-zone=${ifDefined(this.timeZone)}
                theme=${a.theme}
                lang=${a.lang}
              ></envelope-message>
            </li>`,
        )}
      </ol>`;
  }
}
