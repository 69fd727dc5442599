import { defineElement } from './internal/define.js';
import { SegmentSystemPrompt } from './segment-system-prompt.component.js';

export { SegmentSystemPrompt };

defineElement('segment-system-prompt', SegmentSystemPrompt);

declare global {
  interface HTMLElementTagNameMap {
    'segment-system-prompt': SegmentSystemPrompt;
  }
}
