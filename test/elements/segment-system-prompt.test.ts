import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-system-prompt/segment-system-prompt.js';
import type { SegmentSystemPrompt } from '../../src/elements/segment-system-prompt/segment-system-prompt.js';
import type { SystemPromptSegment } from '../../src/core/protocol/types.js';
import { expandPlaceholders } from '../../src/core/protocol/template.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, parts, togglesOnClick } from './helpers.js';

const prompt: SystemPromptSegment = {
  kind: 'system_prompt',
  content:
    'You are Studio.\n\nToday is {{current_date}}. You are talking with {{ user_name }}.\nAlways reply in {{language}}.',
  collapsed: true,
};
const variables = { current_date: 'Sunday, June 7, 2026', user_name: 'Maya Chen' };

async function expanded(segment: object, vars?: Record<string, string>) {
  const el = await fixture<SegmentSystemPrompt>(
    html`<segment-system-prompt
      .variables=${vars}
      .segment=${{ ...segment, collapsed: false }}
    ></segment-system-prompt>`,
  );
  return el;
}

segmentContract('segment-system-prompt', prompt, {
  kind: 'memory',
  items: [{ title: 't', content: 'c' }],
  collapsed: true,
});

describe('<segment-system-prompt>', () => {
  it('starts collapsed and expands on click with aria-expanded and one segment-toggle', async () => {
    const el = await fixture<SegmentSystemPrompt>(
      html`<segment-system-prompt
        message-id="sys-1"
        segment-index="4"
        .variables=${variables}
        .segment=${prompt}
      ></segment-system-prompt>`,
    );
    const header = part(el, 'header')!;
    expect(header.localName).to.equal('button');
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(header.textContent).to.include('System prompt');
    expect(part(el, 'summary')!.textContent).to.equal(`${prompt.content.length} characters`);
    expect(part(el, 'text'), 'body not rendered while collapsed').to.equal(null);

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'sys-1', segmentIndex: 4, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(el.shadowRoot!.getElementById(header.getAttribute('aria-controls')!)!.hidden).to.equal(
      false,
    );
    expect(part(el, 'template')!.textContent).to.include('You are Studio.');

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 'sys-1', segmentIndex: 4, collapsed: true },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(part(el, 'template')).to.equal(null);
  });

  it('marks each placeholder in the template, unknown ones differently, and expands the text as sent', async () => {
    const el = await expanded(prompt, variables);
    const [template, sent] = [part(el, 'template')!, part(el, 'expanded')!];
    expect(template.querySelector('figcaption')!.textContent).to.equal('Template');
    expect(sent.querySelector('figcaption')!.textContent).to.equal('As sent');

    const templateText = template.querySelector('[part~="text"]')!;
    expect(templateText.textContent).to.equal(prompt.content);
    const marks = parts(el, 'placeholder');
    expect(marks.map((m) => m.localName)).to.deep.equal(['mark', 'mark', 'mark']);
    expect(marks.map((m) => m.textContent)).to.deep.equal([
      '{{current_date}}',
      '{{ user_name }}',
      '{{language}}',
    ]);
    expect(marks.map((m) => m.getAttribute('part'))).to.deep.equal([
      'placeholder',
      'placeholder',
      'placeholder unknown',
    ]);
    expect(marks[0].title).to.equal('current_date = Sunday, June 7, 2026');
    expect(marks[2].title).to.equal('No value is known for this variable.');
    const [known, unknown] = [getComputedStyle(marks[0]), getComputedStyle(marks[2])];
    expect(unknown.outlineStyle).to.equal('dashed');
    expect(known.outlineStyle).to.equal('solid');
    expect(known.backgroundColor).to.not.equal(unknown.backgroundColor);

    const sentText = sent.querySelector('[part~="text"]')!;
    const expected = expandPlaceholders(prompt.content, new Map(Object.entries(variables)));
    expect(sentText.textContent).to.equal(expected);
    expect(sentText.textContent).to.include(
      'Today is Sunday, June 7, 2026. You are talking with Maya Chen.',
    );
    expect(sentText.textContent, 'no value: sent as written').to.include('{{language}}');
    expect(parts(el, 'value').map((v) => v.textContent)).to.deep.equal([
      'Sunday, June 7, 2026',
      'Maya Chen',
    ]);
  });

  it('follows a change of variables', async () => {
    const el = await expanded(prompt, variables);
    expect(parts(el, 'unknown')).to.have.length(1);
    el.variables = { ...variables, language: 'English' };
    await el.updateComplete;
    expect(parts(el, 'unknown')).to.have.length(0);
    expect(part(el, 'expanded')!.textContent).to.include('Always reply in English.');
  });

  it('never expands a value that itself holds a placeholder, and ignores non-string values', async () => {
    const el = await expanded(
      { kind: 'system_prompt', content: 'A {{a}} B {{b}}', collapsed: false },
      { a: '{{b}}', b: 42 as unknown as string },
    );
    expect(part(el, 'expanded')!.querySelector('[part~="text"]')!.textContent).to.equal(
      'A {{b}} B {{b}}',
    );
    expect(parts(el, 'unknown').map((m) => m.textContent)).to.deep.equal(['{{b}}']);
  });

  it('a prompt of a million placeholders: 250 marked, the text as sent drawn on its own turn, shown in part', async () => {
    const content = '{{name}} {{day}} '.repeat(500_000);
    const el = document.createElement('segment-system-prompt') as SegmentSystemPrompt;
    Object.assign(el, {
      variables: { name: 'Ada' },
      segment: { kind: 'system_prompt', content, collapsed: false },
    });
    document.body.append(el);
    // The template (100,000 characters) is drawn first; the text as sent waits for a turn.
    while (!part(el, 'template')) await new Promise((r) => setTimeout(r));
    expect(part(el, 'expanded')!.getAttribute('aria-busy')).to.equal('true');
    expect(part(el, 'expanded')!.querySelector('[part~="text"]')).to.equal(null);
    await el.updateComplete;
    // MAX_MARKS in the element: 250 marked in the template, half of them with a value.
    expect(parts(el, 'placeholder')).to.have.length(250);
    expect(part(el, 'expanded')!.getAttribute('aria-busy')).to.equal('false');
    const sentText = part(el, 'expanded')!.querySelector('[part~="text"]')!.textContent!;
    expect(sentText.startsWith('Ada {{day}} Ada {{day}} ')).to.equal(true);
    expect(sentText.length).to.be.at.most(100_000);
    expect(parts(el, 'value')).to.have.length(125);
    // The prompt is shown in part (its first 100,000 characters), and says so.
    const notes = parts(el, 'cut').map((n) => n.textContent!);
    expect(notes.join(' ')).to.include('shown in part');
    el.remove();
  });

  it('shows a prompt without placeholders once, keeping its white space', async () => {
    const content = 'Line one\n\n    indented line\tand a tab';
    const el = await expanded({ kind: 'system_prompt', content, collapsed: false });
    const texts = parts(el, 'text');
    expect(texts).to.have.length(1);
    expect(texts[0].textContent).to.equal(content);
    expect(getComputedStyle(texts[0]).whiteSpace).to.equal('pre-wrap');
    expect(part(el, 'template')).to.equal(null);
    expect(part(el, 'expanded')).to.equal(null);
    expect(el.shadowRoot!.querySelector('mark')).to.equal(null);
  });

  it('wraps long lines inside its box', async () => {
    const host = await fixture<HTMLElement>(
      html`<div style="width: 260px">
        <segment-system-prompt
          .variables=${variables}
          .segment=${{ ...prompt, content: `${'y'.repeat(400)} {{current_date}}`, collapsed: false }}
        ></segment-system-prompt>
      </div>`,
    );
    const el = host.querySelector('segment-system-prompt')!;
    await el.updateComplete;
    for (const text of parts(el, 'text'))
      expect(text.scrollWidth).to.be.at.most(text.clientWidth + 1);
    expect(el.scrollWidth).to.be.at.most(260);
  });

  it('is accessible when expanded, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentSystemPrompt>(
        html`<segment-system-prompt
          theme=${theme}
          .variables=${variables}
          .segment=${{ ...prompt, collapsed: false }}
        ></segment-system-prompt>`,
      );
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN">
        <segment-system-prompt
          .variables=${variables}
          .segment=${{ ...prompt, collapsed: false }}
        ></segment-system-prompt>
      </div>`,
    );
    const el = host.querySelector('segment-system-prompt')!;
    await el.updateComplete;
    expect(part(el, 'label')!.textContent).to.equal('系统提示词');
    expect(part(el, 'summary')!.textContent).to.equal(`${prompt.content.length} 个字符`);
    expect(parts(el, 'caption').map((c) => c.textContent)).to.deep.equal(['模板', '实际发送']);
    expect(part(el, 'unknown')!.title).to.equal('此变量没有已知的值。');
  });

  it('renders hostile content and values as inert text', async () => {
    const content = `${HOSTILE} {{evil}} {{missing}}`;
    const el = await expanded(
      { kind: 'system_prompt', content, collapsed: false },
      { evil: HOSTILE },
    );
    await expectInert(el.shadowRoot!);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(part(el, 'template')!.querySelector('[part~="text"]')!.textContent).to.equal(content);
    expect(part(el, 'expanded')!.querySelector('[part~="text"]')!.textContent).to.equal(
      `${HOSTILE} ${HOSTILE} {{missing}}`,
    );
  });
});

describe('<segment-system-prompt> with a cache marker (protocol 1.1)', () => {
  it('says "cached (ephemeral, 1h)" in its header', async () => {
    const el = await fixture<SegmentSystemPrompt>(
      html`<segment-system-prompt
        .segment=${{
          kind: 'system_prompt',
          content: 'You are a trail guide.',
          collapsed: true,
          cacheControl: { type: 'ephemeral', ttl: '1h' },
        }}
      ></segment-system-prompt>`,
    );
    expect(part(el, 'summary')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      '22 characters · cached (ephemeral, 1h)',
    );
    expect(part(el, 'cache')!.title).to.include('cache marker');
  });
});
