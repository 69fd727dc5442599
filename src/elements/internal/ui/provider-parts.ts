import { css, html, nothing, type TemplateResult } from 'lit';
import type { ShownSlices } from '../pacing/shown-slices.js';
import type { AmbientController } from '../strings/localize.js';
import type { StringKey } from '../strings/strings.js';
import { renderJsonText, safeStringify } from './json-view.js';
import { renderLink } from './render-link.js';
import { base64ImageSrc, hostOf, loadableSrc } from './url-rules.js';

/**
 * What a provider ran itself (protocol 1.1), drawn readably: a Responses built-in call item
 * (web search, code interpreter, MCP, image generation, file search, computer use) in the
 * `<tool-call-request>` view, and a structured result (Anthropic server tool results, Gemini
 * function responses and code execution) in the `<tool-call-result>` view. Every string is text,
 * every link and picture goes through SPEC §6's URL rules (url-rules.ts), and whatever shape is
 * not known here is shown as its JSON.
 */
export interface ProviderContext {
  t: AmbientController;
  part(names: string): string;
  /** The view's list budgets: a search may return hundreds of sources. */
  slices: ShownSlices;
}

type Json = Record<string, unknown>;
type Drawn = TemplateResult | typeof nothing;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Characters of JSON shown for a value of unknown shape; the rest is cut with "…". */
const MAX_JSON_CHARS = 20_000;

/** Sources, results and outputs shown at first. */
const FIRST = 20;

/** The badge of what the provider ran: "Run by the provider" (or another word). */
export function renderProviderBadge(c: ProviderContext, key: StringKey = 'provider.runBy') {
  return html`<span part=${c.part('provider')} class="provider-badge">${c.t.t(key)}</span>`;
}

/** "via MCP server X". */
export function renderServer(c: ProviderContext, server: unknown) {
  const name = text(server);
  return name
    ? html`<span part=${c.part('server')} class="provider-server"
        >${c.t.t('provider.via', { server: name })}</span
      >`
    : nothing;
}

/** A value of unknown shape, as the shared JSON view shows it. */
export function renderJson(c: ProviderContext, value: unknown) {
  return html`<pre part=${c.part('provider-json')} class="provider-json">
${renderJsonText(safeStringify(value, 2, MAX_JSON_CHARS))}</pre>`;
}

/** Labelled rows (`<dl>`), the rows without content left out. */
function facts(c: ProviderContext, rows: [StringKey, unknown][]) {
  const shown = rows.filter(([, content]) => content !== undefined && content !== nothing);
  if (shown.length === 0) return nothing;
  return html`<dl part=${c.part('provider-facts')} class="provider-facts">
    ${shown.map(
      ([key, content]) =>
        html`<div>
          <dt>${c.t.t(key)}</dt>
          <dd>${content}</dd>
        </div>`,
    )}
  </dl>`;
}

/** Code or output as a block of its own. */
function block(c: ProviderContext, value: unknown, kind: 'code' | 'output' | 'error' = 'output') {
  const shown = text(value);
  if (shown === undefined || shown === '') return undefined;
  return html`<pre part=${c.part(`provider-${kind}`)} class="provider-${kind}">${shown}</pre>`;
}

/** A list drawn a slice at a time (`key` names its budget). */
function list<T>(
  c: ProviderContext,
  key: string,
  items: readonly T[],
  draw: (item: T) => TemplateResult,
) {
  // One output or source needs no number.
  if (items.length === 1) return draw(items[0]!);
  return html`<ol part=${c.part('provider-list')} class="provider-list">
      ${c.slices.slice(key, items, FIRST).map((item) => html`<li>${draw(item)}</li>`)}
    </ol>
    ${c.slices.more(key, items.length, FIRST)}`;
}

/** A link with its title and host: "Title — example.com". */
function source(c: ProviderContext, url: unknown, title?: unknown, extra?: string) {
  const host = hostOf(url);
  const name = text(title) || text(url) || '';
  return html`${renderLink(url, name, c.part('provider-link'))}${
    host && name !== text(url) ? html` <span class="provider-host">— ${host}</span>` : nothing
  }${extra ? html` <span class="provider-host">${extra}</span>` : nothing}`;
}

/** A picture the provider's tool made, under the image rules; nothing when they refuse it. */
function image(c: ProviderContext, src: string | null) {
  if (src === null) return undefined;
  return html`<img
    part=${c.part('provider-image')}
    class="provider-image"
    src=${src}
    alt=${c.t.t('provider.imageAlt')}
    loading="lazy"
    decoding="async"
    referrerpolicy="no-referrer"
  />`;
}

