import { defineElement } from '../internal/loading/define.js';
import { SegmentMedia } from './segment-media.component.js';

export { SegmentMedia };

defineElement('segment-media', SegmentMedia);

declare global {
  interface HTMLElementTagNameMap {
    'segment-media': SegmentMedia;
  }
}
