import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { PromptComponent } from '../src/core/assembly/compose.js';
import type { ExportTarget } from '../src/core/targets/export-targets.js';
import type { Envelope } from '../src/core/protocol/types.js';
import { chineseEnvelope, darkStory, demo, langArgTypes, shadowOf, type Theme } from './support.js';

interface Args {
  envelope?: Envelope | string;
  components?: PromptComponent[];
  'storage-key'?: string;
  target?: ExportTarget;
  theme?: Theme;
  lang?: string;
}

const tone: PromptComponent = {
  id: 'supplement:tone',
  kind: 'supplement',
  role: 'system',
  order: 15,
  enabled: true,
  template: 'Answer in a warm, plain tone.\nPrefer a table when you compare options.',
};

const recap: PromptComponent = {
  id: 'supplement:recap',
  kind: 'supplement',
  role: 'user',
  position: 'tail',
  order: 0,
  enabled: true,
  template: 'Before answering, restate my goal in one sentence: {{user_input}}',
};

const memoryOverride: PromptComponent = {
  id: 'override:native:memory:0',
  kind: 'supplement',
  role: 'system',
  order: 10,
  enabled: true,
  template: 'Maya is a second-year Interaction Design student; her report is due June 16.',
  origin: 'native:memory:0',
};

const meta = {
  title: 'Studio/prompt-studio',
  component: 'prompt-studio',
  args: { envelope: demo('a'), components: [] },
  argTypes: {
    target: { control: 'inline-radio', options: ['openai', 'anthropic', 'gemini', 'otel'] },
    ...langArgTypes,
  },
  render: (args) =>
    html`<prompt-studio
      .envelope=${args.envelope}
      .components=${args.components}
      storage-key=${ifDefined(args['storage-key'])}
      target=${ifDefined(args.target)}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></prompt-studio>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** No supplements yet: the native components of demo A, and adding one. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'prompt-studio');
    await expect(shadow.querySelectorAll('[part~="native"]')).toHaveLength(3);
    await userEvent.click(getByRole('button', { name: /Add supplement/ }));
    await waitFor(() => expect(shadow.querySelectorAll('[part~="supplement"]')).toHaveLength(1));
    const id = getByRole('textbox', { name: 'Id' });
    await waitFor(() => expect(shadow.activeElement).toBe(id));
  },
};

/** A system section between memory and skills (order 15) and a user message at the tail. */
export const WithSupplements: Story = {
  args: { components: [tone, recap] },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'prompt-studio');
    const system = shadow.querySelector('[part~="system"]')!.textContent!;
    await expect(system).toContain('\n\nAnswer in a warm, plain tone.');
    const last = [...shadow.querySelectorAll<HTMLElement>('[part~="message"]')].at(-1)!;
    await expect(last.dataset.gap).toBe('tail');
  },
};

/** The memory section replaced by the person's own text. */
export const WithOverride: Story = {
  args: { components: [memoryOverride] },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'prompt-studio');
    await expect(
      shadow.querySelector('[data-id="native:memory:0"] .override-note'),
    ).toHaveTextContent('Replaced by override:native:memory:0');
    await expect(shadow.querySelector('[part~="system"]')).toHaveTextContent(
      'Maya is a second-year Interaction Design student',
    );
  },
};

/** A disabled override only removes: the memory is gone from the prompt. */
export const WithDisabledOverride: Story = {
  args: { components: [{ ...memoryOverride, enabled: false }] },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'prompt-studio');
    await expect(shadow.querySelector('[part~="system"]')!.textContent).not.toContain(
      'What Studio remembers',
    );
  },
};

/** Errors next to their fields: a duplicate id and a system component with a position. */
export const Invalid: Story = {
  args: {
    components: [tone, { ...tone, position: 'tail' } as PromptComponent],
  },
  play: async ({ canvasElement }) => {
    const { getByRole, shadow } = await shadowOf(canvasElement, 'prompt-studio');
    await expect(shadow.querySelector('[data-code="id-duplicate"]')).not.toBeNull();
    await expect(shadow.querySelector('[data-code="position-on-system"]')).not.toBeNull();
    await userEvent.click(getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(shadow.querySelector('#save-status')).toHaveTextContent(
        'Not saved: fix the 2 errors first.',
      ),
    );
  },
};

/** The studio on a dark page, with supplements and an override. */
export const Dark: Story = darkStory({ components: [tone, recap, memoryOverride] });

/** Chinese strings, with a Chinese envelope. */
export const Chinese: Story = {
  args: {
    lang: 'zh-CN',
    envelope: chineseEnvelope,
    components: [{ ...recap, template: '请先复述当前目标。' }],
  },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'prompt-studio');
    await expect(shadow.querySelector('#save')).toHaveTextContent('保存更改');
    await expect(shadow.querySelector('#preview-title')).toHaveTextContent('完整预览');
  },
};
