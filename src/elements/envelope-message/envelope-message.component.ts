import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { EnvelopeError } from '../../core/protocol/issues.js';
import { parseJson } from '../../core/protocol/parse.js';
import type {
  Actor,
  Message,
  Segment,
  SegmentKind,
  StateChangeSegment,
} from '../../core/protocol/types.js';
import { headerSearchText } from '../../core/insight/search.js';
import { validateMessage } from '../../core/protocol/validate.js';
import { EnvelopeErrorEvent, MessageRevealEvent } from '../../events.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { awaitsHydration } from '../internal/loading/hydration.js';
import { AmbientController } from '../internal/strings/localize.js';
import {
  createSegmentView,
  loadSegmentViews,
  messageNaming,
  SEGMENT_KINDS,
  kindsShownFirst,
  renderLoadingSegment,
} from '../internal/segments/message-segments.js';
import type { CollapseMemory, SegmentView } from '../internal/segments/segment-view.js';
import type { StateChangeView } from '../segment-state-change/segment-state-change.view.js';
import type { SystemPromptView } from '../segment-system-prompt/segment-system-prompt.view.js';
import type { ToolCallRequestView } from '../tool-call-request/tool-call-request.view.js';
import { htmlShown } from '../internal/markdown/html-waiting.js';
import { nextTurn } from '../internal/pacing/text-pacer.js';
import { formatNumber, formatTime, isoTime } from '../internal/strings/format.js';
import { cutText, fillTemplate, formatDuration } from '../internal/ui/participants.js';
import { shownLabel, shownListLabel } from '../internal/pacing/shown-text.js';
import { ShownSlices, showMoreStyles } from '../internal/pacing/shown-slices.js';
import { themeStyles } from '../internal/ui/theme.js';
import { markSegmentsValid, wasValidated } from '../internal/segments/validated.js';
import { envelopeMessageStyles } from './envelope-message.styles.js';

/**
 * @tagname envelope-message
 * @summary One message bubble: who sent it, when, and each of its segments, drawn in the message's
 * own shadow root by the same code as the segment elements. User messages sit on the right, all
 * others on the left.
 *
 * Protocol 1.1: a message with an `actor` names its speaker compactly (name, role badges, group
 * title, mute and peer-bot markers) and shows all the speaker's facts with `full-header` (the
 * chat sets it where the model gets the full header: each speaker's first message), otherwise on
 * demand with the Facts button. `replyTo` adds a "reply to" link that fires `message-reveal`.
 * An `event` message is no bubble but centered notice rows, one state change (as
 * `<segment-state-change>` draws it) per segment. `announced` puts state changes that the export adds on its own above the message (the
 * chat sets it where the speaker's facts changed and no event said so): notice rows marked "added
 * at export", since they are not in the envelope. Every string of the message is drawn as text.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `message` is invalid (`detail: { errors }`); an error panel is shown.
 * @event {SegmentToggleEvent} segment-toggle - A segment was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {MessageRevealEvent} message-reveal - The reply link was followed (`detail: { messageId, from }`).
 *
 * @csspart base - The root wrapper (carries the role as a class: `role-user` …).
 * @csspart bubble - The bubble.
 * @csspart header - Role label, speaker and time.
 * @csspart role - The role label.
 * @csspart actor - The speaker: name and badges.
 * @csspart badge - A role, group title, mute or peer-bot badge (also `muted`, `peer-bot`, `group-title`).
 * @csspart more - The button under a message of very many segments that shows the next ones.
 * @csspart facts-toggle - The button that shows the speaker's facts.
 * @csspart facts - The speaker's facts (user id, name, roles, nickname, title, mute, origin).
 * @csspart full-header - The mark on facts the model gets in full with this message.
 * @csspart reply - The "reply to" link.
 * @csspart notice - The centered rows of an `event` message.
 * @csspart announced - The state changes added at export, above the message.
 * @csspart announced-change - Each of them, drawn as `<segment-state-change>` draws one (its parts named as in a segment: `segment-notice`…).
 * @csspart export-tag - The "added at export" mark next to each (its title says why).
 * @csspart time - The time.
 * @csspart typing - The typing indicator while the message streams (`streaming`).
 * @csspart segments - The list of segments.
 * @csspart segment - Each segment: the wrapper of one segment, with a class naming its kind (`segment-text`, `segment-memory`, `segment-tool_call_result`…).
 * @csspart segment-panel - Inside a segment, the parts its element documents, named with `segment-` in front so that they do not mix with the message's own: `segment-panel`, `segment-header`, `segment-label`, `segment-summary`, `segment-body`, `segment-item`, `segment-content`, `segment-result`, `segment-more`… (a segment element's `header` is `segment-header` here).
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-user-bubble-color=#eff6ff] - Background of user bubbles (dark theme: #1e3a5f).
 * @cssprop [--pe-surface-color=#ffffff] - Background of other bubbles (dark theme: #111827).
 * @cssprop [--pe-subtle-color=#f3f4f6] - Background of system and tool bubbles (dark theme: #1f2937).
 * @cssprop [--pe-border-color=#d1d5db] - Bubble border (dark theme: #374151).
 * @cssprop [--pe-radius=8px] - Corner radius.
 * @cssprop [--pe-danger-text-color=#b91c1c] - Text of the mute badge (dark theme: #fca5a5).
 * @cssprop [--pe-link-color=#1d4ed8] - The reply link and facts button (dark theme: #93c5fd).
 */
