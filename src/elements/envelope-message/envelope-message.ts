import { defineElement } from '../internal/loading/define.js';
import { EnvelopeMessage } from './envelope-message.component.js';

export { EnvelopeMessage };

defineElement('envelope-message', EnvelopeMessage);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-message': EnvelopeMessage;
  }
}
