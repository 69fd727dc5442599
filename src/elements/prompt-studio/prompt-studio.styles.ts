import { css } from 'lit';

/** Lines of a native template shown while it is collapsed: the clamp below, and the test for a long one. */
export const NATIVE_PREVIEW_LINES = 4;

/** The styles of `<prompt-studio>` itself; the shared ones (theme, panels) come from internal/. */
export const promptStudioStyles = css`
  .base {
    --_supplement: var(--pe-studio-supplement-color, #0e7490);
    container-type: inline-size;
    background: var(--_surface);
    color: var(--_text);
  }
  .base.dark {
    --_supplement: var(--pe-studio-supplement-color, #22d3ee);
  }
  @media (prefers-color-scheme: dark) {
    .base.auto {
      --_supplement: var(--pe-studio-supplement-color, #22d3ee);
    }
  }
  .layout {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem;
    padding: 0.75rem;
  }
  @container (min-width: 1100px) {
    .layout {
      grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr);
      align-items: start;
    }
    .preview {
      position: sticky;
      top: 0;
    }
  }
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.05rem;
  }
  h3 {
    margin: 0;
    font-size: 0.95rem;
    overflow-wrap: anywhere;
  }
  .intro {
    margin: 0 0 0.75rem;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .toolbar {
    position: sticky;
    top: 0;
    z-index: 1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0;
    background: var(--_surface);
  }
  .toolbar .status {
    margin-inline-start: auto;
  }
  button.action,
  .file-button {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.3rem 0.7rem;
    border: 1px solid var(--_border);
    border-radius: 6px;
    background: var(--_subtle);
    cursor: pointer;
  }
  button.action:hover {
    border-color: var(--_muted);
  }
  button.primary {
    border-color: var(--_focus);
    background: var(--_focus);
    color: var(--_surface);
    font-weight: 600;
  }
  button.small {
    padding: 0.15rem 0.5rem;
    font-size: 0.85em;
  }
  button:disabled {
    cursor: default;
    opacity: 0.55;
  }
  .status {
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .unsaved {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    font-weight: 600;
    color: var(--_text);
  }
  .unsaved::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: var(--_tool-overview);
  }
  .list {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .row {
    border: 1px solid var(--_border);
    border-inline-start-width: 4px;
    border-radius: var(--_radius);
    padding: 0.6rem 0.75rem;
    background: var(--_surface);
  }
  .row.native {
    border-inline-start-color: var(--_system-prompt);
    background: color-mix(in srgb, var(--_subtle) 60%, var(--_surface));
  }
  .row.native.overridden .template-text {
    text-decoration: line-through;
    text-decoration-color: var(--_muted);
  }
  .row.supplement {
    border-inline-start-color: var(--_supplement);
  }
  .row.supplement.disabled {
    border-inline-start-style: dashed;
  }
  .row-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.35rem 0.6rem;
    margin-bottom: 0.4rem;
  }
  .row-head h3 {
    flex: 1 1 12rem;
  }
  .badge {
    display: inline-block;
    padding: 0 0.45rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 0.8em;
    color: var(--_muted);
    white-space: nowrap;
  }
  .facts {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0 0 0.4rem;
    padding: 0;
    list-style: none;
    color: var(--_muted);
    font-size: 0.85rem;
  }
  code {
    font-family: var(--_mono);
    font-size: 0.92em;
    overflow-wrap: anywhere;
  }
  .template-text,
  .model-text {
    margin: 0;
    padding: 0.5rem 0.6rem;
    border-radius: 6px;
    background: var(--_code-bg);
    font-family: var(--_mono);
    font-size: 0.85rem;
    line-height: 1.45;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .template-text.clamped {
    max-height: calc(${NATIVE_PREVIEW_LINES} * 1.45em + 1rem);
    overflow: hidden;
    mask-image: linear-gradient(to bottom, black 60%, transparent);
  }
  .override-note {
    margin: 0.4rem 0 0;
    font-size: 0.875rem;
    font-weight: 600;
  }
  .row-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin-top: 0.5rem;
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(10.5rem, 1fr));
    gap: 0.6rem 0.75rem;
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    min-width: 0;
  }
  .field.wide {
    grid-column: 1 / -1;
  }
  .field > label,
  .field-label {
    font-size: 0.8rem;
    font-weight: 600;
    color: var(--_muted);
  }
  .check {
    flex-direction: row;
    align-items: center;
    gap: 0.4rem;
    align-self: end;
    padding-bottom: 0.3rem;
  }
  .check > label {
    font-size: 0.9rem;
    color: var(--_text);
    font-weight: normal;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 0.3rem 0.45rem;
    min-width: 0;
  }
  input[type='checkbox'] {
    width: 1.05rem;
    height: 1.05rem;
    accent-color: var(--_focus);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger-text);
    box-shadow: 0 0 0 1px var(--_danger-text);
  }
  textarea.template {
    width: 100%;
    box-sizing: border-box;
    min-height: calc(4 * 1.45em + 0.8rem);
    field-sizing: content;
    resize: vertical;
    font-family: var(--_mono);
    font-size: 0.85rem;
    line-height: 1.45;
    background: var(--_code-bg);
  }
  .hint {
    margin: 0;
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .position-help {
    margin: 0.15rem 0 0;
    padding-inline-start: 1rem;
    color: var(--_muted);
    font-size: 0.8rem;
  }
  .position-help .current {
    color: var(--_text);
  }
  .issue {
    display: flex;
    gap: 0.35rem;
    align-items: flex-start;
    margin: 0.15rem 0 0;
    padding: 0.2rem 0.45rem;
    border-radius: 4px;
    font-size: 0.82rem;
    overflow-wrap: anywhere;
  }
  .issue .icon {
    flex: none;
    margin-top: 0.15rem;
  }
  .issue.error {
    color: var(--_danger-text);
    background: color-mix(in srgb, var(--_tool-failure) 9%, var(--_surface));
    font-weight: 600;
  }
  .issue.warning {
    color: var(--_text);
    background: color-mix(in srgb, var(--_tool-overview) 14%, var(--_surface));
    border-inline-start: 3px solid var(--_tool-overview);
  }
  .empty {
    margin: 0.25rem 0;
    color: var(--_muted);
  }
  .notice {
    margin: 0 0 0.75rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
    border-radius: 6px;
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
    font-size: 0.875rem;
  }
  .notice pre {
    max-height: 10rem;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: var(--_mono);
  }
  .settings {
    margin-top: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .settings > summary {
    padding: 0.5rem 0.75rem;
    cursor: pointer;
    font-weight: 600;
  }
  .settings-body {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
    padding: 0 0.75rem 0.75rem;
  }
  .settings textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 7rem;
    font-family: var(--_mono);
    font-size: 0.85rem;
  }
  .settings .buttons {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .import-errors {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_tool-failure);
    border-radius: 6px;
    background: color-mix(in srgb, var(--_tool-failure) 8%, var(--_surface));
    font-size: 0.875rem;
  }
  .import-errors p {
    margin: 0 0 0.25rem;
    font-weight: 600;
    color: var(--_danger-text);
  }
  .import-errors pre,
  .import-errors ul {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: var(--_mono);
    font-size: 0.85em;
  }
  .import-errors ul {
    font-family: inherit;
    padding-inline-start: 1.25rem;
    /* Only the YAML error keeps its line breaks; the list's are the template's indentation. */
    white-space: normal;
  }
  .preview {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .preview > h2 {
    padding: 0.6rem 0.75rem 0;
  }
  .prompt {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
    padding: 0.75rem;
  }
  .model-text {
    max-height: 28rem;
    overflow: auto;
  }
  .message {
    border: 1px solid var(--_border);
    border-radius: 6px;
    padding: 0.4rem 0.5rem 0.5rem;
  }
  .message.gap {
    border-color: color-mix(in srgb, var(--_supplement) 60%, var(--_border));
    border-inline-start: 4px solid var(--_supplement);
  }
  .message-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25rem 0.6rem;
    margin-bottom: 0.3rem;
    font-size: 0.82rem;
    color: var(--_muted);
  }
  .message-head .role {
    font-weight: 700;
    color: var(--_text);
    text-transform: capitalize;
  }
  .gap-marker {
    font-weight: 600;
    color: var(--_text);
  }
  .messages {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tool-calls {
    margin: 0.3rem 0 0;
    padding-inline-start: 1.1rem;
    font-size: 0.82rem;
    color: var(--_muted);
  }
  .preview-warnings {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border-radius: 6px;
    border: 1px solid color-mix(in srgb, var(--_tool-overview) 50%, var(--_border));
    background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
    font-size: 0.85rem;
  }
  .preview-warnings ul {
    margin: 0.25rem 0 0;
    padding-inline-start: 1.25rem;
  }
  .panel {
    display: block;
    height: 36rem;
  }
  .error {
    margin-bottom: 0.75rem;
  }
`;
