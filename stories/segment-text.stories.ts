import type { StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import type { TextSegment } from '../src/core/protocol/types.js';
import { demoMessage, type SegmentArgs, segmentStories, shadowOf } from './support.js';
import { citedAnswer } from './samples-1-1.js';

const textOf = (id: string, role: string, nth = 0): TextSegment => {
  const message = demoMessage(id, (m) => m.role === role && m.segments[0]?.kind === 'text', nth);
  return message.segments[0] as TextSegment;
};

const answer = textOf('a', 'assistant');

const s = segmentStories('segment-text', answer);

const meta = { title: 'Segments/segment-text', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<TextSegment>>;

/** Scenario A's first answer, as Markdown (lists, tables, emphasis). */
export const Default: Story = {};

/** A user's question. */
export const UserQuestion: Story = { args: { segment: textOf('a', 'user') } };

/** Hostile Markdown is sanitized: no script, no event handler, no `javascript:` link survives. */
export const Sanitized: Story = {
  args: {
    segment: {
      kind: 'text',
      content:
        'Click [here](javascript:alert(1)) or [the docs](https://example.com).\n\n<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n<iframe src="https://example.com"></iframe>',
    },
  },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-text');
    await expect(shadow.querySelector('script, iframe, [onerror]')).toBeNull();
    await expect(shadow.querySelector('a[href^="javascript:"]')).toBeNull();
    await expect(shadow.querySelector('a[href="https://example.com"]')).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  },
};

export const InvalidInput: Story = s.invalid('{"kind":"text","content":', 'JSON');

export const Dark: Story = s.dark({});

export const Chinese: Story = s.chinese({
  kind: 'text',
  content:
    '好的，玛雅。下面是可用性测试的安排建议：\n\n| 步骤 | 时长 | 说明 |\n|---|---|---|\n| 热身 | 5 分钟 | 介绍出声思考法 |\n| 任务 | 25 分钟 | 三个核心任务，不打断 |\n| SUS 问卷 | 5 分钟 | 十道题，1–5 分 |\n\n**提示：**先找一位同学做一次预测试，检查任务描述是否清楚。',
});

/** Scenario E's security audit answer (over 5,000 characters of Markdown). */
export const LongContent: Story = {
  args: {
    segment: textOf('e', 'assistant'),
  },
};

/** Protocol 1.1: an answer with its sources numbered under the unchanged text, and a cache note. */
export const Citations: Story = { args: { segment: citedAnswer } };

/** Citations in the dark theme. */
export const DarkCitations: Story = s.dark({ segment: citedAnswer });
