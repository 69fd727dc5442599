import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { ToolCallRequestSegment } from '../src/core/protocol.js';
import {
  darkBackground,
  demoSegment,
  playChinese,
  playErrorPanel,
  playExpandOnClick,
  playExpanded,
  type SegmentArgs,
} from './support.js';

const request = demoSegment('b', 'tool_call_request');

const meta = {
  title: 'Segments/tool-call-request',
  component: 'tool-call-request',
  args: { segment: request },
  argTypes: { lang: { control: 'inline-radio', options: ['en', 'zh-CN'] } },
  render: (args) =>
    html`<tool-call-request
      .segment=${args.segment}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></tool-call-request>`,
} satisfies Meta<SegmentArgs<ToolCallRequestSegment>>;

export default meta;
type Story = StoryObj<SegmentArgs<ToolCallRequestSegment>>;

/** Demo B's flight search: one row per argument, the nested `passengers` object readable. */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...request, collapsed: true } },
  play: playExpandOnClick('tool-call-request'),
};

export const Expanded: Story = {
  args: { segment: { ...request, collapsed: false } },
  play: playExpanded('tool-call-request'),
};

/** A call without arguments. */
export const NoArguments: Story = {
  args: {
    segment: {
      kind: 'tool_call_request',
      toolName: 'list_bookings',
      arguments: {},
      collapsed: false,
    },
  },
};

export const InvalidInput: Story = {
  args: {
    segment:
      '{"kind":"tool_call_request","toolName":"book_hotel","arguments":[],"collapsed":false}',
  },
  play: playErrorPanel('tool-call-request', '/arguments'),
};

export const Dark: Story = {
  args: { theme: 'dark', segment: { ...request, collapsed: false } },
  decorators: [darkBackground],
};

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    segment: {
      kind: 'tool_call_request',
      toolName: 'book_hotel',
      arguments: {
        hotelId: 'htl_lis_alfama_07',
        checkIn: '2026-09-18',
        checkOut: '2026-09-21',
        guests: { adults: 2 },
        note: '尽量安排安静、高楼层的房间。',
      },
      collapsed: false,
    },
  },
  play: playChinese('tool-call-request', 'label', 'kind.tool_call_request'),
};

/** Scenario F writes a whole Playwright script as one argument. */
export const LongContent: Story = {
  args: {
    segment: {
      ...demoSegment('f', 'tool_call_request', 0, (s) => s.toolName === 'write_file'),
      collapsed: false,
    },
  },
};
