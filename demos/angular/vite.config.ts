import { defineConfig } from 'vite';

export default defineConfig({
  // What the Angular CLI defines for a production JIT build: no dev-mode checks and messages.
  define: { ngDevMode: 'false', ngJitMode: 'true', ngI18nClosureMode: 'false' },
  // The bundle includes Angular's JIT compiler: an AOT build needs the Angular CLI or an Angular
  // compiler plugin, which this minimal demo does without.
  build: { chunkSizeWarningLimit: 1500 },
});
