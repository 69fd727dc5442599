import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent, waitFor } from 'storybook/test';
import { createSegmentRegistry, type SegmentRegistry } from '../src/core/assembly/registry.js';
import type { ExportTarget } from '../src/core/targets/export-targets.js';
import type { Envelope } from '../src/core/protocol/types.js';
import type { ImportedRequest } from '../src/core/targets/import-logged.js';
import type { ProtocolTab } from '../src/elements/protocol-panel/protocol-panel.component.js';
import { fromLog, loggedChatRequest, loggedPlainRequest } from './logged-requests.js';
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
  'trace-target'?: ExportTarget;
  'max-system-chars'?: number;
  registry?: SegmentRegistry;
  imported?: ImportedRequest;
  name?: string;
  theme?: Theme;
  lang?: string;
}

/** A host's platform guideline, registered once: what `HostSegment` shows. */
const GUIDELINE =
  'Acme support guideline: answer in at most three sentences, link the help centre for billing questions, and never ask for a full card number.';
const hostRegistry = createSegmentRegistry();
hostRegistry.register({
  id: 'acme:support-guideline',
  kind: 'platform',
  weight: 10,
  inject: () => GUIDELINE,
});

const meta = {
  title: 'Protocol/protocol-panel',
  component: 'protocol-panel',
  args: { envelope: demo('b'), tab: 'openai', name: 'demo-b' },
  argTypes: {
    tab: {
      control: 'inline-radio',
      options: ['openai', 'anthropic', 'gemini', 'otel', 'raw', 'trace'],
    },
    'trace-target': { control: 'inline-radio', options: ['openai', 'anthropic', 'gemini', 'otel'] },
    'max-system-chars': { control: 'number' },
    ...langArgTypes,
  },
  render: (args) =>
    html`<protocol-panel
      .envelope=${args.envelope}
      tab=${ifDefined(args.tab)}
      trace-target=${ifDefined(args['trace-target'])}
      max-system-chars=${ifDefined(args['max-system-chars'])}
      .registry=${args.registry}
      .imported=${args.imported}
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
    const responses = getByRole('tab', { name: 'OpenAI Responses' });
    await waitFor(() => expect(responses).toHaveAttribute('aria-selected', 'true'));
    await expect(openai).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(getByRole('tab', { name: 'Trace' })).toHaveAttribute('aria-selected', 'true'),
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

/**
 * Scenario G (a group chat with a scene, actors and state changes) on the Trace tab: one row per
 * prompt segment. Events go to OpenAI as system messages and to Anthropic as user messages.
 */
export const Trace: Story = {
  args: { envelope: demo('g'), tab: 'trace', name: 'demo-g' },
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'protocol-panel');
    await expect(getByRole('tab', { name: 'Trace' })).toHaveAttribute('aria-selected', 'true');
    const table = getByRole('table');
    await expect(table).toHaveTextContent('Prompt segments of the OpenAI request');
    const sentAs = () => shadow.querySelector('tr[data-id="builtin:state"] td:last-child');
    await expect(sentAs()).toHaveTextContent('system');
    await userEvent.selectOptions(getByRole('combobox', { name: 'Target' }), 'anthropic');
    await waitFor(() => expect(sentAs()).toHaveTextContent('user (header user_id:system)'));
  },
};

/** Scenario A with `max-system-chars="900"`: memory and skills are left out, and the warning says so. */
export const TraceTrimmed: Story = {
  args: { envelope: demo('a'), tab: 'trace', name: 'demo-a', 'max-system-chars': 900 },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'protocol-panel');
    const trimmed = [...shadow.querySelectorAll('tbody tr.trimmed')];
    await expect(trimmed.map((tr) => tr.querySelector('.what')?.textContent)).toEqual([
      'Memory of message a-1',
      'Skills of message a-1',
    ]);
    await expect(shadow.querySelector('[part~="warnings"]')).toHaveTextContent(
      'was over 900 characters',
    );
  },
};

export const TraceDark: Story = darkStory({
  envelope: demo('g'),
  tab: 'trace' as const,
  name: 'demo-g',
});

/**
 * A host registers its own `platform` segment (`panel.registry.register({ … })`): every
 * provider's request carries it after the envelope's system text, and the Trace tab lists it as
 * a host row. Disposing it removes it again.
 */
export const HostSegment: Story = {
  args: { envelope: demo('a'), registry: hostRegistry, name: 'demo-a' },
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'protocol-panel');
    await expect(shadow.querySelector('[part~="code"]')).toHaveTextContent(
      'Acme support guideline',
    );
    await userEvent.click(getByRole('tab', { name: 'Trace' }));
    await waitFor(() =>
      expect(shadow.querySelector('tr[data-id="acme:support-guideline"]')).toHaveTextContent(
        'host',
      ),
    );
  },
};

/**
 * An envelope read from a logged OpenAI request (`imported`, as `<envelope-viewer>` sets it for
 * a conversation opened from a log): the OpenAI tab says the request differs from the log, at
 * each path, with the import warning that says why; the other tabs list what the import said.
 */
export const ImportedFromLog: Story = {
  args: { ...fromLog(loggedChatRequest), name: 'request' },
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'protocol-panel');
    const notice = () => shadow.querySelector('[part~="log-notice"]');
    await expect(notice()).toHaveTextContent('This request differs from the log:');
    await expect(notice()).toHaveTextContent(
      "/messages/0/weight: Field 'weight' of message 0 has no place in the protocol; it was left out.",
    );
    await expect(shadow.querySelector('[part~="warnings"]')).toBeNull();
    await userEvent.click(getByRole('tab', { name: 'Anthropic' }));
    await waitFor(() =>
      expect(notice()).toHaveTextContent('Imported from a logged OpenAI request.'),
    );
  },
};

/** A logged request that the export gives back unchanged (key order aside). */
export const ImportedAsLogged: Story = {
  args: { ...fromLog(loggedPlainRequest), name: 'request' },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'protocol-panel');
    await expect(shadow.querySelector('[part~="log-notice"]')).toHaveTextContent(
      'This is the request as logged.',
    );
  },
};
