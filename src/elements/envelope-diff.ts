import './envelope-message.js';
// The diff draws each segment of its two columns with the segment's own element.
import './segment-text.js';
import './segment-static-var.js';
import './segment-system-prompt.js';
import './segment-memory.js';
import './segment-skills.js';
import './segment-tool-overview.js';
import './tool-call-request.js';
import './tool-call-result.js';
import './segment-document.js';
import './segment-long-text.js';
import './segment-media.js';
import './segment-state-change.js';
import { EnvelopeDiff } from './envelope-diff.component.js';
import { defineElement } from './internal/define.js';

export { EnvelopeDiff };

defineElement('envelope-diff', EnvelopeDiff);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-diff': EnvelopeDiff;
  }
}
