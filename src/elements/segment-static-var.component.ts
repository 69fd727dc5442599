import { html, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import type { StaticVarSegment } from '../core/protocol/types.js';
import { chevron } from './internal/disclosure.js';
import { icon, variableIcon } from './internal/icons.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentStaticVarStyles } from './segment-static-var.styles.js';

/**
 * @tagname segment-static-var
 * @summary A template variable the application filled in: a blue pill `name = value`. When the
 * variable has a description, the pill is a button that reveals it.
 *
 * The description is local UI state: static_var segments have no `collapsed` field (SPEC §2.1),
 * so revealing it fires no `segment-toggle`.
 *
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart pill - The `name = value` pill (a button when there is a description).
 * @csspart name - The variable's name.
 * @csspart value - The variable's value.
 * @csspart description - The revealed description.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-static-var-color - Accent colour of the pill (default #3B82F6).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of the description.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-code-font-family - Font of the name.
 */
export class SegmentStaticVar extends SegmentElement<StaticVarSegment> {
  static override styles = [...SegmentElement.styles, segmentStaticVarStyles];

  protected readonly kind = 'static_var';

  /** Whether the description is shown; local to this element. */
  @state()
  private open = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('segment')) this.open = false;
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
      <code part="name" class="name">${segment.name}</code>
      <span class="equals">=</span>
      <span part="value" class="value">${segment.value}</span>`;
    if (!segment.description) return html`<span part="pill" class="pill">${content}</span>`;
    return html`<button
        part="pill"
        class="pill"
        type="button"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="description"
        aria-describedby="description-text"
        @click=${() => (this.open = !this.open)}
      >
        ${content}${chevron()}
      </button>
      <p part="description" class="description" id="description" ?hidden=${!this.open}>
        <span class="description-label">${t.t('staticVar.description')}:</span>
        <span id="description-text">${segment.description}</span>
      </p>`;
  }
}
