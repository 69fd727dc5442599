import type { StaticVarSegment } from '../../core/protocol/types.js';
import { SegmentElement } from '../internal/segments/segment-element.js';
import { segmentStaticVarStyles } from './segment-static-var.styles.js';
import { StaticVarView } from './segment-static-var.view.js';

/**
 * @tagname segment-static-var
 * @summary A template variable the application filled in: a blue pill `name = value`. When the
 * variable has a description, the pill is a button that reveals it.
 *
 * The description is local UI state: static_var segments have no `collapsed` field,
 * so revealing it fires no `segment-toggle`.
 *
 * @event {EnvelopeErrorEvent} envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart pill - The `name = value` pill (a button when there is a description).
 * @csspart name - The variable's name.
 * @csspart value - The variable's value.
 * @csspart description - The revealed description.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop [--pe-static-var-color=#3b82f6] - Accent colour of the pill.
 * @cssprop [--pe-text-color=#111827] - Text colour (dark theme: #e5e7eb).
 * @cssprop [--pe-muted-color=#4b5563] - Colour of the description (dark theme: #9ca3af).
 * @cssprop [--pe-surface-color=#ffffff] - Background colour (dark theme: #111827).
 * @cssprop [--pe-border-color=#d1d5db] - Border colour (dark theme: #374151).
 * @cssprop [--pe-code-font-family=ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace] - Font of the name.
 */
export class SegmentStaticVar extends SegmentElement<StaticVarSegment> {
  static override styles = [...SegmentElement.styles, segmentStaticVarStyles];

  protected readonly view = new StaticVarView(this, this.ambient);
}
