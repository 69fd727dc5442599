import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-tool-overview/segment-tool-overview.js';
import type { SegmentToolOverview } from '../../src/elements/segment-tool-overview/segment-tool-overview.js';
import type { ToolOverviewSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, parts, togglesOnClick } from './helpers.js';

const searchSchema = {
  type: 'object',
  properties: {
    origin: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'IATA code of the departure airport.',
    },
    departureDate: { type: 'string', format: 'date', description: 'Outbound date.' },
    passengers: {
      type: 'object',
      description: 'Who is travelling.',
      properties: {
        adults: {
          type: 'integer',
          minimum: 1,
          maximum: 9,
          description: 'Travellers aged 12 or over.',
        },
        children: { type: 'integer', minimum: 0, default: 0 },
      },
      required: ['adults'],
    },
    cabin: {
      type: 'string',
      enum: ['economy', 'business'],
      default: 'economy',
      description: 'Cabin class.',
    },
    airlines: { type: 'array', items: { type: 'string' }, description: 'Preferred carriers.' },
    legs: {
      type: 'array',
      items: {
        type: 'object',
        properties: { flightNumber: { type: 'string' } },
        required: ['flightNumber'],
      },
    },
    note: { type: ['string', 'null'] },
  },
  required: ['origin', 'departureDate', 'passengers'],
  additionalProperties: false,
};

const tools: ToolOverviewSegment = {
  kind: 'tool_overview',
  items: [
    {
      name: 'search_flights',
      description: 'Search bookable flight offers between two airports.',
      parameters: 'origin: string, departureDate: string, passengers: { adults: number }',
      schema: searchSchema,
    },
    { name: 'get_time', description: 'The current time.', parameters: '' },
  ],
  collapsed: true,
};

/** The property `<li>` whose own name is `name`. */
function property(root: ParentNode, name: string) {
  return [...root.querySelectorAll<HTMLElement>('[part~="property"]')].find(
    (li) =>
      li.querySelector(':scope > .property-head > [part~="property-name"]')!.textContent === name,
  )!;
}
const typeOf = (li: HTMLElement) =>
  li.querySelector(':scope > .property-head > [part~="type"]')!.textContent;
/** The property's facts (default, format, …) as term → value. */
const factsOf = (li: HTMLElement) =>
  Object.fromEntries(
    [...li.querySelectorAll(':scope > dl > div')].map((d) => [
      d.querySelector('dt')!.textContent,
      d.querySelector('dd')!.textContent,
    ]),
  );
const isRequired = (li: HTMLElement) =>
  li.querySelector(':scope > .property-head > [part~="required"]') !== null;

async function expandedTool(segment: object, index = 0) {
  const el = await fixture<SegmentToolOverview>(
    html`<segment-tool-overview
      .segment=${{ ...segment, collapsed: false }}
    ></segment-tool-overview>`,
  );
  parts(el, 'schema-toggle')[index].click();
  await el.updateComplete;
  return el;
}

segmentContract('segment-tool-overview', tools, {
  kind: 'skills',
  items: [{ name: 'a', description: 'b' }],
  collapsed: true,
});

