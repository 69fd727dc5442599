import type { StoryObj } from '@storybook/web-components-vite';
import type { LongTextSegment } from '../src/core/protocol/types.js';
import { demoSegment, type SegmentArgs, segmentStories } from './support.js';

const log = demoSegment('e', 'long_text');

const s = segmentStories('segment-long-text', log, 'toggle');

const meta = { title: 'Segments/segment-long-text', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<LongTextSegment>>;

/** Scenario E's nginx access log excerpt: the first two lines and the character count. */
export const Default: Story = {};

export const Collapsed: Story = s.Collapsed;

export const Expanded: Story = s.Expanded;

export const InvalidInput: Story = s.invalid(
  '{"kind":"long_text","content":"GET /","charCount":"many","collapsed":true}',
  '/charCount',
);

export const Dark: Story = s.dark({ segment: log });

const zhLog = [
  '# 支付服务错误日志（节选，2026-03-02 14:00–14:12 UTC）',
  '14:03:11 ERROR payment-gateway 调用上游银行接口超时（5000 毫秒），订单 ord_88213 进入重试队列',
  '14:03:12 WARN  payment-gateway 连接池已用 47/50，等待队列长度 112',
  '14:03:15 ERROR payment-gateway 重试失败：上游返回 502 Bad Gateway',
  '14:04:02 INFO  autoscaler 副本数从 4 扩容到 8',
  '14:06:40 INFO  payment-gateway 错误率回落到 0.3%',
].join('\n');

export const Chinese: Story = s.chinese(
  { kind: 'long_text', content: zhLog, charCount: zhLog.length, collapsed: true },
  'longText.showAll',
  'toggle',
);

/** All three logs of scenario E, the longest first, expanded. */
export const LongContent: Story = {
  args: {
    segment: {
      ...[0, 1, 2]
        .map((i) => demoSegment('e', 'long_text', i))
        .sort((a, b) => b.charCount - a.charCount)[0],
      collapsed: false,
    },
  },
};
