import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { ThinkingSegment } from '../src/core/protocol/types.js';
import { encryptedOnly, redacted, summaryOnly, thinking } from './samples-1-1.js';
import { type SegmentArgs, segmentStories, shadowOf } from './support.js';

const s = segmentStories('segment-thinking', thinking);

const meta = { title: 'Segments/segment-thinking', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<ThinkingSegment>>;

/**
 * Anthropic extended thinking, collapsed as the model's answer shows it: "Thinking", its length
 * and "signed" (the signature itself is never drawn). A click opens the text as Markdown.
 */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-thinking');
    await expect(shadow.querySelector('[part="summary"]')).toHaveTextContent(
      `${thinking.content.length} characters · signed`,
    );
    await userEvent.click(shadow.querySelector<HTMLElement>('[part="header"]')!);
    await expect(shadow.querySelector('[part="content"] strong')).toHaveTextContent('Mesa Trail');
  },
};

export const Collapsed: Story = s.Collapsed;

export const Expanded: Story = s.Expanded;

/** OpenAI Responses: a reasoning item with only its summary (and encrypted content). */
export const SummaryOnly: Story = {
  args: { segment: { ...summaryOnly, collapsed: false } },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-thinking');
    await expect(shadow.querySelectorAll('[part="summary-part"]')).toHaveLength(2);
  },
};

/** Anthropic redacted thinking: its size and nothing else, with nothing to open. */
export const Redacted: Story = {
  args: { segment: redacted },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-thinking');
    await expect(shadow.querySelector('[part="summary"]')).toHaveTextContent(/redacted, \d+ bytes/);
    await expect(shadow.querySelector('button')).toBeNull();
  },
};

/** A Responses reasoning item sent back encrypted, without a summary. */
export const EncryptedOnly: Story = { args: { segment: encryptedOnly } };

/** Both a summary and the text: each under a caption. */
export const SummaryAndText: Story = {
  args: { segment: { ...thinking, summary: summaryOnly.summary, collapsed: false } },
};

export const InvalidInput: Story = s.invalid(
  '{"kind":"thinking","content":42,"collapsed":true}',
  '/content',
);

export const Dark: Story = s.dark();

/** Dark, redacted. */
export const DarkRedacted: Story = s.dark({ segment: redacted });

export const Chinese: Story = s.chinese(
  {
    kind: 'thinking',
    content:
      '用户想在七月下午去博尔德附近走一条**有树荫**的步道，三小时以内。\n\n- Mesa Trail 南段有树荫，但部分路段正在封闭修复，需要先查封闭信息。\n- 七月午后常有雷雨，应建议中午前出发。',
    collapsed: false,
  },
  'kind.thinking',
);
