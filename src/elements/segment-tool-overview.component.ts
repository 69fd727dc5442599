import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import type { ToolItem, ToolOverviewSegment } from '../core/protocol.js';
import { renderDisclosure, renderToggle, toggleIndex } from './internal/disclosure.js';
import { jsonStyles, renderJsonText, safeStringify } from './internal/json-view.js';
import { SegmentElement } from './internal/segment-element.js';

type Schema = Record<string, unknown>;

/** Nested properties deeper than this are shown as JSON: a readable tree stops being readable. */
const MAX_DEPTH = 8;

/**
 * Characters of a schema's JSON text; the rest is cut with "…". Indented, the text of a schema
 * nested thousands of levels deep would grow quadratically with its depth.
 */
const MAX_JSON_CHARS = 200_000;

/** Keywords the tree does not resolve; a schema that uses them is also shown as raw JSON. */
const COMBINATORS = ['$ref', 'oneOf', 'anyOf', 'allOf'];

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const propertiesOf = (schema: Schema): [string, unknown][] =>
  isSchema(schema.properties) ? Object.entries(schema.properties) : [];

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function usesCombinators(schema: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH + 1 || schema === null || typeof schema !== 'object') return false;
  if (!Array.isArray(schema) && COMBINATORS.some((keyword) => keyword in schema)) return true;
  return Object.values(schema).some((value) => usesCombinators(value, depth + 1));
}

/** "1 – 9", "≥ 0", "< 100": the numeric bounds of a property, or '' when it has none. */
function rangeOf(schema: Schema): string {
  const low = isNumber(schema.minimum)
    ? `${schema.minimum}`
    : isNumber(schema.exclusiveMinimum)
      ? `> ${schema.exclusiveMinimum}`
      : '';
  const high = isNumber(schema.maximum)
    ? `${schema.maximum}`
    : isNumber(schema.exclusiveMaximum)
      ? `< ${schema.exclusiveMaximum}`
      : '';
  if (low && high && !low.startsWith('>') && !high.startsWith('<')) return `${low} – ${high}`;
  if (low && high) return `${low}, ${high}`;
  if (low) return low.startsWith('>') ? low : `≥ ${low}`;
  if (high) return high.startsWith('<') ? high : `≤ ${high}`;
  return '';
}

/**
 * @tagname segment-tool-overview
 * @summary The tools declared to the model: an orange collapsible panel listing each tool as
 * `name(parameters)` with its description. Each tool expands to its JSON Schema as a readable
 * tree: every property with its type (enum values, `array of …`), a required mark, its
 * description, default, format, pattern and range, nested objects indented. Schemas the tree
 * cannot show fully (no properties, `$ref`, `oneOf`, `anyOf`, `allOf`, deeper than 8 levels)
 * are also shown as JSON.
 *
 * @event segment-toggle - The panel was expanded or collapsed (`detail: { messageId, segmentIndex, collapsed }`).
 * Expanding one tool's schema is local and fires nothing.
 * @event envelope-error - The `segment` is invalid (`detail: { errors }`); an error panel is shown.
 *
 * @csspart base - The root wrapper.
 * @csspart panel - The collapsible panel.
 * @csspart header - The disclosure button.
 * @csspart label - The panel's title.
 * @csspart summary - The tool count.
 * @csspart body - The expanded content.
 * @csspart tool - One tool.
 * @csspart signature - A tool's `name(parameters)`.
 * @csspart tool-description - A tool's description.
 * @csspart schema-toggle - The button that shows a tool's schema.
 * @csspart schema - A tool's schema region.
 * @csspart schema-tree - A list of properties (nested lists for nested objects).
 * @csspart property - One property of a schema.
 * @csspart property-name - A property's name.
 * @csspart type - A property's type.
 * @csspart required - The mark of a required property.
 * @csspart schema-json - A schema shown as JSON.
 * @csspart note - The note for a tool without a schema.
 * @csspart error - The error panel shown for invalid input.
 *
 * @cssprop --pe-tool-overview-color - Accent colour (default #F59E0B).
 * @cssprop --pe-text-color - Text colour.
 * @cssprop --pe-muted-color - Colour of types, descriptions and notes.
 * @cssprop --pe-surface-color - Background colour.
 * @cssprop --pe-border-color - Border colour.
 * @cssprop --pe-code-background - Background of JSON blocks.
 * @cssprop --pe-code-font-family - Font of names, types and JSON.
 * @cssprop --pe-json-key-color - Colour of JSON keys.
 * @cssprop --pe-json-string-color - Colour of JSON strings.
 * @cssprop --pe-json-number-color - Colour of JSON numbers.
 * @cssprop --pe-json-literal-color - Colour of `true`, `false` and `null`.
 * @cssprop --pe-radius - Corner radius.
 */
