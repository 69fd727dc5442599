import './envelope-message.js';
import { defineElement } from './internal/define.js';
import { EnvelopeChat } from './envelope-chat.component.js';

export { EnvelopeChat };

defineElement('envelope-chat', EnvelopeChat);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-chat': EnvelopeChat;
  }
}
