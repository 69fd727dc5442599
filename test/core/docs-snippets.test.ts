/**
 * The code in README.md and in the guides (stories/**\/*.mdx) is checked, so that the docs cannot
 * drift from the code. A comment before a code block says what to check:
 *
 * - `snippet: FILE`: an excerpt of FILE (a demo that other tests run); every line is in FILE.
 * - `snippet: run with node` (or `run with sh`): the block runs in the repository root, with
 *   node as an ES module (or with bash), and prints exactly the `output` block that follows it
 *   (a one-line label such as "It prints:" may stand between them).
 *
 * Markdown takes `<!-- snippet: … -->`, MDX `{/* snippet: … *\/}` (MDX has no HTML comments).
 * A block that imports `prompt-envelope/core` runs, or it would be the one example nobody checks.
 * Links between the pages, and from the README to files, must lead somewhere, and HTML examples
 * may only use the elements and attributes of custom-elements.json.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { snippetsOf } from '../fixtures/doc-snippets.js';

const root = new URL('../../', import.meta.url);

/** README.md and every MDX page under stories/, as paths relative to the root. */
const docs = [
  'README.md',
  ...readdirSync(new URL('stories/', root), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.mdx'))
    .map((path) => `stories/${path}`)
    .sort(),
];

const snippets = docs.flatMap((doc) => snippetsOf(root, doc));

test('the README and the guides have snippets to check', () => {
  assert.ok(docs.length > 1, `${docs.length} documents`);
  assert.ok(snippets.length >= 10, `${snippets.length} snippets`);
});

test('every code block that uses the core is run', () => {
  for (const doc of docs) {
    const text = readFileSync(new URL(doc, root), 'utf8');
    for (const m of text.matchAll(/(?:(\S.*)\n+)?```(?:js|ts)\n([\s\S]*?)```/g)) {
      if (!m[2]!.includes("from 'prompt-envelope/core")) continue;
      const line = text.slice(0, m.index).split('\n').length + 1;
      // Recipes run with a recorded stream in place of the provider (test/core/streams-docs.test.ts).
      assert.match(
        m[1] ?? '',
        /snippet: run with node|recipe: /,
        `${doc}:${line} imports the core`,
      );
    }
  }
});

for (const { doc, line, source, code, output } of snippets) {
  const name = `${doc}:${line}`;
  if (source === 'run with node' || source === 'run with sh') {
    test(`${name} runs and prints its output`, () => {
      assert.ok(output !== undefined, `${name}: a run snippet needs an output block after it`);
      const [command, args] =
        source === 'run with node'
          ? [process.execPath, ['--input-type=module', '-e', code]]
          : ['bash', ['-c', code]];
      const run = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
      assert.equal(run.status, 0, `${name} failed:\n${run.stderr}`);
      assert.equal(run.stdout, output);
    });
  } else {
    test(`${name} is an excerpt of ${source}`, () => {
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

/** Storybook's page id of an MDX page, from its `<Meta title>`. */
const ownId = (text: string) =>
  `${(/<Meta title="([^"]+)"/.exec(text)?.[1] ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-')}--docs`;

/** The anchors of each MDX page's headings, by page id. */
const pages = new Map(
  docs
    .filter((doc) => doc.endsWith('.mdx'))
    .map((doc) => {
      const text = readFileSync(new URL(doc, root), 'utf8');
      const id = ownId(text);
      const anchors = [...text.matchAll(/^#+ (.+)$/gm)].map((m) =>
        m[1]!
          .toLowerCase()
          .replace(/[^\p{L}\p{N} -]/gu, '')
          .replace(/ /g, '-'),
      );
      return [id, anchors];
    }),
);

test('links between the pages and to files lead somewhere', () => {
  for (const doc of docs) {
    const text = readFileSync(new URL(doc, root), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^https?:/.test(target!)) continue;
      const page = target!.startsWith('#')
        ? [target, ownId(text), target!.slice(1)]
        : /^\?path=\/docs\/([^#]+)(?:#(.+))?$/.exec(target!);
      if (page) {
        const anchors = pages.get(page[1]!);
        assert.ok(anchors, `${doc} links to ${target}, which is no page`);
        if (page[2]) assert.ok(anchors.includes(page[2]), `${doc}: ${target} has no such heading`);
      } else {
        assert.ok(existsSync(new URL(target!, new URL(doc, root))), `${doc} links to ${target}`);
      }
    }
  }
});

// The README is also the package's page on the registry, where a relative link or picture leads
// nowhere: each is an address of the repository, and the file it names must exist here.
const REPOSITORY =
  /^https:\/\/(?:github\.com\/prompt-envelope\/prompt-envelope\/(?:blob|tree)\/main|raw\.githubusercontent\.com\/prompt-envelope\/prompt-envelope\/main)\/(.+)$/;

test("the README's links and picture are absolute, and the repository's files they name exist", () => {
  const text = readFileSync(new URL('README.md', root), 'utf8');
  const inline = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  const defined = new Map(
    [...text.matchAll(/^\[([^\]]+)\]: (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const),
  );
  for (const [, key] of text.matchAll(/\]\[([^\]]+)\]/g))
    assert.ok(defined.has(key!), `README.md uses [${key}], which it does not define`);
  const targets = [...inline, ...defined.values()];
  assert.ok(targets.length >= 15, `${targets.length} links`);
  for (const target of targets) {
    if (target.startsWith('#')) continue;
    assert.match(target, /^https:\/\//, `README.md links to ${target}`);
    const file = REPOSITORY.exec(target)?.[1];
    if (file) assert.ok(existsSync(new URL(file, root)), `README.md links to ${file}`);
  }
});

// Readers do not have the project's issue tracker or its specification.
test('the README and the pages speak of no internal issue numbers or spec sections', () => {
  for (const doc of docs) {
    const text = readFileSync(new URL(doc, root), 'utf8');
    const internal = text.match(/\bissues? \d+|\bSPEC\b|§ ?\d/g);
    assert.equal(internal, null, `${doc}: ${internal?.join(', ')}`);
  }
});

test('the README stays under 15 kB', () => {
  const bytes = readFileSync(new URL('README.md', root)).length;
  assert.ok(bytes < 15_000, `README.md is ${bytes} bytes`);
});

// A page per framework, each quoting the apps in demos/ that test/frameworks builds and opens.
const FRAMEWORK_PAGES: Record<string, string | string[]> = {
  react: 'react',
  next: 'next',
  vue: 'vue',
  svelte: 'svelte',
  angular: ['angular', 'angular-ssr'],
  vitepress: 'vitepress',
  astro: 'astro',
  sveltekit: 'sveltekit',
  docusaurus: 'docusaurus',
  'plain-html': 'html',
};

test('each framework page quotes the files of an app that the framework tests build', () => {
  const found = readdirSync(new URL('stories/frameworks/', root))
    .filter((file) => file.endsWith('.mdx'))
    .map((file) => file.slice(0, -'.mdx'.length));
  assert.deepEqual(found.sort(), Object.keys(FRAMEWORK_PAGES).sort());
  const fixtures = ['fixtures.ts', 'angular.test.ts', 'next.test.ts']
    .map((file) => readFileSync(new URL(`test/frameworks/${file}`, root), 'utf8'))
    .join('\n');
  for (const [page, apps] of Object.entries(FRAMEWORK_PAGES)) {
    const names = [apps].flat();
    for (const app of names)
      assert.ok(
        fixtures.includes(`name: '${app}'`) || fixtures.includes(`installFixture('${app}'`),
        `test/frameworks builds no app ${app}`,
      );
    const text = readFileSync(new URL(`stories/frameworks/${page}.mdx`, root), 'utf8');
    const quoted = [...text.matchAll(/^import (\w+) from '\.\.\/\.\.\/(demos\/[^']+)\?raw';$/gm)];
    assert.ok(quoted.length > 0, `${page}.mdx quotes no file of demos/${names[0]}`);
    for (const [, name, file] of quoted) {
      assert.ok(
        names.some((app) => file!.startsWith(`demos/${app}/`)),
        `${page}.mdx quotes ${file}`,
      );
      assert.ok(existsSync(new URL(file!, root)), `${page}.mdx quotes ${file}, which is missing`);
      assert.ok(text.includes(`<Source code={${name}}`), `${page}.mdx never shows ${file}`);
    }
  }
});

// A framework page shows the app's files (`?raw` imports of demos/<app>/…), never a copy typed
// by hand, which would drift from the app the tests install and build. Its only code blocks are
// the install command, naming packages of the app's own package.json.
test("each framework page quotes the app's files and installs what its package.json names", () => {
  // The plain HTML page's CDN snippet is not a file of an app: it loads the package from the CDN.
  const handWritten = new Set(['plain-html:html']);
  // Pages whose app is being replaced show its package.json once the new app lands.
  const withoutPackageJson = new Set(['plain-html']);
  for (const [page, apps] of Object.entries(FRAMEWORK_PAGES)) {
    const app = [apps].flat()[0]!;
    const text = readFileSync(new URL(`stories/frameworks/${page}.mdx`, root), 'utf8');
    const manifest = JSON.parse(readFileSync(new URL(`demos/${app}/package.json`, root), 'utf8'));
    const declared = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const [, language, body] of text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
      // A `text` block is what a command printed (a build error), not a file to copy.
      if (handWritten.has(`${page}:${language}`) || language === 'text') continue;
      assert.equal(
        language,
        'sh',
        `${page}.mdx: a ${language} block; quote the app's file instead`,
      );
      for (const line of body!.split('\n').filter((l) => l && !/^cd \S+$/.test(l))) {
        // `npx <tool>@<version> …` runs a tool the app declares (Angular's `ng new`).
        const tool = /^npx ((?:@[^/\s]+\/)?[^@\s]+)(?:@\S+)? /.exec(line)?.[1];
        const packages = tool ? [tool] : /^npm install (.+)$/.exec(line)?.[1]?.split(' ');
        assert.ok(packages, `${page}.mdx: ${line}`);
        for (const name of packages)
          assert.ok(name in declared, `${page}.mdx installs ${name}; demos/${app} does not`);
      }
    }
    if (!withoutPackageJson.has(page))
      assert.match(
        text,
        new RegExp(`^import \\w+ from '\\.\\./\\.\\./demos/${app}/package\\.json\\?raw';$`, 'm'),
        `${page}.mdx shows no package.json`,
      );
  }
});

test('HTML examples use the elements and attributes that exist', () => {
  const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8')) as {
    modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
  };
  const attributes = new Map(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .map((d) => [d.tagName!, new Set((d.attributes ?? []).map((a) => a.name))]),
  );
  const global = new Set(['id', 'class', 'lang', 'dir', 'hidden', 'slot', 'style', 'title']);
  let checked = 0;
  for (const doc of docs) {
    const text = readFileSync(new URL(doc, root), 'utf8');
    for (const [, block] of text.matchAll(/```html\n([\s\S]*?)```/g)) {
      for (const [, tag, rest] of block!.matchAll(/<([a-z]+-[a-z-]+)([^>]*)>/g)) {
        const known = attributes.get(tag!);
        assert.ok(known, `${doc}: <${tag}> is no element`);
        for (const [, name] of rest!.matchAll(/\s([a-z-]+)(?==|\s|\/|$)/g)) {
          assert.ok(known.has(name!) || global.has(name!), `${doc}: <${tag}> has no ${name}`);
          checked++;
        }
      }
    }
  }
  assert.ok(checked >= 10, `${checked} attributes checked`);
});
