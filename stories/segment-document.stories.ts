import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { DocumentSegment } from '../src/core/protocol/types.js';
import { demoSegment, type SegmentArgs, segmentStories, shadowOf } from './support.js';

const report = demoSegment('c', 'document');
const quotes = demoSegment('c', 'document', 1);

const s = segmentStories('segment-document', report, 'toggle');

const meta = { title: 'Segments/segment-document', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<DocumentSegment>>;

/** Scenario C's 48-page market report: name, size, type and the first 200 characters. */
export const Default: Story = {};

/** Parsed content hidden (documents have no `collapsed` field; this is the initial state). */
export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-document');
    const toggle = shadow.querySelector<HTMLElement>('[part="toggle"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle!);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shadow.querySelector('[part="parsed"]')).not.toBeNull();
  },
};

/** "View parsed" opened: the extracted Markdown (tables included). */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-document');
    await userEvent.click(shadow.querySelector<HTMLElement>('[part="toggle"]')!);
    await expect(shadow.querySelector('[part="toggle"]')).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Scenario C's CSV of vendor quotes. */
export const Spreadsheet: Story = { args: { segment: quotes } };

/** No `parsedContent`: nothing to expand. */
export const NotParsed: Story = {
  args: {
    segment: {
      kind: 'document',
      fileName: 'signed-contract-scan.pdf',
      mimeType: 'application/pdf',
      snippet: 'MASTER SERVICES AGREEMENT\nThis Agreement is entered into as of March 3, 2026',
      sizeBytes: 734_003,
    },
  },
};

export const InvalidInput: Story = s.invalid(
  '{"kind":"document","fileName":"report.pdf","mimeType":"application/pdf"}',
  'snippet',
);

export const Dark: Story = s.dark({});

export const Chinese: Story = s.chinese(
  {
    kind: 'document',
    fileName: '2026年第二季度AI助手市场报告.pdf',
    mimeType: 'application/pdf',
    snippet:
      '2026 年第二季度 AI 助手市场报告\n北桥分析 | 市场情报系列\n发布于 2026 年 7 月 14 日，共 48 页\n\n1. 执行摘要\n全球 AI 助手市场本季度同比增长 38%……',
    sizeBytes: 2_845_112,
    parsedContent:
      '## 文档概览\n\n| 字段 | 内容 |\n|---|---|\n| 标题 | 2026 年第二季度 AI 助手市场报告 |\n| 发布方 | 北桥分析 |\n| 页数 | 48 |\n\n## 要点\n\n- 企业采购占新增收入的 61%。\n- 价格战集中在入门档，高端档毛利稳定。',
  },
  'document.viewParsed',
  'toggle',
);

export const LongContent: Story = {
  args: { segment: report },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-document');
    await userEvent.click(shadow.querySelector<HTMLElement>('[part="toggle"]')!);
  },
};
