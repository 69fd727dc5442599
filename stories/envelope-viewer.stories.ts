import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { expect, userEvent, waitFor } from 'storybook/test';
import { createSegmentRegistry, type SegmentRegistry } from '../src/core/assembly/registry.js';
import type { ScenarioManifest } from '../src/core/protocol/manifest.js';
import type { Envelope } from '../src/core/protocol/types.js';
import { demoManifest } from '../src/data/demos/index.js';
import { createBuiltInSkillRegistry } from '../src/data/skill-registry.js';
import type { SkillRegistry } from '../src/core/skills/registry.js';
import { ref } from 'lit/directives/ref.js';
import type {
  EnvelopeViewer,
  ViewerView,
} from '../src/elements/envelope-viewer/envelope-viewer.component.js';
import { loggedChatRequest } from './logged-requests.js';
import {
  chineseEnvelope,
  darkStory,
  demo,
  fixedHeight,
  invalidEnvelope,
  langArgTypes,
  playErrorPanel,
  playExpandNestedOnClick,
  shadowOf,
  type Theme,
} from './support.js';

interface Args {
  envelope?: Envelope | string;
  scenarios?: string | ScenarioManifest;
  scenario?: string;
  skills?: SkillRegistry;
  registry?: SegmentRegistry;
  view?: ViewerView;
  theme?: Theme;
  'time-zone'?: string;
  lang?: string;
}

/**
 * The demo manifest with each `file` replaced by a blob URL of its envelope, so that the
 * scenario switcher works without serving src/data/demos.
 */
const manifest: ScenarioManifest = {
  ...demoManifest,
  scenarios: demoManifest.scenarios.map((entry) => ({
    ...entry,
    file: URL.createObjectURL(
      new Blob([JSON.stringify(demo(entry.id))], { type: 'application/json' }),
    ),
  })),
};

const skills = createBuiltInSkillRegistry();

