import { defineElement } from '../internal/loading/define.js';
import { SegmentThinking } from './segment-thinking.component.js';

export { SegmentThinking };

defineElement('segment-thinking', SegmentThinking);

declare global {
  interface HTMLElementTagNameMap {
    'segment-thinking': SegmentThinking;
  }
}
