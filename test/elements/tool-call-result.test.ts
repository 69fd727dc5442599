import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/tool-call-result/tool-call-result.js';
import type { ToolCallResult } from '../../src/elements/tool-call-result/tool-call-result.js';
import type { ToolCallResultSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, togglesOnClick } from './helpers.js';

const success: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'get_weather',
  result: 'Lisbon: 21 °C, light wind from the north-west.',
  success: true,
  collapsed: true,
};

const failure: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'book_flight',
  result: 'Error 503: the booking service is unavailable.\nRetry after 30 s.',
  success: false,
  collapsed: false,
};

segmentContract('tool-call-result', success, { kind: 'text', content: 'hi' });

describe('<tool-call-result>', () => {
  it('shows a success as a collapsed green strip with icon, tool name and "Succeeded"', async () => {
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result .segment=${success}></tool-call-result>`,
    );
    const header = part(el, 'header')!;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(part(el, 'label')!.textContent).to.equal('Tool result');
    expect(part(el, 'tool-name')!.textContent).to.equal('get_weather');
    expect(part(el, 'status')!.textContent!.trim()).to.equal('Succeeded');
    expect(header.querySelector('svg.kind-icon circle + path')!.getAttribute('d')).to.include(
      'M8 12.5',
    );
    expect(part(el, 'panel')!.classList.contains('kind-success')).to.equal(true);
    const accent = getComputedStyle(part(el, 'panel')!).borderLeftColor;
    expect(accent).to.equal('rgb(34, 197, 94)');
    expect(part(el, 'result')).to.equal(null);
  });

  it('shows a failure as an expanded red strip with "Failed" and the result', async () => {
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result .segment=${failure}></tool-call-result>`,
    );
    expect(part(el, 'header')!.getAttribute('aria-expanded')).to.equal('true');
    expect(part(el, 'status')!.textContent!.trim()).to.equal('Failed');
    expect(part(el, 'panel')!.classList.contains('kind-failure')).to.equal(true);
    expect(getComputedStyle(part(el, 'panel')!).borderLeftColor).to.equal('rgb(239, 68, 68)');
    const result = part(el, 'result')!;
    expect(result.textContent).to.equal(failure.result);
    expect(getComputedStyle(result).whiteSpace).to.equal('pre-wrap');
    expect(getComputedStyle(result).fontFamily).to.match(/mono|Menlo|Consolas/i);
  });

  it('expands on click with aria-expanded and exactly one segment-toggle event', async () => {
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result
        message-id="t-3"
        segment-index="4"
        .segment=${success}
      ></tool-call-result>`,
    );
    const header = part(el, 'header') as HTMLButtonElement;
    expect(header.type).to.equal('button');
    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 't-3', segmentIndex: 4, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(part(el, 'result')!.textContent).to.equal(success.result);
    expect(header.getAttribute('aria-controls')).to.equal(part(el, 'body')!.id);
  });

  it('pretty-prints a JSON object or array result with syntax colours', async () => {
    const data = { city: 'Lisbon', temperature: 21, wind: { from: 'NW', kmh: 12 }, rain: null };
    for (const value of [data, [1, true, 'two']]) {
      const el = await fixture<ToolCallResult>(
        html`<tool-call-result
          .segment=${{ ...success, collapsed: false, result: `  ${JSON.stringify(value)}` }}
        ></tool-call-result>`,
      );
      const result = part(el, 'result')!;
      expect(result.textContent).to.equal(JSON.stringify(value, null, 2));
      expect(result.querySelector('.json-number, .json-literal')).to.not.equal(null);
    }
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result
        .segment=${{ ...success, collapsed: false, result: JSON.stringify(data) }}
      ></tool-call-result>`,
    );
    expect(part(el, 'result')!.querySelector('.json-key')!.textContent).to.equal('"city"');
  });

  it('shows text that is not a JSON object or array as it is', async () => {
    for (const text of ['42', '"quoted"', '{not json', '[1, 2', 'ok']) {
      const el = await fixture<ToolCallResult>(
        html`<tool-call-result .segment=${{ ...failure, result: text }}></tool-call-result>`,
      );
      const result = part(el, 'result')!;
      expect(result.textContent).to.equal(text);
      expect(result.querySelector('.json')).to.equal(null);
    }
  });

  it('shows a JSON result nested 10,000 levels deep as text, without failing', async () => {
    const text = '['.repeat(10_000) + ']'.repeat(10_000);
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result .segment=${{ ...failure, result: text }}></tool-call-result>`,
    );
    expect(part(el, 'error')).to.equal(null);
    expect(part(el, 'result')!.textContent).to.equal(text);
  });

  it('scrolls a long result inside a bounded, focusable region', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i + 1}`).join('\n');
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result .segment=${{ ...failure, result: long }}></tool-call-result>`,
    );
    const result = part(el, 'result') as HTMLElement;
    expect(result.scrollHeight).to.be.greaterThan(result.clientHeight);
    expect(getComputedStyle(result).overflowY).to.equal('auto');
    expect(result.tabIndex).to.equal(0);
    expect(result.getAttribute('aria-label')).to.equal('Result');
    expect(result.textContent).to.include('line 400');
  });

  it('says so when the result is empty', async () => {
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result .segment=${{ ...failure, result: '' }}></tool-call-result>`,
    );
    expect(part(el, 'result')!.textContent).to.equal('The tool returned an empty result.');
  });

  it('is accessible expanded, for success (JSON) and failure, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      for (const segment of [
        { ...success, collapsed: false, result: '{"ok":true,"n":1}' },
        failure,
      ]) {
        const el = await fixture<ToolCallResult>(
          html`<tool-call-result theme=${theme} .segment=${segment}></tool-call-result>`,
        );
        expect(part(el, 'result')).to.not.equal(null);
        await expect(el).to.be.accessible();
      }
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN">
        <tool-call-result .segment=${success}></tool-call-result>
        <tool-call-result .segment=${failure}></tool-call-result>
      </div>`,
    );
    const [ok, failed] = host.querySelectorAll('tool-call-result');
    await ok.updateComplete;
    await failed.updateComplete;
    expect(part(ok, 'label')!.textContent).to.equal('工具结果');
    expect(part(ok, 'status')!.textContent!.trim()).to.equal('成功');
    expect(part(failed, 'status')!.textContent!.trim()).to.equal('失败');
    expect(part(failed, 'result')!.getAttribute('aria-label')).to.equal('结果');
  });

  it('shows hostile strings as text: nothing runs, no handler, no javascript: URL', async () => {
    const el = await fixture<ToolCallResult>(
      html`<tool-call-result
        .segment=${{ ...failure, toolName: HOSTILE, result: HOSTILE }}
      ></tool-call-result>`,
    );
    await expectInert(el.shadowRoot!);
    expect(part(el, 'tool-name')!.textContent).to.equal(HOSTILE);
    expect(part(el, 'result')!.textContent).to.equal(HOSTILE);
  });
});

describe('<tool-call-result> with a structured result (protocol 1.1)', () => {
  const mount = (segment: ToolCallResultSegment) =>
    fixture<ToolCallResult>(html`<tool-call-result .segment=${segment}></tool-call-result>`);
  const structured = (
    value: ToolCallResultSegment['structured'],
    extra: Partial<ToolCallResultSegment> = {},
  ): ToolCallResultSegment => ({
    kind: 'tool_call_result',
    toolName: 'web_search',
    result: JSON.stringify(value),
    success: true,
    collapsed: false,
    runBy: 'provider',
    structured: value,
    ...extra,
  });

  it('lists web search results as title links with host and page age, never the encrypted content', async () => {
    const el = await mount(
      structured(
        [
          {
            type: 'web_search_result',
            url: 'https://bouldercolorado.gov/trail-closures',
            title: 'Trail closures | City of Boulder',
            page_age: '2 days ago',
            encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1h',
          },
          {
            type: 'web_search_result',
            url: 'https://www.alltrails.com/parks/us/colorado/boulder',
            title: 'Best trails in Boulder',
            encrypted_content: 'Eo8BCioIARgBIiQ',
          },
        ],
        { resultType: 'web_search_tool_result' },
      ),
    );
    expect(part(el, 'provider')!.textContent).to.equal('Run by the provider');
    expect(part(el, 'result-type')!.textContent).to.equal('web_search_tool_result');
    const items = [...part(el, 'provider-list')!.querySelectorAll('li')];
    expect(items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Trail closures | City of Boulder — bouldercolorado.gov · 2 days ago',
      'Best trails in Boulder — www.alltrails.com',
    ]);
    const link = items[0].querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://bouldercolorado.gov/trail-closures');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(el.shadowRoot!.textContent).to.not.include('EqgfCioI');
    // The structured value is shown, not the text that repeats it.
    expect(part(el, 'result')).to.equal(null);
  });

  it('shows code execution output: stdout, stderr and the return code', async () => {
    const el = await mount(
      structured(
        {
          type: 'code_execution_result',
          stdout: 'mean 4.2\n',
          stderr: 'warning: x',
          return_code: 1,
        },
        { toolName: 'code_execution', resultType: 'code_execution_tool_result' },
      ),
    );
    expect(part(el, 'provider-output')!.textContent).to.equal('mean 4.2\n');
    expect(part(el, 'provider-error')!.textContent).to.equal('warning: x');
    const code = part(el, 'provider-return-code')!;
    expect(code.textContent!.trim()).to.equal('Return code 1');
    expect(code.classList.contains('failed')).to.equal(true);
  });

  it('shows a provider error as an error', async () => {
    const el = await mount(
      structured({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' }),
    );
    const error = part(el, 'provider-error')!;
    expect(error.getAttribute('role')).to.equal('note');
    expect(error.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Error: max_uses_exceeded');
    expect(part(el, 'error'), 'not the error panel of bad input').to.equal(null);
  });

  it('shows a Gemini function response object as JSON, not the text', async () => {
    const el = await mount(
      structured(
        { temperature: 21, unit: 'celsius', conditions: 'light wind' },
        { toolName: 'get_weather', runBy: undefined, result: 'the text form' },
      ),
    );
    expect(part(el, 'provider')).to.equal(null);
    const json = part(el, 'provider-json')!;
    expect([...json.querySelectorAll('.json-key')].map((k) => k.textContent)).to.deep.equal([
      '"temperature"',
      '"unit"',
      '"conditions"',
    ]);
    expect(el.shadowRoot!.textContent).to.not.include('the text form');
  });

  it("shows Gemini's code execution result: outcome and output", async () => {
    const el = await mount(structured({ outcome: 'OUTCOME_OK', output: '42\n' }));
    expect(part(el, 'provider-output')!.textContent).to.equal('42\n');
    expect(part(el, 'provider-facts')!.textContent).to.include('OUTCOME_OK');
  });

  it('keeps hostile titles, URLs and output inert', async () => {
    const el = await mount(
      structured([
        { type: 'web_search_result', url: HOSTILE, title: HOSTILE },
        { type: 'web_search_result', url: 'javascript:window.__pwned=1', title: 'x' },
      ]),
    );
    const code = await mount(
      structured({ type: 'code_execution_result', stdout: HOSTILE, return_code: 0 }),
    );
    await expectInert(el.shadowRoot!);
    await expectInert(code.shadowRoot!);
    expect(el.shadowRoot!.querySelectorAll('a[href]').length).to.equal(0);
    expect(part(code, 'provider-output')!.textContent).to.equal(HOSTILE);
  });
});
