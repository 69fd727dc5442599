import { defineElement } from '../internal/loading/define.js';
import { SegmentMemory } from './segment-memory.component.js';

export { SegmentMemory };

defineElement('segment-memory', SegmentMemory);

declare global {
  interface HTMLElementTagNameMap {
    'segment-memory': SegmentMemory;
  }
}
