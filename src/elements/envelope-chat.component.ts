import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { repeat } from 'lit/directives/repeat.js';
import { exceedsCharacters, measureEnvelope, type MeasureResult } from '../core/measure.js';
import { fullHeaderMessageIds, unannouncedChanges } from '../core/headers.js';
import type { MessageRevealEvent } from '../events.js';
import type { Envelope, Message, Scene, StateChangeSegment } from '../core/protocol.js';
import { HEADER_MATCH, searchEnvelope, searchPattern, type SearchResult } from '../core/search.js';
import { staticVariables } from '../core/template.js';
import { errorPanelStyles, renderErrorPanel } from './internal/error-panel.js';
import { EnvelopeInput } from './internal/envelope-input.js';
import { CHUNK_SIZE, LazyChunks } from './internal/lazy-chunks.js';
import { AmbientController } from './internal/localize.js';
import { cutText, envelopeLookups } from './internal/participants.js';
import { scrollSteadily, SearchHighlighter } from './internal/search-highlighter.js';
import type { CollapseMemory } from './internal/segment-element.js';
import { formatNumber } from './internal/format.js';
import { shownLabel } from './internal/shown-text.js';
import { themeStyles } from './internal/theme.js';
import { markValid } from './internal/validated.js';

/** Toggles are remembered per envelope object, so they survive re-renders and switching back. */
const memories = new WeakMap<Envelope, CollapseMemory>();

export function collapseMemoryOf(envelope: Envelope): CollapseMemory {
  let memory = memories.get(envelope);
  if (!memory) memories.set(envelope, (memory = new Map()));
  return memory;
}

/**
 * Conversations up to this many messages and characters are measured on their own after the
 * first paint; bigger ones on request (measuring blocks the page for about 50 ns a character).
 */