/**
 * The readable parts of a Responses built-in call item, or null for a type not known here.
 * `whole` is the item as recorded, before long strings were cut for drawing: a generated image
 * is its base64 data, which only makes sense whole.
 */
export function renderCallItem(c: ProviderContext, item: Json, whole: Json): Drawn | null {
  const status = text(item.status);
  switch (item.type) {
    case 'web_search_call': {
      const action = isObject(item.action) ? item.action : {};
      const sources = Array.isArray(action.sources) ? action.sources.filter(isObject) : [];
      const queries = Array.isArray(action.queries) ? action.queries.map(text) : [];
      return facts(c, [
        [
          'provider.query',
          text(action.query) ?? (queries.filter(Boolean).join(' · ') || undefined),
        ],
        [
          'provider.page',
          action.type === 'open_page' || action.type === 'find' ? source(c, action.url) : undefined,
        ],
        ['provider.pattern', text(action.pattern)],
        [
          'provider.sources',
          sources.length > 0
            ? list(c, 'sources', sources, (s) => source(c, s.url, s.title))
            : undefined,
        ],
        ['provider.status', status],
      ]);
    }
    case 'code_interpreter_call': {
      const outputs = Array.isArray(item.outputs) ? item.outputs.filter(isObject) : [];
      return html`${facts(c, [
        ['provider.code', block(c, item.code, 'code')],
        [
          'provider.output',
          outputs.length > 0
            ? list(c, 'outputs', outputs, (output) =>
                output.type === 'image'
                  ? (image(
                      c,
                      typeof output.url === 'string' ? loadableSrc(output.url, 'image') : null,
                    ) ?? html`${text(output.url) ?? ''}`)
                  : (block(c, output.logs) ?? renderJson(c, output)),
              )
            : undefined,
        ],
        ['provider.container', text(item.container_id)],
        ['provider.status', status],
      ])}`;
    }
    case 'mcp_call':
      return facts(c, [
        ['provider.name', text(item.name)],
        ['toolCall.arguments', argumentsView(c, item.arguments)],
        ['provider.output', block(c, item.output)],
        ['provider.error', errorView(c, item.error)],
        ['provider.status', status],
      ]);
    case 'image_generation_call':
      return facts(c, [
        ['provider.image', image(c, base64ImageSrc(whole.result, whole.output_format))],
        ['provider.revisedPrompt', text(item.revised_prompt)],
        ['provider.status', status],
      ]);
    case 'file_search_call': {
      const results = Array.isArray(item.results) ? item.results.filter(isObject) : [];
      const queries = Array.isArray(item.queries) ? item.queries.map(text).filter(Boolean) : [];
      return facts(c, [
        ['provider.queries', queries.length > 0 ? queries.join(' · ') : undefined],
        [
          'provider.results',
          results.length > 0
            ? list(
                c,
                'results',
                results,
                (r) =>
                  html`<span class="provider-file"
                      >${text(r.filename) ?? text(r.file_id) ?? ''}</span
                    >
                    ${typeof r.score === 'number' ? html`<span class="provider-host">${c.t.t('provider.score', { score: r.score.toFixed(2) })}</span>` : nothing}
                    ${block(c, r.text) ?? nothing}`,
              )
            : undefined,
        ],
        ['provider.status', status],
      ]);
    }
    case 'computer_call':
      return facts(c, [
        ['provider.action', isObject(item.action) ? renderJson(c, item.action) : undefined],
        ['provider.status', status],
      ]);
    default:
      return null;
  }
}

/** Arguments an API wrote as JSON text (an MCP call's): shown as JSON when they parse. */
function argumentsView(c: ProviderContext, value: unknown) {
  if (typeof value !== 'string') return value === undefined ? undefined : renderJson(c, value);
  try {
    return renderJson(c, JSON.parse(value));
  } catch {
    return block(c, value, 'code');
  }
}

function errorView(c: ProviderContext, value: unknown) {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? block(c, value, 'error') : renderJson(c, value);
}

