import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect } from 'storybook/test';
import type { ToolCallResultSegment } from '../src/core/protocol.js';
import { en } from '../src/elements/internal/strings.js';
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

const success = demoSegment(
  'b',
  'tool_call_result',
  0,
  (s) => s.success && s.toolName === 'get_weather',
);
const failure = demoSegment('b', 'tool_call_result', 0, (s) => !s.success);

const meta = {
  title: 'Segments/tool-call-result',
  component: 'tool-call-result',
  args: { segment: success },
  argTypes: { lang: { control: 'inline-radio', options: ['en', 'zh-CN'] } },
  render: (args) =>
    html`<tool-call-result
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></tool-call-result>`,
} satisfies Meta<SegmentArgs<ToolCallResultSegment>>;

export default meta;
type Story = StoryObj<SegmentArgs<ToolCallResultSegment>>;

/** Demo B's weather lookup: a green strip, collapsed. */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...success, collapsed: true } },
  play: playExpandOnClick('tool-call-result'),
};

export const Expanded: Story = {
  args: { segment: { ...success, collapsed: false } },
  play: playExpanded('tool-call-result'),
};

/** Demo B's hotel booking that timed out (HTTP 503): a red strip, expanded. */
export const Failure: Story = {
  args: { segment: failure },
  play: async (context) => {
    await playExpanded('tool-call-result')(context);
    const { shadow } = await shadowOf(context.canvasElement, 'tool-call-result');
    await expect(shadow.querySelector('[part="status"]')).toHaveTextContent(
      en['toolResult.failure'],
    );
  },
};

export const InvalidInput: Story = {
  args: {
    segment:
      '{"kind":"tool_call_result","toolName":"get_weather","result":"{}","success":"yes","collapsed":true}',
  },
  play: playErrorPanel('tool-call-result', '/success'),
};

export const Dark: Story = {
  args: { theme: 'dark', segment: { ...success, collapsed: false } },
  decorators: [darkBackground],
};

export const DarkFailure: Story = {
  args: { theme: 'dark', segment: failure },
  decorators: [darkBackground],
};

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    segment: {
      kind: 'tool_call_result',
      toolName: 'book_hotel',
      result:
        'HTTP 503 Service Unavailable\nerror: upstream_timeout\nmessage: 酒店渠道管理系统在 30000 毫秒内没有响应，预订未完成，可以安全重试。',
      success: false,
      collapsed: false,
    },
  },
  play: playChinese('tool-call-result', 'status', 'toolResult.failure'),
};

/** Demo B's flight search result: five offers as JSON. */
export const LongContent: Story = {
  args: {
    segment: {
      ...demoSegment('b', 'tool_call_result', 0, (s) => s.toolName === 'search_flights'),
      collapsed: false,
    },
  },
};
