import '../protocol-panel/protocol-panel.js';
import { defineElement } from '../internal/loading/define.js';
import { PromptStudio } from './prompt-studio.component.js';

export { PromptStudio };

defineElement('prompt-studio', PromptStudio);

declare global {
  interface HTMLElementTagNameMap {
    'prompt-studio': PromptStudio;
  }
}
