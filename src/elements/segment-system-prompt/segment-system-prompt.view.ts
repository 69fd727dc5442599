import { html, nothing, type TemplateResult } from 'lit';
import { expandPlaceholders, splitPlaceholders } from '../../core/protocol/template.js';
import type { SystemPromptSegment } from '../../core/protocol/types.js';
import { renderDisclosure } from '../internal/ui/disclosure.js';
import { promptIcon } from '../internal/ui/icons.js';
import { cacheWords } from '../internal/ui/cache-note.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import {
  MAX_SHOWN_CHARS,
  renderCutNote,
  shortened,
  shownPart,
} from '../internal/pacing/shown-text.js';

type Piece = { text: string; name?: string };

/**
 * Placeholders marked in each figure; the text after the last one is shown unmarked. A prompt of
 * 100,000 characters can hold 10,000 placeholders, and each mark is an element (issue 20): a
 * thousand marks were about 0.1 s of the first draw of a prompt with a million placeholders.
 */
const MAX_MARKS = 250;

/** A value in a placeholder's tooltip: a glance, and a prompt may hold thousands of them. */
const tooltip = (value: string) => shortened(value, 200);

/** A system prompt drawn: by `<segment-system-prompt>` and inside `<envelope-message>`. */
export class SystemPromptView extends SegmentView<SystemPromptSegment> {
  readonly kind = 'system_prompt';

  /** Values of the placeholders by name (see the element's `variables`). */
  variables?: Record<string, string>;

  protected renderSegment(segment: SystemPromptSegment) {
    const t = this.ambient;
    return renderDisclosure({
      kind: 'kind-system_prompt',
      icon: promptIcon,
      label: t.t('kind.system_prompt'),
      summary: segment.cacheControl
        ? html`${t.t('common.characters', { n: segment.content.length })} ·
            <span part=${this.part('cache')} class="cache-tag" title=${t.t('cache.why')}
              >${cacheWords(t, segment.cacheControl)}</span
            >`
        : t.t('common.characters', { n: segment.content.length }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () => this.renderBody(segment.content),
    });
  }

  private renderBody(content: string): TemplateResult {
    // The marks end after MAX_MARKS placeholders: the rest is one piece, filled in whole.
    const pieces = splitPlaceholders(content, MAX_MARKS);
    if (!pieces.some((piece) => piece.name !== undefined)) {
      return html`<pre part=${this.part('text')} class="text">${content}</pre>`;
    }
    const t = this.ambient;
    const values = this.variableMap();
    const template: (string | TemplateResult)[] = [];
    let unmarked = '';
    for (const piece of pieces) {
      if (piece.name === undefined) unmarked += piece.text;
      else {
        template.push(unmarked, this.renderPlaceholder(piece, values));
        unmarked = '';
      }
    }
    // Within the same budget as the text as sent: a prompt of 9 MB drawn whole blocks the page.
    template.push(shownPart(unmarked));
    const { sent, total } = this.renderSent(pieces, values);
    // The text as sent is as long again: a long one is drawn on a turn of its own (text-pacer.ts).
    if (this.sentDrawnFor !== content && this.admitMore(Math.min(total, MAX_SHOWN_CHARS)))
      this.sentDrawnFor = content;
    const drawSent = this.sentDrawnFor === content;
    return html`<figure part=${this.part('template')}>
        <figcaption part=${this.part('caption')}>${t.t('systemPrompt.template')}</figcaption>
        <pre part=${this.part('text')} class="text">${template}</pre>
        ${unmarked.length > MAX_SHOWN_CHARS ? renderCutNote(t, content.length) : nothing}
      </figure>
      <figure part=${this.part('expanded')} aria-busy=${drawSent ? 'false' : 'true'}>
        <figcaption part=${this.part('caption')}>${t.t('systemPrompt.expanded')}</figcaption>
        ${
          drawSent
            ? html`<pre part=${this.part('text')} class="text">${sent}</pre>
                ${renderCutNote(t, total)}`
            : nothing
        }
      </figure>`;
  }

  /** The prompt whose text as sent has been drawn: later updates draw it at once. */
  private sentDrawnFor?: string;

  /**
   * The text as sent: the same pieces as the core's expandPlaceholders, values marked, at most
   * MAX_SHOWN_CHARS of it (a placeholder repeated a thousand times may fill in a long value).
   */
  private renderSent(pieces: Piece[], values: ReadonlyMap<string, string>) {
    const sent: (string | TemplateResult)[] = [];
    let budget = MAX_SHOWN_CHARS;
    let total = 0;
    let marks = 0;
    for (const piece of pieces) {
      const text = expandPlaceholders(piece.text, values);
      total += text.length;
      if (budget <= 0) continue;
      const shown = shownPart(text, budget);
      budget -= shown.length;
      const known = piece.name !== undefined && values.has(piece.name) && marks++ < MAX_MARKS;
      sent.push(
        known ? html`<mark part=${this.part('value')} class="value">${shown}</mark>` : shown,
      );
    }
    return { sent, total };
  }

  private renderPlaceholder(piece: Piece, values: ReadonlyMap<string, string>) {
    if (piece.name === undefined) return piece.text;
    if (values.has(piece.name)) {
      return html`<mark
        part=${this.part('placeholder')}
        class="placeholder"
        title=${`${piece.name} = ${tooltip(values.get(piece.name)!)}`}
        >${piece.text}</mark
      >`;
    }
    return html`<mark
      part=${this.part('placeholder unknown')}
      class="placeholder unknown"
      title=${this.ambient.t('systemPrompt.unknown')}
      >${piece.text}</mark
    >`;
  }

  /** `variables` as a map of strings only: it comes from a page and may hold anything. */
  private variableMap(): ReadonlyMap<string, string> {
    const variables: unknown = this.variables;
    if (variables === null || typeof variables !== 'object') return new Map();
    return new Map(
      Object.entries(variables).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
}
