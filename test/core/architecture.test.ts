import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/check-architecture.mjs', import.meta.url));
const run = (cwd: string) => spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });

test('the repository has no import cycle, no backward stage import and no file over 600 lines', () => {
  const result = run(fileURLToPath(new URL('../../', import.meta.url)));
  assert.equal(result.status, 0, result.stderr);
});

test('the check finds a cycle, an import against the stages, the DOM side in the core and a long file', () => {
  const root = mkdtempSync(join(tmpdir(), 'architecture-'));
  const files: Record<string, string> = {
    'src/core/protocol/types.ts':
      "import { assemble } from '../assembly/assemble.js';\nexport const a = assemble;\n",
    'src/core/assembly/assemble.ts':
      "import { a } from '../protocol/types.js';\nexport const assemble = () => a;\n",
    'src/core/targets/render.ts':
      "import { x } from '../../elements/x.js';\nimport 'lit';\nexport const y = x;\n",
    'src/elements/x.ts': `export const x = 1;\n${'// line\n'.repeat(600)}`,
    'tsconfig.json': '{ "compilerOptions": { "module": "nodenext" } }',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /import cycle: src\/core\/(protocol\/types|assembly\/assemble)\.ts/);
  assert.match(
    result.stderr,
    /src\/core\/protocol\/types\.ts imports src\/core\/assembly\/assemble\.ts: protocol\/ may import only itself/,
  );
  assert.match(
    result.stderr,
    /src\/core\/targets\/render\.ts imports src\/elements\/x\.ts: the core imports nothing outside src\/core/,
  );
  assert.match(result.stderr, /src\/core\/targets\/render\.ts imports 'lit'/);
  assert.match(result.stderr, /src\/elements\/x\.ts has 602 lines/);
});