export class SegmentToolOverview extends SegmentElement<ToolOverviewSegment> {
  static override styles = [
    ...SegmentElement.styles,
    jsonStyles,
    css`
      .tools {
        display: grid;
        gap: 0.5rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .tool {
        min-width: 0;
        padding: 0.45rem 0.65rem;
        border-radius: 6px;
        background: var(--_surface);
        border: 1px solid color-mix(in srgb, var(--_tool-overview) 30%, var(--_border));
        overflow-wrap: anywhere;
      }
      .signature {
        font-family: var(--_mono);
        font-size: 0.9em;
      }
      .tool-name {
        font-weight: 600;
      }
      .parameters {
        color: var(--_muted);
      }
      .tool-description {
        margin: 0.15rem 0 0;
      }
      /* A little stronger than the shared .disclosure-toggle tint. */
      .schema-toggle {
        border-color: color-mix(in srgb, var(--_tool-overview) 45%, var(--_border));
        background: color-mix(in srgb, var(--_tool-overview) 10%, var(--_surface));
      }
      .schema-toggle:hover {
        background: color-mix(in srgb, var(--_tool-overview) 20%, var(--_surface));
      }
      .schema {
        margin-top: 0.45rem;
      }
      .schema[hidden] {
        display: none;
      }
      .tree {
        margin: 0;
        padding: 0;
        list-style: none;
        display: grid;
        gap: 0.35rem;
      }
      .tree .tree {
        margin-top: 0.35rem;
        padding-inline-start: 0.9rem;
        border-inline-start: 2px solid color-mix(in srgb, var(--_tool-overview) 35%, var(--_border));
      }
      .property-head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.5rem;
      }
      .property-name {
        font-family: var(--_mono);
        font-size: 0.9em;
        font-weight: 600;
      }
      .type {
        font-family: var(--_mono);
        font-size: 0.85em;
        color: var(--_muted);
      }
      .required {
        padding: 0 0.4em;
        border-radius: 999px;
        background: color-mix(in srgb, var(--_tool-overview) 22%, var(--_surface));
        font-size: 0.75em;
        font-weight: 600;
      }
      .property-description {
        margin: 0.1rem 0 0;
        font-size: 0.95em;
      }
      .facts {
        display: flex;
        flex-wrap: wrap;
        gap: 0.1rem 0.9rem;
        margin: 0.1rem 0 0;
        font-size: 0.85em;
        color: var(--_muted);
      }
      .facts div {
        display: flex;
        gap: 0.3rem;
        min-width: 0;
      }
      .facts dd {
        margin: 0;
        min-width: 0;
        font-family: var(--_mono);
        color: var(--_text);
      }
      figure {
        margin: 0.5rem 0 0;
      }
      figcaption {
        margin-bottom: 0.2rem;
        color: var(--_muted);
        font-size: 0.8em;
        font-weight: 600;
      }
      .raw {
        margin: 0;
        padding: 0.5rem 0.65rem;
        border-radius: 6px;
        background: var(--_code-bg);
      }
      .note {
        margin: 0.3rem 0 0;
        color: var(--_muted);
        font-size: 0.85em;
      }
    `,
  ];

  protected readonly kind = 'tool_overview';

