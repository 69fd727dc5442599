import type { StorybookConfig } from '@storybook/web-components-vite';

/**
 * The Storybook gallery (SPEC §5): one stories file per element in stories/, controls and
 * autodocs from the root custom-elements.json (see preview.ts).
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
  stories: ['../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest'],
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // Pre-bundled once, so that dev mode does not load two copies of Lit.
      optimizeDeps: {
        include: ['lit', 'lit/directive-helpers.js', '@lit/context', 'marked', 'dompurify'],
      },
      // Storybook's own manager and docs chunks are over 1 MB; that is expected.
      build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
    });
  },
};

export default config;
