import { defineElement } from '../internal/loading/define.js';
import { SegmentStaticVar } from './segment-static-var.component.js';

export { SegmentStaticVar };

defineElement('segment-static-var', SegmentStaticVar);

declare global {
  interface HTMLElementTagNameMap {
    'segment-static-var': SegmentStaticVar;
  }
}
