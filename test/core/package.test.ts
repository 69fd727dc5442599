import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { demoEnvelopes } from '../../src/data/demos/index.js';

const root = new URL('../../', import.meta.url);

// A define module left out of "sideEffects" is dropped by bundlers that import it for its
// registration only, so the element silently never exists (esbuild warns, nothing fails).
test('every define module is listed in package.json sideEffects, as source and as build output', () => {
  const { sideEffects } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    sideEffects: string[];
  };
  // One folder per element (elements/<tag>/), its define module named after it.
  const defines = readdirSync(new URL('src/elements/', root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'internal')
    .map((entry) => entry.name);
  assert.ok(defines.length >= 19, `${defines.length} define modules`);
  for (const name of defines) {
    const source = `./src/elements/${name}/${name}.ts`;
    const built = `./dist/elements/${name}/${name}.js`;
    assert.ok(sideEffects.includes(source), source);
    assert.ok(sideEffects.includes(built), built);
  }
});

// prompt-envelope/react in a browser is its import of Lit's hydration support, then the wrappers:
// marked free of side effects, a bundler would keep the wrappers and drop the hydration support.
test('every module imported for what it does is listed in package.json sideEffects', () => {
  const { sideEffects } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    sideEffects: string[];
  };
  for (const module of ['define', 'index', 'hydrate', 'react/index', 'react/server']) {
    assert.ok(sideEffects.includes(`./dist/${module}.js`), module);
    assert.ok(sideEffects.includes(`./src/${module}.ts`), module);
  }
});

// Editors and Storybook find the manifest through this field: it must name a file the package ships.
test("package.json's customElements names the shipped manifest", () => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    customElements: string;
    files: string[];
  };
  assert.equal(pkg.customElements, './custom-elements.json');
  assert.ok(pkg.files.includes('custom-elements.json'));
  const manifest = JSON.parse(readFileSync(new URL(pkg.customElements, root), 'utf8')) as {
    modules: unknown[];
  };
  assert.ok(manifest.modules.length > 0);
});

// Editors read these from the installed package: the packed tarball must hold them.
test('the packed package ships the manifest and the editor data', () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: new URL('.', root),
    encoding: 'utf8',
  });
  const [{ files }] = JSON.parse(out) as [{ files: { path: string }[] }];
  const paths = new Set(files.map((f) => f.path));
  for (const file of ['custom-elements.json', 'vscode.html-custom-data.json', 'web-types.json'])
    assert.ok(paths.has(file), `${file} is packed`);
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    'web-types': string;
  };
  assert.ok(
    paths.has(pkg['web-types'].replace(/^\.\//, '')),
    'package.json names a packed web-types',
  );
});

// Each file ships once (the script-tag builds share dist/lazy/ and the offload worker): no two
// packed files over a kilobyte hold the same bytes. Needs `npm run build` first.
test('the packed package holds no file twice', () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: new URL('.', root),
    encoding: 'utf8',
  });
  const [{ files }] = JSON.parse(out) as [{ files: { path: string; size: number }[] }];
  const byContent = new Map<string, string>();
  for (const { path, size } of files) {
    if (size < 1_000) continue;
    const bytes = readFileSync(new URL(path, root)).toString('base64');
    const same = byContent.get(bytes);
    assert.equal(same, undefined, `${path} is a copy of ${same}`);
    byContent.set(bytes, path);
  }
});

// The demos ship with the package and are shown offline (Storybook, `npm start`, the CDN page):
// their pictures and sounds are data, not requests to another site.
test("the demos' media ship inside them: nothing is loaded from another site", () => {
  const found = new Set<string>();
  for (const [id, envelope] of Object.entries(demoEnvelopes))
    for (const message of envelope.messages)
      for (const segment of message.segments)
        if (segment.kind === 'media') {
          found.add(segment.mediaType);
          const type = segment.mediaType;
          assert.match(segment.url, new RegExp(`^data:${type}/[\\w.+-]+;base64,`), `demo ${id}`);
        }
  assert.deepEqual([...found].sort(), ['audio', 'image'], 'the demos show a picture and a sound');
});
