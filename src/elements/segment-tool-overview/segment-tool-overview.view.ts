import { html, nothing, type TemplateResult } from 'lit';
import type { ToolItem, ToolOverviewSegment } from '../../core/protocol/types.js';
import { renderDisclosure, renderToggle, toggleIndex } from '../internal/ui/disclosure.js';
import { toolsIcon } from '../internal/ui/icons.js';
import { renderJsonText, safeStringify } from '../internal/ui/json-view.js';
import { SegmentView } from '../internal/segments/segment-view.js';
import { SLICE } from '../internal/pacing/shown-slices.js';
import { renderProviderBadge, type ProviderContext } from '../internal/ui/provider-parts.js';

type Schema = Record<string, unknown>;

/** Nested properties deeper than this are shown as JSON: a readable tree stops being readable. */
const MAX_DEPTH = 8;

/**
 * Characters of a schema's JSON text; the rest is cut with "…". Indented, the text of a schema
 * nested thousands of levels deep would grow quadratically with its depth.
 */
const MAX_JSON_CHARS = 200_000;

/**
 * Characters of the JSON shown under a property tree (a schema too wide to look through, or
 * with combinators): the tree already lists the properties, and 200,000 characters of coloured
 * JSON for a schema of 100,000 properties blocked the page for a second (issue 20).
 */
const MAX_JSON_BESIDE_TREE_CHARS = 20_000;

/** Keywords the tree does not resolve; a schema that uses them is also shown as raw JSON. */
const COMBINATORS = ['$ref', 'oneOf', 'anyOf', 'allOf'];

/**
 * Characters of a readable type (`"a" | "b" | …`): an enum of 100,000 values or `anyOf` 8 levels
 * × 6 branches (1.7 million paths) would otherwise be written out whole (issue 20).
 */
const MAX_TYPE_CHARS = 300;

/** Schema nodes usesCombinators looks at; a wider schema is shown as JSON too. */
const MAX_COMBINATOR_NODES = 10_000;

/** Properties of one object shown at first, below the top level (which shows SLICE). */
const NESTED_SLICE = 20;

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The names of a schema's properties (names only: entries of 100,000 took 0.4 s to list). */
const propertyNames = (schema: Schema): string[] =>
  isSchema(schema.properties) ? Object.keys(schema.properties) : [];

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Whether the schema uses a keyword the tree does not resolve, within MAX_DEPTH + 1 levels; a
 * schema too wide to look through (shared subschemas repeat) counts as using one.
 */
function usesCombinators(schema: unknown): boolean {
  const stack: [unknown, number][] = [[schema, 0]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > MAX_DEPTH + 1 || value === null || typeof value !== 'object' || seen.has(value))
      continue;
    if (seen.size >= MAX_COMBINATOR_NODES) return true;
    seen.add(value);
    if (!Array.isArray(value) && COMBINATORS.some((keyword) => keyword in value)) return true;
    // Counted while pushing: 100,000 properties would otherwise all be listed first.
    for (const key in value) {
      const inner = (value as Record<string, unknown>)[key];
      if (inner === null || typeof inner !== 'object') continue;
      if (seen.size + stack.length >= MAX_COMBINATOR_NODES) return true;
      stack.push([inner, depth + 1]);
    }
  }
  return false;
}

/** `parts` joined by `separator`, stopping with "…" once the text is longer than MAX_TYPE_CHARS. */
function joinShort(parts: Iterable<string>, separator: string): string {
  let text = '';
  for (const part of parts) {
    const next = text === '' ? part : `${text}${separator}${part}`;
    if (next.length > MAX_TYPE_CHARS) return `${next.slice(0, MAX_TYPE_CHARS)}…`;
    text = next;
  }
  return text;
}

