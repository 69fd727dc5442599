import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { LongTextSegment } from '../src/core/protocol.js';
import {
  darkBackground,
  demoSegment,
  playChinese,
  playErrorPanel,
  playExpandOnClick,
  playExpanded,
  type SegmentArgs,
} from './support.js';

const log = demoSegment('e', 'long_text');

const meta = {
  title: 'Segments/segment-long-text',
  component: 'segment-long-text',
  args: { segment: log },
  argTypes: { lang: { control: 'inline-radio', options: ['en', 'zh-CN'] } },
  render: (args) =>
    html`<segment-long-text
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></segment-long-text>`,
} satisfies Meta<SegmentArgs<LongTextSegment>>;

export default meta;
type Story = StoryObj<SegmentArgs<LongTextSegment>>;

/** Scenario E's nginx access log excerpt: the first two lines and the character count. */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...log, collapsed: true } },
  play: playExpandOnClick('segment-long-text', 'toggle'),
};

export const Expanded: Story = {
  args: { segment: { ...log, collapsed: false } },
  play: playExpanded('segment-long-text', 'toggle'),
};

export const InvalidInput: Story = {
  args: { segment: '{"kind":"long_text","content":"GET /","charCount":"many","collapsed":true}' },
  play: playErrorPanel('segment-long-text', '/charCount'),
};

export const Dark: Story = {
  args: { theme: 'dark', segment: log },
  decorators: [darkBackground],
};

const zhLog = [
  '# 支付服务错误日志（节选，2026-03-02 14:00–14:12 UTC）',
  '14:03:11 ERROR payment-gateway 调用上游银行接口超时（5000 毫秒），订单 ord_88213 进入重试队列',
  '14:03:12 WARN  payment-gateway 连接池已用 47/50，等待队列长度 112',
  '14:03:15 ERROR payment-gateway 重试失败：上游返回 502 Bad Gateway',
  '14:04:02 INFO  autoscaler 副本数从 4 扩容到 8',
  '14:06:40 INFO  payment-gateway 错误率回落到 0.3%',
].join('\n');

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    segment: { kind: 'long_text', content: zhLog, charCount: zhLog.length, collapsed: true },
  },
  play: playChinese('segment-long-text', 'toggle', 'longText.showAll'),
};

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
