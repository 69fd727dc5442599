import { expect, fixture, html, nextFrame, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/protocol-panel/protocol-panel.js';
import type { ProtocolPanel } from '../../src/elements/protocol-panel/protocol-panel.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { loadDemo, settle } from './helpers.js';

const shadow = (panel: ProtocolPanel) => panel.shadowRoot!;

/** The Trace table's body rows as { id → cells' text }. */
function traceRows(panel: ProtocolPanel): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const tr of shadow(panel).querySelectorAll<HTMLTableRowElement>('table tbody tr')) {
    const cells = [...tr.cells].map((c) => c.textContent!.replace(/\s+/g, ' ').trim());
    rows.set(tr.dataset.id!, cells);
  }
  return rows;
}

/** Column positions, from the table's own headers. */
function columns(panel: ProtocolPanel): string[] {
  return [...shadow(panel).querySelectorAll('table thead th')].map((th) => th.textContent!.trim());
}

function cell(panel: ProtocolPanel, id: string, column: string): string {
  const row = traceRows(panel).get(id);
  expect(row, `row ${id}`).to.exist;
  return row![columns(panel).indexOf(column)]!;
}

async function chooseTarget(panel: ProtocolPanel, target: string) {
  const select = shadow(panel).querySelector<HTMLSelectElement>('[part~="trace-target"]')!;
  select.value = target;
  select.dispatchEvent(new Event('change'));
  await settle(panel);
}

