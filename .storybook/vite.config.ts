import { defineConfig } from 'vite';

// Storybook's own Vite config, so that the demo app's vite.config.ts (root demos/, its public
// dir and optimizer entries) does not leak into the gallery. `viteFinal` in main.ts adds the rest.
export default defineConfig({});
