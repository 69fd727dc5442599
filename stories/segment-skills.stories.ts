import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { SkillsSegment } from '../src/core/protocol/types.js';
import { hydrateSkills } from '../src/core/skills/registry.js';
import { createBuiltInSkillRegistry } from '../src/data/skill-registry.js';
import { demo, demoSegment, type SegmentArgs, segmentStories, shadowOf } from './support.js';

const skills = demoSegment('f', 'skills');
/** Scenario F's skills with their L2 instructions filled in from the built-in registry. */
const hydrated = hydrateSkills(demo('f'), createBuiltInSkillRegistry())
  .messages.flatMap((m) => m.segments)
  .find((s): s is SkillsSegment => s.kind === 'skills')!;

const s = segmentStories('segment-skills', skills);

const meta = { title: 'Segments/segment-skills', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<SkillsSegment>>;

/** Scenario F: the real Anthropic skills, as names and descriptions (all that is in context). */
export const Default: Story = {};

export const Collapsed: Story = s.Collapsed;

export const Expanded: Story = s.Expanded;

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

export const InvalidInput: Story = s.invalid(
  '{"kind":"skills","items":[{"name":"summarize"}],"collapsed":false}',
  '/items/0',
);

export const Dark: Story = s.dark();

export const Chinese: Story = s.chinese(
  {
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
  'kind.skills',
);

/** All skills of scenario F with their full instructions. */
export const LongContent: Story = {
  args: { segment: { ...hydrated, collapsed: false } },
};
