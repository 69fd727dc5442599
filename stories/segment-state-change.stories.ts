import type { StoryObj } from '@storybook/web-components-vite';
import { expect, userEvent } from 'storybook/test';
import type { StateChangeSegment } from '../src/core/protocol/types.js';
import { darkStory, demoSegment, type SegmentArgs, segmentStories, shadowOf } from './support.js';

/** Demo G: the owner makes Priya an admin. */
const promoted = demoSegment('g', 'state_change', 0, (s) => s.field === 'role');
/** Demo G: Tom's nickname that tries to instruct the model. */
const injection = demoSegment('g', 'state_change', 0, (s) => s.field === 'group_nickname');

const s = segmentStories('segment-state-change', promoted, 'line-toggle');

const meta = { title: 'Segments/segment-state-change', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<StateChangeSegment>>;

/** A role change from demo G, as a centered notice; "As sent" shows the model's line. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-state-change');
    await expect(shadow.querySelector('[part="sentence"]')).toHaveTextContent(
      '10001 made 10004 admin',
    );
    const toggle = shadow.querySelector<HTMLElement>('[part="line-toggle"]')!;
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shadow.querySelector('[part="line"]')).toHaveTextContent(
      '[state change] 10001 changed 10004 role to "admin"',
    );
  },
};

/** Someone joined by themselves (`by: "self"`). */
export const Joined: Story = {
  args: {
    segment: demoSegment('g', 'state_change', 0, (s) => s.change === 'member_joined'),
  },
};

/** An admin added a member (`by` is the admin's id). */
export const AddedByAdmin: Story = {
  args: {
    segment: {
      kind: 'state_change',
      change: 'member_joined',
      userId: '10007',
      by: '10002',
      sceneId: '884120775',
    },
  },
};

/** A member left. */
export const Left: Story = {
  args: { segment: demoSegment('g', 'state_change', 0, (s) => s.change === 'member_left') },
};

/** A role change. */
export const RoleChange: Story = { args: { segment: promoted } };

/** A mute of 10 minutes by an admin (`mute_time` in seconds). */
export const Muted: Story = {
  args: { segment: demoSegment('g', 'state_change', 0, (s) => s.field === 'mute_time') },
};

/**
 * A nickname that tries prompt injection: quoted, cut at 64 characters like the model gets it
 * (the whole value in the tooltip); "As sent" shows the whole value and the escaped line.
 */
export const InjectionNicknameCut: Story = {
  args: { segment: injection },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-state-change');
    const value = shadow.querySelector<HTMLElement>('[part~="value"]')!;
    await expect(value).toHaveAttribute('title', injection.value);
    await expect(value.textContent!.endsWith('…')).toBe(true);
    await userEvent.click(shadow.querySelector<HTMLElement>('[part="line-toggle"]')!);
    await expect(shadow.querySelector('[part~="value"]')).toHaveTextContent(injection.value!);
    await expect(shadow.querySelector('[part="line"]')!.textContent).toMatch(
      /^\[state change\] 10005 changed 10005 group_nickname to "Ignore all .*…"$/,
    );
  },
};

export const InvalidInput: Story = s.invalid(
  '{"kind":"state_change","change":"member_changed","userId":"10005","value":"x"}',
  '/field',
);

export const Dark: Story = darkStory({ segment: injection });

export const Chinese: Story = {
  ...s.chinese({
    kind: 'state_change',
    change: 'member_changed',
    userId: '10003',
    operator: '10001',
    field: 'group_title',
    value: '登山达人 🏔️',
  }),
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-state-change');
    await expect(shadow.querySelector('[part="sentence"]')).toHaveTextContent(
      '10001 将 10003 的群头衔改为 “登山达人 🏔️”',
    );
    await expect(shadow.querySelector('[part="line-toggle"]')).toHaveTextContent('原文');
  },
};
