import { ContextMeter } from './context-meter.component.js';
import { defineElement } from '../internal/loading/define.js';

export { ContextMeter };

defineElement('context-meter', ContextMeter);

declare global {
  interface HTMLElementTagNameMap {
    'context-meter': ContextMeter;
  }
}
