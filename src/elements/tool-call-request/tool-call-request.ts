import { defineElement } from '../internal/loading/define.js';
import { ToolCallRequest } from './tool-call-request.component.js';

export { ToolCallRequest };

defineElement('tool-call-request', ToolCallRequest);

declare global {
  interface HTMLElementTagNameMap {
    'tool-call-request': ToolCallRequest;
  }
}
