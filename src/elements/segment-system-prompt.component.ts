import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { expandPlaceholders, splitPlaceholders } from '../core/protocol/template.js';
import type { SystemPromptSegment } from '../core/protocol/types.js';
import { renderDisclosure } from './internal/disclosure.js';
import { promptIcon } from './internal/icons.js';
import { SegmentElement } from './internal/segment-element.js';
import { MAX_SHOWN_CHARS, renderCutNote, shortened, shownPart } from './internal/shown-text.js';
import { segmentSystemPromptStyles } from './segment-system-prompt.styles.js';

type Piece = { text: string; name?: string };

/**
 * Placeholders marked in each figure; the text after the last one is shown unmarked. A prompt of
 * 100,000 characters can hold 10,000 placeholders, and each mark is an element (issue 20): a
 * thousand marks were about 0.1 s of the first draw of a prompt with a million placeholders.
 */
const MAX_MARKS = 250;

/** A value in a placeholder's tooltip: a glance, and a prompt may hold thousands of them. */
const tooltip = (value: string) => shortened(value, 200);

/**
 * @tagname segment-system-prompt
 * @summary The system prompt: a grey collapsible panel. Expanded, it shows the raw template with
 * each `{{name}}` placeholder marked, and the text as sent with the placeholders filled in from
 * `variables`. A prompt without placeholders is shown once.
 *
 * The prompt is shown as text (white space kept), never as Markdown or HTML: it is what the
 * model receives, character for character.
 *
 * @event segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The character count.
 * @csspart body - The expanded content.
 * @csspart template - The raw template block (only when it has placeholders).
 * @csspart expanded - The "as sent" block (only when the template has placeholders).
 * @csspart caption - The label of the template and "as sent" blocks.
 * @csspart text - A block of prompt text.
 * @csspart placeholder - A `{{name}}` placeholder in the template; also `unknown` when no value is known.
 * @csspart value - A value filled in for a placeholder in the text as sent.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-system-prompt-color - Accent colour (default #6B7280).
 * @cssprop --pe-static-var-color - Colour of placeholder marks (default #3B82F6), as in `<segment-static-var>`.
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of captions and the summary.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentSystemPrompt extends SegmentElement<SystemPromptSegment> {
  static override styles = [...SegmentElement.styles, segmentSystemPromptStyles];

  protected readonly kind = 'system_prompt';

  /**
   * Values of the placeholders by name, usually the envelope's static_var segments (set by
   * `<envelope-message>`). Placeholders without a value are marked as unknown.
   */
  @property({ attribute: false })
  variables?: Record<string, string>;

  protected renderSegment(segment: SystemPromptSegment) {
    const t = this.ambient;
    return renderDisclosure({
      kind: 'kind-system_prompt',
      icon: promptIcon,
      label: t.t('kind.system_prompt'),
      summary: t.t('common.characters', { n: segment.content.length }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () => this.renderBody(segment.content),
    });
  }

  private renderBody(content: string): TemplateResult {
    // The marks end after MAX_MARKS placeholders: the rest is one piece, filled in whole.
    const pieces = splitPlaceholders(content, MAX_MARKS);
    if (!pieces.some((piece) => piece.name !== undefined)) {
      return html`<pre part="text" class="text">${content}</pre>`;
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
    return html`<figure part="template">
        <figcaption part="caption">${t.t('systemPrompt.template')}</figcaption>
        <pre part="text" class="text">${template}</pre>
        ${unmarked.length > MAX_SHOWN_CHARS ? renderCutNote(t, content.length) : nothing}
      </figure>
      <figure part="expanded" aria-busy=${drawSent ? 'false' : 'true'}>
        <figcaption part="caption">${t.t('systemPrompt.expanded')}</figcaption>
        ${
          drawSent
            ? html`<pre part="text" class="text">${sent}</pre>
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
      sent.push(known ? html`<mark part="value" class="value">${shown}</mark>` : shown);
    }
    return { sent, total };
  }

  private renderPlaceholder(piece: Piece, values: ReadonlyMap<string, string>) {
    if (piece.name === undefined) return piece.text;
    if (values.has(piece.name)) {
      return html`<mark
        part="placeholder"
        class="placeholder"
        title=${`${piece.name} = ${tooltip(values.get(piece.name)!)}`}
        >${piece.text}</mark
      >`;
    }
    return html`<mark
      part="placeholder unknown"
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