const MEASURE_AUTO_LIMIT = 2_000;
const MEASURE_AUTO_CHARS = 2_000_000;

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
 * @event envelope-load - A valid envelope is shown (`detail: { envelope, warnings }`).
 * @event envelope-error - The input is invalid or could not be loaded (`detail: { errors }`).
 * @event segment-toggle - A segment was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
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
 *
 * @cssprop --pe-surface-color - Background.
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Secondary text colour.
 * @cssprop --pe-font-family - Font family.
 * @cssprop --pe-scene-color - Background of the scene card (default #f8fafc, dark #162032).
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
        position: sticky;
        top: 0;
        z-index: 1;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.4rem 0.75rem;
        padding: 0.6rem 1rem;
        border-bottom: 1px solid var(--_border);
        background: var(--_surface);
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
      .meter {
        flex: 1 1 12rem;
        max-width: 22rem;
      }
      .measure,
      .search button {
        padding: 0.15rem 0.45rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_subtle);
        cursor: pointer;
        line-height: 1.2;
      }
      .measure {
        font-size: 0.85em;
      }
      .search {
        display: flex;
        flex-wrap: nowrap;
        align-items: center;
        gap: 0.35rem;
        margin-inline-start: auto;
        font-size: 0.85em;
      }
      .search input[type='search'] {
        box-sizing: border-box;
        width: 12rem;
        max-width: 100%;
        padding: 0.25rem 0.5rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
        background: var(--_surface);
        color: inherit;
        font: inherit;
      }
      .match-status {
        min-width: 4.5rem;
        color: var(--_muted);
        font-variant-numeric: tabular-nums;
      }
      .search button:disabled {
        cursor: default;
        opacity: 0.5;
      }
      .search label {
        display: inline-flex;
        align-items: center;
        gap: 0.25rem;
        color: var(--_muted);
      }
      .scene {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.15rem 0.6rem;
        margin: 0.75rem 1rem 0;
        padding: 0.45rem 0.75rem;
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_scene);
        color: var(--_muted);
        font-size: 0.85em;
      }
      .scene-label {
        font-size: 0.85em;
        font-weight: 700;
        letter-spacing: 0.03em;
        text-transform: uppercase;
      }
      .scene-name {
        margin: 0;
        color: var(--_text);
        font-size: 1.1em;
        font-weight: 650;
        overflow-wrap: anywhere;
      }
      .scene-facts {
        display: flex;
        flex-wrap: wrap;
        gap: 0.1rem 0.6rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .scene-facts li {
        overflow-wrap: anywhere;
      }
      .scene-facts li + li::before {
        content: '·';
        margin-inline-end: 0.6rem;
      }
      .scene-value {
        color: var(--_text);
      }
      .messages {
        padding: 1rem 1rem 0.1rem;
      }
      .item:focus {
        outline: none;
      }
      .item:focus-visible {
        outline: 2px solid var(--_focus);
        outline-offset: 4px;
        border-radius: var(--_radius);
      }
      .item {
        padding-bottom: 0.9rem;
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
  private readonly ambient = new AmbientController(this);
  private readonly lazy = new LazyChunks(this);
  private readonly highlighter = new SearchHighlighter(this);
  private variablesOf = new WeakMap<Envelope, Record<string, string>>();
  private heightsOf = new WeakMap<Envelope, Map<number, number>>();
  private fullHeadersOf = new WeakMap<Envelope, Set<string>>();
  private announcedOf = new WeakMap<Envelope, Map<string, StateChangeSegment[]>>();
  private shown?: Envelope;
  /** Message indexes in the list: all of them, or those with a match (`matchesOnly`). */
  private listed: number[] = [];
  private result: SearchResult = { matches: [], truncated: false };
  private current = -1;
  private scrollPending = false;
  private typing?: ReturnType<typeof setTimeout>;
  /** The header meter's figures and their envelope: after the first paint, or on request. */
  private measured?: Envelope;
  private measurement?: MeasureResult;
  private readonly autoMeasured = new WeakMap<Envelope, boolean>();
  private measuring?: ReturnType<typeof setTimeout>;

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
    await scrollSteadily(item, this, 'start');
    // Keyboard and screen reader users land on the message they asked for.
    item.focus({ preventScroll: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.typing);
    clearTimeout(this.measuring);
    this.highlighter.clear();
  }

  // Runs after the input controller's hostUpdate (willUpdate would see the previous envelope).
  protected override update(changed: PropertyValues<this>): void {
    this.syncList(changed);
    super.update(changed);
  }

  /** Recomputes the matches and the listed messages when the envelope or the search changed. */
  private syncList(changed: PropertyValues<this>): void {
    const envelope = this.loadedEnvelope;
    const newEnvelope = envelope !== this.shown;
    if (!newEnvelope && !changed.has('search') && !changed.has('matchesOnly')) return;
    this.shown = envelope;
    if (!envelope) {
      this.result = { matches: [], truncated: false };
      this.current = -1;
      return;
    }
    if (newEnvelope || changed.has('search')) {
      this.result = searchEnvelope(envelope, this.search);
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

  protected override updated(): void {
    const envelope = this.shown;
    // The meter measures the whole request: after the first paint, so that it never delays
    // it, and for very long conversations only when asked.
    if (envelope && this.measured !== envelope && this.measuresItself(envelope)) {
      clearTimeout(this.measuring);
      this.measuring = setTimeout(() => this.measure(envelope));
    }
    const list = this.renderRoot.querySelector('.messages');
    if (list) this.lazy.observe(list);
    const scroll = this.scrollPending;
    this.scrollPending = false;
    const current = this.result.matches[this.current];
    void this.highlighter.paint(this.search, this.result.matches, current, scroll);
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
    let fullHeaders = this.fullHeadersOf.get(envelope);
    if (!fullHeaders)
      this.fullHeadersOf.set(envelope, (fullHeaders = fullHeaderMessageIds(envelope.messages)));
    // One pass over the messages per envelope, like the full headers: what the export adds.
    let announced = this.announcedOf.get(envelope);
    if (!announced)
      this.announcedOf.set(envelope, (announced = unannouncedChanges(envelope.messages)));
    const lookups = envelopeLookups(envelope);
    const sceneId = envelope.scene?.id;
    const chunks = Array.from({ length: this.lazy.chunkCount() }, (_, chunk) => chunk);
    return html`<div part="header" class="header">
        <h2 class="title">${a.t('chat.label')}</h2>
        <span class="facts">
          ${envelope.model ? html`<span class="model">${shownLabel(envelope.model)}</span> · ` : ''}${a.t('chat.messages', { n: envelope.messages.length })}
        </span>
        ${this.renderMeter(envelope)} ${this.renderSearch()}
      </div>
      ${envelope.scene ? this.renderScene(envelope.scene) : nothing}
      <div
        part="messages"
        class="messages"
        role="list"
        aria-label=${a.t('chat.label')}
        @message-reveal=${this.onMessageReveal}
      >
        ${repeat(
          chunks,
          (chunk) => chunk,
          (chunk) => {
            const indexes = this.listed.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE);
            const live = this.lazy.isLive(chunk);
            // A sleeping chunk keeps its element (observed) and the height of its messages. The
            // height goes through CSSOM (style.cssText), which a CSP without inline styles allows.
            const style = live ? '' : `height: ${this.lazy.spacerHeight(indexes)}px`;
            return html`<div class="chunk" role="none" data-chunk=${chunk} .style=${style}>
              ${
                live
                  ? repeat(
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
                          ></envelope-message>
                        </div>`;
                      },
                    )
                  : nothing
              }
            </div>`;
          },
        )}
      </div>`;
  }

  /** The scene card: one line of name and kind, one of facts; every value is text. */
  private renderScene(scene: Scene) {
    const a = this.ambient;
    const value = (text: string) => cutText(text, 64, 'scene-value');
    const type =
      scene.type === 'group'
        ? a.t('scene.group')
        : scene.type === 'private'
          ? a.t('scene.private')
          : shownLabel(scene.type);
    const facts: unknown[] = [html`${a.t('scene.id')} ${value(scene.id)}`];
    if (scene.ownerId) facts.push(html`${a.t('scene.owner')} ${value(scene.ownerId)}`);
    if (scene.admins && scene.admins.length > 0)
      facts.push(html`${a.t('scene.admins')} ${value(scene.admins.join(', '))}`);
    if (scene.memberCount !== undefined)
      facts.push(a.t('scene.members', { n: formatNumber(scene.memberCount, a.lang) }));
    if (scene.globalMute !== undefined)
      facts.push(a.t(scene.globalMute ? 'scene.globalMute' : 'scene.noGlobalMute'));
    if (scene.assistantRole)
      facts.push(a.t('scene.assistantRole', { role: shownLabel(scene.assistantRole) }));
    return html`<section part="scene" class="scene" aria-label=${a.t('scene.label')}>
      <span class="scene-label">${type}</span>
      ${
        scene.name
          ? html`<h3 part="scene-name" class="scene-name">
              ${cutText(scene.name, 80, 'scene-name-text')}
            </h3>`
          : nothing
      }
      <ul class="scene-facts">
        ${facts.map((fact) => html`<li>${fact}</li>`)}
      </ul>
    </section>`;
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

  private renderMeter(envelope: Envelope) {
    const a = this.ambient;
    if (this.measured === envelope)
      return html`<context-meter
        part="meter"
        class="meter"
        compact
        .measurement=${this.measurement}
        limit=${ifDefined(this.contextLimit)}
        theme=${a.theme}
        lang=${a.lang}
      ></context-meter>`;
    if (this.measuresItself(envelope)) return nothing;
    return html`<button
      part="measure"
      class="measure"
      type="button"
      @click=${() => this.measure(envelope)}
    >
      ${a.t('chat.measure')}
    </button>`;
  }

  /** Whether an envelope is small enough to be measured without a click. */
  private measuresItself(envelope: Envelope): boolean {
    let small = this.autoMeasured.get(envelope);
    if (small === undefined) {
      small =
        envelope.messages.length <= MEASURE_AUTO_LIMIT &&
        !exceedsCharacters(envelope, MEASURE_AUTO_CHARS);
      this.autoMeasured.set(envelope, small);
    }
    return small;
  }

  private measure(envelope: Envelope): void {
    if (this.shown !== envelope) return;
    this.measured = envelope;
    // Measured here rather than by the meter from `.envelope`: an inner element must not fire
    // its own envelope-load and envelope-error events out of the chat.
    this.measurement = measureEnvelope(envelope);
    this.requestUpdate();
  }

  private renderSearch() {
    const a = this.ambient;
    const count = this.result.matches.length;
    const countText = `${count}${this.result.truncated ? '+' : ''}`;
    let status = '';
    if (searchPattern(this.search))
      status =
        count === 0
          ? a.t('chat.noMatches')
          : a.t('chat.matchPosition', { i: this.current + 1, n: countText });
    return html`<div part="search" class="search" role="search">
      <input
        part="search-input"
        type="search"
        .value=${this.search}
        placeholder=${a.t('chat.searchPlaceholder')}
        aria-label=${a.t('chat.search')}
        @input=${this.onSearchInput}
        @keydown=${this.onSearchKey}
      />
      <span class="match-status" role="status">${status}</span>
      <button
        type="button"
        aria-label=${a.t('chat.previousMatch')}
        title=${a.t('chat.previousMatch')}
        ?disabled=${count === 0}
        @click=${() => this.step(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        aria-label=${a.t('chat.nextMatch')}
        title=${a.t('chat.nextMatch')}
        ?disabled=${count === 0}
        @click=${() => this.step(1)}
      >
        ↓
      </button>
      <label>
        <input
          type="checkbox"
          .checked=${this.matchesOnly}
          @change=${(e: Event) => (this.matchesOnly = (e.target as HTMLInputElement).checked)}
        />${a.t('chat.matchesOnly')}
      </label>
    </div>`;
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
