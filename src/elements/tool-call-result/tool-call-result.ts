import { defineElement } from '../internal/loading/define.js';
import { ToolCallResult } from './tool-call-result.component.js';

export { ToolCallResult };

defineElement('tool-call-result', ToolCallResult);

declare global {
  interface HTMLElementTagNameMap {
    'tool-call-result': ToolCallResult;
  }
}