const meta = {
  title: 'Viewer/envelope-viewer',
  component: 'envelope-viewer',
  args: { skills },
  argTypes: langArgTypes,
  parameters: { layout: 'fullscreen' },
  decorators: [fixedHeight()],
  render: (args) =>
    html`<envelope-viewer
      .envelope=${args.envelope}
      .scenarios=${args.scenarios}
      .skills=${args.skills}
      .registry=${args.registry}
      scenario=${ifDefined(args.scenario)}
      view=${ifDefined(args.view)}
      time-zone=${ifDefined(args['time-zone'])}
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
    ></envelope-viewer>`,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<Args>;

/** The full app: scenario switcher on top, chat left, protocol panel right (F first). */
export const Default: Story = {
  args: { scenarios: manifest },
  play: async ({ canvasElement }) => {
    const viewer = await shadowOf(canvasElement, 'envelope-viewer');
    const buttons = await viewer.findAllByRole('button', { pressed: true });
    await expect(buttons[0]).toHaveTextContent('F');
    const b = viewer.getAllByRole('button').find((el) => el.textContent?.includes('Tool calls'));
    await userEvent.click(b!);
    await waitFor(() => expect(b).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(viewer.shadow.querySelector('envelope-chat')).not.toBeNull());
  },
};

export const ScenarioA: Story = {
  name: 'A · Basic chat with memory',
  args: { envelope: demo('a'), 'time-zone': 'America/New_York' },
};
export const ScenarioB: Story = {
  name: 'B · Tool calls',
  args: { envelope: demo('b'), 'time-zone': 'Europe/Berlin' },
};
export const ScenarioC: Story = {
  name: 'C · Document parsing',
  args: { envelope: demo('c') },
};
export const ScenarioD: Story = {
  name: 'D · Multimodal',
  args: { envelope: demo('d') },
};
export const ScenarioF: Story = {
  name: 'F · Real Anthropic skills',
  args: { envelope: demo('f') },
};
export const ScenarioE: Story = {
  name: 'E · Log analysis',
  args: { envelope: demo('e'), 'time-zone': 'UTC' },
};

/**
 * Scenario F replayed live: the Replay button plays the conversation again, its
 * messages arriving with pauses and the assistant's text streaming in, the way an agent's
 * context grows while it runs. The same calls (`appendMessage`, `appendText`, `endStream`) are
 * what a host makes with its own stream (see the Live guide).
 */
export const LiveReplay: Story = {
  name: 'F · Replayed live',
  args: { scenarios: manifest, scenario: 'f' },
  play: async ({ canvasElement }) => {
    const viewer = await shadowOf(canvasElement, 'envelope-viewer');
    const button = viewer.shadow.querySelector<HTMLButtonElement>('[part="replay"]');
    await expect(button).not.toBeNull();
    // The button waits for the scenario's file to load.
    await waitFor(() => expect(button!.disabled).toBe(false));
    button!.click();
    const total = demo('f').messages.length;
    await waitFor(
      () => {
        const chat = viewer.shadow.querySelector('envelope-chat');
        const shown = chat?.shadowRoot?.querySelectorAll('envelope-message').length ?? 0;
        expect(shown).toBeGreaterThan(1);
        expect(shown).toBeLessThan(total);
      },
      { timeout: 5000 },
    );
  },
};

/** Collapsed (the data's defaults): a click on the system prompt header in the chat expands it. */
export const Collapsed: Story = {
  args: { envelope: demo('a') },
  play: playExpandNestedOnClick(
    ['envelope-viewer', 'envelope-chat', 'envelope-message'],
    'segment-header',
    '.segment-system_prompt',
  ),
};

/** An invalid envelope: the viewer shows the error panel with the paths. */
export const InvalidInput: Story = {
  args: { envelope: invalidEnvelope },
  play: playErrorPanel('envelope-viewer', '/messages/0/role'),
};

export const Dark: Story = darkStory({ scenarios: manifest, scenario: 'b' });

export const Chinese: Story = {
  args: { lang: 'zh-CN', scenarios: manifest, scenario: 'a' },
};

/** A Chinese conversation without the switcher. */
export const ChineseEnvelope: Story = {
  args: { lang: 'zh-CN', envelope: chineseEnvelope, 'time-zone': 'Asia/Shanghai' },
};

/** The longest scenario (E: three long logs and long answers). */
export const LongContent: Story = {
  args: { envelope: demo('e'), 'time-zone': 'UTC' },
};

/** A registry with one host `platform` guideline, for `HostSegment`. */
const hostRegistry = createSegmentRegistry();
hostRegistry.register({
  id: 'acme:support-guideline',
  kind: 'platform',
  weight: 10,
  inject: () => 'Acme support guideline: answer in at most three sentences.',
});

/**
 * A host's own prompt segment (`viewer.registry.register({ … })`): the protocol panel inside
 * renders it into every provider's request and lists it in its Trace tab.
 */
export const HostSegment: Story = {
  args: { envelope: demo('a'), registry: hostRegistry },
  play: async ({ canvasElement }) => {
    const viewer = await shadowOf(canvasElement, 'envelope-viewer');
    const panel = await shadowOf(canvasElement, 'protocol-panel', viewer.shadow);
    await waitFor(() =>
      expect(panel.shadow.querySelector('[part~="code"]')).toHaveTextContent(
        'Acme support guideline',
      ),
    );
  },
};

/**
 * The Studio view: supplements saved there apply to the Protocol view's requests, and a note
 * says so (with a switch to turn them off).
 */
export const Studio: Story = {
  args: { envelope: demo('a'), view: 'studio' },
  play: async ({ canvasElement }) => {
    const viewer = await shadowOf(canvasElement, 'envelope-viewer');
    const studio = await shadowOf(canvasElement, 'prompt-studio', viewer.shadow);
    await userEvent.click(studio.getByRole('button', { name: /Add supplement/ }));
    const template = await studio.findByRole('textbox', { name: 'Template' });
    await userEvent.type(template, 'Answer in a warm, plain tone.');
    await userEvent.click(studio.getByRole('button', { name: 'Save changes' }));
    await userEvent.click(viewer.getByRole('tab', { name: 'Protocol' }));
    const panel = await shadowOf(canvasElement, 'protocol-panel', viewer.shadow);
    await waitFor(() =>
      expect(panel.shadow.querySelector('[part~="code"]')).toHaveTextContent(
        'Answer in a warm, plain tone.',
      ),
    );
    await expect(viewer.shadow.querySelector('[part~="studio-note"]')).toHaveTextContent(
      'Studio supplements are active',
    );
  },
};

/**
 * A logged OpenAI request opened as a file (`openFile`, as the Open button, a drop or a paste
 * does): the file's entry shows how many warnings the import gave, and the OpenAI tab says
 * where the request differs from the log and which warning says why, in the words
 * `prompt-envelope import` prints.
 */
export const OpenedFromLog: Story = {
  render: (args) =>
    html`<envelope-viewer
      open-files
      theme=${ifDefined(args.theme)}
      lang=${ifDefined(args.lang)}
      ${ref((el) => {
        const viewer = el as EnvelopeViewer | undefined;
        if (viewer && !viewer.dataset.opened) {
          viewer.dataset.opened = 'yes';
          void viewer.openFile(JSON.stringify(loggedChatRequest, null, 2), 'request.json');
        }
      })}
    ></envelope-viewer>`,
  play: async ({ canvasElement }) => {
    const viewer = await shadowOf(canvasElement, 'envelope-viewer');
    await waitFor(() =>
      expect(viewer.shadow.querySelector('[part~="import-marker"]')).toHaveAttribute(
        'aria-label',
        '2 import warnings',
      ),
    );
    const panel = await shadowOf(canvasElement, 'protocol-panel', viewer.shadow);
    await waitFor(() =>
      expect(panel.shadow.querySelector('[part~="log-notice"]')).toHaveTextContent(
        'This request differs from the log:',
      ),
    );
  },
};
