import './envelope-message.js';
import { EnvelopeDiff } from './envelope-diff.component.js';
import { defineElement } from './internal/define.js';

export { EnvelopeDiff };

defineElement('envelope-diff', EnvelopeDiff);

declare global {
  interface HTMLElementTagNameMap {
    'envelope-diff': EnvelopeDiff;
  }
}
