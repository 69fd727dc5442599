import { defineConfig } from 'vite';

// The demo app (`npm start`): demos/ served with the demo envelopes of src/data/demos at its root.
export default defineConfig({
  root: 'demos',
  publicDir: '../src/data/demos',
  // Only the viewer: the framework demos below demos/ have their own builds.
  optimizeDeps: { entries: ['index.html'] },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 5173, host: '127.0.0.1' },
  build: { outDir: '../dist/demos', emptyOutDir: true, target: 'es2022' },
});
