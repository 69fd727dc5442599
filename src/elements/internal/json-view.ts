import { css, html, type TemplateResult } from 'lit';

const TOKEN =
  /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Above this size the JSON is shown as plain text: thousands of spans would slow the page. */
const MAX_HIGHLIGHTED = 200_000;

/**
 * Syntax-coloured JSON text: keys, strings, numbers and literals in their own spans
 * (`.json-key`, `.json-string`, `.json-number`, `.json-literal`). Text is always rendered as
 * text, never as HTML.
 */
export function renderJsonText(text: string): TemplateResult {
  if (text.length > MAX_HIGHLIGHTED) return html`<code class="json">${text}</code>`;
  const pieces: (string | TemplateResult)[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) pieces.push(text.slice(last, m.index));
    if (m[1] !== undefined) {
      pieces.push(
        m[2]
          ? html`<span class="json-key">${m[1]}</span>${m[2]}`
          : html`<span class="json-string">${m[1]}</span>`,
      );
    } else if (m[3] !== undefined) {
      pieces.push(html`<span class="json-literal">${m[3]}</span>`);
    } else {
      pieces.push(html`<span class="json-number">${m[4]}</span>`);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return html`<code class="json">${pieces}</code>`;
}

/** JSON.stringify that cannot throw (cycles, BigInt): what cannot be shown is named instead. */
export function safeStringify(value: unknown, indent = 2): string {
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(
        value,
        (_key, v: unknown) => {
          if (typeof v === 'bigint') return `${v}n`;
          if (v !== null && typeof v === 'object') {
            if (seen.has(v)) return '[cycle]';
            seen.add(v);
          }
          return v;
        },
        indent,
      ) ?? String(value)
    );
  } catch (error) {
    return `[cannot show: ${(error as Error).message}]`;
  }
}

export const jsonStyles = css`
  .json {
    font-family: var(--_mono);
    font-size: 0.85em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .json-key {
    color: var(--pe-json-key-color, #1d4ed8);
  }
  .json-string {
    color: var(--pe-json-string-color, #047857);
  }
  .json-number {
    color: var(--pe-json-number-color, #92400e);
  }
  .json-literal {
    color: var(--pe-json-literal-color, #7c3aed);
  }
  .dark .json-key {
    color: var(--pe-json-key-color, #93c5fd);
  }
  .dark .json-string {
    color: var(--pe-json-string-color, #6ee7b7);
  }
  .dark .json-number {
    color: var(--pe-json-number-color, #fcd34d);
  }
  .dark .json-literal {
    color: var(--pe-json-literal-color, #c4b5fd);
  }
  @media (prefers-color-scheme: dark) {
    .auto .json-key {
      color: var(--pe-json-key-color, #93c5fd);
    }
    .auto .json-string {
      color: var(--pe-json-string-color, #6ee7b7);
    }
    .auto .json-number {
      color: var(--pe-json-number-color, #fcd34d);
    }
    .auto .json-literal {
      color: var(--pe-json-literal-color, #c4b5fd);
    }
  }
`;
