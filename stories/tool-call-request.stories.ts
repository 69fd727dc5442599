import type { StoryObj } from '@storybook/web-components-vite';
import type { ToolCallRequestSegment } from '../src/core/protocol/types.js';
import { demoSegment, type SegmentArgs, segmentStories } from './support.js';
import { codeInterpreter, mcpCall, responsesSearch, serverSearch } from './samples-1-1.js';

const request = demoSegment('b', 'tool_call_request');

const s = segmentStories('tool-call-request', request);

const meta = { title: 'Segments/tool-call-request', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<ToolCallRequestSegment>>;

/** Demo B's flight search: one row per argument, the nested `passengers` object readable. */
export const Default: Story = {};

export const Collapsed: Story = s.Collapsed;

export const Expanded: Story = s.Expanded;

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

export const InvalidInput: Story = s.invalid(
  '{"kind":"tool_call_request","toolName":"book_hotel","arguments":[],"collapsed":false}',
  '/arguments',
);

export const Dark: Story = s.dark();

export const Chinese: Story = s.chinese(
  {
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
  'kind.tool_call_request',
);

/** Scenario F writes a whole Playwright script as one argument. */
export const LongContent: Story = {
  args: {
    segment: {
      ...demoSegment('f', 'tool_call_request', 0, (s) => s.toolName === 'write_file'),
      collapsed: false,
    },
  },
};

/** Protocol 1.1: Anthropic's web search, run by the provider: a badge says so. */
export const RunByProvider: Story = { args: { segment: serverSearch } };

/** An OpenAI Responses web search item: its query and its sources as links. */
export const ResponsesWebSearch: Story = { args: { segment: responsesSearch } };

/** A Responses code interpreter item: the code and its logs. */
export const CodeInterpreter: Story = { args: { segment: codeInterpreter } };

/** A Responses MCP call: "via MCP server weather", its arguments, output and status. */
export const McpCall: Story = { args: { segment: mcpCall } };

/** The Responses web search item in the dark theme. */
export const DarkProvider: Story = s.dark({ segment: responsesSearch });
