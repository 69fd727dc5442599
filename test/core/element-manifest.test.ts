import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

test('custom-elements.json documents every element: attributes, events, parts, custom properties', () => {
  // One folder per element, its class in <tag>/<tag>.component.ts.
  const tags = readdirSync(new URL('src/elements/', root), { withFileTypes: true })
    .filter((entry) =>
      existsSync(new URL(`src/elements/${entry.name}/${entry.name}.component.ts`, root)),
    )
    .map((entry) => entry.name)
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

interface Declaration {
  name: string;
  tagName?: string;
  attributes?: { name: string }[];
  members?: { kind: string; name: string; privacy?: string; description?: string }[];
  events?: { name?: string; type?: { text: string }; description?: string }[];
  cssProperties?: { name: string; default?: string }[];
}
const elementsOf = (manifest: { modules: { path: string; declarations?: Declaration[] }[] }) =>
  manifest.modules.flatMap((m) =>
    (m.declarations ?? []).filter((d) => d.tagName).map((d) => ({ ...d, path: m.path })),
  );

test('every event in the manifest has a name and the class it is fired as (its typed `detail`)', () => {
  const source = readFileSync(new URL('src/events.ts', root), 'utf8');
  // Each event class of src/events.ts: the name it fires and whether its `detail` is typed.
  const classes = new Map(
    [
      ...source.matchAll(
        /export class (\w+) extends Event \{\s*static readonly eventName = '([^']+)';\s*constructor\(\s*readonly detail: \{/g,
      ),
    ].map(([, type, name]) => [type, name]),
  );
  assert.ok(classes.size >= 7, `${classes.size} event classes with a typed detail`);
  const gaps: string[] = [];
  let events = 0;
  for (const d of elementsOf(read('custom-elements.json'))) {
    for (const event of d.events ?? []) {
      events++;
      const type = event.type?.text;
      if (!event.name) gaps.push(`<${d.tagName}>: an event without a name (${type})`);
      else if (!type || classes.get(type) !== event.name)
        gaps.push(`<${d.tagName}> ${event.name}: type ${type ?? 'missing'}`);
      if (!event.description) gaps.push(`<${d.tagName}> ${event.name}: no description`);
    }
  }
  assert.ok(events >= 40, `${events} events`);
  assert.deepEqual(gaps, []);
});

/** `var(--pe-x, fallback)` of a style text: the first fallback of each property, the light one. */
function fallbacks(cssText: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of cssText.matchAll(/var\(\s*(--pe-[\w-]+)\s*,/g)) {
    let end = match.index + match[0].length;
    for (let depth = 1; depth > 0; end++) {
      if (cssText[end] === '(') depth++;
      else if (cssText[end] === ')') depth--;
    }
    const value = cssText
      .slice(match.index + match[0].length, end - 1)
      .replace(/\s+/g, ' ')
      .trim()
      // A private token stands for its public property (`--_surface` is `--pe-surface-color`).
      .replace(/^var\(--_([\w-]+)\)$/, 'var(--pe-$1-color)');
    if (!found.has(match[1])) found.set(match[1], value);
  }
  return found;
}

test("every custom property in the manifest has the default the element's styles give it", async () => {
  const byElement = new Map<string, Map<string, string>>();
  const anywhere = new Map<string, Set<string>>();
  const elements = elementsOf(read('custom-elements.json'));
  for (const d of elements) {
    const module = (await import(new URL(d.path, root).href)) as Record<string, unknown>;
    const styles = (module[d.name] as { styles?: unknown }).styles;
    const texts = (s: unknown): string[] =>
      Array.isArray(s) ? s.flatMap(texts) : [(s as { cssText: string }).cssText];
    const own = fallbacks(texts(styles).join('\n'));
    byElement.set(d.tagName!, own);
    for (const [name, value] of own)
      anywhere.set(name, (anywhere.get(name) ?? new Set()).add(value));
  }
  const gaps: string[] = [];
  let properties = 0;
  for (const d of elements) {
    for (const p of d.cssProperties ?? []) {
      properties++;
      // A property the element passes on to an element it draws has that element's default.
      const expected =
        byElement.get(d.tagName!)!.get(p.name) ?? [...(anywhere.get(p.name) ?? [])][0];
      if (p.default === undefined) gaps.push(`<${d.tagName}> ${p.name}: no default`);
      else if (p.default !== expected)
        gaps.push(`<${d.tagName}> ${p.name}: default ${p.default}, the styles say ${expected}`);
    }
  }
  assert.ok(properties >= 120, `${properties} custom properties`);
  assert.deepEqual(gaps, []);
});

test('no internal member is public API in the manifest', () => {
  const internal = elementsOf(read('custom-elements.json')).flatMap((d) =>
    (d.members ?? [])
      .filter((m) => !m.privacy && /\b(called by|calls it)\b/i.test(m.description ?? ''))
      .map((m) => `<${d.tagName}>.${m.name}`),
  );
  assert.deepEqual(internal, []);
});

test('the editor data names every element and attribute of the manifest', () => {
  const elements = elementsOf(read('custom-elements.json'));
  const pkg = read('package.json') as { 'web-types': string; files: string[] };
  const vscode = read('vscode.html-custom-data.json') as {
    tags: { name: string; attributes: { name: string }[] }[];
  };
  const webTypes = read(pkg['web-types']) as {
    contributions: {
      html: {
        elements: {
          name: string;
          attributes: { name: string }[];
          events: { name: string }[];
          css: { properties: { name: string }[]; parts: { name: string }[] };
        }[];
      };
    };
  };
  assert.equal(pkg['web-types'], './web-types.json');
  const names = (list: { name: string }[] | undefined) => (list ?? []).map((x) => x.name).sort();
  assert.equal(vscode.tags.length, elements.length);
  assert.equal(webTypes.contributions.html.elements.length, elements.length);
  for (const d of elements) {
    const tag = vscode.tags.find((t) => t.name === d.tagName);
    assert.deepEqual(names(tag?.attributes), names(d.attributes), `VS Code: <${d.tagName}>`);
    const element = webTypes.contributions.html.elements.find((e) => e.name === d.tagName);
    assert.deepEqual(names(element?.attributes), names(d.attributes), `web-types: <${d.tagName}>`);
    assert.deepEqual(names(element?.events), names(d.events as { name: string }[]));
    assert.deepEqual(names(element?.css.properties), names(d.cssProperties));
  }
});
