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
