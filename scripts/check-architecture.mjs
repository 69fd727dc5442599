#!/usr/bin/env node
// The shape of the house (STYLE.md), checked by `npm test`:
// - no import cycles anywhere in src/, type-only imports included (dpdm);
// - the core's stages import one way: protocol ← assembly ← targets ← insight, skills on protocol;
// - the core imports nothing from the elements, Lit or the DOM side, and only the npm packages
//   listed here;
// - no source file over 600 lines, generated code aside.
// Run from the repository root; a test runs it in a folder of broken fixtures too.
import { readFileSync } from 'node:fs';
import { parseCircular, parseDependencyTree } from 'dpdm';

const MAX_LINES = 600;
const GENERATED = /(^|\/)generated\/|\.generated\.ts$/;

/** What each stage of the core may import, besides itself. */
const STAGE_IMPORTS = {
  protocol: [],
  skills: ['protocol'],
  assembly: ['protocol'],
  targets: ['protocol', 'assembly'],
  insight: ['protocol', 'assembly', 'targets'],
};
// js-yaml parses SKILL.md frontmatter; gpt-tokenizer is the optional exact tokenizer (its own entry).
const CORE_PACKAGES = new Set(['js-yaml', 'gpt-tokenizer']);

const tree = await parseDependencyTree('src/**/*.ts', {
  transform: false,
  tsconfig: 'tsconfig.json',
});
const problems = [];

for (const cycle of parseCircular(tree, false)) {
  problems.push(`import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
}

const stageOf = (file) => /^src\/core\/([^/]+)\//.exec(file)?.[1];
for (const [file, dependencies] of Object.entries(tree)) {
  if (!file.startsWith('src/core/')) continue;
  const stage = stageOf(file);
  for (const { request, id } of dependencies ?? []) {
    if (!id || id.startsWith('node_modules/')) {
      const name = request.startsWith('@')
        ? request.split('/').slice(0, 2).join('/')
        : request.split('/')[0];
      if (!request.startsWith('.') && !CORE_PACKAGES.has(name))
        problems.push(
          `${file} imports '${request}': the core uses only ${[...CORE_PACKAGES].join(', ')}`,
        );
      continue;
    }
    if (!id.startsWith('src/core/')) {
      problems.push(`${file} imports ${id}: the core imports nothing outside src/core`);
      continue;
    }
    const target = stageOf(id);
    if (stage === undefined || target === undefined || target === stage) continue;
    if (!STAGE_IMPORTS[stage]?.includes(target))
      problems.push(
        `${file} imports ${id}: ${stage}/ may import only ${['itself', ...(STAGE_IMPORTS[stage] ?? [])].join(', ')}`,
      );
  }
}

for (const file of Object.keys(tree)) {
  if (!file.startsWith('src/') || !file.endsWith('.ts') || GENERATED.test(file)) continue;
  const lines = readFileSync(file, 'utf8').split('\n').length;
  if (lines > MAX_LINES) problems.push(`${file} has ${lines} lines (at most ${MAX_LINES})`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `architecture: ${Object.keys(tree).filter((f) => f.startsWith('src/')).length} source files, no cycles, core stages one way, none over ${MAX_LINES} lines`,
);
