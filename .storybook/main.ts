import type { StorybookConfig } from '@storybook/web-components-vite';
import remarkGfm from 'remark-gfm';

/**
 * The guides (stories/guides/*.mdx) in a newcomer's reading order: what it is and how to start,
 * then the ways in (own data, the elements, live), then the protocol and the rest.
 */
const guides = [
  'getting-started',
  'open-your-data',
  'record',
  'elements',
  'live',
  'protocol',
  'exports',
  'assembly',
  'studio',
  'insight',
  'security',
  'limits',
  'performance',
  'cli',
  'faq',
  'development',
  'decisions',
];

/** A page per framework, each quoting its app in demos/, in the order people look for them. */
const frameworks = [
  'react',
  'next',
  'vue',
  'svelte',
  'angular',
  'vitepress',
  'astro',
  'sveltekit',
  'plain-html',
];

/**
 * The Storybook gallery and documentation site: one stories file per element in stories/, each
 * with its generated page (stories/reference/, from custom-elements.json and the stories), and
 * the guides as MDX pages.
 */
const config: StorybookConfig = {
  framework: '@storybook/web-components-vite',
  core: {
    disableTelemetry: true,
    builder: {
      name: '@storybook/builder-vite',
      options: { viteConfigPath: '.storybook/vite.config.ts' },
    },
  },
  // The guides in reading order (the sidebar keeps the order files are found in), then every
  // other MDX page, so a new guide shows up even before it is placed in this list.
  stories: [
    ...guides.map((name) => `../stories/guides/${name}.mdx`),
    ...frameworks.map((name) => `../stories/frameworks/${name}.mdx`),
    '../stories/**/*.mdx',
    '../stories/**/*.stories.ts',
  ],
  // The favicon and the logo (manager.ts, manager-head.html).
  staticDirs: [{ from: './static', to: '/' }],
  addons: [
    {
      name: '@storybook/addon-docs',
      // MDX has no tables without GitHub-flavoured Markdown, and the guides are full of them.
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    '@storybook/addon-vitest',
  ],
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // Pre-bundled once, so that dev mode does not load two copies of Lit.
      optimizeDeps: {
        // Every Lit module the elements import, those loaded on demand too: a module found
        // during a run (the Markdown directive's unsafe-html) makes Vite optimize again and
        // reload the test it is in.
        include: [
          'lit',
          'lit/directive-helpers.js',
          'lit/async-directive.js',
          'lit/directives/unsafe-html.js',
          '@lit/context',
          'marked',
          'dompurify',
        ],
      },
      // Storybook's own manager and docs chunks are over 1 MB; that is expected.
      build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
    });
  },
};

export default config;