/** A result the API gave as an object or a list, drawn readably where its shape is known. */
export function renderStructured(c: ProviderContext, value: Json | unknown[]): Drawn {
  if (Array.isArray(value)) {
    const entries = value.filter(isObject);
    if (entries.length === value.length && entries.length > 0) {
      if (entries.every((e) => e.type === 'web_search_result'))
        return facts(c, [
          [
            'provider.results',
            list(c, 'results', entries, (r) =>
              source(
                c,
                r.url,
                r.title,
                text(r.page_age) ? c.t.t('provider.age', { age: text(r.page_age)! }) : undefined,
              ),
            ),
          ],
        ]);
      if (entries.every((e) => e.type === 'text' && typeof e.text === 'string'))
        return html`${block(c, entries.map((e) => e.text).join('\n\n'))}`;
    }
    if (value.length === 0)
      return html`<p part=${c.part('provider-empty')} class="provider-empty">
        ${c.t.t('provider.resultsNone')}
      </p>`;
    return renderJson(c, value);
  }
  const type = text(value.type) ?? '';
  if (type.endsWith('_error') || (type === '' && 'error_code' in value))
    return html`<p part=${c.part('provider-error')} class="provider-error" role="note">
      ${c.t.t('provider.error')}: ${text(value.error_code) ?? text(value.message) ?? type}
    </p>`;
  if (/(^|_)code_execution_result$/.test(type)) {
    const code = text(value.return_code);
    const files = Array.isArray(value.content) && value.content.length > 0 ? value.content : null;
    return html`${facts(c, [
      ['provider.stdout', block(c, value.stdout)],
      ['provider.stderr', block(c, value.stderr, 'error')],
      ['provider.output', files ? renderJson(c, files) : undefined],
    ])}${
      code !== undefined
        ? html`<p
            part=${c.part('provider-return-code')}
            class="provider-return ${code === '0' ? '' : 'failed'}"
          >
            ${c.t.t('provider.returnCode', { code })}
          </p>`
        : nothing
    }`;
  }
  if (type === 'web_fetch_result') {
    const content = isObject(value.content) ? value.content : {};
    const origin = isObject(content.source) ? content.source : {};
    return facts(c, [
      ['provider.page', source(c, value.url, content.title)],
      [
        'provider.document',
        block(c, origin.data) ??
          (isObject(value.content) ? renderJson(c, value.content) : undefined),
      ],
    ]);
  }
  // Gemini's codeExecutionResult: `{ outcome, output }`.
  if (type === '' && typeof value.outcome === 'string' && Object.keys(value).length <= 2)
    return facts(c, [
      ['provider.outcome', value.outcome],
      ['provider.output', block(c, value.output)],
    ]);
  return renderJson(c, value);
}

/** The badge and the server's name (the tool overview draws them too). */
export const providerBadgeStyles = css`
  .provider-badge,
  .provider-server {
    flex: none;
    padding: 0 0.45em;
    border-radius: 999px;
    font-family: system-ui, sans-serif;
    font-size: 0.78em;
    font-weight: 500;
    line-height: 1.6;
    white-space: nowrap;
  }
  .provider-badge {
    border: 1px solid color-mix(in srgb, var(--_provider) 55%, transparent);
    background: color-mix(in srgb, var(--_provider) 16%, transparent);
    /* An indigo that reads on the light strip and in the dark terminal alike. */
    color: light-dark(#3730a3, #c7d2fe);
  }
  .provider-server {
    border: 1px solid color-mix(in srgb, currentColor 30%, transparent);
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

/** The styles of the parts above, in the call's dark block and in the result's light strip. */
export const providerStyles = css`
  ${providerBadgeStyles}
  .provider-facts {
    display: grid;
    gap: 0.45rem;
    margin: 0 0 0.5rem;
  }
  .provider-facts dt {
    font-size: 0.8em;
    font-weight: 600;
    opacity: 0.75;
  }
  .provider-facts dd {
    margin: 0.1rem 0 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .provider-list {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding-inline-start: 1.5rem;
  }
  .provider-host {
    opacity: 0.75;
    font-size: 0.9em;
  }
  .provider-code,
  .provider-output,
  .provider-error,
  .provider-json {
    max-height: 20rem;
    margin: 0;
    overflow: auto;
    padding: 0.4rem 0.6rem;
    border-radius: 6px;
    background: color-mix(in srgb, currentColor 7%, transparent);
    font-family: var(--_mono);
    font-size: 0.9em;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .provider-json .json {
    font-size: 1em;
  }
  .provider-error,
  .provider-return.failed {
    color: light-dark(#b91c1c, #fca5a5);
  }
  p.provider-error {
    background: color-mix(in srgb, var(--_tool-failure) 10%, transparent);
    font-family: inherit;
    white-space: normal;
  }
  .provider-return,
  .provider-empty {
    margin: 0.3rem 0 0;
    font-size: 0.85em;
  }
  .provider-image {
    display: block;
    max-width: min(100%, 24rem);
    height: auto;
    border-radius: 6px;
  }
  .provider-file {
    font-weight: 600;
  }
  a {
    color: light-dark(var(--_link), #93c5fd);
  }
`;
