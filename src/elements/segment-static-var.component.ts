import type { StaticVarSegment } from '../core/protocol/types.js';
import { SegmentElement } from './internal/segment-element.js';
import { segmentStaticVarStyles } from './segment-static-var.styles.js';
import { StaticVarView } from './segment-static-var.view.js';

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

  protected readonly view = new StaticVarView(this, this.ambient);
}
