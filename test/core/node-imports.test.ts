import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

// Like Lit's node-imports test: the published entry point, through the package's own exports
// map, in a plain Node process with no DOM and no code generation from strings.
test('prompt-envelope/core imports and works in Node with no DOM', () => {
  const script = `
    import * as core from 'prompt-envelope/core';
    import { readFileSync } from 'node:fs';
    const demo = JSON.parse(readFileSync('src/data/demos/demo-b.json', 'utf8'));
    const out = core.exportEnvelope(demo, { target: 'openai' });
    console.log(JSON.stringify({
      dom: typeof document + '/' + typeof window + '/' + typeof HTMLElement,
      valid: core.validateEnvelope(demo).valid,
      messages: out.body.messages.length,
      exports: Object.keys(core).length,
    }));`;
  const output = execFileSync(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const facts = JSON.parse(output);
  assert.equal(facts.dom, 'undefined/undefined/undefined');
  assert.equal(facts.valid, true);
  assert.ok(facts.messages > 3);
  assert.ok(facts.exports > 20);
});
