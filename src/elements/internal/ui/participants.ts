import { html, nothing, type TemplateResult } from 'lit';
import { cut } from '../../../core/assembly/headers.js';
import type { Envelope, Message } from '../../../core/protocol/types.js';
import { shownLabel } from '../pacing/shown-text.js';

/**
 * Drawing participants (SPEC §2.2): localized sentences with member-controlled values as text
 * nodes, visible cuts with the full value in a title, durations, and the per-envelope lookups the
 * chat needs for actors, replies and state changes.
 */

/**
 * A localized template (`'{user} joined'`) with its placeholders replaced by templates, so that
 * each value stays its own text node (never parsed as HTML) and can carry a part and a title.
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, TemplateResult | string>>,
): (TemplateResult | string)[] {
  const out: (TemplateResult | string)[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const name = match[1]!;
    if (!(name in values)) continue;
    if (match.index > last) out.push(template.slice(last, match.index));
    out.push(values[name]!);
    last = match.index + match[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out;
}

/**
 * `text` cut at `max` code points with `…` (as headers cut values), in a span of class
 * `className` whose title holds the whole text when it was cut (the span then also gets the part
 * and class `cut`). With `full`, the whole text. "Whole" is at most MAX_LABEL_CHARS.
 */
export function cutText(
  text: string,
  max: number,
  className: string,
  full = false,
  part?: string,
): TemplateResult {
  // Even "whole" is a label's worth: a member may choose a 10 MB name (SPEC §6).
  const whole = shownLabel(text);
  const shown = full ? whole : cut(text, max);
  const wasCut = shown !== text;
  const parts = [part, wasCut ? 'cut' : undefined].filter(Boolean).join(' ');
  return html`<span
    part=${parts || nothing}
    class=${wasCut ? `${className} cut` : className}
    title=${wasCut ? whole : nothing}
    >${shown}</span
  >`;
}

const unitFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(lang: string, unit: string): Intl.NumberFormat {
  const key = `${lang}|${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'long' });
    }
    // `lang` is an attribute: keep the cache small whatever it holds.
    if (unitFormats.size >= 64) unitFormats.clear();
    unitFormats.set(key, format);
  }
  return format;
}

const UNITS: [string, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** A duration in seconds for people, its two largest units: "1 hour 30 minutes", "10 分钟". */
export function formatDuration(seconds: number, lang: string): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (parts.length === 2) break;
    const amount = Math.floor(rest / size);
    if (amount === 0 && !(unit === 'second' && parts.length === 0)) {
      if (parts.length > 0) break;
      continue;
    }
    parts.push(unitFormat(lang, unit).format(amount));
    rest -= amount * size;
  }
  return parts.join(' ');
}

/**
 * What the chat looks up while drawing one envelope, built on first use (most envelopes have no
 * replies and no events, and a long one should not pay for them) and kept per envelope object.
 */
export class EnvelopeLookups {
  private ids?: Map<string, number>;
  private known?: Map<string, string>;

  constructor(private readonly envelope: Envelope) {}

  /** Position of each message by id (the first one when ids repeat). */
  get indexById(): ReadonlyMap<string, number> {
    if (!this.ids) {
      this.ids = new Map();
      this.envelope.messages.forEach((message, index) => {
        if (!this.ids!.has(message.id)) this.ids!.set(message.id, index);
      });
    }
    return this.ids;
  }

  /**
   * The name each user id speaks with (its latest `actor.name` in the envelope), shown next to
   * the ids of state changes.
   */
  get names(): ReadonlyMap<string, string> {
    if (!this.known) {
      this.known = new Map();
      for (const message of this.envelope.messages)
        if (message.actor?.name) this.known.set(message.actor.userId, message.actor.name);
    }
    return this.known;
  }

  /** The message with this id, if any. */
  message(id: string): Message | undefined {
    const index = this.indexById.get(id);
    return index === undefined ? undefined : this.envelope.messages[index];
  }
}

const lookups = new WeakMap<Envelope, EnvelopeLookups>();

export function envelopeLookups(envelope: Envelope): EnvelopeLookups {
  let found = lookups.get(envelope);
  if (!found) lookups.set(envelope, (found = new EnvelopeLookups(envelope)));
  return found;
}