describe('<protocol-panel> Trace tab', () => {
  it('lists one row per segment of demo G, with the built-in ones and the totals', async () => {
    const envelope = await loadDemo('g');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="trace" .envelope=${envelope}></protocol-panel>`,
    );
    const table = shadow(panel).querySelector('table')!;
    expect(table.querySelector('caption')!.textContent).to.include(
      'Prompt segments of the OpenAI request',
    );
    expect(columns(panel)).to.deep.equal([
      'Segment',
      'Kind',
      'Weight',
      'Characters',
      'Trimmed',
      'Source',
      'Messages',
      'Events sent as',
    ]);
    const expected = exportEnvelope(envelope, { target: 'openai' }).trace;
    expect([...traceRows(panel).keys()]).to.deep.equal(expected.map((r) => r.id));
    for (const id of ['builtin:scene', 'builtin:state-change-note', 'builtin:state'])
      expect(traceRows(panel).has(id), id).to.equal(true);
    expect(cell(panel, 'builtin:scene', 'Kind')).to.equal('scene');
    expect(cell(panel, 'builtin:scene', 'Source')).to.equal('built-in');
    expect(cell(panel, 'builtin:scene', 'Trimmed')).to.equal('no');
    const state = expected.find((r) => r.id === 'builtin:state')!;
    expect(cell(panel, 'builtin:state', 'Characters')).to.equal(
      state.characters.toLocaleString('en'),
    );
    expect(cell(panel, 'builtin:state', 'Messages')).to.equal(String(state.messages));
    // Segments of the envelope say what they are.
    const first = expected[0]!;
    expect(traceRows(panel).get(first.id)![0]).to.match(/of message g-1$/);
    // Totals: the system text is the kept text segments joined by blank lines.
    const text = expected.filter((r) => !r.kind.match(/^(user|tool|assistant|state)$/));
    const systemChars = text.reduce((s, r) => s + r.characters, 0) + (text.length - 1) * 2;
    const body = exportEnvelope(envelope, { target: 'openai' }).body as {
      messages: { role: string; content: string }[];
    };
    expect(body.messages[0]!.content.length).to.equal(systemChars);
    const total = shadow(panel).querySelector('tfoot [data-total="system"]')!;
    expect(total.textContent).to.include('System text');
    expect(total.textContent).to.include(systemChars.toLocaleString('en'));
    // Nothing else of the JSON tabs is drawn here.
    expect(shadow(panel).querySelector('[part~="code"]')).to.equal(null);
  });

  it('says events went as system messages for OpenAI and as user messages for Anthropic', async () => {
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="trace" .envelope=${await loadDemo('g')}></protocol-panel>`,
    );
    expect(cell(panel, 'builtin:state', 'Events sent as')).to.equal('system');
    await chooseTarget(panel, 'anthropic');
    expect(panel.traceTarget).to.equal('anthropic');
    expect(shadow(panel).querySelector('caption')!.textContent).to.include('Anthropic');
    expect(cell(panel, 'builtin:state', 'Events sent as')).to.equal('user (header user_id:system)');
    await chooseTarget(panel, 'gemini');
    expect(cell(panel, 'builtin:state', 'Events sent as')).to.match(/^user/);
    await chooseTarget(panel, 'openai');
    expect(cell(panel, 'builtin:state', 'Events sent as')).to.equal('system');
  });

  it('defaults to the provider tab last shown', async () => {
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="gemini" .envelope=${await loadDemo('g')}></protocol-panel>`,
    );
    panel.tab = 'trace';
    await settle(panel);
    expect(
      shadow(panel).querySelector<HTMLSelectElement>('[part~="trace-target"]')!.value,
    ).to.equal('gemini');
    expect(cell(panel, 'builtin:state', 'Events sent as')).to.match(/^user/);
  });

  it('with max-system-chars, marks the memory trimmed and shows the warning', async () => {
    const envelope = await loadDemo('a');
    const memoryIndex = envelope.messages[0]!.segments.findIndex((s) => s.kind === 'memory');
    const memoryId = `envelope:${envelope.messages[0]!.id}:${memoryIndex}`;
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel tab="trace" .envelope=${envelope}></protocol-panel>`,
    );
    expect(cell(panel, memoryId, 'Trimmed')).to.equal('no');
    expect(cell(panel, memoryId, 'Segment')).to.include('Memory of message a-1');
    expect(shadow(panel).querySelector('[part~="warnings"]')!.textContent).not.to.include(
      'left out',
    );

    panel.setAttribute('max-system-chars', '900');
    await settle(panel);
    expect(panel.maxSystemChars).to.equal(900);
    expect(cell(panel, memoryId, 'Trimmed')).to.equal('yes, left out');
    const row = shadow(panel).querySelector(`tr[data-id="${memoryId}"]`)!;
    expect(row.classList.contains('trimmed')).to.equal(true);
    expect(shadow(panel).querySelector('caption')!.textContent).to.include('900');
    const warnings = shadow(panel).querySelector('[part~="warnings"]')!.textContent!;
    expect(warnings).to.include(`'${memoryId}'`);
    expect(warnings).to.include('was over 900 characters');
    // The system text total counts only what was kept.
    const body = exportEnvelope(envelope, { target: 'openai', maxSystemChars: 900 }).body as {
      messages: { content: string }[];
    };
    expect(shadow(panel).querySelector('tfoot [data-total="system"]')!.textContent).to.include(
      body.messages[0]!.content.length.toLocaleString('en'),
    );

    // The provider tabs send the trimmed request and list the same warning.
    panel.tab = 'openai';
    await settle(panel);
    expect(shadow(panel).querySelector('[part~="code"]')!.textContent).to.equal(
      JSON.stringify(body, null, 2),
    );
    expect(shadow(panel).querySelector('[part~="warnings"]')!.textContent).to.include(
      `'${memoryId}'`,
    );

    // Removing the budget brings the memory back.
    panel.removeAttribute('max-system-chars');
    panel.tab = 'trace';
    await settle(panel);
    expect(cell(panel, memoryId, 'Trimmed')).to.equal('no');
  });

  it('is reached with the arrow keys like the other tabs, and copies the trace', async () => {
    const envelope = await loadDemo('g');
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel .envelope=${envelope}></protocol-panel>`,
    );
    const tabs = () => [...shadow(panel).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs().map((t) => t.textContent!.trim())).to.deep.equal([
      'OpenAI',
      'OpenAI Responses',
      'Anthropic',
      'Gemini',
      'OpenTelemetry',
      'Raw protocol',
      'Trace',
    ]);
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await settle(panel);
    await nextFrame(); // the tab list moves focus in the next frame (tabs.ts)
    expect(panel.tab).to.equal('trace');
    expect(shadow(panel).activeElement).to.equal(tabs()[6]);
    expect(tabs()[6]!.getAttribute('aria-selected')).to.equal('true');
    expect(
      shadow(panel).querySelector('[role="tabpanel"]')!.getAttribute('aria-labelledby'),
    ).to.equal('tab-trace');
    // Tab moves on into the panel: the target picker, then the buttons, then the table.
    await sendKeys({ press: 'Tab' });
    expect(shadow(panel).activeElement).to.equal(
      shadow(panel).querySelector('[part~="trace-target"]'),
    );
    const region = shadow(panel).querySelector<HTMLElement>('[part~="trace"]')!;
    expect(region.tabIndex).to.equal(0);
    await sendKeys({ press: 'Home' });
    await settle(panel);
    // Home on the select belongs to the select, not to the tab list.
    expect(panel.tab).to.equal('trace');

    let copied = '';
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (text: string) => {
      copied = text;
    };
    try {
      const event = oneEvent(panel, 'protocol-copy');
      [...shadow(panel).querySelectorAll('button')]
        .find((b) => b.textContent!.trim() === 'Copy')!
        .click();
      expect((await event).detail.target).to.equal('trace');
      expect(JSON.parse(copied)).to.deep.equal(
        exportEnvelope(envelope, { target: 'openai' }).trace,
      );
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('computes nothing until the tab is shown', async () => {
    let listed = 0;
    const registry = {
      register: () => () => {},
      list: () => {
        listed++;
        return [];
      },
      subscribe: () => () => {},
    };
    const panel = await fixture<ProtocolPanel>(
      html`<protocol-panel
        tab="raw"
        .registry=${registry}
        .envelope=${await loadDemo('g')}
      ></protocol-panel>`,
    );
    expect(listed).to.equal(0);
    panel.tab = 'trace';
    await settle(panel);
    expect(listed).to.equal(1);
    panel.tab = 'openai';
    await settle(panel);
    panel.tab = 'trace';
    await settle(panel);
    // OpenAI's export serves the trace of OpenAI too: still one assembly.
    expect(listed).to.equal(1);
  });

  it('is localized and accessible (axe) in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const panel = await fixture<ProtocolPanel>(
        html`<protocol-panel
          tab="trace"
          max-system-chars="900"
          theme=${theme}
          .envelope=${await loadDemo('a')}
        ></protocol-panel>`,
      );
      await expect(panel).to.be.accessible();
    }
    const zh = await fixture<ProtocolPanel>(
      html`<protocol-panel
        lang="zh-CN"
        tab="trace"
        .envelope=${await loadDemo('g')}
      ></protocol-panel>`,
    );
    await settle(zh);
    expect([...shadow(zh).querySelectorAll('[role="tab"]')].at(-1)!.textContent!.trim()).to.equal(
      '追踪',
    );
    expect(shadow(zh).querySelector('caption')!.textContent).to.include('OpenAI 请求的提示词片段');
    expect(shadow(zh).querySelector('thead')!.textContent).to.include('字符数');
    expect(shadow(zh).querySelector('tbody')!.textContent).to.include('内置');
    await expect(zh).to.be.accessible();
  });
});
