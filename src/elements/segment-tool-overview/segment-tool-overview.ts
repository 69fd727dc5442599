import { defineElement } from '../internal/loading/define.js';
import { SegmentToolOverview } from './segment-tool-overview.component.js';

export { SegmentToolOverview };

defineElement('segment-tool-overview', SegmentToolOverview);

declare global {
  interface HTMLElementTagNameMap {
    'segment-tool-overview': SegmentToolOverview;
  }
}
