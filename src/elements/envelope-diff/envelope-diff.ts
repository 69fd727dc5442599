import '../envelope-message/envelope-message.js';
// The diff draws each segment of its two columns with the segment's own element.
import '../segment-text/segment-text.js';
import '../segment-static-var/segment-static-var.js';
import '../segment-system-prompt/segment-system-prompt.js';
import '../segment-memory/segment-memory.js';
import '../segment-skills/segment-skills.js';
import '../segment-tool-overview/segment-tool-overview.js';
import '../tool-call-request/tool-call-request.js';
import '../tool-call-result/tool-call-result.js';
import '../segment-document/segment-document.js';
import '../segment-long-text/segment-long-text.js';
import '../segment-media/segment-media.js';
import '../segment-state-change/segment-state-change.js';
import '../segment-thinking/segment-thinking.js';
import { EnvelopeDiff } from './envelope-diff.component.js';
import { defineElement } from '../internal/loading/define.js';

export { EnvelopeDiff };

defineElement('envelope-diff', EnvelopeDiff);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-diff': EnvelopeDiff;
  }
}
