import { html, nothing, type TemplateResult } from 'lit';
import { cut, HEADER_VALUE_MAX, stateChangeLine } from '../../core/assembly/headers.js';
import type { StateChangeSegment } from '../../core/protocol/types.js';
import { clockTime } from '../../core/assembly/time.js';
import type { StringKey } from '../internal/strings/strings.js';
import { chevron } from '../internal/ui/disclosure.js';
import { cutText, fillTemplate, formatDuration } from '../internal/ui/participants.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** Names are shorter in a sentence than values: they sit next to an id. */
const NAME_MAX = 32;

/** A state change drawn: by <segment-state-change> and inside `<envelope-message>`. */
export class StateChangeView extends SegmentView<StateChangeSegment> {
  readonly kind = 'state_change';

  /** Time of the event (epoch ms; set by `<envelope-message>`); the line shows it as `HH:mm`. */
  time?: number;

  /** IANA time zone of the line's time (default UTC, as in exports). */
  timeZone?: string;

  /** The envelope's scene id: the line's scene when the segment names none. */
  sceneId?: string;

  /** Names by user id (set by `<envelope-chat>` from the actors): shown next to the ids. */
  names?: ReadonlyMap<string, string>;

  /** Whether whole values and the line are shown; local to this view. */
  private open = false;

  protected override inputChanged(): void {
    this.open = false;
  }

  protected override revealInner(segment: StateChangeSegment, matches: (text: string) => boolean) {
    // A match the row cannot show (past a cut) opens the whole values.
    const texts = [segment.userId, segment.operator, segment.by, segment.value, segment.sceneId];
    if (texts.some((text) => text !== undefined && cut(text) !== text && matches(text)))
      this.open = true;
  }

  protected renderSegment(segment: StateChangeSegment) {
    const t = this.ambient;
    return html`<div part=${this.part('notice')} class="notice">
        <span part=${this.part('sentence')} class="sentence">${this.sentence(segment)}</span>
        <button
          part=${this.part('line-toggle')}
          class="line-toggle"
          type="button"
          aria-expanded=${this.open ? 'true' : 'false'}
          aria-controls=${this.id('line')}
          @click=${() => this.change(() => (this.open = !this.open))}
        >
          ${chevron()}${t.t('stateChange.line')}
        </button>
      </div>
      <code
        part=${this.part('line')}
        class="line"
        id=${this.id('line')}
        aria-label=${t.t('stateChange.lineLabel')}
        ?hidden=${!this.open}
        >${this.open ? this.line(segment) : nothing}</code
      >`;
  }

  /** The exact line of the export (SPEC §3.6); no time when the view has none. */
  private line(segment: StateChangeSegment): string {
    const time = this.time === undefined ? '' : clockTime(this.time, this.timeZone);
    return stateChangeLine(segment, time, this.sceneId || undefined);
  }

  private sentence(segment: StateChangeSegment): (TemplateResult | string)[] {
    const t = this.ambient;
    const user = this.person(segment.userId);
    const operatorId = segment.operator ?? 'system';
    if (segment.change !== 'member_changed') {
      const joined = segment.change === 'member_joined';
      const by = segment.by ?? segment.operator;
      const self = by === undefined || by === 'self' || by === segment.userId;
      if (self)
        return fillTemplate(t.t(joined ? 'stateChange.joined' : 'stateChange.left'), { user });
      const key = joined ? 'stateChange.joinedBy' : 'stateChange.removedBy';
      return fillTemplate(t.t(key), { user, by: this.person(by) });
    }
    const operator = this.person(operatorId);
    const field = segment.field ?? 'name';
    const value = segment.value ?? '';
    if (field === 'role')
      return fillTemplate(t.t('stateChange.role'), {
        operator,
        user,
        value: this.value(value, false),
      });
    if (field === 'mute_time' && /^\d{1,12}$/.test(value)) {
      const seconds = Number(value);
      if (seconds === 0) return fillTemplate(t.t('stateChange.unmuted'), { operator, user });
      const duration = html`<span part=${this.part('value')} class="value"
        >${formatDuration(seconds, t.lang)}</span
      >`;
      return fillTemplate(t.t('stateChange.muted'), { operator, user, duration });
    }
    const fieldName = t.t(`stateChange.field.${field}` as StringKey);
    const own = operatorId === segment.userId;
    return fillTemplate(t.t(own ? 'stateChange.changedOwn' : 'stateChange.changed'), {
      operator,
      user,
      field: fieldName,
      value: this.value(value, true),
    });
  }

  /** A user id, with the known name before it: "Sam (10006)". `system` is the platform. */
  private person(id: string): TemplateResult {
    if (id === 'system')
      return html`<span part=${this.part('person')} class="person"
        >${this.ambient.t('stateChange.system')}</span
      >`;
    const name = this.names?.get(id);
    const idPart = cutText(id, HEADER_VALUE_MAX, 'id', this.open);
    if (!name || name === id)
      return html`<span part=${this.part('person')} class="person">${idPart}</span>`;
    return html`<span part=${this.part('person')} class="person"
      >${cutText(name, NAME_MAX, 'name', this.open)} (${idPart})</span
    >`;
  }

  /** A value; member-chosen ones are quoted, so that they read as data. */
  private value(value: string, quoted: boolean): TemplateResult {
    const text = cutText(value, HEADER_VALUE_MAX, 'value', this.open, this.part('value'));
    return quoted ? html`“${text}”` : text;
  }
}
