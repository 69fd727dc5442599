import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { SystemPromptSegment } from '../src/core/protocol/types.js';
import {
  darkStory,
  demo,
  demoSegment,
  langArgTypes,
  playChinese,
  playErrorPanel,
  playExpanded,
  playExpandOnClick,
  type SegmentArgs,
} from './support.js';
import { cachedPrompt } from './samples-1-1.js';

const prompt = demoSegment('a', 'system_prompt');
/** Demo A's static variables, which fill the prompt's `{{name}}` placeholders. */
const variables = Object.fromEntries(
  demo('a')
    .messages[0].segments.filter((s) => s.kind === 'static_var')
    .map((s) => [s.name, s.value]),
);

type Args = SegmentArgs<SystemPromptSegment> & { variables?: Record<string, string> };

const meta = {
  title: 'Segments/segment-system-prompt',
  component: 'segment-system-prompt',
  args: { segment: prompt, variables },
  argTypes: langArgTypes,
  render: (args) =>
    html`<segment-system-prompt
      .segment=${args.segment}
      .variables=${args.variables}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></segment-system-prompt>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Demo A's system prompt, collapsed by default; its placeholders are filled from `variables`. */
export const Default: Story = {};

export const Collapsed: Story = {
  args: { segment: { ...prompt, collapsed: true } },
  play: playExpandOnClick('segment-system-prompt'),
};

/** Expanded: the raw template with `{{var}}` highlighted, and the text the model saw. */
export const Expanded: Story = {
  args: { segment: { ...prompt, collapsed: false } },
  play: playExpanded('segment-system-prompt'),
};

/** Without `variables`, placeholders stay visible as unfilled. */
export const WithoutVariables: Story = {
  args: { segment: { ...prompt, collapsed: false }, variables: undefined },
};

export const InvalidInput: Story = {
  args: { segment: '{"kind":"system_prompt","content":42,"collapsed":false}' },
  play: playErrorPanel('segment-system-prompt', '/content'),
};

export const Dark: Story = darkStory({ segment: { ...prompt, collapsed: false } });

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    variables: { user_name: '陈玛雅', current_date: '2026 年 6 月 7 日，星期日' },
    segment: {
      kind: 'system_prompt',
      content:
        '你是 Studio，一名面向设计专业学生的研究与写作助手。\n\n今天是 {{current_date}}，你正在和 {{user_name}} 对话。回答要简洁，多用表格和列表；提到 HCI 研究结论时注明来源。',
      collapsed: false,
    },
  },
  play: playChinese('segment-system-prompt', 'label', 'kind.system_prompt'),
};

/** The longest system prompt of the demos (scenario F, with the real Anthropic skills). */
export const LongContent: Story = {
  args: {
    segment: { ...demoSegment('f', 'system_prompt'), collapsed: false },
    variables: Object.fromEntries(
      demo('f')
        .messages[0].segments.filter((s) => s.kind === 'static_var')
        .map((s) => [s.name, s.value]),
    ),
  },
};

/** Protocol 1.1: a system prompt with Anthropic's cache marker, "cached (ephemeral, 1h)". */
export const Cached: Story = { args: { segment: cachedPrompt } };
