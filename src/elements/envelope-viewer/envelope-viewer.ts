import '../envelope-chat/envelope-chat.js';
import '../protocol-panel/protocol-panel.js';
import '../context-meter/context-meter.js';
import '../envelope-diff/envelope-diff.js';
import '../prompt-studio/prompt-studio.js';
import { defineElement } from '../internal/loading/define.js';
import { EnvelopeViewer } from './envelope-viewer.component.js';

export { EnvelopeViewer };

defineElement('envelope-viewer', EnvelopeViewer);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-viewer': EnvelopeViewer;
  }
}
