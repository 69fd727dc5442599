import { defineElement } from '../internal/loading/define.js';
import { SegmentDocument } from './segment-document.component.js';

export { SegmentDocument };

defineElement('segment-document', SegmentDocument);

declare global {
  interface HTMLElementTagNameMap {
    'segment-document': SegmentDocument;
  }
}
