// A user copies a framework page's package.json as it is; `npm install` refuses it (ERESOLVE)
// when a range it gives for one of the package's peer dependencies misses the package's own peer
// range. The framework fixtures install each app for real (test/frameworks/install.ts); this
// check says which range is wrong in a second, without the network.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const { intersects, satisfies } = createRequire(import.meta.url)('semver') as {
  intersects(a: string, b: string): boolean;
  satisfies(version: string, range: string): boolean;
};

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  version: string;
  peerDependencies: Record<string, string>;
};

/** Every demo app's package.json, by folder name. */
const apps = readdirSync(new URL('demos/', root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => existsSync(new URL(`demos/${name}/package.json`, root)))
  .map((name) => {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(
      readFileSync(new URL(`demos/${name}/package.json`, root), 'utf8'),
    ) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    return { name, ranges: { ...dependencies, ...devDependencies } };
  });

test("each demo app's package.json asks for peer versions the package accepts", () => {
  const refused: string[] = [];
  let checked = 0;
  for (const { name, ranges } of apps)
    for (const [peer, accepted] of Object.entries(manifest.peerDependencies)) {
      const range = ranges[peer];
      if (range === undefined) continue;
      checked++;
      if (!intersects(range, accepted))
        refused.push(
          `demos/${name}/package.json: "${peer}": "${range}" (the package takes ${accepted})`,
        );
    }
  assert.deepEqual(refused, []);
  assert.ok(checked >= 5, `${checked} ranges checked`);
});

test("each demo app's package.json asks for a prompt-envelope range that holds this version", () => {
  for (const { name, ranges } of apps) {
    const range = ranges['prompt-envelope'];
    assert.ok(range, `demos/${name}/package.json does not depend on prompt-envelope`);
    assert.ok(
      satisfies(manifest.version, range),
      `demos/${name}: ${range} misses ${manifest.version}`,
    );
  }
});