/** The items of `list` mapped lazily: joinShort stops asking once its text is long enough. */
function* mapped<T>(list: readonly T[], map: (item: T) => string) {
  for (const item of list) yield map(item);
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

/** A tool overview drawn: by <segment-tool-overview> and inside `<envelope-message>`. */
export class ToolOverviewView extends SegmentView<ToolOverviewSegment> {
  readonly kind = 'tool_overview';

  /** Indexes of the tools whose schema is shown; local to this view. */
  private openSchemas: ReadonlySet<number> = new Set();

  /** Indexes of the provider tools whose declaration (1.1) is shown. */
  private openDeclarations: ReadonlySet<number> = new Set();

  protected override inputChanged(): void {
    this.openSchemas = new Set();
    this.openDeclarations = new Set();
    this.schemaFacts = new WeakMap();
  }

  /**
   * Opens the schemas that hold a match, the first SLICE of them: a word in every schema of
   * 10,000 tools drew them all, and the search blocked the page for seconds.
   */
  protected override revealInner(segment: ToolOverviewSegment, matches: (text: string) => boolean) {
    const open = new Set(this.openSchemas);
    const declarations = new Set(this.openDeclarations);
    let opened = 0;
    for (let index = 0; index < segment.items.length && opened < SLICE; index++) {
      const { schema, declaration } = segment.items[index]!;
      for (const [value, set] of [
        [schema, open],
        [declaration, declarations],
      ] as const) {
        if (value && matches(safeStringify(value, 2, MAX_JSON_CHARS))) {
          set.add(index);
          this.slices.include('tools', index);
          opened++;
        }
      }
    }
    this.openSchemas = open;
    this.openDeclarations = declarations;
  }

  protected renderSegment(segment: ToolOverviewSegment) {
    const t = this.ambient;
    const count = segment.items.length;
    return renderDisclosure({
      kind: 'kind-tool_overview',
      icon: toolsIcon,
      label: t.t('kind.tool_overview'),
      summary: t.t('common.items', { n: count }),
      expanded: !this.collapsed,
      onToggle: () => this.toggle(),
      naming: this.naming,
      body: () =>
        html`${
            segment.inSystemText === false
              ? html`<p part=${this.part('tools-note')} class="tools-note">
                  ${t.t('provider.toolsOnly')}
                </p>`
              : nothing
          }
          <ul class="tools" role="list">
            ${this.slices.slice('tools', segment.items).map((tool, index) => this.renderTool(tool, index))}
          </ul>
          ${this.slices.more('tools', count)}`,
    });
  }

  private renderTool(tool: ToolItem, index: number) {
    const t = this.ambient;
    const open = this.openSchemas.has(index);
    const id = this.id(`schema-${index}`);
    // Each button is named "Parameters <tool name>", so that a list of buttons tells them apart.
    return html`<li part=${this.part('tool')} class="tool">
      <code part=${this.part('signature')} class="signature"
        ><span class="tool-name" id=${this.id(`tool-${index}`)}>${tool.name}</span>(<span
          class="parameters"
          >${tool.parameters}</span
        >)</code
      >
      ${
        tool.runBy === 'provider'
          ? html`${renderProviderBadge(this.provider, 'provider.tool')}${
              tool.declaredIn === 'mcp_servers'
                ? html` <span part=${this.part('declared-in')} class="declared-in"
                    >${t.t('provider.mcpServer')}</span
                  >`
                : nothing
            }`
          : nothing
      }
      <p part=${this.part('tool-description')} class="tool-description">${tool.description}</p>
      ${tool.declaration ? this.renderDeclaration(tool.declaration, index) : nothing}
      ${
        tool.schema
          ? html`${renderToggle({
                part: 'schema-toggle',
                expanded: open,
                controls: id,
                labelledBy: this.id(`toggle-${index} tool-${index}`),
                naming: this.naming,
                onToggle: () =>
                  this.change(() => (this.openSchemas = toggleIndex(this.openSchemas, index))),
                label: html`<span id=${this.id(`toggle-${index}`)}
                  >${t.t('tools.parameters')}</span
                >`,
              })}
              <div part=${this.part('schema')} class="schema" id=${id} ?hidden=${!open}>
                ${open ? this.renderSchema(tool.schema) : nothing}
              </div>`
          : tool.runBy === 'provider' || tool.declaration
            ? nothing
            : html`<p part=${this.part('note')} class="note">${t.t('tools.noSchema')}</p>`
      }
    </li>`;
  }

  private get provider(): ProviderContext {
    return { t: this.ambient, part: (names) => this.part(names), slices: this.slices };
  }

  /** A tool's declaration as the API wrote it (1.1: server and built-in tools), as JSON. */
  private renderDeclaration(declaration: Record<string, unknown>, index: number) {
    const open = this.openDeclarations.has(index);
    const id = this.id(`declaration-${index}`);
    return html`${renderToggle({
        part: 'declaration-toggle',
        expanded: open,
        controls: id,
        labelledBy: this.id(`declaration-toggle-${index} tool-${index}`),
        naming: this.naming,
        onToggle: () =>
          this.change(() => (this.openDeclarations = toggleIndex(this.openDeclarations, index))),
        label: html`<span id=${this.id(`declaration-toggle-${index}`)}
          >${this.ambient.t('provider.declaration')}</span
        >`,
      })}
      <div part=${this.part('declaration')} class="schema" id=${id} ?hidden=${!open}>
        ${
          open
            ? html`<pre part=${this.part('declaration-json')} class="raw">
${renderJsonText(safeStringify(declaration, 2, MAX_JSON_BESIDE_TREE_CHARS))}</pre>`
            : nothing
        }
      </div>`;
  }

  /**
   * A schema's properties and whether it uses combinators, once per segment: every "show more"
   * and every opened schema renders the tree again, and 100,000 properties took 0.8 s a time.
   */
  private schemaFacts = new WeakMap<Schema, { properties: string[]; raw?: boolean }>();

  private factsOf(schema: Schema) {
    let facts = this.schemaFacts.get(schema);
    if (!facts) this.schemaFacts.set(schema, (facts = { properties: propertyNames(schema) }));
    return facts;
  }

  private renderSchema(schema: Schema): TemplateResult {
    const facts = this.factsOf(schema);
    const hasProperties = facts.properties.length > 0;
    const raw = !hasProperties || (facts.raw ??= usesCombinators(schema));
    return html`${hasProperties ? this.renderProperties(schema, 0, '') : nothing}
    ${
      raw
        ? html`<figure>
            <figcaption>${this.ambient.t('tools.schema')}</figcaption>
            ${this.renderJson(schema, hasProperties ? MAX_JSON_BESIDE_TREE_CHARS : MAX_JSON_CHARS)}
          </figure>`
        : nothing
    }`;
  }

  private renderProperties(schema: Schema, depth: number, path: string): TemplateResult {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const names = this.factsOf(schema).properties;
    const values = schema.properties as Record<string, unknown>;
    const first = depth === 0 ? undefined : NESTED_SLICE;
    return html`<ul part=${this.part('schema-tree')} class="tree" role="list">
        ${this.slices.slice(`schema${path}`, names, first).map((name) => {
          const property = values[name];
          const details = isSchema(property) ? property : {};
          return html`<li part=${this.part('property')} class="property">
            <div class="property-head">
              <code part=${this.part('property-name')} class="property-name">${name}</code>
              <span part=${this.part('type')} class="type">${this.typeOf(property, 0)}</span>
              ${required.has(name) ? html`<span part=${this.part('required')} class="required">${this.ambient.t('tools.required')}</span>` : nothing}
            </div>
            ${
              typeof details.description === 'string'
                ? html`<p class="property-description">${details.description}</p>`
                : nothing
            }
            ${this.renderFacts(details)} ${this.renderNested(details, depth, `${path}/${name}`)}
          </li>`;
        })}
      </ul>
      ${this.slices.more(`schema${path}`, names.length, first)}`;
  }

  /** Nested object properties, or the properties of array items that are objects. */
  private renderNested(schema: Schema, depth: number, path: string) {
    const child =
      this.factsOf(schema).properties.length > 0
        ? schema
        : isSchema(schema.items) && this.factsOf(schema.items).properties.length > 0
          ? schema.items
          : null;
    if (!child) return nothing;
    return depth + 1 >= MAX_DEPTH
      ? this.renderJson(child)
      : this.renderProperties(child, depth + 1, path);
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
      return joinShort(
        mapped(schema.enum, (value) => safeStringify(value, 0, MAX_TYPE_CHARS)),
        ' | ',
      );
    if ('const' in schema) return safeStringify(schema.const, 0, MAX_TYPE_CHARS);
    if (typeof schema.$ref === 'string') return schema.$ref;
    for (const [keyword, separator] of [
      ['oneOf', ' | '],
      ['anyOf', ' | '],
      ['allOf', ' & '],
    ]) {
      const branches = schema[keyword];
      if (Array.isArray(branches))
        return joinShort(
          mapped(branches, (branch) => this.typeOf(branch, depth + 1)),
          separator,
        );
    }
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
      (type): type is string => typeof type === 'string',
    );
    if (types.length === 0) {
      if (isSchema(schema.properties)) types.push('object');
      else if ('items' in schema) types.push('array');
      else return 'any';
    }
    return joinShort(
      mapped(types, (type) =>
        type === 'array' && isSchema(schema.items) ? this.arrayOf(schema.items, depth) : type,
      ),
      ' | ',
    );
  }

  private arrayOf(items: Schema, depth: number): string {
    const inner = this.typeOf(items, depth + 1);
    return this.ambient.t('tools.arrayOf', { type: inner.includes(' ') ? `(${inner})` : inner });
  }

  private renderJson(value: unknown, max = MAX_JSON_CHARS) {
    const text = safeStringify(value, 2, max);
    return html`<pre part=${this.part('schema-json')} class="raw">${renderJsonText(text)}</pre>`;
  }
}
