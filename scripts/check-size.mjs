#!/usr/bin/env node
// Size budgets (SPEC §7), min + gzip, checked by `npm test` after `npm run build`.
// `--json` prints the figures for the benchmark report instead of checking.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// Measured 2026-11-29: the script-tag bundle 95.0 kB, the core 20.1 kB (gzip). The issue's
// starting budgets (45 / 10 kB) are below what the spec's own dependencies weigh: Lit, marked
// and DOMPurify alone are 34.3 kB and the precompiled validator 5.4 kB. On 2026-11-30 the
// bundle grew to 116 kB with the context meter and measureEnvelope (4.6 kB), the diff element,
// diffEnvelopes and jsdiff (5.6 kB), search, lazy rendering and the input caps (about 4 kB),
// so its budget went from 100 to 120 kB. These budgets stop growth; lowering them means
// code-splitting the elements, or leaving js-yaml (14 kB, for parseSkillMarkdown) out of it.
// Protocol 1.1 (2026-11-30) added 10 kB to the core: the precompiled validator went from 5.4 to
// 10.3 kB (Ajv's allErrors code for the state_change kind, actor, scene and the rules that keep
// them out of "1.0"), and the prompt assembler with headers and state changes is 6.4 kB, in place
// of 2 kB of conversation code. Prompt Studio's composePrompt, which exports use for components,
// is 2.7 kB more. The 1.1 elements (state-change notices, actors, the Trace tab) are 4 kB and
// <prompt-studio> with its strings 12.5 kB (gzip; js-yaml was already in). Budgets: core
// 21 → 35 kB, bundle 120 → 152 kB. The next step down is a studio chunk loaded on demand.
// Later that day the validator became 7.6 kB: it is compiled from the same rules with the kind
// and role dispatch as discriminators and without descriptions (scripts/generate.mjs). Core
// 30.1 kB, bundle 147.7 kB; budgets 35 → 32 kB and 152 → 150 kB.
const BUDGETS = { bundle: 150_000, core: 32_000 };

const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

// "The core" is what validation and every export and import cost a page, tree-shaken the way
// any bundler does it.
const core = await build({
  stdin: {
    contents:
      "export { validateEnvelope, parseEnvelope, normalizeEnvelope, exportEnvelope, importEnvelope, toCurl } from './src/core/index.ts';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  target: 'es2022',
});
const bundle = readFileSync('dist/prompt-envelope.js');
const figures = {
  bundle: { min: bundle.length, gzip: gzip(bundle), budget: BUDGETS.bundle },
  core: {
    min: core.outputFiles[0].contents.length,
    gzip: gzip(core.outputFiles[0].contents),
    budget: BUDGETS.core,
  },
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(figures));
} else {
  let over = false;
  for (const [name, f] of Object.entries(figures)) {
    const ok = f.gzip <= f.budget;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name}: ${(f.min / 1000).toFixed(1)} kB min, ${(f.gzip / 1000).toFixed(1)} kB gzip (budget ${(f.budget / 1000).toFixed(1)} kB gzip)`,
    );
  }
  if (over) process.exit(1);
}
