import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { Envelope } from '../src/core/protocol.js';
import type { ProtocolTab } from '../src/elements/protocol-panel.component.js';
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
  tab?: ProtocolTab;
  name?: string;
  theme?: Theme;
  lang?: string;
}

const meta = {
  title: 'Protocol/protocol-panel',
  component: 'protocol-panel',
  args: { envelope: demo('b'), tab: 'openai', name: 'demo-b' },
  argTypes: {
    tab: { control: 'inline-radio', options: ['openai', 'anthropic', 'gemini', 'otel', 'raw'] },
    ...langArgTypes,
  },
  render: (args) =>
    html`<protocol-panel
      .envelope=${args.envelope}
      tab=${ifDefined(args.tab)}
      name=${ifDefined(args.name)}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></protocol-panel>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Scenario B exported as an OpenAI Chat Completions request. */
export const Default: Story = {};

export const Anthropic: Story = { args: { tab: 'anthropic' } };
export const Gemini: Story = { args: { tab: 'gemini' } };
export const OpenTelemetry: Story = { args: { tab: 'otel' } };
export const RawProtocol: Story = { args: { tab: 'raw' } };

/** The ARIA tabs pattern: arrow keys, Home and End move the selection and the focus. */
export const KeyboardTabs: Story = {
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'protocol-panel');
    const openai = getByRole('tab', { name: 'OpenAI' });
    await expect(openai).toHaveAttribute('aria-selected', 'true');
    openai.focus();
    await userEvent.keyboard('{ArrowRight}');
    const anthropic = getByRole('tab', { name: 'Anthropic' });
    await waitFor(() => expect(anthropic).toHaveAttribute('aria-selected', 'true'));
    await expect(openai).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(getByRole('tab', { name: 'Raw protocol' })).toHaveAttribute('aria-selected', 'true'),
    );
    await userEvent.keyboard('{ArrowRight}');
    // Focus moves with the selection (inside the shadow root: toHaveFocus sees only the host).
    await waitFor(() => expect(shadow.activeElement).toBe(getByRole('tab', { name: 'OpenAI' })));
    await expect(getByRole('tab', { name: 'OpenAI' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** A click on a tab selects it. */
export const ClickTab: Story = {
  play: async ({ canvasElement }) => {
    const { getByRole } = await shadowOf(canvasElement, 'protocol-panel');
    const gemini = getByRole('tab', { name: 'Gemini' });
    await userEvent.click(gemini);
    await expect(gemini).toHaveAttribute('aria-selected', 'true');
  },
};

/** Connected to a chat on the page with `for="chat-id"`. */
export const ForChat: Story = {
  render: (args) =>
    html`<div style="display:grid;grid-template-columns:1fr 1fr;gap:1rem">
      <envelope-chat id="story-chat" .envelope=${demo('a')}></envelope-chat>
      <protocol-panel for="story-chat" tab=${ifDefined(args.tab)}></protocol-panel>
    </div>`,
};

export const InvalidInput: Story = {
  args: { envelope: invalidEnvelope },
  play: playErrorPanel('protocol-panel', '/messages/0/role'),
};

export const Dark: Story = darkStory();

export const Chinese: Story = {
  args: { lang: 'zh-CN', envelope: chineseEnvelope, tab: 'raw', name: 'zh' },
  play: async (context) => {
    await playChinese('protocol-panel', 'tabs', 'panel.raw')(context);
  },
};

/** Scenario F (a long agent session with the real Anthropic skills) in the Anthropic format. */
export const LongContent: Story = {
  args: { envelope: demo('f'), tab: 'anthropic', name: 'demo-f' },
};
