import { setCustomElementsManifest } from '@storybook/web-components';
import type { Decorator, Preview } from '@storybook/web-components-vite';
import { addons } from 'storybook/preview-api';
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

// Controls and the API tables of the element pages (attributes, properties, events, CSS parts
// and custom properties) come from the manifest generated from the elements' JSDoc
// (`npm run generate`).
setCustomElementsManifest(publicApi(manifest));

type PageTheme = 'light' | 'dark' | 'auto';

/**
 * The toolbar's theme sets the page's own switch, the one `theme="auto"` follows on a real site:
 * `<html class="dark">` and `data-theme`. With `auto` both are removed and the system decides.
 * The canvas and the docs pages follow it (preview-head.html), so a dark story is not a dark box
 * on a white page.
 */
function applyPageTheme(theme: PageTheme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  if (theme === 'auto') delete root.dataset.theme;
  else root.dataset.theme = theme;
  // Only for the canvas background under `auto`; the elements read the system themselves.
  root.classList.toggle(
    'system-dark',
    theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches,
  );
}

const pageTheme: Decorator = (story, { globals }) => {
  applyPageTheme((globals.theme as PageTheme | undefined) ?? 'auto');
  return story();
};

// A page without a story (the guides, the framework pages) never runs the decorator: it follows
// the toolbar through the globals' own events.
for (const event of ['setGlobals', 'globalsUpdated'])
  addons
    .getChannel()
    .on(event, ({ globals }: { globals: { theme?: PageTheme } }) =>
      applyPageTheme(globals.theme ?? 'auto'),
    );

/** Longest JSON value written whole into an example's code; larger ones are named, not shown. */
const longestShownValue = 4000;

/**
 * The code under each example: the element with its story's args, as a page would write it
 * (text args as attributes, objects as properties set from a script). Storybook alone shows the
 * bare tag, since Lit's property bindings leave no trace in the markup.
 */
function exampleCode(code: string, context: { component?: unknown; args: object }): string {
  const tag = typeof context.component === 'string' ? context.component : undefined;
  if (!tag) return code;
  const attributes: string[] = [];
  const properties: string[] = [];
  for (const [name, value] of Object.entries(context.args)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'string' || typeof value === 'number' || value === true) {
      const text =
        value === true ? '' : `="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
      attributes.push(`${name}${text}`);
    } else if (
      Array.isArray(value) ||
      (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    ) {
      const json = JSON.stringify(value, null, 2);
      if (json === undefined || !/^[[{]/.test(json)) continue;
      properties.push(
        json.length <= longestShownValue
          ? `  example.${name} = ${json.replace(/\n/g, '\n  ')};`
          : `  example.${name} = /* ${Math.round(json.length / 1000)} kB of JSON, left out here */;`,
      );
    }
  }
  if (properties.length) attributes.unshift('id="example"');
  const open = attributes.length ? `<${tag} ${attributes.join(' ')}>` : `<${tag}>`;
  const markup = `${open}</${tag}>`;
  if (!properties.length) return markup;
  return [
    markup,
    '<script type="module">',
    "  const example = document.getElementById('example');",
    ...properties,
    '</script>',
  ].join('\n');
}

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [pageTheme],
  globalTypes: {
    theme: {
      description: 'The page\'s light or dark switch, which theme="auto" follows',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', icon: 'sun', title: 'Light' },
          { value: 'dark', icon: 'moon', title: 'Dark' },
          { value: 'auto', icon: 'contrast', title: 'Auto (the system)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'auto' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'requiredFirst' },
    docs: { source: { transform: exampleCode } },
    // The toolbar's theme sets the background; Storybook's own backgrounds would fight it.
    backgrounds: { disable: true },
  },
};

export default preview;