export class EnvelopeMessage extends LitElement {
  static override styles = [themeStyles, errorPanelStyles, showMoreStyles, envelopeMessageStyles];

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

  /** The message is still being written (a live chat streams into it): a typing indicator shows. */
  @property({ type: Boolean, reflect: true })
  streaming = false;

  /**
   * Tool-call arguments received so far as JSON text, by segment index (set by a live chat):
   * shown in place of the arguments until the call is complete.
   */
  @property({ attribute: false })
  partialArguments?: ReadonlyMap<number, string>;

  /** Whether the speaker's facts are open (without `full-header`); local state. */
  @state()
  private factsOpen = false;

  private readonly ambient = new AmbientController(this);
  /** How many segments are drawn (issue 20: a message may hold a million). */
  private readonly slices = new ShownSlices(this, this.ambient);
  private input: { message: Message } | { errors: EnvelopeError[] } | null = null;
  private reported: EnvelopeError[] | null = null;
  /** The view of each segment drawn, by index; and of each state change added at export. */
  private views = new Map<number, SegmentView<Segment>>();
  /** Made with the first change added at export (few messages have one). */
  private announcedViews?: Map<number, SegmentView<Segment>>;

  /**
   * Opens the speaker's facts when `test` matches one of them but nothing the compact header
   * shows (its name, role badges and group title): search calls it for a match in the speaker.
   * @internal The chat's search calls it; no API.
   */
  revealSpeaker(test: (text: string) => boolean): void {
    const message = this.input && 'message' in this.input ? this.input.message : undefined;
    const actor = message?.actor;
    if (!message || !actor || this.fullHeader || this.factsOpen) return;
    const shown = [speakerName(actor), ...(actor.roles ?? []), actor.groupTitle ?? ''];
    if (!shown.some(test) && test(headerSearchText(message))) this.factsOpen = true;
  }

  /**
   * Draws the message's segments at least up to `index` (a search match must be on screen).
   * @internal The chat's search calls it; no API.
   */
  showSegment(index: number): void {
    const before = this.slices.shown('segments', Infinity);
    this.slices.include('segments', index);
    if (this.slices.shown('segments', Infinity) !== before) this.requestUpdate();
  }

  /**
   * Opens what hides text that `test` accepts in segment `index` (search calls it for a match
   * there): the segment itself and its inner parts. Fires no `segment-toggle`.
   * @internal The chat's search calls it; no API.
   */
  revealSegment(index: number, test: (text: string) => boolean): void {
    this.views.get(index)?.reveal(test);
  }

