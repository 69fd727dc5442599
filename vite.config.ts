import { defineConfig } from 'vite';

// The demo app (`npm start`): demos/ served with the demo envelopes of src/data/demos at its root.
export default defineConfig({
  root: 'demos',
  publicDir: '../src/data/demos',
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 5173, host: '127.0.0.1' },
  build: { outDir: '../dist/demos', emptyOutDir: true, target: 'es2022' },
});
