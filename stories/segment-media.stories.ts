import type { StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import type { MediaSegment } from '../src/core/protocol/types.js';
import { demoSegment, type SegmentArgs, segmentStories, shadowOf } from './support.js';

const photo = demoSegment('d', 'media', 0, (s) => s.mediaType === 'image');
const audio = demoSegment('d', 'media', 0, (s) => s.mediaType === 'audio');

/** A small inline drawing of a cat, so that one story shows an image without the network. */
const catSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120"><rect width="160" height="120" fill="#fde68a"/><path d="M50 40 L62 14 L74 38 Z M86 38 L98 14 L110 40 Z" fill="#f59e0b"/><circle cx="80" cy="64" r="34" fill="#f59e0b"/><circle cx="68" cy="58" r="4" fill="#1f2937"/><circle cx="92" cy="58" r="4" fill="#1f2937"/><path d="M76 70 L84 70 L80 75 Z" fill="#be123c"/><path d="M80 75 Q72 82 66 78 M80 75 Q88 82 94 78" stroke="#1f2937" stroke-width="2" fill="none"/></svg>`;
const inline: MediaSegment = {
  kind: 'media',
  mediaType: 'image',
  url: `data:image/svg+xml,${encodeURIComponent(catSvg)}`,
  altText: 'A drawing of an orange cat face on a yellow background.',
};

const s = segmentStories('segment-media', photo);

const meta = { title: 'Segments/segment-media', ...s.meta };

export default meta;
type Story = StoryObj<SegmentArgs<MediaSegment>>;

/** Scenario D's picture of a cat (a data: URL shipped with the demo: no request). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-media');
    await expect(shadow.querySelector('img')).toHaveAttribute('loading', 'lazy');
  },
};

/** Scenario D's audio clip: nothing is fetched until it is played. */
export const Audio: Story = {
  args: { segment: audio },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-media');
    await expect(shadow.querySelector('audio')).toHaveAttribute('preload', 'none');
  },
};

export const InlineImage: Story = { args: { segment: inline } };

/** A `javascript:` URL is never loaded: a notice shows it instead. */
export const BlockedUrl: Story = {
  args: {
    segment: {
      kind: 'media',
      mediaType: 'image',
      url: 'javascript:alert(1)',
      altText: 'Not a picture',
    },
  },
  play: async ({ canvasElement }) => {
    const { shadow } = await shadowOf(canvasElement, 'segment-media');
    await expect(shadow.querySelector('img')).toBeNull();
    await expect(shadow.querySelector('[part="notice"]')).not.toBeNull();
  },
};

export const InvalidInput: Story = s.invalid(
  '{"kind":"media","mediaType":"hologram","url":"https://example.com/cat.glb"}',
  '/mediaType',
);

export const Dark: Story = s.dark({ segment: inline });

export const Chinese: Story = s.chinese(
  { ...inline, altText: '一只橘猫的简笔画：竖起的耳朵，圆眼睛，黄色背景。' },
  'media.image',
);

/** A very long alt text and URL stay inside the card. */
export const LongContent: Story = {
  args: {
    segment: {
      ...photo,
      // Still the picture: a data: URL may carry parameters before its data.
      url: photo.url.replace(
        ';base64,',
        `;${'name=prompt-envelope-demo-picture;'.repeat(12)}base64,`,
      ),
      altText: Array.from({ length: 4 }, () => photo.altText).join(' '),
    },
  },
};
