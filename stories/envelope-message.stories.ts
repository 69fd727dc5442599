import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { Message } from '../src/core/protocol/types.js';
import {
  chineseEnvelope,
  darkStory,
  demo,
  demoMessage,
  langArgTypes,
  playChinese,
  playErrorPanel,
  playExpandNestedOnClick,
  type Theme,
} from './support.js';

interface Args {
  message?: Message | string;
  variables?: Record<string, string>;
  theme?: Theme;
  'time-zone'?: string;
  lang?: string;
}

const variablesOf = (id: string) =>
  Object.fromEntries(
    demo(id)
      .messages.flatMap((m) => m.segments)
      .filter((s) => s.kind === 'static_var')
      .map((s) => [s.name, s.value]),
  );

const system = demoMessage('a', (m) => m.role === 'system');

const meta = {
  title: 'Chat/envelope-message',
  component: 'envelope-message',
  args: { message: system, variables: variablesOf('a'), 'time-zone': 'America/New_York' },
  argTypes: langArgTypes,
  render: (args) =>
    html`<envelope-message
      .message=${args.message}
      .variables=${args.variables ?? {}}
      time-zone=${ifDefined(args['time-zone'])}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></envelope-message>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Scenario A's system message: variables, system prompt, memory and skills, collapsed. */
export const Default: Story = {};

/** Structural segments start collapsed; a click on the memory header expands it. */
export const Collapsed: Story = {
  play: playExpandNestedOnClick(['envelope-message'], 'segment-header', '.segment-memory'),
};

/** Every structural segment opened. */
export const Expanded: Story = {
  args: {
    message: {
      ...system,
      segments: system.segments.map((s) => ('collapsed' in s ? { ...s, collapsed: false } : s)),
    },
  },
};

/** A user bubble (right-aligned). */
export const UserMessage: Story = {
  args: { message: demoMessage('a', (m) => m.role === 'user') },
};

/** An assistant message that calls a tool (scenario B). */
export const AssistantWithToolCall: Story = {
  args: {
    message: demoMessage('b', (m) => m.segments.some((s) => s.kind === 'tool_call_request')),
    variables: variablesOf('b'),
    'time-zone': 'Europe/Berlin',
  },
};

/** A tool message whose call failed (scenario B's hotel booking). */
export const Failure: Story = {
  args: {
    message: demoMessage('b', (m) =>
      m.segments.some((s) => s.kind === 'tool_call_result' && !s.success),
    ),
    'time-zone': 'Europe/Berlin',
  },
};

export const InvalidInput: Story = {
  args: { message: '{"id":"m1","role":"robot","timestamp":0,"segments":[]}' },
  play: playErrorPanel('envelope-message', '/role'),
};

export const Dark: Story = darkStory({ message: demoMessage('a', (m) => m.role === 'assistant') });

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    message: chineseEnvelope.messages[2],
    variables: {},
    'time-zone': 'Asia/Shanghai',
  },
  play: playChinese('envelope-message', 'role', 'role.assistant'),
};

/** Scenario E's user message with three long logs. */
export const LongContent: Story = {
  args: {
    message: demoMessage('e', (m) => m.segments.some((s) => s.kind === 'long_text')),
    variables: variablesOf('e'),
    'time-zone': 'UTC',
  },
};