  /** Indexes of the tools whose schema is shown; local to this element. */
  @state()
  private openSchemas: ReadonlySet<number> = new Set();

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('segment')) this.openSchemas = new Set();
  }

  protected override revealInner(segment: ToolOverviewSegment, matches: (text: string) => boolean) {
    const open = new Set(this.openSchemas);
    segment.items.forEach((item, index) => {
      if (item.schema && matches(safeStringify(item.schema))) open.add(index);
    });
    this.openSchemas = open;
  }

  protected renderSegment(segment: ToolOverviewSegment) {
    const t = this.ambient;
    const count = segment.items.length;
    return renderDisclosure({
      kind: 'kind-tool_overview',
      icon: 'tools',
      label: t.t('kind.tool_overview'),
      summary: count === 1 ? t.t('common.item') : t.t('common.items', { n: count }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      body: () =>
        html`<ul class="tools" role="list">
          ${segment.items.map((tool, index) => this.renderTool(tool, index))}
        </ul>`,
    });
  }

  private renderTool(tool: ToolItem, index: number) {
    const t = this.ambient;
    const open = this.openSchemas.has(index);
    const id = `schema-${index}`;
    // Each button is named "Parameters <tool name>", so that a list of buttons tells them apart.
    return html`<li part="tool" class="tool">
      <code part="signature" class="signature"
        ><span class="tool-name" id="tool-${index}">${tool.name}</span>(<span class="parameters"
          >${tool.parameters}</span
        >)</code
      >
      <p part="tool-description" class="tool-description">${tool.description}</p>
      ${
        tool.schema
          ? html`${renderToggle({
                part: 'schema-toggle',
                expanded: open,
                controls: id,
                labelledBy: `toggle-${index} tool-${index}`,
                onToggle: () => (this.openSchemas = toggleIndex(this.openSchemas, index)),
                label: html`<span id="toggle-${index}">${t.t('tools.parameters')}</span>`,
              })}
              <div part="schema" class="schema" id=${id} ?hidden=${!open}>
                ${open ? this.renderSchema(tool.schema) : nothing}
              </div>`
          : html`<p part="note" class="note">${t.t('tools.noSchema')}</p>`
      }
    </li>`;
  }

  private renderSchema(schema: Schema): TemplateResult {
    const hasProperties = propertiesOf(schema).length > 0;
    const raw = !hasProperties || usesCombinators(schema);
    return html`${hasProperties ? this.renderProperties(schema, 0) : nothing}
    ${
      raw
        ? html`<figure>
            <figcaption>${this.ambient.t('tools.schema')}</figcaption>
            ${this.renderJson(schema)}
          </figure>`
        : nothing
    }`;
  }

  private renderProperties(schema: Schema, depth: number): TemplateResult {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    return html`<ul part="schema-tree" class="tree" role="list">
      ${propertiesOf(schema).map(([name, property]) => {
        const details = isSchema(property) ? property : {};
        return html`<li part="property" class="property">
          <div class="property-head">
            <code part="property-name" class="property-name">${name}</code>
            <span part="type" class="type">${this.typeOf(property, 0)}</span>
            ${required.has(name) ? html`<span part="required" class="required">${this.ambient.t('tools.required')}</span>` : nothing}
          </div>
          ${
            typeof details.description === 'string'
              ? html`<p class="property-description">${details.description}</p>`
              : nothing
          }
          ${this.renderFacts(details)} ${this.renderNested(details, depth)}
        </li>`;
      })}
    </ul>`;
  }

  /** Nested object properties, or the properties of array items that are objects. */
  private renderNested(schema: Schema, depth: number) {
    const child =
      propertiesOf(schema).length > 0
        ? schema
        : isSchema(schema.items) && propertiesOf(schema.items).length > 0
          ? schema.items
          : null;
    if (!child) return nothing;
    return depth + 1 >= MAX_DEPTH
      ? this.renderJson(child)
      : this.renderProperties(child, depth + 1);
  }

  private renderFacts(schema: Schema) {
    const t = this.ambient;
    const facts: [string, string][] = [];
    if ('default' in schema) facts.push([t.t('tools.default'), safeStringify(schema.default, 0)]);
    if (typeof schema.format === 'string') facts.push([t.t('tools.format'), schema.format]);
    if (typeof schema.pattern === 'string') facts.push([t.t('tools.pattern'), schema.pattern]);
    const range = rangeOf(schema);
    if (range) facts.push([t.t('tools.range'), range]);
    if (facts.length === 0) return nothing;
    return html`<dl class="facts">
      ${facts.map(
        ([term, value]) =>
          html`<div>
            <dt>${term}</dt>
            <dd>${value}</dd>
          </div>`,
      )}
    </dl>`;
  }

  /** A readable type: `string`, `integer | null`, `"economy" | "business"`, `array of string`. */
  private typeOf(schema: unknown, depth: number): string {
    if (schema === false) return 'never';
    if (!isSchema(schema) || depth > MAX_DEPTH) return 'any';
    if (Array.isArray(schema.enum))
      return schema.enum.map((value) => safeStringify(value, 0)).join(' | ');
    if ('const' in schema) return safeStringify(schema.const, 0);
    if (typeof schema.$ref === 'string') return schema.$ref;
    for (const [keyword, separator] of [
      ['oneOf', ' | '],
      ['anyOf', ' | '],
      ['allOf', ' & '],
    ]) {
      const branches = schema[keyword];
      if (Array.isArray(branches))
        return branches.map((branch) => this.typeOf(branch, depth + 1)).join(separator);
    }
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (type): type is string => typeof type === 'string',
    );
    if (types.length === 0) {
      if (isSchema(schema.properties)) types.push('object');
      else if ('items' in schema) types.push('array');
      else return 'any';
    }
    return types
      .map((type) =>
        type === 'array' && isSchema(schema.items) ? this.arrayOf(schema.items, depth) : type,
      )
      .join(' | ');
  }

  private arrayOf(items: Schema, depth: number): string {
    const inner = this.typeOf(items, depth + 1);
    return this.ambient.t('tools.arrayOf', { type: inner.includes(' ') ? `(${inner})` : inner });
  }

  private renderJson(value: unknown) {
    const text = safeStringify(value, 2, MAX_JSON_CHARS);
    return html`<pre part="schema-json" class="raw">${renderJsonText(text)}</pre>`;
  }
}
