import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

test('custom-elements.json documents every element: attributes, events, parts, custom properties', () => {
  const tags = readdirSync(new URL('src/elements/', root))
    .filter((f) => f.endsWith('.component.ts'))
    .map((f) => f.replace('.component.ts', ''))
    .sort();
  const manifest = read('custom-elements.json');
  const declarations = manifest.modules.flatMap(
    (m: { declarations?: object[] }) => m.declarations ?? [],
  ) as {
    tagName?: string;
    attributes?: unknown[];
    events?: { name: string }[];
    cssParts?: unknown[];
    cssProperties?: unknown[];
    summary?: string;
  }[];
  const documented = declarations
    .filter((d) => d.tagName)
    .map((d) => d.tagName)
    .sort();
  assert.deepEqual(documented, tags);
  for (const d of declarations.filter((x) => x.tagName)) {
    assert.ok(d.summary, `${d.tagName} has a summary`);
    assert.ok((d.attributes ?? []).length > 0, `${d.tagName} has attributes`);
    assert.ok(
      (d.events ?? []).some((e) => e.name === 'envelope-error'),
      `${d.tagName} documents envelope-error`,
    );
    assert.ok((d.cssParts ?? []).length > 0, `${d.tagName} has parts`);
    assert.ok((d.cssProperties ?? []).length > 0, `${d.tagName} has custom properties`);
  }
  const vscode = read('vscode.html-custom-data.json');
  assert.deepEqual(
    vscode.tags.map((t: { name: string }) => t.name),
    tags,
  );
});
