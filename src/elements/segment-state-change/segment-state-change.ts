import { defineElement } from '../internal/loading/define.js';
import { SegmentStateChange } from './segment-state-change.component.js';

export { SegmentStateChange };

defineElement('segment-state-change', SegmentStateChange);

declare global {
  interface HTMLElementTagNameMap {
    'segment-state-change': SegmentStateChange;
  }
}
