import { html } from 'lit';
import type { StaticVarSegment } from '../../core/protocol/types.js';
import { chevron } from '../internal/ui/disclosure.js';
import { icon, variableIcon } from '../internal/ui/icons.js';
import { SegmentView } from '../internal/segments/segment-view.js';

/** A static variable drawn: by <segment-static-var> and inside `<envelope-message>`. */
export class StaticVarView extends SegmentView<StaticVarSegment> {
  readonly kind = 'static_var';

  /** Whether the description is shown; local to this view. */
  private open = false;

  protected override inputChanged(): void {
    this.open = false;
  }

  protected override revealInner(segment: StaticVarSegment, matches: (text: string) => boolean) {
    if (segment.description && matches(segment.description)) this.open = true;
  }

  protected renderSegment(segment: StaticVarSegment) {
    const t = this.ambient;
    // The kind is said once for screen readers; the icon carries it visually.
    const content = html`${icon(variableIcon, 'kind-icon')}<span class="visually-hidden"
        >${t.t('kind.static_var')}:</span
      >
      <code part=${this.part('name')} class="name">${segment.name}</code>
      <span class="equals">=</span>
      <span part=${this.part('value')} class="value">${segment.value}</span>`;
    if (!segment.description)
      return html`<span part=${this.part('pill')} class="pill">${content}</span>`;
    return html`<button
        part=${this.part('pill')}
        class="pill"
        type="button"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls=${this.id('description')}
        aria-describedby=${this.id('description-text')}
        @click=${() => this.change(() => (this.open = !this.open))}
      >
        ${content}${chevron()}
      </button>
      <p
        part=${this.part('description')}
        class="description"
        id=${this.id('description')}
        ?hidden=${!this.open}
      >
        <span class="description-label">${t.t('staticVar.description')}:</span>
        <span id=${this.id('description-text')}>${segment.description}</span>
      </p>`;
  }
}
