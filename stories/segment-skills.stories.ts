import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent } from 'storybook/test';
import type { SkillsSegment } from '../src/core/protocol.js';
import { hydrateSkills } from '../src/core/skills.js';
import { createBuiltInSkillRegistry } from '../src/data/skill-registry.js';
import {
  darkBackground,
  demo,
  demoSegment,
  playChinese,
  playErrorPanel,
  playExpandOnClick,
  playExpanded,
  shadowOf,
  type SegmentArgs,
} from './support.js';

const skills = demoSegment('f', 'skills');
/** Scenario F's skills with their L2 instructions filled in from the built-in registry. */
const hydrated = hydrateSkills(demo('f'), createBuiltInSkillRegistry())
  .messages.flatMap((m) => m.segments)
  .find((s): s is SkillsSegment => s.kind === 'skills')!;

const meta = {
  title: 'Segments/segment-skills',
  component: 'segment-skills',
  args: { segment: skills },
  argTypes: { lang: { control: 'inline-radio', options: ['en', 'zh-CN'] } },
  render: (args) =>
    html`<segment-skills
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></segment-skills>`,
} satisfies Meta<SegmentArgs<SkillsSegment>>;

export default meta;
type Story = StoryObj<SegmentArgs<SkillsSegment>>;

/** Scenario F: the real Anthropic skills, as names and descriptions (all that is in context). */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...skills, collapsed: true } },
  play: playExpandOnClick('segment-skills'),
};

export const Expanded: Story = {
  args: { segment: { ...skills, collapsed: false } },
  play: playExpanded('segment-skills'),
};

/** Hydrated from a skill registry: each skill's instructions can be revealed. */
export const WithInstructions: Story = {
  args: { segment: { ...hydrated, collapsed: false } },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-skills');
    const toggle = shadow.querySelector<HTMLElement>('[part="instructions-toggle"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle!);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shadow.querySelector('[part="instructions"]')).not.toBeNull();
  },
};

export const InvalidInput: Story = {
  args: { segment: '{"kind":"skills","items":[{"name":"summarize"}],"collapsed":false}' },
  play: playErrorPanel('segment-skills', '/items/0'),
};

export const Dark: Story = {
  args: { theme: 'dark', segment: { ...skills, collapsed: false } },
  decorators: [darkBackground],
};

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    segment: {
      kind: 'skills',
      description:
        '技能是助手按需运行的内置工作流。这里只显示名称和一句话描述，完整指令在触发时才加载。',
      items: [
        {
          name: 'deep-research',
          description: '跨多个来源研究一个问题，交叉核对结论，写出带引用的报告。',
        },
        { name: 'summarize', description: '把长文档总结为要点、决定和待解决的问题，并引用原文。' },
        {
          name: 'verify',
          description: '通过实际运行来确认一个修复或结果是否成立，而不是只读代码。',
        },
      ],
      collapsed: false,
    },
  },
  play: playChinese('segment-skills', 'label', 'kind.skills'),
};

/** All skills of scenario F with their full instructions. */
export const LongContent: Story = {
  args: { segment: { ...hydrated, collapsed: false } },
};
