import { setCustomElementsManifest } from '@storybook/web-components';
import type { Preview } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json' with { type: 'json' };
import '../src/define.js';

interface Member {
  name: string;
  privacy?: string;
  static?: boolean;
}

/** The manifest without private, protected and static members, which are not the elements' API. */
function publicApi<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key === 'members' && Array.isArray(v)
      ? (v as Member[]).filter((m) => !m.privacy && !m.static && !m.name.startsWith('#'))
      : v,
  ) as T;
}

// Controls and autodocs (attributes, properties, events, CSS parts and custom properties) come
// from the manifest generated from the elements' JSDoc (`npm run generate`).
setCustomElementsManifest(publicApi(manifest));

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'requiredFirst' },
  },
};

export default preview;
