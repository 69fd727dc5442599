import '../envelope-message/envelope-message.js';
import { defineElement } from '../internal/loading/define.js';
import { EnvelopeChat } from './envelope-chat.component.js';

export { EnvelopeChat };

defineElement('envelope-chat', EnvelopeChat);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-chat': EnvelopeChat;
  }
}
