import { html, isServer, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { fullHeaderMessageIds, unannouncedChanges } from '../../core/assembly/headers.js';
import type { MessageRevealEvent } from '../../events.js';
import type { StreamUpdate } from '../../core/targets/streams/stream-updates.js';
import type { Envelope, Message, StateChangeSegment } from '../../core/protocol/types.js';
import { HEADER_MATCH, searchPattern, type SearchResult } from '../../core/insight/search.js';
import { staticVariables } from '../../core/protocol/template.js';
import { errorPanelStyles, renderErrorPanel } from '../internal/ui/error-panel.js';
import { EnvelopeInput } from '../internal/input/envelope-input.js';
import { CHUNK_SIZE, LazyChunks } from '../internal/pacing/lazy-chunks.js';
import { AmbientController } from '../internal/strings/localize.js';
import { envelopeLookups } from '../internal/ui/participants.js';
import type { CollapseMemory } from '../internal/segments/segment-element.js';
import { shownLabel } from '../internal/pacing/shown-text.js';
import { themeStyles } from '../internal/ui/theme.js';
import { markValid } from '../internal/segments/validated.js';
import { envelopeChatStyles } from './envelope-chat.styles.js';
import { ChatMeter } from './chat-meter.js';
import { renderSceneCard } from './scene-card.js';
import { ChatSearch } from './large-search.js';
import { renderSearchBox } from './search-box.js';
import { FollowBottom } from './follow-bottom.js';
import { MatchPainter } from './match-painter.js';
import { LiveChat, type ChangeKind, type UpdateOptions } from './live-chat.js';
import { researchMessage, type Derived } from './live-envelope.js';
import { chatStrings } from '../internal/strings/en/chat.js';
import { loadedMarkdownText } from '../internal/markdown/markdown-reading.js';

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
 * its own form, with a search box. Accepts the envelope as an attribute (JSON), a property, a
 * `src` URL or a child `<script type="application/json">`. Long conversations render lazily:
 * only messages near the visible area are in the DOM, so search with the box, not the browser's
 * find.
 *
 * Protocol 1.1: a `scene` shows as a card above the messages; each speaker's first message shows
 * all their facts (`full-header`, where the model gets the full header), later ones the short
 * form; replies link to the message they answer; events are centered notice rows. Where a
 * speaker's facts changed and no event said so, the state change the export adds shows above
 * their message as a notice row marked "added at export".
 *
 * @event {EnvelopeLoadEvent} envelope-load - A valid envelope is shown (`detail: { envelope, warnings }`).
 * @event {EnvelopeErrorEvent} envelope-error - The input is invalid or could not be loaded (`detail: { errors }`).
 * @event {SegmentToggleEvent} segment-toggle - A segment was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event {EnvelopeChangeEvent} envelope-change - A live change was taken (`detail: { change, messageId, index, envelope }`).
 *
 * @csspart base - The root wrapper.
 * @csspart header - Title, model, message count and search (sticks to the top while scrolling).
 * @csspart meter - The compact `<context-meter>` in the header.
 * @csspart measure - The button that measures a very long conversation (over 2,000 messages or 2 million characters).
 * @csspart search - The search box, match count and buttons.
 * @csspart search-input - The search field.
 * @csspart scene - The scene card (protocol 1.1): name, type, id, owner, admins, members, mute, the assistant's role.
 * @csspart scene-name - The scene's name in the card.
 * @csspart messages - The list of messages.
 * @csspart message - Each `<envelope-message>`.
 * @csspart status - The loading and empty states.
 * @csspart error - The error panel.
 * @csspart rejected - A live message that was refused: its error panel, where it would have been.
 * @csspart new-messages - The "new messages" pill, while the reader is scrolled away from the end.
 *
 * @cssprop [--pe-surface-color=#ffffff] - Background (dark theme: #111827).
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Secondary text colour (dark theme: #9ca3af).
 * @cssprop [--pe-font-family=system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'PingFang SC', 'Microsoft YaHei', sans-serif] - Font family.
 * @cssprop [--pe-scene-color=#f8fafc] - Background of the scene card (dark theme: #162032).
 */
export class EnvelopeChat extends LitElement {
  static override styles = [themeStyles, errorPanelStyles, envelopeChatStyles];

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

  /**
   * Text to find (case-insensitive) in every segment, shown or collapsed; matches are
   * highlighted and collapsed segments that hold one are expanded. The search box edits it.
   */
  @property()
  search = '';

  /** The context window in tokens: the header's context meter draws a line there. */
  @property({ type: Number, attribute: 'context-limit' })
  contextLimit?: number;

  /** Show only the messages with a match while searching. */
  @property({ type: Boolean, attribute: 'matches-only' })
  matchesOnly = false;

  private readonly input = new EnvelopeInput(this);
  private readonly ambient = new AmbientController(this, { chat: chatStrings });
  private readonly lazy = new LazyChunks(this);
  private readonly painter = new MatchPainter(this);
  private readonly live = new LiveChat(this);
  private readonly follow = new FollowBottom(this, () =>
    this.renderRoot.querySelector<HTMLElement>('.messages'),
  );
  /**
   * The live changes the next update draws (tokens come faster than frames, so they are drawn
   * together): the envelope the first was made from, the messages they touched, the appends.
   */
  private liveChanges?: { from: Envelope; indexes: number[]; appended: number };
  /** What the live region last said (once per new message, never per token). */
  private announcement = '';
  private variablesOf = new WeakMap<Envelope, Record<string, string>>();
  private heightsOf = new WeakMap<Envelope, Map<number, number>>();
  private fullHeadersOf = new WeakMap<Envelope, Set<string>>();
  private announcedOf = new WeakMap<Envelope, Map<string, StateChangeSegment[]>>();
  private shown?: Envelope;
  /** Message indexes in the list: all of them, or those with a match (`matchesOnly`). */
  private listed: number[] = [];
  private result: SearchResult = { matches: [], truncated: false };
  // A large envelope's matches arrive later: redo the search step with them, as on a new query.
  private readonly searching = new ChatSearch(this, () => this.requestUpdate('search', ''));
  private current = -1;
  private scrollPending = false;
  private typing?: ReturnType<typeof setTimeout>;
  private readonly meter = new ChatMeter(this);

  /** The envelope being shown, once valid (what `<protocol-panel for=…>` reads). */
  get loadedEnvelope(): Envelope | undefined {
    return this.input.state.status === 'ready' ? this.input.state.envelope : undefined;
  }

  /** How many matches `search` has (at most 10,000 are counted). */
  get matchCount(): number {
    return this.result.matches.length;
  }

  /** Position of the current match (0-based), or -1 when there is none. */
  get currentMatch(): number {
    return this.current;
  }

  /** Moves to the next match (after the last, the first) and scrolls it into view. */
  nextMatch(): void {
    this.step(1);
  }

  /** Moves to the previous match (before the first, the last) and scrolls it into view. */
  previousMatch(): void {
    this.step(-1);
  }

  /** Renders the message with this id if it was not, and scrolls it into view. */
  async revealMessage(id: string): Promise<void> {
    const index = this.shown?.messages.findIndex((message) => message.id === id) ?? -1;
    const position = this.positionOf(index);
    if (position < 0) return;
    this.lazy.pin(position);
    await this.updateComplete;
    const item = this.renderRoot.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!item) return;
    await this.painter.scrollTo(item);
    // Keyboard and screen reader users land on the message they asked for.
    item.focus({ preventScroll: true });
  }

  /**
   * Adds a message at the end of the conversation (live). Only this message is validated; an
   * invalid one shows the error panel in its place and fires `envelope-error`, and the rest stays
   * as it was. With `{ streaming: true }` the message shows a typing indicator until
   * `endStream(id)` or a final `updateMessage`. Fires `envelope-change`; returns whether it was
   * taken. With no conversation shown, the message starts one.
   */
  appendMessage(message: Message, options?: UpdateOptions): boolean {
    return this.live.append(message, options);
  }

  /**
   * Replaces the message with this id (live): a final version after streaming, a parsed tool
   * call. Ends the message's typing indicator unless `{ streaming: true }`.
   */
  updateMessage(id: string, message: Message, options?: UpdateOptions): boolean {
    return this.live.update(id, message, options);
  }

  /**
   * Streams text into a message: added to its last segment when that is a text segment, else
   * as a new text segment. The message shows its typing indicator until `endStream`.
   */
  appendText(messageId: string, delta: string): boolean {
    return this.live.appendText(messageId, delta);
  }

  /**
   * Streams the arguments of the tool call in segment `segmentIndex` of a message, as JSON
   * text: shown as it arrives until an `updateMessage` brings the parsed call.
   */
  appendToolArguments(messageId: string, segmentIndex: number, delta: string): boolean {
    return this.live.appendToolArguments(messageId, segmentIndex, delta);
  }

  /** The message is complete: its typing indicator goes, and so do unparsed argument pieces. */
  endStream(messageId: string): void {
    this.live.end(messageId);
  }

  /** Applies one update of the core's `createStreamReader` (append, text, arguments, segment, update, end). */
  applyStreamUpdate(update: StreamUpdate): boolean {
    return this.live.applyStreamUpdate(update);
  }

  /**
   * Shows a live change's `next`, carrying what was derived from the old one.
   * @internal The live controller calls it; no API.
   */
  showLive(next: Envelope, derived: Derived, index: number, kind: ChangeKind): void {
    const from = this.shown;
    if (from) {
      this.heightsOf.set(next, this.heightsOf.get(from) ?? new Map());
      memories.set(next, collapseMemoryOf(from));
      this.meter.carry(from, next);
    }
    this.variablesOf.set(next, derived.variables);
    this.fullHeadersOf.set(next, derived.fullHeaders);
    this.announcedOf.set(next, derived.announced);
    if (from) {
      this.liveChanges ??= { from, indexes: [], appended: 0 };
      this.liveChanges.indexes.push(index);
      if (kind === 'append') this.liveChanges.appended++;
    }
    if (kind === 'append') {
      const message = next.messages[index]!;
      this.announcement = this.ambient.t('chat.newMessage', {
        role: this.ambient.t(`role.${message.role}`),
      });
    }
    this.input.adopt(next);
    this.envelope = next;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.typing);
    this.painter.clear();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A server render calls willUpdate, but neither the controllers' hooks nor update().
    if (isServer) this.syncList(changed);
  }

  /** Live changes wait for the next frame, so that a stream of tokens costs one update a frame. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!this.liveChanges || isServer) return super.scheduleUpdate();
    return new Promise((resolve) => requestAnimationFrame(resolve)).then(() =>
      super.scheduleUpdate(),
    );
  }

  // Runs after the input controller's hostUpdate (willUpdate would see the previous envelope).
  protected override update(changed: PropertyValues<this>): void {
    // Whether the reader is at the end is read before the change is drawn (the layout is clean).
    if (this.liveChanges) this.follow.before(this.liveChanges.appended);
    this.syncList(changed);
    super.update(changed);
  }

  /** Recomputes the matches and the listed messages when the envelope or the search changed. */
  private syncList(changed: PropertyValues<this>): void {
    const envelope = this.loadedEnvelope;
    const live = this.liveChanges;
    this.liveChanges = undefined;
    if (envelope && live && live.from === this.shown && !changed.has('matchesOnly')) {
      let searchChanged = changed.has('search');
      for (const index of new Set(live.indexes)) {
        this.syncLive(envelope, index, searchChanged);
        searchChanged = false;
      }
      return;
    }
    const newEnvelope = envelope !== this.shown;
    if (!newEnvelope && !changed.has('search') && !changed.has('matchesOnly')) return;
    this.shown = envelope;
    if (!envelope) {
      this.result = { matches: [], truncated: false };
      this.current = -1;
      return;
    }
    if (newEnvelope || changed.has('search')) {
      this.result = this.searching.result(envelope, this.search) ?? {
        matches: [],
        truncated: false,
      };
      this.current = this.result.matches.length > 0 ? 0 : -1;
      this.expandMatches(envelope);
    }
    const listed =
      this.matchesOnly && searchPattern(this.search)
        ? [...new Set(this.result.matches.map((m) => m.messageIndex))]
        : envelope.messages.map((_, index) => index);
    if (newEnvelope || !sameList(listed, this.listed)) {
      this.listed = listed;
      let heights = this.heightsOf.get(envelope);
      if (!heights) this.heightsOf.set(envelope, (heights = new Map()));
      this.lazy.reset(listed.length, heights);
    }
    if (this.current < 0) this.lazy.unpin();
    else this.lazy.pin(this.positionOf(this.result.matches[this.current]!.messageIndex));
  }

  /** A live change: the one message is searched again and the list grows; nothing else. */
  private syncLive(envelope: Envelope, index: number, searchChanged: boolean): void {
    this.shown = envelope;
    const markdownText = loadedMarkdownText();
    if (searchChanged || !searchPattern(this.search) || !markdownText) {
      this.result = this.searching.result(envelope, this.search) ?? {
        matches: [],
        truncated: false,
      };
    } else {
      this.result = researchMessage(this.result, envelope, index, this.search, markdownText);
      const memory = collapseMemoryOf(envelope);
      for (const m of this.result.matches)
        if (m.messageIndex === index && m.segmentIndex !== HEADER_MATCH)
          memory.set(`${envelope.messages[index]!.id}/${m.segmentIndex}`, false);
    }
    if (this.current >= this.result.matches.length) this.current = this.result.matches.length - 1;
    if (this.current < 0 && this.result.matches.length > 0) this.current = 0;
    const listedHere = this.positionOf(index) >= 0;
    const wanted =
      !this.matchesOnly ||
      !searchPattern(this.search) ||
      this.result.matches.some((m) => m.messageIndex === index);
    if (!listedHere && wanted) {
      // Appends are at the end, and so is their place in the list (grown in place, not copied).
      this.listed.push(index);
      this.lazy.grow(this.listed.length);
    }
  }

  protected override updated(): void {
    const envelope = this.shown;
    this.meter.schedule(envelope);
    const list = this.renderRoot.querySelector('.messages');
    if (list) this.lazy.observe(list);
    // The attribute binding renders on the server too; a box a person clicked follows only its
    // property (server rendering writes `.checked` as an attribute that is always on).
    const box = this.renderRoot.querySelector<HTMLInputElement>('.matches-only');
    if (box) box.checked = this.matchesOnly;
    const scroll = this.scrollPending;
    this.scrollPending = false;
    void this.painter.paint(this.search, this.result.matches, this.current, scroll);
  }

  protected override getUpdateComplete(): Promise<boolean> {
    const update = () => super.getUpdateComplete();
    // Nothing on its way: Lit's own promise, so that an update costs no more turns than before.
    return this.painter.pending.idle ? update() : this.painter.pending.settle(update);
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
        content = html`<p part="status" class="status" role="status" aria-busy="true">
          ${a.t('common.loading')}
        </p>`;
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
    let fullHeaders = this.fullHeadersOf.get(envelope);
    if (!fullHeaders)
      this.fullHeadersOf.set(envelope, (fullHeaders = fullHeaderMessageIds(envelope.messages)));
    // One pass over the messages per envelope, like the full headers: what the export adds.
    let announced = this.announcedOf.get(envelope);
    if (!announced)
      this.announcedOf.set(envelope, (announced = unannouncedChanges(envelope.messages)));
    const lookups = envelopeLookups(envelope);
    const sceneId = envelope.scene?.id;
    const renderItems = (chunk: number, indexes: readonly number[]) =>
      repeat(
        indexes,
        (index) => index,
        (index, i) => {
          const message = envelope.messages[index]!;
          const added = announced.get(message.id);
          return html`<div
              class="item"
              role="listitem"
              tabindex="-1"
              data-index=${index}
              aria-posinset=${chunk * CHUNK_SIZE + i + 1}
              aria-setsize=${this.listed.length}
            >
              <envelope-message
                part="message"
                .message=${markValid(message)}
                .variables=${variables}
                .collapseMemory=${memory}
                .names=${message.role === 'event' || added ? lookups.names : undefined}
                .announced=${added}
                ?full-header=${fullHeaders.has(message.id)}
                reply-to-name=${ifDefined(this.replyName(envelope, message))}
                scene-id=${ifDefined(sceneId)}
                time-zone=${ifDefined(this.timeZone)}
                theme=${a.theme}
                lang=${a.lang}
                ?streaming=${this.live.streaming.has(message.id)}
                .partialArguments=${this.live.partials.get(message.id)}
              ></envelope-message>
            </div>
            ${this.renderRejected(index + 1)}`;
        },
      );
    return html`<div part="header" class="header">
        <h2 class="title">${a.t('chat.label')}</h2>
        <span class="facts">
          ${envelope.model ? html`<span class="model">${shownLabel(envelope.model)}</span> · ` : ''}${a.t('chat.messages', { n: envelope.messages.length })}
        </span>
        ${this.meter.render(envelope, a, this.contextLimit)} ${this.renderSearch()}
      </div>
      ${envelope.scene ? renderSceneCard(envelope.scene, a) : nothing}
      <div
        part="messages"
        class="messages"
        role="list"
        aria-label=${a.t('chat.label')}
        @message-reveal=${this.onMessageReveal}
      >
        ${this.renderRejected(0)} ${this.lazy.render(this.listed, renderItems)}
      </div>
      ${this.renderLiveStatus()}`;
  }

  /** Refused live messages that stand after `position` messages: their error panels. */
  private renderRejected(position: number) {
    const here = this.live.rejected.filter((r) => r.position === position);
    if (here.length === 0) return nothing;
    const a = this.ambient;
    return here.map(
      (r) =>
        html`<div part="rejected" class="item rejected" role="listitem">
          ${renderErrorPanel(a.t('error.title'), r.errors)}
        </div>`,
    );
  }

  /** The "new messages" pill while the reader is away from the end, and the live region. */
  private renderLiveStatus() {
    const a = this.ambient;
    const unseen = this.follow.unseen;
    return html`${
        unseen > 0
          ? html`<button
              part="new-messages"
              class="new-messages"
              type="button"
              @click=${() => this.follow.jump()}
            >
              ${a.t('chat.newMessages', { n: unseen })}
            </button>`
          : nothing
      }
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>`;
  }

  /** What the reply link of `message` calls the message it answers: its speaker, else its role. */
  private replyName(envelope: Envelope, message: Message): string | undefined {
    if (message.replyTo === undefined) return undefined;
    const target = envelopeLookups(envelope).message(message.replyTo);
    if (!target) return undefined;
    const actor = target.actor;
    return actor
      ? actor.name || actor.groupNickname || actor.userId
      : this.ambient.t(`role.${target.role}`);
  }

  private onMessageReveal = (event: MessageRevealEvent): void => {
    void this.revealMessage(event.detail.messageId);
  };

  private renderSearch() {
    return renderSearchBox({
      ambient: this.ambient,
      search: this.search,
      result: this.result,
      busy: this.searching.busy,
      current: this.current,
      matchesOnly: this.matchesOnly,
      onInput: (event) => this.onSearchInput(event),
      onKey: (event) => this.onSearchKey(event),
      onStep: (direction) => this.step(direction),
      onMatchesOnly: (value) => (this.matchesOnly = value),
    });
  }

  private onSearchInput(event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    clearTimeout(this.typing);
    // Searching 50,000 messages on every key would lag the typing; a short pause is enough.
    this.typing = setTimeout(() => this.setSearch(value), 150);
  }

  private onSearchKey(event: KeyboardEvent): void {
    const field = event.target as HTMLInputElement;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (field.value !== this.search) this.setSearch(field.value);
      else this.step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape' && field.value !== '') {
      event.preventDefault();
      field.value = '';
      this.setSearch('');
    }
  }

  private setSearch(value: string): void {
    clearTimeout(this.typing);
    this.search = value;
    this.scrollPending = true;
  }

  private step(direction: 1 | -1): void {
    const count = this.result.matches.length;
    if (count === 0) return;
    this.current = (this.current + direction + count) % count;
    this.lazy.pin(this.positionOf(this.result.matches[this.current]!.messageIndex));
    this.scrollPending = true;
    this.requestUpdate();
  }

  /** Expands every collapsed segment with a match, rendered or not (they remember it). */
  private expandMatches(envelope: Envelope): void {
    const memory = collapseMemoryOf(envelope);
    for (const { messageIndex, segmentIndex } of this.result.matches)
      if (segmentIndex !== HEADER_MATCH)
        memory.set(`${envelope.messages[messageIndex]!.id}/${segmentIndex}`, false);
  }

  /** Where a message index sits in the list (the list is sorted), or -1. */
  private positionOf(index: number): number {
    let low = 0;
    let high = this.listed.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = this.listed[middle]!;
      if (value === index) return middle;
      if (value < index) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
