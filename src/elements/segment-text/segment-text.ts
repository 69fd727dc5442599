import { defineElement } from '../internal/loading/define.js';
import { SegmentText } from './segment-text.component.js';

export { SegmentText };

defineElement('segment-text', SegmentText);

declare global {
  interface HTMLElementTagNameMap {
    'segment-text': SegmentText;
  }
}
