import type { StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import type { ToolCallResultSegment } from '../src/core/protocol/types.js';
import { baseStrings } from '../src/elements/internal/strings/en/base.js';
import {
  demoSegment,
  playExpanded,
  type SegmentArgs,
  segmentStories,
  shadowOf,
} from './support.js';
import { codeResult, geminiResponse, searchError, searchResults } from './samples-1-1.js';

const success = demoSegment(
  'b',
  'tool_call_result',
  0,
  (s) => s.success && s.toolName === 'get_weather',
);
const failure = demoSegment('b', 'tool_call_result', 0, (s) => !s.success);

const s = segmentStories('tool-call-result', success);

const meta = { title: 'Segments/tool-call-result', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<ToolCallResultSegment>>;

/** Demo B's weather lookup: a green strip, collapsed. */
export const Default: Story = {};

export const Collapsed: Story = s.Collapsed;

export const Expanded: Story = s.Expanded;

/** Demo B's hotel booking that timed out (HTTP 503): a red strip, expanded. */
export const Failure: Story = {
  args: { segment: failure },
  play: async (context) => {
    await playExpanded('tool-call-result')(context);
    const { shadow } = await shadowOf(context.canvasElement, 'tool-call-result');
    await expect(shadow.querySelector('[part="status"]')).toHaveTextContent(
      baseStrings['toolResult.failure'],
    );
  },
};

export const InvalidInput: Story = s.invalid(
  '{"kind":"tool_call_result","toolName":"get_weather","result":"{}","success":"yes","collapsed":true}',
  '/success',
);

export const Dark: Story = s.dark();

export const DarkFailure: Story = s.dark({ segment: failure });

export const Chinese: Story = s.chinese(
  {
    kind: 'tool_call_result',
    toolName: 'book_hotel',
    result:
      'HTTP 503 Service Unavailable\nerror: upstream_timeout\nmessage: 酒店渠道管理系统在 30000 毫秒内没有响应，预订未完成，可以安全重试。',
    success: false,
    collapsed: false,
  },
  'toolResult.failure',
  'status',
);

/** Demo B's flight search result: five offers as JSON. */
export const LongContent: Story = {
  args: {
    segment: {
      ...demoSegment('b', 'tool_call_result', 0, (s) => s.toolName === 'search_flights'),
      collapsed: false,
    },
  },
};

/** Protocol 1.1: Anthropic web search results as titled links with host and page age. */
export const WebSearchResults: Story = { args: { segment: searchResults } };

/** Anthropic code execution: standard output and the return code. */
export const CodeExecution: Story = { args: { segment: codeResult } };

/** A provider-run tool's error, shown as an error. */
export const ProviderError: Story = { args: { segment: searchError } };

/** A Gemini function response object, drawn as JSON rather than text. */
export const StructuredResult: Story = { args: { segment: geminiResponse } };

/** Search results in the dark theme. */
export const DarkWebSearchResults: Story = s.dark({ segment: searchResults });
