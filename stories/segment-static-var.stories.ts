import type { StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { StaticVarSegment } from '../src/core/protocol/types.js';
import { demo, demoSegment, type SegmentArgs, segmentStories } from './support.js';

const userName = demoSegment('a', 'static_var', 0, (s) => s.name === 'user_name');

const s = segmentStories('segment-static-var', userName, 'pill');

const meta = { title: 'Segments/segment-static-var', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<StaticVarSegment>>;

/** A blue pill `name = value`; its description opens from the pill. */
export const Default: Story = {};

/** Description hidden; a click on the pill shows it. */
export const Collapsed: Story = { play: s.Collapsed.play };

/** Without a description the pill is plain text, not a button. */
export const NoDescription: Story = {
  args: { segment: { kind: 'static_var', name: 'plan', value: 'Pro (annual)' } },
};

/** All static variables of scenario A, in a row as in a message. */
export const AllOfScenarioA: Story = {
  render: (args) =>
    html`<div style="display:flex;flex-wrap:wrap;gap:0.5rem">
      ${demo('a')
        .messages[0].segments.filter((s) => s.kind === 'static_var')
        .map(
          (s) =>
            html`<segment-static-var
              .segment=${s}
              theme=${ifDefined(args.theme)}
              lang=${ifDefined(args.lang)}
            ></segment-static-var>`,
        )}
    </div>`,
};

export const InvalidInput: Story = s.invalid('{"kind":"static_var","name":"user_name"}', 'value');

export const Dark: Story = s.dark({});

export const Chinese: Story = {
  ...s.chinese({
    kind: 'static_var',
    name: 'user_name',
    value: '陈玛雅',
    description: '来自用户资料的显示名称。',
  }),
  play: s.Collapsed.play,
};

export const LongContent: Story = {
  args: {
    segment: {
      kind: 'static_var',
      name: 'shipping_address',
      value: 'Casa do Pátio, Rua de São Miguel 12, 3.º esquerdo, 1100-544 Lisboa, Portugal',
      description:
        'Default delivery address from the account settings. The assistant uses it to estimate delivery dates and must never read it out unless the user asks.',
    },
  },
};
