import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { EnvelopeError } from '../core/issues.js';
import { parseJson } from '../core/parse.js';
import type { Actor, Message, StateChangeSegment } from '../core/protocol.js';
import { headerSearchText } from '../core/search.js';
import { validateMessage } from '../core/validate.js';
import { EnvelopeErrorEvent, MessageRevealEvent } from '../events.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { AmbientController } from './internal/localize.js';
import { renderSegment } from './internal/render-segment.js';
import type { CollapseMemory } from './internal/segment-element.js';
import { formatTime, isoTime } from './internal/format.js';
import { cutText, fillTemplate, formatDuration } from './internal/participants.js';
import { shownLabel } from './internal/shown-text.js';
import { themeStyles } from './internal/theme.js';
import { wasValidated } from './internal/validated.js';

/**
 * @tagname envelope-message
 * @summary One message bubble: who sent it, when, and each of its segments drawn by its own
 * element. User messages sit on the right, all others on the left.
 *
 * Protocol 1.1: a message with an `actor` names its speaker compactly (name, role badges, group
 * title, mute and peer-bot markers) and shows all the speaker's facts with `full-header` (the
 * chat sets it where the model gets the full header: each speaker's first message), otherwise on
 * demand with the Facts button. `replyTo` adds a "reply to" link that fires `message-reveal`.
 * An `event` message is no bubble but centered notice rows, one `<segment-state-change>` per
 * segment. `announced` puts state changes that the export adds on its own above the message (the
 * chat sets it where the speaker's facts changed and no event said so): notice rows marked "added
 * at export", since they are not in the envelope. Every string of the message is drawn as text.
 *
 * @event envelope-error - The `message` is invalid (`detail: { errors }`); an error panel is shown.
 * @event segment-toggle - Bubbles up from a segment that was expanded or collapsed.
 * @event message-reveal - The reply link was followed (`detail: { messageId, from }`).
 *
 * @csspart base - The root wrapper (carries the role as a class: `role-user` …).
 * @csspart bubble - The bubble.
 * @csspart header - Role label, speaker and time.
 * @csspart role - The role label.
 * @csspart actor - The speaker: name and badges.
 * @csspart badge - A role, group title, mute or peer-bot badge (also `muted`, `peer-bot`, `group-title`).
 * @csspart facts-toggle - The button that shows the speaker's facts.
 * @csspart facts - The speaker's facts (user id, name, roles, nickname, title, mute, origin).
 * @csspart full-header - The mark on facts the model gets in full with this message.
 * @csspart reply - The "reply to" link.
 * @csspart notice - The centered rows of an `event` message.
 * @csspart announced - The state changes added at export, above the message.
 * @csspart announced-change - Each of them, a `<segment-state-change>`.
 * @csspart export-tag - The "added at export" mark next to each (its title says why).
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
 * @cssprop --pe-danger-text-color - Text of the mute badge.
 * @cssprop --pe-link-color - The reply link and facts button.
 */
