import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent } from 'storybook/test';
import type { ToolOverviewSegment } from '../src/core/protocol.js';
import {
  darkBackground,
  demoSegment,
  playChinese,
  playErrorPanel,
  playExpandOnClick,
  playExpanded,
  shadowOf,
  type SegmentArgs,
} from './support.js';

const tools = demoSegment('b', 'tool_overview');

const meta = {
  title: 'Segments/segment-tool-overview',
  component: 'segment-tool-overview',
  args: { segment: tools },
  argTypes: { lang: { control: 'inline-radio', options: ['en', 'zh-CN'] } },
  render: (args) =>
    html`<segment-tool-overview
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></segment-tool-overview>`,
} satisfies Meta<SegmentArgs<ToolOverviewSegment>>;

export default meta;
type Story = StoryObj<SegmentArgs<ToolOverviewSegment>>;

/** Demo B's travel tools (flights, weather, hotels). */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...tools, collapsed: true } },
  play: playExpandOnClick('segment-tool-overview'),
};

/** Expanded; a tool's button opens its JSON Schema as a readable tree. */
export const Expanded: Story = {
  args: { segment: { ...tools, collapsed: false } },
  play: async (context) => {
    await playExpanded('segment-tool-overview')(context);
    const { shadow } = await shadowOf(context.canvasElement, 'segment-tool-overview');
    const toggle = shadow.querySelector<HTMLElement>('[part="schema-toggle"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle!);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shadow.querySelector('[part="schema-tree"]')).not.toBeNull();
  },
};

export const InvalidInput: Story = {
  args: {
    segment: '{"kind":"tool_overview","items":[{"name":"search_flights"}],"collapsed":false}',
  },
  play: playErrorPanel('segment-tool-overview', '/items/0'),
};

export const Dark: Story = {
  args: { theme: 'dark', segment: { ...tools, collapsed: false } },
  decorators: [darkBackground],
};

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    segment: {
      kind: 'tool_overview',
      items: [
        {
          name: 'get_weather',
          description: '查询某地某天的天气预报：天气状况、最高和最低气温、降水概率。',
          parameters: 'location: string, date: string',
          schema: {
            type: 'object',
            properties: {
              location: { type: 'string', description: '城市和国家，例如「里斯本, PT」。' },
              date: { type: 'string', format: 'date', description: '日期，YYYY-MM-DD。' },
            },
            required: ['location', 'date'],
          },
        },
      ],
      collapsed: false,
    },
  },
  play: playChinese('segment-tool-overview', 'label', 'kind.tool_overview'),
};

/** Scenario F's tools, with the larger schemas. */
export const LongContent: Story = {
  args: { segment: { ...demoSegment('f', 'tool_overview'), collapsed: false } },
};
