import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, waitFor } from 'storybook/test';
import type { Envelope } from '../src/core/protocol/types.js';
import {
  chineseEnvelope,
  darkStory,
  demo,
  invalidEnvelope,
  langArgTypes,
  playErrorPanel,
  playExpandNestedOnClick,
  shadowOf,
  type Theme,
} from './support.js';

interface Args {
  envelope?: Envelope | string;
  src?: string;
  search?: string;
  'matches-only'?: boolean;
  'context-limit'?: number;
  theme?: Theme;
  'time-zone'?: string;
  lang?: string;
}

const meta = {
  title: 'Chat/envelope-chat',
  component: 'envelope-chat',
  args: { envelope: demo('a'), 'time-zone': 'America/New_York' },
  argTypes: langArgTypes,
  render: (args) =>
    html`<envelope-chat
      .envelope=${args.envelope}
      src=${ifDefined(args.src)}
      search=${ifDefined(args.search)}
      ?matches-only=${args['matches-only'] ?? false}
      context-limit=${ifDefined(args['context-limit'])}
      time-zone=${ifDefined(args['time-zone'])}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></envelope-chat>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Scenario A: basic chat with a system prompt, memory and skills. */
export const Default: Story = {};

/** The system message's panels start collapsed; a click on the memory header expands it. */
export const Collapsed: Story = {
  play: playExpandNestedOnClick(
    ['envelope-chat', 'envelope-message'],
    'segment-header',
    '.segment-memory',
  ),
};

/** The same envelope with every collapsible segment opened in the data. */
export const Expanded: Story = {
  args: {
    envelope: {
      ...demo('a'),
      messages: demo('a').messages.map((m) => ({
        ...m,
        segments: m.segments.map((s) => ('collapsed' in s ? { ...s, collapsed: false } : s)),
      })),
    },
  },
};

/** Scenario B: tool calls, one of which fails (red, expanded). */
export const Failure: Story = {
  args: { envelope: demo('b'), 'time-zone': 'Europe/Berlin' },
};

/** The envelope as JSON text in the `envelope` attribute. */
export const FromAttribute: Story = {
  render: (args) =>
    html`<envelope-chat
      envelope=${JSON.stringify(demo('d'))}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></envelope-chat>`,
};

/** Loaded from a URL with `src` (here a blob URL of scenario C). */
export const FromSrc: Story = {
  args: {
    envelope: undefined,
    src: URL.createObjectURL(new Blob([JSON.stringify(demo('c'))], { type: 'application/json' })),
  },
  play: async ({ canvasElement }) => {
    const chat = await shadowOf(canvasElement, 'envelope-chat');
    await waitFor(() => expect(chat.shadow.querySelector('envelope-message')).not.toBeNull());
  },
};

export const InvalidInput: Story = {
  args: { envelope: invalidEnvelope },
  play: playErrorPanel('envelope-chat', '/messages/0/role'),
};

export const Dark: Story = darkStory({ envelope: demo('b'), 'time-zone': 'Europe/Berlin' });

export const Chinese: Story = {
  args: { lang: 'zh-CN', envelope: chineseEnvelope, 'time-zone': 'Asia/Shanghai' },
};

/**
 * Scenario G (protocol 1.1): a group chat. The scene card sits above the messages; each
 * speaker's first message shows all their facts (the model gets the full header there), later
 * ones the name and badges; joins, leaves, a role change, a mute and a nickname that tries
 * prompt injection are centered notices; replies link to the message they answer. Lin's new
 * group title, which no event announced, shows above her message as a row "added at export".
 */
export const GroupChat: Story = {
  args: { envelope: demo('g'), 'time-zone': 'America/Los_Angeles' },
  play: async ({ canvasElement }) => {
    const chat = await shadowOf(canvasElement, 'envelope-chat');
    await waitFor(() =>
      expect(chat.shadow.querySelector('[part~="scene-name"]')).toHaveTextContent(
        'Bay Area Weekend Hikers',
      ),
    );
    await expect(chat.shadow.querySelector('[part~="scene"]')).toHaveTextContent('38 members');
    await waitFor(() =>
      expect(chat.shadow.querySelectorAll('envelope-message[full-header]').length).toBeGreaterThan(
        5,
      ),
    );
    const events = demo('g').messages.filter((m) => m.role === 'event');
    await waitFor(() =>
      expect(
        [...chat.shadow.querySelectorAll('envelope-message')].filter(
          (m) => m.shadowRoot?.querySelector('[part~="notice"]') !== null,
        ).length,
      ).toBe(events.length),
    );
    // Lin's new group title reached the model through a line the export adds: one marked row.
    const added = [...chat.shadow.querySelectorAll('envelope-message')].flatMap((m) => [
      ...(m.shadowRoot?.querySelectorAll('[part~="export-tag"]') ?? []),
    ]);
    await expect(added).toHaveLength(1);
    await expect(added[0]).toHaveTextContent('added at export');
  },
};

/** Scenario E: log analysis with three long texts and long answers. */
export const LongContent: Story = {
  args: { envelope: demo('e'), 'time-zone': 'UTC' },
};

/**
 * Search: "python" is only in a memory item, so the collapsed memory panel opens and the match
 * is painted; the box says "1 of 1".
 */
export const Search: Story = {
  args: { search: 'python' },
  play: async ({ canvasElement }) => {
    const chat = await shadowOf(canvasElement, 'envelope-chat');
    await waitFor(() =>
      expect(chat.shadow.querySelector('.match-status')?.textContent?.trim()).toBe('1 of 1'),
    );
  },
};

/**
 * Searching people in a group chat (scenario G): a user id is one of the speaker's facts,
 * which open where a match is hidden in them.
 */
export const SearchSpeakers: Story = {
  args: { envelope: demo('g'), search: '10005', 'time-zone': 'America/Los_Angeles' },
  play: async ({ canvasElement }) => {
    const chat = await shadowOf(canvasElement, 'envelope-chat');
    await waitFor(() =>
      expect(chat.shadow.querySelector('.match-status')?.textContent?.trim()).toMatch(/^1 of \d+$/),
    );
  },
};

/** Only the messages that match "sus" (scenario A), with the context window of GPT-4.1 mini. */
export const MatchesOnly: Story = {
  args: { search: 'SUS', 'matches-only': true, 'context-limit': 8000 },
};

/** 5,000 messages: only those near the visible area are rendered; search finds the rest. */
export const LongConversation: Story = {
  args: { envelope: longConversation(5_000), search: 'row 4321' },
  render: (args) =>
    html`<div style="height: 640px; overflow: auto">
      <envelope-chat
        .envelope=${args.envelope}
        search=${ifDefined(args.search)}
        theme=${ifDefined(args.theme)}
        lang=${ifDefined(args.lang)}
      ></envelope-chat>
    </div>`,
  play: async ({ canvasElement }) => {
    const chat = await shadowOf(canvasElement, 'envelope-chat');
    await waitFor(() =>
      expect(chat.shadow.querySelectorAll('envelope-message').length).toBeGreaterThan(0),
    );
    expect(chat.shadow.querySelectorAll('envelope-message').length).toBeLessThan(200);
  },
};

function longConversation(count: number): Envelope {
  const start = Date.UTC(2026, 5, 7, 9);
  return {
    version: '1.0',
    model: 'gpt-4.1',
    messages: Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      timestamp: start + i * 30_000,
      segments: [
        {
          kind: 'text',
          content:
            i % 2 === 0
              ? `What is in **row ${i}** of the orders table?`
              : `Row ${i - 1} holds order \`#${10_000 + i}\`, shipped.`,
        },
      ],
    })),
  };
}
