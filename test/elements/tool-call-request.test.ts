import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/tool-call-request/tool-call-request.js';
import type { ToolCallRequest } from '../../src/elements/tool-call-request/tool-call-request.js';
import type { ToolCallRequestSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, togglesOnClick } from './helpers.js';

const request: ToolCallRequestSegment = {
  kind: 'tool_call_request',
  toolName: 'search_flights',
  arguments: {
    from: 'BER',
    to: 'LIS',
    note: 'window seat\naisle is fine too',
    passengers: 2,
    flexible: true,
    loyalty: null,
    filters: { maxStops: 1, airlines: ['TP', 'LH'], price: { max: 450, currency: 'EUR' } },
  },
  collapsed: false,
};

segmentContract('tool-call-request', request, { kind: 'text', content: 'hi' });

/** `levels` objects nested in each other under the key `a`, ending in the number 1. */
function nested(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let current = root;
  for (let i = 1; i < levels; i++) {
    const child: Record<string, unknown> = {};
    current.a = child;
    current = child;
  }
  current.a = 1;
  return root;
}

/** How many argument lists are nested inside each other, at most. */
function listDepth(root: ShadowRoot): number {
  let depth = 0;
  let list = root.querySelector('dl');
  while (list) {
    depth++;
    list = list.querySelector('dl');
  }
  return depth;
}

const shadow = (el: Element) => el.shadowRoot!;
/** The row of `key` among the direct rows of an argument list. */
const rowOf = (list: ParentNode, key: string) =>
  [...list.querySelectorAll(':scope > [part~="argument"]')].find(
    (row) =>
      row
        .querySelector('dt')!
        .textContent!.replace(/\[\d+\]/, '')
        .trim() === key,
  )!;

