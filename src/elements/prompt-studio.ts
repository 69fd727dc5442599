import './protocol-panel.js';
import { defineElement } from './internal/define.js';
import { PromptStudio } from './prompt-studio.component.js';

export { PromptStudio };

defineElement('prompt-studio', PromptStudio);

declare global {
  interface HTMLElementTagNameMap {
    'prompt-studio': PromptStudio;
  }
}
