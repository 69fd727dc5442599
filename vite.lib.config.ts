import { defineConfig } from 'vite';

// The browser build: self-contained ES modules (dependencies inlined) for <script type="module">.
export default defineConfig({
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: { core: 'src/core/index.ts' },
      formats: ['es'],
    },
  },
});