  /**
   * The elements that show the speaker's searched facts (compact header and open facts).
   * @internal The chat's search calls it; no API.
   */
  speakerTexts(): Element[] {
    const selector = '.actor-name, .badge-text, .fact-list dd.searched';
    return [...(this.shadowRoot?.querySelectorAll(selector) ?? [])];
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('message')) {
      this.input = readMessage(this.message);
      this.factsOpen = false;
      this.slices.reset();
    }
  }

  /**
   * Resolves once the message shows what it was given: its segment views loaded, no segment
   * waiting for its turn to draw (text-pacer.ts), raw HTML in Markdown sanitized (the sanitizer
   * loads on demand, markdown-html.ts).
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    let wait;
    while ((wait = this.viewsLoading ?? (this.waiting() ? nextTurn() : htmlShown(this)))) {
      await wait;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** Whether a segment waits for its turn to draw (text-pacer.ts). */
  private waiting(): boolean {
    for (const views of [this.views, this.announcedViews])
      for (const view of views?.values() ?? []) if (view.waiting) return true;
    return false;
  }

  /**
   * The view of `segment` at `index` (of `views`), made or given the segment for this render: a
   * segment that stays the same object keeps its view's state (a message streams into its last
   * segment), a new one starts from its data.
   */
  private viewOf(
    views: Map<number, SegmentView<Segment>>,
    index: number,
    segment: Segment,
    key: string,
  ): SegmentView<Segment> | undefined {
    let view = views.get(index);
    if (view?.kind !== segment.kind) {
      view = createSegmentView(segment.kind, this, this.ambient, messageNaming(key));
      if (!view) {
        this.awaitViews([segment.kind]);
        return undefined;
      }
      views.set(index, view);
    }
    if (view.segment !== segment) view.setInput({ segment });
    return view;
  }

  /** The views on their way (message-segments.ts): the message draws again when they are here. */
  private viewsLoading?: Promise<void>;

  private awaitViews(kinds: Iterable<SegmentKind>): void {
    const loading = loadSegmentViews(kinds);
    if (!loading) return;
    const all: Promise<void> = Promise.all([this.viewsLoading, loading]).then(() => {
      if (this.viewsLoading === all) this.viewsLoading = undefined;
      this.requestUpdate();
    });
    this.viewsLoading = all;
  }

  /**
   * The first draw of a message waits for the views of the segments it shows first, as for the
   * strings of its language, so that it never shows them empty; a server-rendered message to
   * hydrate waits for every view (it must draw what the server drew). Kinds found later (a
   * message given as JSON text, "show more") are drawn empty until their view is here.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const loading = loadSegmentViews(
      awaitsHydration(this) ? SEGMENT_KINDS : kindsShownFirst(this.message, this.announced),
    );
    return loading ? loading.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
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
    // The role the request used (protocol 1.1 `originalRole`, e.g. developer) is what was sent.
    const roleLabel = a.t(
      message.role === 'system' && message.originalRole === 'developer'
        ? 'role.developer'
        : `role.${message.role}`,
    );
    const speaker = actor ? ` ${speakerName(actor)}` : '';
    const announced = this.renderAnnounced(message);
    const label = `${roleLabel}${speaker} ${this.formatTime(message.timestamp, 'long')}`;
    const typing = this.streaming ? this.renderTyping() : nothing;
    // Written without white space between tags (the header is a flex row, the rest blocks):
    // each would be a text node in every message of a long conversation. The usual message (no
    // speaker, no reply, nothing added at export) has a template of its own without those
    // parts: Lit keeps a comment node and an object for each part, even an empty one.
    if (!actor && message.replyTo === undefined && announced === nothing)
      // prettier-ignore
      return html`<div part="base" class="base ${a.theme} role-${message.role}"><article part="bubble" class="bubble" aria-label=${label}><header part="header" class="header"><span part="role" class="role">${roleLabel}</span>${this.renderTime(message)}${typing}</header><div part="segments" class="segments">${this.renderSegments(message)}</div></article></div>`;
    // prettier-ignore
    return html`<div part="base" class="base ${a.theme} role-${message.role}">${announced}<article part="bubble" class="bubble" aria-label=${label}><header part="header" class="header"><span part="role" class="role">${roleLabel}</span>${actor ? this.renderActor(actor) : nothing}${this.renderTime(message)}${actor && !this.fullHeader ? this.renderFactsToggle(actor) : nothing}${typing}</header>${message.replyTo !== undefined ? this.renderReply(message) : nothing}${actor ? this.renderFacts(actor, this.fullHeader || this.factsOpen) : nothing}<div part="segments" class="segments">${this.renderSegments(message)}</div></article></div>`;
  }

  private renderTyping() {
    const label = this.ambient.t('message.streaming');
    // prettier-ignore
    return html`<span part="typing" class="typing" title=${label}><span aria-hidden="true">•••</span><span class="visually-hidden">${label}</span></span>`;
  }

  /** An event: centered notice rows, one per state change, and the time; no bubble. */
  private renderEvent(message: Message) {
    const a = this.ambient;
    return html`<div part="base" class="base ${a.theme} role-event">
      ${this.renderAnnounced(message)}
      <article
        part="notice"
        class="event-notice"
        aria-label=${`${a.t('role.event')} ${this.formatTime(message.timestamp, 'long')}`}
      >
        <div part="segments" class="events">${this.renderSegments(message)}</div>
        ${this.renderTime(message)}
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
    if (changes.length === 0) {
      this.announcedViews = undefined;
      return nothing;
    }
    const views = (this.announcedViews ??= new Map());
    for (const index of views.keys()) if (index >= changes.length) views.delete(index);
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
        (change, index) =>
          html`<div class="announced-row">
            ${this.renderAnnouncedChange(message, change, index)}
            <span part="export-tag" class="export-tag" title=${why}>${a.t('announced.tag')}</span>
          </div>`,
      )}
      <span id="announced-why" hidden>${why}</span>
    </div>`;
  }

  /** A state change added at export, drawn as those of an event, in a wrapper of its own. */
  private renderAnnouncedChange(message: Message, change: StateChangeSegment, index: number) {
    const view = this.viewOf(this.announcedViews!, index, change, `announced-${index}`);
    if (!view) return renderLoadingSegment('announced-change', 'state_change');
    this.setUp(view as StateChangeView, message, -1);
    return view.render('announced-change', 'segment segment-state_change');
  }

  /**
   * What a view needs from the message besides its segment: ids for events and memory, the
   * variables of system prompts, the time, names and scene of state changes, a streamed call.
   */
  private setUp(view: SegmentView<Segment>, message: Message, index: number) {
    view.messageId = message.id;
    view.segmentIndex = Math.max(index, 0);
    view.collapseMemory = index < 0 ? undefined : this.collapseMemory;
    if (view.kind === 'system_prompt') (view as SystemPromptView).variables = this.variables;
    else if (view.kind === 'tool_call_request')
      (view as ToolCallRequestView).partial = this.partialArguments?.get(index);
    else if (view.kind === 'state_change') {
      const change = view as StateChangeView;
      change.time = message.timestamp;
      change.timeZone = this.timeZone;
      change.sceneId = this.sceneId;
      change.names = this.names;
    }
  }

  /** The speaker in short: name, role badges, group title, mute and peer-bot markers. */
  private renderActor(actor: Actor) {
    const a = this.ambient;
    const muteTime = actor.muteTime ?? 0;
    return html`<span part="actor" class="actor">
      ${cutText(speakerName(actor), NAME_MAX, 'actor-name', false, 'actor-name')}
      ${this.renderRoleBadges(actor.roles ?? [])}
      ${actor.groupTitle ? html`<span part="badge group-title" class="badge group-title">${cutText(actor.groupTitle, NAME_MAX, 'badge-text')}</span>` : nothing}
      ${muteTime > 0 ? html`<span part="badge muted" class="badge muted">${this.muteText(muteTime)}</span>` : nothing}
      ${actor.origin === 'peer_bot' ? html`<span part="badge peer-bot" class="badge peer-bot">${a.t('actor.peerBot')}</span>` : nothing}
    </span>`;
  }

  /** The first MAX_BADGES roles as badges, then "+N": the facts list names them all. */
  private renderRoleBadges(roles: readonly string[]) {
    const shown = roles.length > MAX_BADGES ? roles.slice(0, MAX_BADGES) : roles;
    const rest = roles.length - shown.length;
    return html`${shown.map((role) => html`<span part="badge" class="badge">${cutText(role, NAME_MAX, 'badge-text')}</span>`)}
    ${rest > 0 ? html`<span part="badge more-roles" class="badge">+${formatNumber(rest, this.ambient.lang)}</span>` : nothing}`;
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
      class="speaker-facts"
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
        ${fact(a.t('actor.roles'), actor.roles && shownListLabel(actor.roles, ', '))}
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
    const segments = this.slices.slice('segments', message.segments);
    markSegmentsValid(message, segments);
    for (const index of this.views.keys()) if (index >= segments.length) this.views.delete(index);
    const rendered = segments.map((segment, index) => {
      const view = this.viewOf(this.views, index, segment, String(index));
      if (!view) return renderLoadingSegment('segment', segment.kind);
      this.setUp(view, message, index);
      return view.render('segment', `segment segment-${segment.kind}`, index);
    });
    const out: unknown[] = [];
    let run: unknown[] = [];
    segments.forEach((segment, index) => {
      if (segment.kind === 'static_var') {
        run.push(rendered[index]);
        return;
      }
      if (run.length > 0) out.push(html`<div class="variables">${run}</div>`);
      run = [];
      out.push(rendered[index]);
    });
    if (run.length > 0) out.push(html`<div class="variables">${run}</div>`);
    const more = this.slices.more('segments', message.segments.length);
    if (more !== nothing) out.push(more);
    // One segment (most messages) is the part's value itself: a list adds a marker per item.
    return out.length === 1 ? out[0] : out;
  }

  /** The time of a message ('' when its timestamp does not tell when it was sent). */
  private formatTime(timestamp: number, style: 'short' | 'long'): string {
    return formatTime(timestamp, this.ambient.lang, this.timeZone, style);
  }

  private renderTime({ timestamp }: Message) {
    const time = this.formatTime(timestamp, 'short');
    return time ? html`<time part="time" datetime=${isoTime(timestamp)}>${time}</time>` : nothing;
  }
}

/** Role badges in the header; the speaker's facts list every role. */
const MAX_BADGES = 10;

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
