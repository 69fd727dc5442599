import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { MemorySegment } from '../src/core/protocol/types.js';
import { demoSegment, type SegmentArgs, segmentStories, shadowOf } from './support.js';

const memory = demoSegment('a', 'memory');

const s = segmentStories('segment-memory', memory);

const meta = { title: 'Segments/segment-memory', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<MemorySegment>>;

/** Demo A's long-term memory, collapsed as the data says. */
export const Default: Story = {};

/** Collapsed: a click on the header expands the item list. */
export const Collapsed: Story = {
  args: { segment: { ...memory, collapsed: true } },
  play: async ({ canvasElement }) => {
    const { getByRole, queryByText } = await shadowOf(canvasElement, 'segment-memory');
    const header = getByRole('button', { expanded: false });
    await expect(queryByText(memory.items[0].content)).toBeNull();
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(queryByText(memory.items[0].content)).not.toBeNull();
  },
};

export const Expanded: Story = {
  args: { segment: { ...memory, collapsed: false } },
  play: async ({ canvasElement }) => {
    const { getByRole, getByText } = await shadowOf(canvasElement, 'segment-memory');
    await expect(getByRole('button', { expanded: true })).toBeVisible();
    await expect(getByText(memory.items[0].title)).toBeVisible();
  },
};

/** Invalid input (JSON text with a wrong type) shows the error panel with the path. */
export const InvalidInput: Story = s.invalid(
  '{"kind":"memory","description":"Notes","items":"not a list","collapsed":true}',
  '/items',
);

export const Dark: Story = s.dark();

export const Chinese: Story = s.chinese(
  {
    kind: 'memory',
    description: '助手从以往对话中记住的关于陈玛雅的信息。她可以在「设置 → 记忆」中查看和删除。',
    items: [
      {
        title: '背景',
        content: '交互设计专业硕士二年级学生，擅长视觉设计和 Figma；Python 和统计是初学者。',
      },
      {
        title: '截止日期',
        content: '可用性测试报告 2026 年 6 月 16 日（周二）截止；期末展示在 6 月 19 日（周五）。',
      },
      { title: '偏好', content: '喜欢简洁的回答，多用表格和列表；引用 HCI 结论时要注明来源。' },
    ],
    collapsed: false,
  },
  'kind.memory',
);

/** Many items: the list grows, the panel stays readable. */
export const LongContent: Story = {
  args: {
    segment: {
      ...memory,
      items: Array.from({ length: 4 }, () => memory.items)
        .flat()
        .map((item, i) => ({ ...item, title: `${item.title} (${i + 1})` })),
      collapsed: false,
    },
  },
};
