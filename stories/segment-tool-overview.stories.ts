import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { ToolOverviewSegment } from '../src/core/protocol/types.js';
import {
  demoSegment,
  playExpanded,
  type SegmentArgs,
  segmentStories,
  shadowOf,
} from './support.js';
import { providerTools } from './samples-1-1.js';

const tools = demoSegment('b', 'tool_overview');

const s = segmentStories('segment-tool-overview', tools);

const meta = { title: 'Segments/segment-tool-overview', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<ToolOverviewSegment>>;

/** Demo B's travel tools (flights, weather, hotels). */
export const Default: Story = {};

export const Collapsed: Story = s.Collapsed;

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

export const InvalidInput: Story = s.invalid(
  '{"kind":"tool_overview","items":[{"name":"search_flights"}],"collapsed":false}',
  '/items/0',
);

export const Dark: Story = s.dark();

export const Chinese: Story = s.chinese(
  {
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
  'kind.tool_overview',
);

/** Scenario F's tools, with the larger schemas. */
export const LongContent: Story = {
  args: { segment: { ...demoSegment('f', 'tool_overview'), collapsed: false } },
};

/**
 * Protocol 1.1: tools sent only in the API's tools field (a note says so), two of them run by
 * the provider, each with its declaration as JSON.
 */
export const ProviderTools: Story = { args: { segment: providerTools } };

/** The same in the dark theme. */
export const DarkProviderTools: Story = s.dark({ segment: providerTools });
