#!/usr/bin/env node
// The browser bundles (SPEC §1): one self-contained ES module and one classic-script IIFE with
// every element, Lit, marked and DOMPurify inlined, plus the core alone (for its size budget
// and the no-eval check). tsc writes the per-entry modules and types beside them in dist/.
import { build } from 'esbuild';

const common = {
  bundle: true,
  minify: true,
  sourcemap: true,
  target: 'es2022',
  // Lit's production build, without the dev-mode checks and warnings.
  conditions: ['production'],
  tsconfig: 'tsconfig.json',
  legalComments: 'linked',
  logLevel: 'warning',
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['src/index.ts'],
    format: 'esm',
    outfile: 'dist/prompt-envelope.js',
  }),
  build({
    ...common,
    entryPoints: ['src/index.ts'],
    format: 'iife',
    globalName: 'PromptEnvelope',
    outfile: 'dist/prompt-envelope.iife.js',
  }),
  build({
    ...common,
    entryPoints: ['src/core/index.ts'],
    format: 'esm',
    outfile: 'dist/browser/core.js',
  }),
]);
