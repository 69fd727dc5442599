import './envelope-chat.js';
import './protocol-panel.js';
import './context-meter.js';
import './envelope-diff.js';
import './prompt-studio.js';
import { defineElement } from './internal/define.js';
import { EnvelopeViewer } from './envelope-viewer.component.js';

export { EnvelopeViewer };

defineElement('envelope-viewer', EnvelopeViewer);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-viewer': EnvelopeViewer;
  }
}