describe('<segment-tool-overview>', () => {
  it('starts collapsed and expands on click with aria-expanded and one segment-toggle', async () => {
    const el = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview
        message-id="t-1"
        segment-index="3"
        .segment=${tools}
      ></segment-tool-overview>`,
    );
    const header = part(el, 'header')!;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(header.textContent).to.include('Tools');
    expect(part(el, 'summary')!.textContent).to.equal('2 items');
    expect(part(el, 'tool')).to.equal(null);

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 't-1', segmentIndex: 3, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    const signatures = parts(el, 'signature').map((s) => s.textContent);
    expect(signatures).to.deep.equal([
      `search_flights(${tools.items[0].parameters})`,
      'get_time()',
    ]);
    expect(parts(el, 'tool-description')[0].textContent).to.equal(
      'Search bookable flight offers between two airports.',
    );
    expect(part(el, 'schema-tree'), 'schemas stay closed until asked for').to.equal(null);
  });

  it('opens one tool schema with its own button, without segment-toggle', async () => {
    const el = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview
        .segment=${{ ...tools, collapsed: false }}
      ></segment-tool-overview>`,
    );
    const buttons = parts(el, 'schema-toggle');
    expect(buttons, 'the tool without schema has no button').to.have.length(1);
    const button = buttons[0];
    expect(button.getAttribute('type')).to.equal('button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const labelledBy = button
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => el.shadowRoot!.getElementById(id)!.textContent);
    expect(labelledBy).to.deep.equal(['Parameters', 'search_flights']);
    const region = el.shadowRoot!.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region.hidden).to.equal(true);

    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(region.hidden).to.equal(false);
    expect(region.querySelector('[part~="schema-tree"]')).to.not.equal(null);
    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    expect(region.hidden).to.equal(true);
  });

  it('shows the schema as a tree: names, types, required marks, enums, descriptions, defaults and formats', async () => {
    const el = await expandedTool(tools);
    const tree = part(el, 'schema-tree')!;
    expect(tree.localName).to.equal('ul');
    expect(tree.getAttribute('role')).to.equal('list');
    const top = [
      ...tree.querySelectorAll(':scope > li > .property-head > [part~="property-name"]'),
    ].map((n) => n.textContent);
    expect(top).to.deep.equal([
      'origin',
      'departureDate',
      'passengers',
      'cabin',
      'airlines',
      'legs',
      'note',
    ]);

    const origin = property(tree, 'origin');
    expect(typeOf(origin)).to.equal('string');
    expect(isRequired(origin)).to.equal(true);
    expect(origin.querySelector('[part~="required"]')!.textContent).to.equal('required');
    expect(origin.textContent).to.include('IATA code of the departure airport.');
    expect(factsOf(origin)).to.deep.equal({ pattern: '^[A-Z]{3}$' });

    const date = property(tree, 'departureDate');
    expect(factsOf(date)).to.deep.equal({ format: 'date' });

    const cabin = property(tree, 'cabin');
    expect(typeOf(cabin)).to.equal('"economy" | "business"');
    expect(isRequired(cabin)).to.equal(false);
    expect(factsOf(cabin)).to.deep.equal({ default: '"economy"' });

    expect(typeOf(property(tree, 'airlines'))).to.equal('array of string');
    expect(typeOf(property(tree, 'note'))).to.equal('string | null');
  });

  it('indents nested object properties and array item objects', async () => {
    const el = await expandedTool(tools);
    const passengers = property(el.shadowRoot!, 'passengers');
    expect(typeOf(passengers)).to.equal('object');
    const nested = passengers.querySelector<HTMLElement>(':scope > [part~="schema-tree"]')!;
    const adults = property(nested, 'adults');
    expect(typeOf(adults)).to.equal('integer');
    expect(isRequired(adults)).to.equal(true);
    expect(factsOf(adults)).to.deep.equal({ range: '1 – 9' });
    const children = property(nested, 'children');
    expect(isRequired(children)).to.equal(false);
    expect(factsOf(children)).to.deep.equal({ default: '0', range: '≥ 0' });
    expect(adults.getBoundingClientRect().left, 'indented').to.be.greaterThan(
      passengers.getBoundingClientRect().left + 8,
    );

    const legs = property(el.shadowRoot!, 'legs');
    expect(typeOf(legs)).to.equal('array of object');
    const flightNumber = property(legs, 'flightNumber');
    expect(isRequired(flightNumber)).to.equal(true);
    expect(part(el, 'schema-json'), 'a plain schema needs no raw JSON').to.equal(null);
  });

  it('shows the raw JSON for a schema without properties or with combinators', async () => {
    const empty = await expandedTool({
      kind: 'tool_overview',
      items: [{ name: 'ping', description: 'Ping.', parameters: '', schema: { type: 'object' } }],
    });
    expect(part(empty, 'schema-tree')).to.equal(null);
    expect(part(empty, 'schema-json')!.textContent).to.equal('{\n  "type": "object"\n}');

    const combined = await expandedTool({
      kind: 'tool_overview',
      items: [
        {
          name: 'pay',
          description: 'Pay.',
          parameters: 'method',
          schema: {
            type: 'object',
            $defs: { card: { type: 'object', properties: { number: { type: 'string' } } } },
            properties: {
              method: { oneOf: [{ $ref: '#/$defs/card' }, { type: 'string', const: 'cash' }] },
            },
          },
        },
      ],
    });
    expect(typeOf(property(combined.shadowRoot!, 'method'))).to.equal('#/$defs/card | "cash"');
    expect(part(combined, 'schema-json')!.textContent).to.include('"$defs"');
  });

  it('shows at most 20,000 characters of JSON under the tree of a very wide schema', async () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) properties[`p${i}`] = { type: 'string' };
    const wide = await expandedTool({
      kind: 'tool_overview',
      items: [{ name: 'wide', description: 'Wide.', parameters: '', schema: { properties } }],
    });
    expect(part(wide, 'schema-tree')).to.not.equal(null);
    const json = part(wide, 'schema-json')!.textContent!;
    expect(json.startsWith('{\n  "properties": {\n    "p0"')).to.equal(true);
    expect(json.length).to.be.within(19_000, 20_010);
  });

  it('stops the tree at a depth of 8 and shows the rest as JSON', async () => {
    let schema: Record<string, unknown> = {
      type: 'object',
      properties: { leaf: { type: 'string' } },
    };
    for (let level = 11; level >= 1; level--)
      schema = { type: 'object', properties: { [`level${level}`]: schema } };
    const el = await expandedTool({
      kind: 'tool_overview',
      items: [{ name: 'deep', description: 'Deep.', parameters: '', schema }],
    });
    const names = parts(el, 'property-name').map((n) => n.textContent);
    expect(names).to.include('level8');
    expect(names).to.not.include('level9');
    const json = part(el, 'schema-json')!;
    expect(json.textContent).to.include('"level9"');
    expect(json.textContent).to.include('"leaf"');
  });

  it('shows a schema nested 10,000 levels deep, its JSON cut short', async () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++)
      schema = { type: 'object', properties: { a: schema } };
    const el = await expandedTool({
      kind: 'tool_overview',
      items: [{ name: 'deep', description: 'Deep.', parameters: '', schema }],
    });
    expect(part(el, 'error')).to.equal(null);
    expect(parts(el, 'property-name')).to.have.length(8);
    const json = part(el, 'schema-json')!.textContent!;
    expect(json.startsWith('{\n  "type": "object",\n  "properties": {')).to.equal(true);
    expect(json.endsWith('…')).to.equal(true);
  });

  it('says so for a tool without schema', async () => {
    const el = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview
        .segment=${{ ...tools, collapsed: false }}
      ></segment-tool-overview>`,
    );
    const notes = parts(el, 'note');
    expect(notes).to.have.length(1);
    expect(parts(el, 'tool')[1].contains(notes[0])).to.equal(true);
    expect(notes[0].textContent).to.equal(
      'No schema: the provider receives an empty object schema.',
    );
  });

  it('wraps a long signature and schema inside its box', async () => {
    const long = {
      ...tools,
      items: [{ ...tools.items[0], name: `tool_${'n'.repeat(120)}`, parameters: 'p'.repeat(300) }],
      collapsed: false,
    };
    const host = await fixture<HTMLElement>(
      html`<div style="width: 280px">
        <segment-tool-overview .segment=${long}></segment-tool-overview>
      </div>`,
    );
    const el = host.querySelector('segment-tool-overview')!;
    await el.updateComplete;
    part(el, 'schema-toggle')!.click();
    await el.updateComplete;
    const tool = part(el, 'tool')!;
    expect(tool.scrollWidth).to.be.at.most(tool.clientWidth + 1);
    expect(tool.getBoundingClientRect().right).to.be.at.most(host.getBoundingClientRect().right);
  });

  it('is accessible with a schema open, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentToolOverview>(
        html`<segment-tool-overview
          theme=${theme}
          .segment=${{ ...tools, collapsed: false }}
        ></segment-tool-overview>`,
      );
      part(el, 'schema-toggle')!.click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN">
        <segment-tool-overview .segment=${{ ...tools, collapsed: false }}></segment-tool-overview>
      </div>`,
    );
    const el = host.querySelector('segment-tool-overview')!;
    await el.updateComplete;
    part(el, 'schema-toggle')!.click();
    await el.updateComplete;
    expect(part(el, 'label')!.textContent).to.equal('工具');
    expect(part(el, 'summary')!.textContent).to.equal('2 项');
    expect(part(el, 'schema-toggle')!.textContent!.trim()).to.equal('参数');
    expect(part(el, 'required')!.textContent).to.equal('必填');
    expect(typeOf(property(el.shadowRoot!, 'airlines'))).to.equal('string 数组');
    expect(property(el.shadowRoot!, 'cabin').querySelector('dt')!.textContent).to.equal('默认值');
    expect(part(el, 'note')!.textContent).to.equal('没有 Schema：提供方收到一个空对象 Schema。');
  });

  it('renders hostile strings, property names and enum values as inert text', async () => {
    const hostile = {
      kind: 'tool_overview',
      items: [
        {
          name: HOSTILE,
          description: HOSTILE,
          parameters: HOSTILE,
          schema: {
            type: 'object',
            description: HOSTILE,
            properties: {
              [HOSTILE]: {
                type: 'string',
                description: HOSTILE,
                enum: [HOSTILE],
                default: HOSTILE,
                format: HOSTILE,
                pattern: HOSTILE,
              },
              list: {
                type: 'array',
                items: { type: 'object', properties: { [HOSTILE]: { $ref: HOSTILE } } },
              },
            },
            required: [HOSTILE],
          },
        },
      ],
      collapsed: false,
    };
    const el = await expandedTool(hostile);
    await expectInert(el.shadowRoot!);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(part(el, 'signature')!.textContent).to.equal(`${HOSTILE}(${HOSTILE})`);
    expect(part(el, 'tool-description')!.textContent).to.equal(HOSTILE);
    const evil = property(el.shadowRoot!, HOSTILE);
    expect(isRequired(evil)).to.equal(true);
    expect(typeOf(evil)).to.equal(JSON.stringify(HOSTILE));
    expect(part(el, 'schema-json')!.textContent).to.include('window.__pwned');
  });
});

