import { defineConfig } from 'vite';

// A JIT build without the Angular CLI: the template is compiled in the browser by
// @angular/compiler (imported in main.ts), with what the CLI defines for production.
export default defineConfig({
  define: { ngDevMode: 'false', ngJitMode: 'true', ngI18nClosureMode: 'false' },
  build: { chunkSizeWarningLimit: 1500 },
});
