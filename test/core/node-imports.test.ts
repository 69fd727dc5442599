import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
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

/**
 * Every entry of the package's exports map, imported by name in a fresh Node process with no
 * DOM (SSR frameworks and static-site builds do exactly this): nothing throws, nothing touches
 * window or document. JSON entries are imported as JSON, streams read as text; `*` patterns are tried with each file.
 */
const manifest = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8')) as {
  exports: Record<string, unknown>;
};
const entries = Object.keys(manifest.exports).flatMap((key) => {
  if (!key.includes('*')) return [key];
  const target = manifest.exports[key] as string | { default: string };
  const pattern = typeof target === 'string' ? target : target.default;
  // `dist/elements/*/*.js`: every `*` is the same name (an element's folder and its module).
  const [dir, ...rest] = pattern.replace(/^\.\//, '').split('*') as [string, ...string[]];
  const suffix = rest.at(-1)!;
  const names =
    rest.length === 1
      ? readdirSync(new URL(dir, `file://${root}`))
          .filter((name) => name.endsWith(suffix) && !name.endsWith(`.d${suffix}`))
          .map((name) => name.slice(0, -suffix.length))
      : readdirSync(new URL(dir, `file://${root}`)).filter((name) =>
          existsSync(new URL(dir + rest.map((part) => name + part).join(''), `file://${root}`)),
        );
  return names.map((name) => key.replace('*', name));
});

describe('every exports entry', { concurrency: 4 }, () => {
  for (const entry of entries) {
    test(`prompt-envelope${entry.slice(1)} imports in Node with no DOM`, () => {
      const specifier = `prompt-envelope${entry.slice(1)}`;
      // A recorded stream (prompt-envelope/demos/*.sse) is data that an example reads as text.
      const load = entry.endsWith('.json')
        ? `await import(${JSON.stringify(specifier)}, { with: { type: 'json' } })`
        : entry.endsWith('.sse')
          ? `(await import('node:fs')).readFileSync(new URL(import.meta.resolve(${JSON.stringify(specifier)})), 'utf8').split('\\n\\n')`
          : `await import(${JSON.stringify(specifier)})`;
      const script = `const module = ${load};
      console.log(JSON.stringify({ dom: typeof document + '/' + typeof window, names: Object.keys(module).length }));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        encoding: 'utf8',
      });
      const facts = JSON.parse(output.trim().split('\n').at(-1)!);
      assert.equal(facts.dom, 'undefined/undefined');
      // prompt-envelope/types/* hold types only, and prompt-envelope/hydrate is imported for its
      // effect (Lit's hydration support): their modules export nothing on purpose.
      if (!entry.startsWith('./types/') && entry !== './hydrate')
        assert.ok(facts.names >= 1, `${specifier} exports nothing`);
    });
  }
});
