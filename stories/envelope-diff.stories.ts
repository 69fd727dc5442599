import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { ExportTarget } from '../src/core/targets/export-targets.js';
import type { Envelope, MemorySegment } from '../src/core/protocol/types.js';
import type { EnvelopeDiffView } from '../src/elements/envelope-diff/envelope-diff.component.js';
import {
  chineseEnvelope,
  darkStory,
  demo,
  invalidEnvelope,
  langArgTypes,
  playErrorPanel,
  shadowOf,
  type Theme,
} from './support.js';

interface Args {
  beforeEnvelope?: Envelope | string;
  afterEnvelope?: Envelope | string;
  view?: EnvelopeDiffView;
  target?: ExportTarget;
  theme?: Theme;
  lang?: string;
}

/** `envelope` with the third item of its first memory segment rewritten. */
function withMemoryChange(envelope: Envelope, content: string): Envelope {
  const copy = structuredClone(envelope);
  const memory = copy.messages
    .flatMap((m) => m.segments)
    .find((s): s is MemorySegment => s.kind === 'memory');
  if (!memory) throw new Error('The envelope has no memory segment.');
  memory.items[Math.min(2, memory.items.length - 1)].content = content;
  return copy;
}

/** Demo B with its second tool round trip gone and a new question inserted. */
function withAddedAndRemoved(): Envelope {
  const copy = structuredClone(demo('b'));
  copy.messages.splice(3, 1);
  copy.messages.splice(2, 0, {
    id: 'b-extra',
    role: 'user',
    timestamp: copy.messages[1].timestamp + 60_000,
    segments: [{ kind: 'text', content: 'Could we also take a night train instead?' }],
  });
  return copy;
}

const memoryChanged = withMemoryChange(
  demo('a'),
  'Usability study report due Friday, June 19, 2026 (moved by three days).',
);

const meta = {
  title: 'Compare/envelope-diff',
  component: 'envelope-diff',
  args: { beforeEnvelope: demo('a'), afterEnvelope: memoryChanged, view: 'envelopes' },
  argTypes: {
    view: { control: 'inline-radio', options: ['envelopes', 'bodies'] },
    target: { control: 'inline-radio', options: ['openai', 'anthropic', 'gemini', 'otel'] },
    ...langArgTypes,
  },
  render: (args) =>
    html`<envelope-diff
      .beforeEnvelope=${args.beforeEnvelope}
      .afterEnvelope=${args.afterEnvelope}
      view=${ifDefined(args.view)}
      target=${ifDefined(args.target)}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></envelope-diff>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** Demo A against a copy with one changed memory item: that item is the only change listed. */
export const MemoryItemChanged: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'envelope-diff');
    await expect(shadow.querySelector('[part~="summary"]')).toHaveTextContent(
      '1 message changed, 0 added, 0 removed',
    );
    const paths = [...shadow.querySelectorAll('[part~="changes"] code')].map((c) => c.textContent);
    await expect(paths).toEqual(['items/2/content']);
  },
};

/** A message inserted and a tool result removed: green on the right, red on the left. */
export const AddedAndRemoved: Story = {
  args: { beforeEnvelope: demo('b'), afterEnvelope: withAddedAndRemoved() },
  play: async ({ canvasElement }) => {
    const { shadow, getAllByRole } = await shadowOf(canvasElement, 'envelope-diff');
    await expect(shadow.querySelector('[part~="summary"]')).toHaveTextContent(
      '0 messages changed, 1 added, 1 removed',
    );
    const fold = getAllByRole('button', { name: /unchanged message/ })[0];
    await userEvent.click(fold);
    await waitFor(() => expect(fold).toHaveAttribute('aria-expanded', 'true'));
  },
};

/** The exported Anthropic bodies of the two envelopes, line by line. */
export const ProviderBodies: Story = {
  args: {
    beforeEnvelope: demo('b'),
    afterEnvelope: withAddedAndRemoved(),
    view: 'bodies',
    target: 'anthropic',
  },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'envelope-diff');
    await expect(shadow.querySelectorAll('[part~="lines"] .line.add').length).toBeGreaterThan(0);
    await expect(shadow.querySelectorAll('[part~="lines"] .line.del').length).toBeGreaterThan(0);
  },
};

/** The ARIA tabs pattern: arrow keys move between the two views. */
export const KeyboardTabs: Story = {
  play: async ({ canvasElement }) => {
    const { getByRole } = await shadowOf(canvasElement, 'envelope-diff');
    const envelopes = getByRole('tab', { name: 'Envelopes' });
    envelopes.focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(getByRole('tab', { name: 'Provider bodies' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  },
};

export const Identical: Story = { args: { afterEnvelope: demo('a') } };

export const Dark: Story = darkStory();

export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    beforeEnvelope: chineseEnvelope,
    afterEnvelope: withMemoryChange(chineseEnvelope, '可用性测试报告改为 6 月 19 日截止。'),
  },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'envelope-diff');
    await expect(shadow.querySelector('[part~="summary"]')).toHaveTextContent(
      '1 条消息有改动，新增 0 条，删除 0 条',
    );
  },
};

/** The "after" side is not a valid envelope: the error panel says which side and where. */
export const InvalidInput: Story = {
  args: { afterEnvelope: invalidEnvelope },
  play: async (context) => {
    await playErrorPanel('envelope-diff', 'The “after” envelope cannot be shown')(context);
    await playErrorPanel('envelope-diff', '/messages/0/role')(context);
  },
};