describe('<tool-call-request>', () => {
  it('shows the tool name and one labelled row per argument, expanded by default', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${request}></tool-call-request>`,
    );
    const header = shadow(el).querySelector('[part~="header"]')!;
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(header.querySelector('[part~="label"]')!.textContent).to.equal('Tool call');
    expect(header.querySelector('[part~="tool-name"]')!.textContent).to.equal('search_flights');

    const list = shadow(el).querySelector('[part~="arguments"]')!;
    expect(list.tagName).to.equal('DL');
    const keys = [...list.querySelectorAll(':scope > div > dt')].map((dt) =>
      dt.textContent!.trim(),
    );
    expect(keys).to.deep.equal([
      'from',
      'to',
      'note',
      'passengers',
      'flexible',
      'loyalty',
      'filters',
    ]);
    expect(rowOf(list, 'from').querySelector('dd')!.textContent!.trim()).to.equal('BER');
  });

  it('keeps line breaks in strings and colours numbers, booleans and null like JSON', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${request}></tool-call-request>`,
    );
    const list = shadow(el).querySelector('[part~="arguments"]')!;
    const note = rowOf(list, 'note').querySelector('dd span')!;
    expect(note.textContent).to.equal('window seat\naisle is fine too');
    expect(getComputedStyle(note).whiteSpace).to.equal('pre-wrap');
    expect(note.getBoundingClientRect().height).to.be.greaterThan(
      parseFloat(getComputedStyle(note).lineHeight) * 1.5,
    );

    const passengers = rowOf(list, 'passengers').querySelector('.json-number')!;
    const flexible = rowOf(list, 'flexible').querySelector('.json-literal')!;
    const loyalty = rowOf(list, 'loyalty').querySelector('.json-literal')!;
    expect([passengers.textContent, flexible.textContent, loyalty.textContent]).to.deep.equal([
      '2',
      'true',
      'null',
    ]);
    const textColour = getComputedStyle(note).color;
    expect(getComputedStyle(passengers).color).to.not.equal(textColour);
    expect(getComputedStyle(flexible).color).to.not.equal(textColour);
  });

  it('renders nested objects and arrays as indented rows', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${request}></tool-call-request>`,
    );
    const list = shadow(el).querySelector('[part~="arguments"]')!;
    const filters = rowOf(list, 'filters');
    const inner = filters.querySelector('dd > dl')!;
    expect(inner, 'nested list').to.not.equal(null);
    const innerKeys = [...inner.querySelectorAll(':scope > div > dt')].map((dt) =>
      dt.textContent!.replace(/\s+/g, ' ').trim(),
    );
    expect(innerKeys).to.deep.equal(['maxStops', 'airlines[2]', 'price']);
    const airlines = [...inner.querySelectorAll(':scope > div')][1];
    const items = [...airlines.querySelectorAll('dd > dl > div')].map((row) => [
      row.querySelector('dt')!.textContent!.trim(),
      row.querySelector('dd')!.textContent!.trim(),
    ]);
    expect(items).to.deep.equal([
      ['0', 'TP'],
      ['1', 'LH'],
    ]);
    const price = [...inner.querySelectorAll(':scope > div')][2].querySelector('dd > dl')!;
    expect(price.textContent!.replace(/\s+/g, ' '))
      .to.include('max 450')
      .and.include('currency EUR');
    // Indented: the nested rows start to the right of their parent's key.
    const outerLeft = filters.querySelector('dt')!.getBoundingClientRect().left;
    expect(inner.getBoundingClientRect().left).to.be.greaterThan(outerLeft + 8);
    expect(listDepth(shadow(el))).to.equal(3);
  });

  it('says "No arguments" for an empty arguments object', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${{ ...request, arguments: {} }}></tool-call-request>`,
    );
    expect(shadow(el).querySelector('dl')).to.equal(null);
    expect(shadow(el).querySelector('[part~="empty"]')!.textContent).to.equal('No arguments');
  });

  it('collapses on click with aria-expanded and one segment-toggle event, then expands again', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request
        message-id="m-7"
        segment-index="1"
        .segment=${request}
      ></tool-call-request>`,
    );
    const header = shadow(el).querySelector<HTMLButtonElement>('[part~="header"]')!;
    expect(header.type).to.equal('button');

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'm-7', segmentIndex: 1, collapsed: true },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(shadow(el).querySelector('[part~="arguments"]')).to.equal(null);

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'm-7', segmentIndex: 1, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(shadow(el).querySelector('[part~="arguments"]')).to.not.equal(null);
  });

  it('respects collapsed: true in the data', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${{ ...request, collapsed: true }}></tool-call-request>`,
    );
    expect(shadow(el).querySelector('[part~="header"]')!.getAttribute('aria-expanded')).to.equal(
      'false',
    );
    expect(shadow(el).querySelector('[part~="arguments"]')).to.equal(null);
  });

  it('shows values below six levels as JSON text', async () => {
    const args = { deep: { b: { c: { d: { e: { f: { g: 'bottom', n: 1 } } } } } } };
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${{ ...request, arguments: args }}></tool-call-request>`,
    );
    expect(listDepth(shadow(el))).to.equal(6);
    const json = shadow(el).querySelector('dd > .json')!;
    expect(JSON.parse(json.textContent!)).to.deep.equal({ g: 'bottom', n: 1 });
    expect(json.querySelector('.json-string')!.textContent).to.equal('"bottom"');
  });

  it('renders arguments nested 10,000 levels deep, from the property and from the attribute', async () => {
    const deep = { ...request, arguments: nested(10_000) };
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${deep}></tool-call-request>`,
    );
    expect(shadow(el).querySelector('[part~="error"]')).to.equal(null);
    expect(listDepth(shadow(el))).to.equal(6);
    const json = shadow(el).querySelector('dd > .json')!.textContent!;
    expect(json.startsWith('{"a":{"a":{"a":')).to.equal(true);
    expect(json.endsWith('…')).to.equal(true);

    const text =
      '{"kind":"tool_call_request","toolName":"deep","collapsed":false,"arguments":' +
      '{"a":'.repeat(10_000) +
      '1' +
      '}'.repeat(10_001);
    const fromAttribute = await fixture<ToolCallRequest>(
      html`<tool-call-request segment=${text}></tool-call-request>`,
    );
    expect(shadow(fromAttribute).querySelector('[part~="error"]')).to.equal(null);
    expect(listDepth(shadow(fromAttribute))).to.equal(6);
  });

  it('is a dark terminal block with light monospace text in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<ToolCallRequest>(
        html`<tool-call-request theme=${theme} .segment=${request}></tool-call-request>`,
      );
      const panel = shadow(el).querySelector('[part~="panel"]')!;
      const style = getComputedStyle(panel);
      expect(style.backgroundColor, theme).to.equal('rgb(31, 41, 55)');
      expect(style.color, theme).to.equal('rgb(249, 250, 251)');
      expect(style.fontFamily).to.match(/mono|Menlo|Consolas/i);
    }
  });

  it('takes its colour from --pe-tool-call-request-color', async () => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request
        style="--pe-tool-call-request-color: #000000"
        .segment=${request}
      ></tool-call-request>`,
    );
    const panel = shadow(el).querySelector('[part~="panel"]')!;
    expect(getComputedStyle(panel).backgroundColor).to.equal('rgb(0, 0, 0)');
  });

  it('is accessible collapsed and with no arguments', async () => {
    for (const segment of [
      { ...request, collapsed: true },
      { ...request, arguments: {} },
    ]) {
      const el = await fixture<ToolCallRequest>(
        html`<tool-call-request .segment=${segment}></tool-call-request>`,
      );
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN">
        <tool-call-request .segment=${request}></tool-call-request>
        <tool-call-request .segment=${{ ...request, arguments: {} }}></tool-call-request>
      </div>`,
    );
    const [full, empty] = host.querySelectorAll('tool-call-request');
    await full.updateComplete;
    await empty.updateComplete;
    expect(shadow(full).querySelector('[part~="label"]')!.textContent).to.equal('工具调用');
    expect(shadow(full).querySelector('dl')!.getAttribute('aria-label')).to.equal('参数');
    expect(shadow(empty).querySelector('[part~="empty"]')!.textContent).to.equal('无参数');
  });

  it('shows hostile strings as text: nothing runs, no handler, no javascript: URL', async () => {
    const hostile = {
      ...request,
      toolName: HOSTILE,
      arguments: { [HOSTILE]: HOSTILE, list: [HOSTILE], nested: { [HOSTILE]: { x: HOSTILE } } },
    };
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${hostile}></tool-call-request>`,
    );
    await expectInert(shadow(el));
    expect(shadow(el).querySelector('[part~="tool-name"]')!.textContent).to.equal(HOSTILE);
    expect(shadow(el).textContent).to.include('<script>window.__pwned=1</script>');
  });
});

describe('<tool-call-request> run by the provider (protocol 1.1)', () => {
  const mount = async (segment: ToolCallRequestSegment) => {
    const el = await fixture<ToolCallRequest>(
      html`<tool-call-request .segment=${segment}></tool-call-request>`,
    );
    return { el, root: shadow(el) };
  };
  const provider = (item: Record<string, unknown>, extra: Partial<ToolCallRequestSegment> = {}) =>
    ({
      kind: 'tool_call_request',
      toolName: String(item.type),
      arguments: {},
      collapsed: false,
      runBy: 'provider',
      item,
      ...extra,
    }) as ToolCallRequestSegment;
  const facts = (root: ShadowRoot) =>
    Object.fromEntries(
      [...root.querySelectorAll('[part~="provider-facts"] > div')].map((row) => [
        row.querySelector('dt')!.textContent!.trim(),
        row.querySelector('dd')!,
      ]),
    );

  it('says "Run by the provider" and shows an Anthropic server call\'s arguments', async () => {
    const { root } = await mount({
      kind: 'tool_call_request',
      toolName: 'web_search',
      arguments: { query: 'Boulder trail closures July 2026' },
      collapsed: false,
      runBy: 'provider',
    });
    expect(root.querySelector('[part~="provider"]')!.textContent).to.equal('Run by the provider');
    expect(root.querySelector('[part~="value"]')!.textContent).to.equal(
      'Boulder trail closures July 2026',
    );
  });

  it('an app call has no badge', async () => {
    const { root } = await mount(request);
    expect(root.querySelector('[part~="provider"]')).to.equal(null);
  });

  it('names the MCP server ("via MCP server …")', async () => {
    const { root } = await mount({
      kind: 'tool_call_request',
      toolName: 'get_issue',
      arguments: { id: 42 },
      collapsed: false,
      runBy: 'provider',
      server: 'github',
    });
    expect(root.querySelector('[part~="server"]')!.textContent).to.equal('via MCP server github');
  });

  it('draws a web search item: the query and its sources as safe links', async () => {
    const { root } = await mount(
      provider({
        type: 'web_search_call',
        id: 'ws_1',
        status: 'completed',
        action: {
          type: 'search',
          query: 'trail closures Boulder',
          sources: [
            { type: 'url', url: 'https://bouldercolorado.gov/trail-closures' },
            { type: 'url', url: 'javascript:alert(1)' },
          ],
        },
      }),
    );
    const rows = facts(root);
    expect(rows.Query.textContent!.trim()).to.equal('trail closures Boulder');
    expect(rows.Status.textContent!.trim()).to.equal('completed');
    const links = [...rows.Sources.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://bouldercolorado.gov/trail-closures',
    ]);
    expect(links[0].rel).to.equal('noopener noreferrer');
    expect(links[0].target).to.equal('_blank');
    expect(links[0].referrerPolicy).to.equal('no-referrer');
    // The refused URL is there as text.
    expect(rows.Sources.textContent).to.include('javascript:alert(1)');
    expect(root.querySelector('[part~="empty"]')).to.equal(null);
  });

  it('draws code interpreter code and its logs', async () => {
    const { root } = await mount(
      provider({
        type: 'code_interpreter_call',
        id: 'ci_1',
        status: 'completed',
        code: 'import math\nprint(math.sqrt(2))',
        outputs: [{ type: 'logs', logs: '1.4142135623730951' }],
        container_id: 'cntr_123',
      }),
    );
    expect(root.querySelector('[part~="provider-code"]')!.textContent).to.equal(
      'import math\nprint(math.sqrt(2))',
    );
    expect(root.querySelector('[part~="provider-output"]')!.textContent).to.equal(
      '1.4142135623730951',
    );
    expect(facts(root).Container.textContent!.trim()).to.equal('cntr_123');
  });

  it('draws an MCP call: its arguments as JSON, its output and its error', async () => {
    const { root } = await mount(
      provider({
        type: 'mcp_call',
        id: 'mcp_1',
        name: 'roll',
        server_label: 'dmcp',
        arguments: '{"diceRollExpression":"2d4 + 1"}',
        output: '4',
        error: 'rate limited',
      }),
    );
    const rows = facts(root);
    expect(rows.Tool.textContent!.trim()).to.equal('roll');
    expect(rows.Arguments.querySelector('.json-key')!.textContent).to.equal('"diceRollExpression"');
    expect(rows.Output.textContent!.trim()).to.equal('4');
    expect(rows.Error.querySelector('[part~="provider-error"]')!.textContent).to.equal(
      'rate limited',
    );
  });

  it('shows a generated image as a data:image picture, lazy and without referrer', async () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const { root } = await mount(
      provider({ type: 'image_generation_call', id: 'ig_1', status: 'completed', result: png }),
    );
    const img = root.querySelector<HTMLImageElement>('[part~="provider-image"]')!;
    expect(img.getAttribute('src')).to.equal(`data:image/png;base64,${png}`);
    expect(img.loading).to.equal('lazy');
    expect(img.referrerPolicy).to.equal('no-referrer');
    const bad = await mount(
      provider({ type: 'image_generation_call', result: '<svg onload=alert(1)>' }),
    );
    expect(bad.root.querySelector('img')).to.equal(null);
  });

  it('shows an item of an unknown type as JSON', async () => {
    const { root } = await mount(
      provider({ type: 'local_shell_call', action: { command: ['ls'] } }),
    );
    expect(root.querySelector('[part~="provider-json"]')!.textContent).to.include('"command"');
  });

  it('keeps hostile item fields inert', async () => {
    const { root } = await mount(
      provider(
        {
          type: 'web_search_call',
          action: { type: 'search', query: HOSTILE, sources: [{ type: 'url', url: HOSTILE }] },
        },
        { server: HOSTILE },
      ),
    );
    await expectInert(root);
    expect(root.textContent).to.include('<script>window.__pwned=1</script>');
  });
});