export class EnvelopeMessage extends LitElement {
  static override styles = [
    themeStyles,
    errorPanelStyles,
    css`
      .base {
        display: flex;
        /* Rows added at export take a line of their own above the bubble. */
        flex-wrap: wrap;
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
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.25rem 0.5rem;
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
      .actor {
        display: inline-flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.25rem 0.35rem;
        min-width: 0;
      }
      .actor-name {
        font-weight: 650;
        color: var(--_text);
        overflow-wrap: anywhere;
      }
      .badge {
        padding: 0 0.4rem;
        border: 1px solid var(--_border);
        border-radius: 0.6rem;
        font-size: 0.92em;
        line-height: 1.45;
        overflow-wrap: anywhere;
      }
      .badge.group-title {
        font-style: italic;
      }
      .badge.muted {
        color: var(--_danger-text);
        border-color: color-mix(in srgb, var(--_danger-text) 45%, var(--_border));
      }
      .badge.peer-bot {
        border-style: dashed;
      }
      .cut {
        cursor: help;
      }
      .link-button {
        padding: 0 0.25rem;
        border: 0;
        border-radius: 4px;
        background: none;
        color: var(--_link);
        cursor: pointer;
        font-size: inherit;
      }
      .link-button:hover {
        text-decoration: underline;
      }
      .facts-toggle {
        margin-inline-start: auto;
      }
      .reply {
        display: block;
        max-width: 100%;
        margin: -0.15rem 0 0.35rem;
        padding-inline: 0;
        font-size: 0.8em;
        text-align: start;
        overflow-wrap: anywhere;
      }
      .facts[hidden] {
        display: none;
      }
      .facts {
        margin: 0 0 0.5rem;
        padding: 0.3rem 0.55rem;
        border-radius: 6px;
        background: color-mix(in srgb, var(--_subtle) 70%, transparent);
        font-size: 0.8em;
      }
      .fact-list {
        display: flex;
        flex-wrap: wrap;
        gap: 0.15rem 0.9rem;
        margin: 0;
      }
      .fact {
        display: flex;
        gap: 0.3rem;
        min-width: 0;
      }
      .facts dt {
        color: var(--_muted);
      }
      .facts dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
      .full-header {
        margin: 0;
        color: var(--_muted);
        font-weight: 600;
        font-size: 0.95em;
      }
      .role-event {
        justify-content: center;
      }
      .notice {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 0.25rem;
        max-width: min(100%, 40rem);
        min-width: 0;
      }
      .notice > .events {
        display: flex;
        flex-direction: column;
        gap: 0.25rem;
        width: 100%;
      }
      .notice > .events > * {
        --pe-segment-background: transparent;
      }
      .notice-time {
        color: var(--_muted);
        font-size: 0.75em;
      }
      .announced {
        display: flex;
        flex: 1 0 100%;
        flex-direction: column;
        gap: 0.25rem;
        margin-bottom: 0.5rem;
      }
      .announced-row {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        justify-content: center;
        gap: 0.25rem 0.4rem;
        min-width: 0;
      }
      .announced-row > segment-state-change {
        min-width: 0;
        --pe-segment-background: transparent;
      }
      .export-tag {
        padding: 0 0.4rem;
        border: 1px dashed var(--_border);
        border-radius: 0.6rem;
        color: var(--_muted);
        font-size: 0.75em;
        line-height: 1.45;
        white-space: nowrap;
        cursor: help;
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

  /**
   * Shows all the speaker's facts: the model gets the full header with this message (the chat
   * sets it on each speaker's first message). Otherwise they open with the Facts button.
   */
  @property({ type: Boolean, attribute: 'full-header' })
  fullHeader = false;

  /** Who sent the message this one replies to (set by the chat); the link shows the id without it. */
  @property({ attribute: 'reply-to-name' })
  replyToName?: string;

  /** The envelope's scene id, for the lines of state changes. */
  @property({ attribute: 'scene-id' })
  sceneId?: string;

  /** Names by user id (set by the chat from the actors), shown in state changes. */
  @property({ attribute: false })
  names?: ReadonlyMap<string, string>;

  /**
   * State changes the export adds right before this message, which the envelope does not hold
   * (the chat sets them from `unannouncedChanges`): shown above it, marked "added at export".
   */
  @property({ attribute: false })
  announced?: readonly StateChangeSegment[];

  /** Whether the speaker's facts are open (without `full-header`); local state. */
  @state()
  private factsOpen = false;

  private readonly ambient = new AmbientController(this);
  private input: { message: Message } | { errors: EnvelopeError[] } | null = null;
  private reported: EnvelopeError[] | null = null;

  /**
   * Opens the speaker's facts when `test` matches one of them but nothing the compact header
   * shows (its name, role badges and group title): search calls it for a match in the speaker.
   */
  revealSpeaker(test: (text: string) => boolean): void {
    const message = this.input && 'message' in this.input ? this.input.message : undefined;
    const actor = message?.actor;
    if (!message || !actor || this.fullHeader || this.factsOpen) return;
    const shown = [speakerName(actor), ...(actor.roles ?? []), actor.groupTitle ?? ''];
    if (!shown.some(test) && test(headerSearchText(message))) this.factsOpen = true;
  }

  /** The elements that show the speaker's searched facts (compact header and open facts). */
  speakerTexts(): Element[] {
    const selector = '.actor-name, .badge-text, .fact-list dd.searched';
    return [...(this.shadowRoot?.querySelectorAll(selector) ?? [])];
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('message')) {
      this.input = readMessage(this.message);
      this.factsOpen = false;
    }
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
    if (message.role === 'event') return this.renderEvent(message);
    const actor = message.actor;
    const roleLabel = a.t(`role.${message.role}`);
    const speaker = actor ? ` ${speakerName(actor)}` : '';
    return html`<div part="base" class="base ${a.theme} role-${message.role}">
      ${this.renderAnnounced(message)}
      <article
        part="bubble"
        class="bubble"
        aria-label=${`${roleLabel}${speaker} ${this.formatTime(message.timestamp, 'long')}`}
      >
        <header part="header" class="header">
          <span part="role" class="role">${roleLabel}</span>
          ${actor ? this.renderActor(actor) : nothing}
          <time part="time" datetime=${isoTime(message.timestamp)}
            >${this.formatTime(message.timestamp, 'short')}</time
          >
          ${actor && !this.fullHeader ? this.renderFactsToggle(actor) : nothing}
        </header>
        ${message.replyTo !== undefined ? this.renderReply(message) : nothing}
        ${actor ? this.renderFacts(actor, this.fullHeader || this.factsOpen) : nothing}
        <div part="segments" class="segments">${this.renderSegments(message)}</div>
      </article>
    </div>`;
  }

  /** An event: centered notice rows, one per state change, and the time; no bubble. */
  private renderEvent(message: Message) {
    const a = this.ambient;
    return html`<div part="base" class="base ${a.theme} role-event">
      ${this.renderAnnounced(message)}
      <article
        part="notice"
        class="notice"
        aria-label=${`${a.t('role.event')} ${this.formatTime(message.timestamp, 'long')}`}
      >
        <div part="segments" class="events">${this.renderSegments(message)}</div>
        <time part="time" class="notice-time" datetime=${isoTime(message.timestamp)}
          >${this.formatTime(message.timestamp, 'short')}</time
        >
      </article>
    </div>`;
  }

  /**
   * State changes the export adds before the message: the same notice rows as events, with the
   * message's time, each marked as not in the envelope (the mark's title and the group's
   * description say why).
   */
  private renderAnnounced(message: Message) {
    const changes = Array.isArray(this.announced) ? this.announced : [];
    if (changes.length === 0) return nothing;
    const a = this.ambient;
    const why = a.t('announced.why');
    return html`<div
      part="announced"
      class="announced"
      role="group"
      aria-label=${a.t('announced.label')}
      aria-describedby="announced-why"
    >
      ${changes.map(
        (change) =>
          html`<div class="announced-row">
            <segment-state-change
              part="announced-change"
              .segment=${change}
              .time=${message.timestamp}
              .names=${this.names}
              time-zone=${ifDefined(this.timeZone)}
              scene-id=${ifDefined(this.sceneId)}
              message-id=${message.id}
              theme=${a.theme}
              lang=${a.lang}
            ></segment-state-change>
            <span part="export-tag" class="export-tag" title=${why}>${a.t('announced.tag')}</span>
          </div>`,
      )}
      <span id="announced-why" hidden>${why}</span>
    </div>`;
  }

  /** The speaker in short: name, role badges, group title, mute and peer-bot markers. */
  private renderActor(actor: Actor) {
    const a = this.ambient;
    const muteTime = actor.muteTime ?? 0;
    return html`<span part="actor" class="actor">
      ${cutText(speakerName(actor), NAME_MAX, 'actor-name', false, 'actor-name')}
      ${(actor.roles ?? []).map((role) => html`<span part="badge" class="badge">${cutText(role, NAME_MAX, 'badge-text')}</span>`)}
      ${actor.groupTitle ? html`<span part="badge group-title" class="badge group-title">${cutText(actor.groupTitle, NAME_MAX, 'badge-text')}</span>` : nothing}
      ${muteTime > 0 ? html`<span part="badge muted" class="badge muted">${this.muteText(muteTime)}</span>` : nothing}
      ${actor.origin === 'peer_bot' ? html`<span part="badge peer-bot" class="badge peer-bot">${a.t('actor.peerBot')}</span>` : nothing}
    </span>`;
  }

  private renderFactsToggle(actor: Actor) {
    const a = this.ambient;
    return html`<button
      part="facts-toggle"
      class="link-button facts-toggle"
      type="button"
      aria-expanded=${this.factsOpen ? 'true' : 'false'}
      aria-controls="facts"
      aria-label=${a.t('actor.factsLabel', { name: speakerName(actor) })}
      @click=${() => (this.factsOpen = !this.factsOpen)}
    >
      ${a.t('actor.facts')}
    </button>`;
  }

  /** Every fact about the speaker, as the full header carries them; drawn only while open. */
  private renderFacts(actor: Actor, open: boolean) {
    const a = this.ambient;
    return html`<div
      part="facts"
      class="facts"
      id="facts"
      role="group"
      aria-label=${a.t('actor.factsLabel', { name: speakerName(actor) })}
      ?hidden=${!open}
    >
      ${open ? this.renderFactList(actor) : nothing}
    </div>`;
  }

  private renderFactList(actor: Actor) {
    const a = this.ambient;
    // `searched`: a fact search looks in (headerSearchText), not a label of ours.
    const fact = (label: string, value: string | undefined, searched = true) =>
      value === undefined || value === ''
        ? nothing
        : html`<div class="fact">
            <dt>${label}</dt>
            <dd class=${searched ? 'searched' : nothing}>${shownLabel(value)}</dd>
          </div>`;
    const muteTime = actor.muteTime;
    return html`${
        this.fullHeader
          ? html`<p part="full-header" class="full-header" title=${a.t('actor.fullHeader')}>
              ${a.t('actor.fullHeaderShort')}
            </p>`
          : nothing
      }
      <dl class="fact-list">
        ${fact(a.t('actor.userId'), actor.userId)} ${fact(a.t('actor.name'), actor.name)}
        ${fact(a.t('actor.roles'), actor.roles?.join(', '))}
        ${fact(a.t('actor.groupNickname'), actor.groupNickname)}
        ${fact(a.t('actor.groupTitle'), actor.groupTitle)}
        ${fact(
          a.t('actor.mute'),
          muteTime === undefined
            ? undefined
            : muteTime > 0
              ? this.muteText(muteTime)
              : a.t('actor.notMuted'),
          false,
        )}
        ${fact(
          a.t('actor.origin'),
          actor.origin === 'peer_bot' ? a.t('actor.peerBot') : actor.origin,
          false,
        )}
      </dl>`;
  }

  private renderReply(message: Message) {
    const a = this.ambient;
    const target = message.replyTo!;
    const name = shownLabel(this.replyToName || target);
    return html`<button
      part="reply"
      class="link-button reply"
      type="button"
      aria-label=${a.t('message.replyToLabel', { name })}
      @click=${() =>
        this.dispatchEvent(new MessageRevealEvent({ messageId: target, from: message.id }))}
    >
      <span aria-hidden="true">↩</span>
      ${fillTemplate(a.t('message.replyTo'), { name: cutText(name, NAME_MAX, 'reply-name') })}
    </button>`;
  }

  private muteText(seconds: number): string {
    const a = this.ambient;
    return Number.isFinite(seconds)
      ? a.t('actor.mutedFor', { duration: formatDuration(seconds, a.lang) })
      : a.t('actor.muted');
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
        time: message.timestamp,
        timeZone: this.timeZone,
        sceneId: this.sceneId,
        names: this.names,
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

/** Names in the header are cut shorter than header values: they share a line with badges. */
const NAME_MAX = 32;

/** What the header calls the speaker: the name, else the group nickname, else the user id. */
function speakerName(actor: Actor): string {
  return shownLabel(actor.name || actor.groupNickname || actor.userId);
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