describe('<segment-tool-overview> with provider tools (protocol 1.1)', () => {
  const overview: ToolOverviewSegment = {
    kind: 'tool_overview',
    collapsed: false,
    inSystemText: false,
    items: [
      { name: 'get_weather', description: 'Current weather of a city.', parameters: 'city' },
      {
        name: 'web_search',
        description: 'Searches the web (run by Anthropic).',
        parameters: '',
        runBy: 'provider',
        declaration: { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
      },
      {
        name: 'github',
        description: 'MCP server github',
        parameters: '',
        runBy: 'provider',
        declaredIn: 'mcp_servers',
        declaration: { type: 'url', url: 'https://mcp.example.com/sse', name: 'github' },
      },
    ],
  };

  it("notes tools sent only in the API's tools field, above the list", async () => {
    const el = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview .segment=${overview}></segment-tool-overview>`,
    );
    expect(part(el, 'tools-note')!.textContent!.trim()).to.equal(
      "Sent only as the API's tools, not in the system text.",
    );
    const plain = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview
        .segment=${{ ...overview, inSystemText: undefined }}
      ></segment-tool-overview>`,
    );
    expect(part(plain, 'tools-note')).to.equal(null);
  });

  it('marks provider tools and shows their declaration as JSON', async () => {
    const el = await fixture<SegmentToolOverview>(
      html`<segment-tool-overview .segment=${overview}></segment-tool-overview>`,
    );
    const tools = parts(el, 'tool');
    expect(tools[0].querySelector('[part~="provider"]')).to.equal(null);
    expect(tools[0].querySelector('[part~="note"]')).to.exist;
    expect(tools[1].querySelector('[part~="provider"]')!.textContent).to.equal('provider tool');
    expect(tools[1].querySelector('[part~="note"]'), 'no "no schema" note').to.equal(null);
    expect(tools[2].querySelector('[part~="declared-in"]')!.textContent).to.equal('MCP server');
    const toggle = tools[1].querySelector<HTMLButtonElement>('[part~="declaration-toggle"]')!;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(tools[1].querySelector('[part~="declaration-json"]')!.textContent).to.include(
      '"web_search_20250305"',
    );
  });
});
