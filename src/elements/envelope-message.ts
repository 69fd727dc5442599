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
import { defineElement } from './internal/define.js';
import { EnvelopeMessage } from './envelope-message.component.js';

export { EnvelopeMessage };

defineElement('envelope-message', EnvelopeMessage);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-message': EnvelopeMessage;
  }
}
