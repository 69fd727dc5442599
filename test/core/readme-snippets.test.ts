import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');

/** Code blocks that follow a `<!-- snippet: … -->` marker, with what the marker says. */
const snippets = [...readme.matchAll(/<!-- snippet: (.+?) -->\n+```\w*\n([\s\S]*?)```/g)].map(
  (m) => ({ source: m[1], code: m[2] }),
);

test('the README has snippets to check', () => {
  assert.ok(snippets.length >= 5, `${snippets.length} snippets`);
});

for (const { source, code } of snippets) {
  if (source === 'run with node') {
    test('the core API snippet runs as written', () => {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.match(output, /^0 \d+\ncurl https:\/\/api\.anthropic\.com\/v1\/messages \\\n$/);
    });
  } else if (source === 'run with node: assembly') {
    test('the prompt assembly snippet runs as written', () => {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
        cwd: root,
        encoding: 'utf8',
      });
      assert.equal(
        output,
        "true\n{\n  id: 'club:guideline',\n  kind: 'platform',\n  weight: 10,\n  characters: 62,\n  trimmed: false,\n  source: 'host'\n}\nuser\n",
      );
    });
  } else {
    // Excerpts of files that tests run (demos/cdn.html, the framework demos): every line is there.
    test(`the snippet from ${source} is what that file says`, () => {
      const file = readFileSync(new URL(source, root), 'utf8')
        .split('\n')
        .map((l) => l.trim());
      for (const line of code.split('\n').map((l) => l.trim())) {
        if (line === '' || line === '…') continue;
        assert.ok(file.includes(line), `${source} has no line ${JSON.stringify(line)}`);
      }
    });
  }
}
