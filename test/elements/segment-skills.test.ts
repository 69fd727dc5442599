import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/segment-skills/segment-skills.js';
import type { SegmentSkills } from '../../src/elements/segment-skills/segment-skills.js';
import type { SkillsSegment } from '../../src/core/protocol/types.js';
import { segmentContract } from './contract.js';
import { expectInert, HOSTILE, part, parts, togglesOnClick } from './helpers.js';

const skills: SkillsSegment = {
  kind: 'skills',
  description: 'Workflows the assistant can run when asked.',
  items: [
    { name: 'deep-research', description: 'Research a question across several sources.' },
    { name: 'verify', description: 'Check that a claimed fix really holds by running it.' },
  ],
  collapsed: true,
};

const hydrated: SkillsSegment = {
  ...skills,
  items: [
    skills.items[0],
    {
      ...skills.items[1],
      body: '# Verify\n\n1. Run the **failing** case.\n2. Apply the fix.\n\n`npm test`',
    },
  ],
  collapsed: false,
};

segmentContract('segment-skills', skills, { kind: 'text', content: 'hi' });

describe('<segment-skills>', () => {
  it('starts collapsed and expands on click with aria-expanded and one segment-toggle', async () => {
    const el = await fixture<SegmentSkills>(
      html`<segment-skills message-id="s-1" segment-index="1" .segment=${skills}></segment-skills>`,
    );
    const header = part(el, 'header')!;
    expect(header.getAttribute('aria-expanded')).to.equal('false');
    expect(header.textContent).to.include('Skills');
    expect(part(el, 'summary')!.textContent).to.equal('2 items');
    expect(part(el, 'item')).to.equal(null);

    expect(await togglesOnClick(el, header)).to.deep.equal([
      { messageId: 's-1', segmentIndex: 1, collapsed: false },
    ]);
    expect(header.getAttribute('aria-expanded')).to.equal('true');
    expect(part(el, 'description')!.textContent).to.equal(skills.description);
    const items = parts(el, 'item');
    expect(items).to.have.length(2);
    expect(part(el, 'name')!.textContent).to.equal('/deep-research');
    expect(getComputedStyle(part(el, 'name')!).fontFamily).to.match(/mono|Menlo|Consolas/i);
    expect(items[1].textContent).to.include('Check that a claimed fix really holds by running it.');
  });

  it('says that only name and description are in the context when no skill is hydrated', async () => {
    const el = await fixture<SegmentSkills>(
      html`<segment-skills .segment=${{ ...skills, collapsed: false }}></segment-skills>`,
    );
    expect(part(el, 'note')!.textContent).to.equal(
      'Only the name and description are in the context.',
    );
    expect(part(el, 'instructions-toggle')).to.equal(null);
    expect(part(el, 'instructions')).to.equal(null);
  });

  it('reveals a hydrated skill body as Markdown with its own button, without segment-toggle', async () => {
    const el = await fixture<SegmentSkills>(
      html`<segment-skills .segment=${hydrated}></segment-skills>`,
    );
    expect(part(el, 'note'), 'a hydrated list needs no note').to.equal(null);
    const toggles = parts(el, 'instructions-toggle');
    expect(toggles, 'only the hydrated skill has a button').to.have.length(1);
    expect(parts(el, 'item')[1].contains(toggles[0])).to.equal(true);
    const button = toggles[0];
    expect(button.getAttribute('type')).to.equal('button');
    expect(button.textContent).to.include('Instructions (loaded when the skill runs)');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    const region = el.shadowRoot!.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region.hidden).to.equal(true);
    expect(region.textContent!.trim()).to.equal('');
    const labelledBy = button
      .getAttribute('aria-labelledby')!
      .split(' ')
      .map((id) => el.shadowRoot!.getElementById(id)!.textContent);
    expect(labelledBy).to.deep.equal(['Instructions (loaded when the skill runs)', '/verify']);

    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(region.hidden).to.equal(false);
    expect(region.querySelector('h1')!.textContent).to.equal('Verify');
    expect(region.querySelector('strong')!.textContent).to.equal('failing');
    expect(region.querySelectorAll('li')).to.have.length(2);
    expect(region.querySelector('code')!.textContent).to.equal('npm test');

    expect(await togglesOnClick(el, button), 'no segment-toggle').to.deep.equal([]);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(region.hidden).to.equal(true);
  });

  it('forgets open instructions when the segment changes', async () => {
    const el = await fixture<SegmentSkills>(
      html`<segment-skills .segment=${hydrated}></segment-skills>`,
    );
    part(el, 'instructions-toggle')!.click();
    await el.updateComplete;
    el.segment = { ...hydrated, description: 'Another list.' };
    await el.updateComplete;
    expect(part(el, 'instructions-toggle')!.getAttribute('aria-expanded')).to.equal('false');
  });

  it('is accessible with instructions open, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<SegmentSkills>(
        html`<segment-skills theme=${theme} .segment=${hydrated}></segment-skills>`,
      );
      part(el, 'instructions-toggle')!.click();
      await el.updateComplete;
      await expect(el).to.be.accessible();
    }
  });

  it('shows Chinese labels under lang="zh-CN"', async () => {
    const host = await fixture(
      html`<div lang="zh-CN"><segment-skills .segment=${hydrated}></segment-skills></div>`,
    );
    const el = host.querySelector('segment-skills')!;
    await el.updateComplete;
    expect(part(el, 'label')!.textContent).to.equal('技能');
    expect(part(el, 'summary')!.textContent).to.equal('2 项');
    expect(part(el, 'instructions-toggle')!.textContent!.trim()).to.equal(
      '完整指令（技能触发时加载）',
    );
    const plain = await fixture(
      html`<div lang="zh-CN">
        <segment-skills .segment=${{ ...skills, collapsed: false }}></segment-skills>
      </div>`,
    );
    const other = plain.querySelector('segment-skills')!;
    await other.updateComplete;
    expect(part(other, 'note')!.textContent).to.equal('上下文中只有名称和描述。');
  });

  it('renders hostile strings as inert text and hostile bodies as sanitized Markdown', async () => {
    const hostile = {
      kind: 'skills',
      description: HOSTILE,
      items: [{ name: HOSTILE, description: HOSTILE, body: HOSTILE }],
      collapsed: false,
    };
    const el = await fixture<SegmentSkills>(
      html`<segment-skills .segment=${hostile}></segment-skills>`,
    );
    part(el, 'instructions-toggle')!.click();
    await el.updateComplete;
    await expectInert(el.shadowRoot!);
    expect(part(el, 'description')!.textContent).to.equal(HOSTILE);
    expect(part(el, 'name')!.textContent).to.equal(`/${HOSTILE}`);
    expect(part(el, 'item-description')!.textContent).to.equal(HOSTILE);
    const img = part(el, 'instructions')!.querySelector('img');
    expect(img === null || !img.hasAttribute('src'), 'no image source survives').to.equal(true);
  });
});
