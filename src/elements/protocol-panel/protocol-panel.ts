import { defineElement } from '../internal/loading/define.js';
import { ProtocolPanel } from './protocol-panel.component.js';

export { ProtocolPanel };

defineElement('protocol-panel', ProtocolPanel);

declare global {
  interface HTMLElementTagNameMap {
    'protocol-panel': ProtocolPanel;
  }
}
