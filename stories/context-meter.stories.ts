import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect } from 'storybook/test';
import type { ExportTarget } from '../src/core/targets/export-targets.js';
import { measureEnvelope } from '../src/core/insight/measure.js';
import type { Envelope } from '../src/core/protocol/types.js';
import {
  chineseEnvelope,
  darkStory,
  demo,
  invalidEnvelope,
  langArgTypes,
  playChinese,
  playErrorPanel,
  shadowOf,
  type Theme,
} from './support.js';

interface Args {
  envelope?: Envelope | string;
  target?: ExportTarget;
  limit?: number;
  compact?: boolean;
  theme?: Theme;
  lang?: string;
}

const meta = {
  title: 'Protocol/context-meter',
  component: 'context-meter',
  args: { envelope: demo('f'), target: 'openai', compact: false },
  argTypes: {
    target: { control: 'inline-radio', options: ['openai', 'anthropic', 'gemini', 'otel'] },
    limit: { control: 'number' },
    ...langArgTypes,
  },
  render: (args) =>
    html`<context-meter
      .envelope=${args.envelope}
      target=${ifDefined(args.target)}
      limit=${ifDefined(args.limit)}
      ?compact=${args.compact}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></context-meter>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

const total = (id: string, target: ExportTarget = 'openai') =>
  measureEnvelope(demo(id), { target }).total.tokens;

/** Scenario F, an agent session with skills and tools, as sent to OpenAI. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'context-meter');
    const cells = shadow.querySelectorAll('tfoot td');
    await expect(cells[0]).toHaveTextContent(new Intl.NumberFormat('en').format(total('f')));
    await expect(shadow.querySelectorAll('[part="segment"]').length).toBeGreaterThan(4);
  },
};

/** A context window of 8,000 tokens: the line marks it, the header gives the share used. */
export const WithLimit: Story = {
  args: { limit: 8000 },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'context-meter');
    await expect(shadow.querySelector('[part="limit"]')).not.toBeNull();
    await expect(shadow.querySelector('[part="header"]')).toHaveTextContent('8,000-token limit');
  },
};

/** The same session against a 4,000-token window: over the limit, marked in red. */
export const OverLimit: Story = {
  args: { limit: 4000 },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'context-meter');
    await expect(shadow.querySelector('.over')).not.toBeNull();
    await expect(shadow.querySelector('[part="header"]')).toHaveTextContent('Over the 4,000-token');
  },
};

/** One line for a header or toolbar: total, share of the limit and the bar. */
export const Compact: Story = { args: { compact: true, limit: 128000 } };

/** Anthropic's Messages body: declarations and tool results are shaped differently. */
export const Anthropic: Story = { args: { target: 'anthropic', envelope: demo('b') } };

/** Scenario E: long log excerpts dominate. */
export const LongContent: Story = { args: { envelope: demo('e') } };

export const Dark: Story = darkStory({ limit: 16000 });

export const Chinese: Story = {
  args: { lang: 'zh-CN', envelope: chineseEnvelope, limit: 1000 },
  play: async (context) => {
    const { shadow } = await shadowOf(context.canvasElement, 'context-meter');
    await expect(shadow.querySelector('caption')).toHaveTextContent('上下文大小');
    await expect(shadow.querySelector('[part="header"]')).toHaveTextContent('个 token');
    await playChinese('context-meter', 'legend', 'meter.total')(context);
  },
};

export const InvalidInput: Story = {
  args: { envelope: invalidEnvelope },
  play: playErrorPanel('context-meter', '/messages/0/role'),
};
