import { defineElement } from '../internal/loading/define.js';
import { SegmentSystemPrompt } from './segment-system-prompt.component.js';

export { SegmentSystemPrompt };

defineElement('segment-system-prompt', SegmentSystemPrompt);

declare global {
  interface HTMLElementTagNameMap {
    'segment-system-prompt': SegmentSystemPrompt;
  }
}
