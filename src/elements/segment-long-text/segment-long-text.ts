import { defineElement } from '../internal/loading/define.js';
import { SegmentLongText } from './segment-long-text.component.js';

export { SegmentLongText };

defineElement('segment-long-text', SegmentLongText);

declare global {
  interface HTMLElementTagNameMap {
    'segment-long-text': SegmentLongText;
  }
}
