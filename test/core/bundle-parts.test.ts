import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

// The script-tag bundles as scripts/build.mjs writes them (run `npm run build` first): the parts
// that load on demand are files of their own in dist/lazy/, which both bundles import from
// beside themselves; the test/trusted-types and test/ssr groups load them in Chromium.
const dist = new URL('../../dist/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, dist), 'utf8');
const areas = ['base', 'chat', 'diff', 'meter', 'panel', 'studio', 'viewer'];
const parts = [
  'character-entities.js',
  'diff.js',
  'dompurify.js',
  'js-yaml.js',
  'live-replay.js',
  'read-url.js',
  'search-highlighter.js',
  ...areas.map((area) => `zh-CN-${area}.js`),
].sort();
/** 系统提示词 ("system prompt") as the build writes it (ASCII output, escapes in either case). */
const CHINESE = /\\u7cfb\\u7edf\\u63d0\\u793a\\u8bcd/i;

test('both bundles import exactly the files of dist/lazy/, from beside themselves', () => {
  // Beside each part with licence comments, its .LEGAL.txt (as beside the bundles).
  const files = readdirSync(new URL('lazy/', dist)).filter((file) => !file.endsWith('.LEGAL.txt'));
  assert.deepEqual(files.sort(), parts);
  for (const bundle of ['prompt-envelope.js', 'prompt-envelope.iife.js']) {
    const imports = [...text(bundle).matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]).sort();
    assert.deepEqual(
      imports,
      parts.map((part) => `./lazy/${part}`),
      bundle,
    );
  }
});

test('each part exports what the elements read from it', async () => {
  const load = (part: string) => import(new URL(`lazy/${part}`, dist).href);
  const yaml = await load('js-yaml.js');
  assert.equal(yaml.load(yaml.dump({ a: [1, 'b'] })).a[1], 'b');
  const { diffLines } = await load('diff.js');
  assert.equal(diffLines('a\nb\n', 'a\nc\n').length, 3);
  assert.equal(typeof (await load('live-replay.js')).replayLive, 'function');
  assert.equal(typeof (await load('read-url.js')).readUrl, 'function');
  const highlighting = await load('search-highlighter.js');
  assert.equal(typeof highlighting.SearchHighlighter, 'function');
  assert.equal(typeof highlighting.scrollSteadily, 'function');
  for (const area of areas) {
    const english = (await import(`../../src/elements/internal/strings/en/${area}.ts`))[
      `${area}Strings`
    ];
    const { chinese } = await load(`zh-CN-${area}.js`);
    // Every key but the `One` forms, which a language without them leaves out.
    const needed = Object.keys(english).filter((key) => !key.endsWith('One'));
    const extra = Object.keys(chinese).filter((key) => !(key in english));
    assert.deepEqual(
      needed.filter((key) => !(key in chinese)),
      [],
      `${area}: missing`,
    );
    assert.deepEqual(extra, [], `${area}: not in English`);
  }
  const { default: purify } = await load('dompurify.js');
  // DOMPurify, a factory that takes a window; Node has no DOM for it (the browser tests use it).
  assert.equal(typeof purify, 'function');
  assert.equal(purify.isSupported, false);
  const { characterEntities } = await load('character-entities.js');
  assert.equal(Object.keys(characterEntities).length, 2125);
  assert.equal(characterEntities.ngE, '≧̸');
});

test('what loads on demand is not in the bundles; the inline script has everything in itself', async () => {
  for (const bundle of ['prompt-envelope.js', 'prompt-envelope.iife.js']) {
    const code = text(bundle);
    assert.ok(!CHINESE.test(code), `${bundle}: the Chinese strings`);
    assert.ok(!code.includes('YAMLException'), `${bundle}: js-yaml`);
    assert.ok(!code.includes('newlineIsToken'), `${bundle}: jsdiff`);
    assert.ok(!code.includes('ALLOWED_URI_REGEXP'), `${bundle}: DOMPurify`);
    assert.ok(!code.includes('CounterClockwiseContourIntegral'), `${bundle}: the names`);
    assert.ok(!code.includes('StaticRange'), `${bundle}: the painting of search matches`);
  }
  // `render --interactive`'s scripts (inside the page, or beside it): made from a bundle and
  // dist/lazy/, as the package has them.
  const { pageScript } = (await import(new URL('cli/page-script.js', dist).href)) as {
    pageScript: (kind: 'module' | 'classic') => string;
  };
  for (const kind of ['module', 'classic'] as const) {
    const script = pageScript(kind);
    assert.doesNotMatch(script, /\bimport\(/, kind);
    assert.ok(CHINESE.test(script) && script.includes('YAMLException'), kind);
    assert.ok(script.includes('ALLOWED_URI_REGEXP'), `the ${kind} script holds DOMPurify`);
    assert.equal(/\bexport\s*\{/.test(script), kind === 'module', `${kind}: exports`);
    for (const part of parts)
      assert.ok(script.includes(`"${part.replace(/\.js$/, '')}":()=>{`), `${kind}: ${part}`);
  }
});

test('SKILL.md files are read by prompt-envelope/core/skill-markdown; the core has no YAML parser', async () => {
  const core = await import(new URL('core/index.js', dist).href);
  assert.equal('parseSkillMarkdown' in core, false);
  assert.ok(!text('browser/core.js').includes('YAMLException'));
  const { parseSkillMarkdown } = await import(new URL('core/skill-markdown.js', dist).href);
  const parsed = parseSkillMarkdown('---\nname: a\ndescription: Does a.\n---\nBody');
  assert.deepEqual(parsed, {
    ok: true,
    skill: { name: 'a', description: 'Does a.', body: 'Body', meta: {} },
  });
});

test('the autoloader knows every element, and dist/split/ has a module for each', async () => {
  const { TAGS } = await import('../../src/autoloader.js');
  const folders = (url: URL) =>
    readdirSync(url, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'internal')
      .map((entry) => entry.name)
      .sort();
  const defined = folders(new URL('../../src/elements/', import.meta.url));
  assert.deepEqual([...TAGS].sort(), defined);
  // Each element's module in a folder of its own, as in the package: split/elements/<tag>/<tag>.js.
  const split = folders(new URL('split/elements/', dist));
  assert.deepEqual(split, defined);
  for (const tag of split)
    assert.ok(readdirSync(new URL(`split/elements/${tag}/`, dist)).includes(`${tag}.js`), tag);
  assert.ok(readdirSync(new URL('split/', dist)).includes('autoloader.js'));
});

test("the split autoloader fetches each element's chunks alongside its module: exactly those", async () => {
  const { TAGS } = await import('../../src/autoloader.js');
  const table = /JSON\.parse\('(\{.*?\})'\)/.exec(text('split/autoloader.js'));
  assert.ok(table, 'the chunk table is written in');
  const chunks = JSON.parse(table[1]!) as Record<string, string[]>;
  /** What a file of dist/split/ imports statically, through other files too, from split/. */
  const imported = (file: string, found = new Set<string>()) => {
    for (const [, path] of text(`split/${file}`).matchAll(/(?:from|import)\s*"(\.\.?\/[^"]+)"/g)) {
      const next = new URL(path!, new URL(`split/${file}`, dist)).href.slice(
        new URL('split/', dist).href.length,
      );
      if (!found.has(`./${next}`)) imported(next, found.add(`./${next}`));
    }
    return found;
  };
  assert.deepEqual(Object.keys(chunks).sort(), [...TAGS].sort());
  // What loads on demand stays out of what a page with one chat loads before it shows.
  for (const file of ['elements/envelope-chat/envelope-chat.js', ...chunks['envelope-chat']!]) {
    const code = text(`split/${file}`);
    assert.ok(!CHINESE.test(code), `${file}: the Chinese strings`);
    assert.ok(!code.includes('YAMLException'), `${file}: js-yaml`);
    assert.ok(!code.includes('newlineIsToken'), `${file}: jsdiff`);
    assert.ok(!code.includes('StaticRange'), `${file}: the painting of search matches`);
  }
  assert.ok(!chunks['envelope-chat']!.some((file) => file.includes('/measure-')), 'measuring');
  for (const tag of TAGS)
    assert.deepEqual(chunks[tag]!.sort(), [...imported(`elements/${tag}/${tag}.js`)].sort(), tag);
  assert.ok(chunks['envelope-chat']!.length > 0);
});

test('the split build loads the same dist/lazy/ parts and worker as the bundles: each file ships once', () => {
  const files = readdirSync(new URL('split/', dist), { recursive: true, encoding: 'utf8' });
  const reached = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = text(`split/${file}`);
    for (const [, imported, started] of code.matchAll(/\bimport\("([^"]+)"\)|new URL\("([^"]+)"/g))
      reached.add(
        new URL(imported ?? started!, new URL(`split/${file}`, dist)).href.slice(dist.href.length),
      );
  }
  const outside = [...reached].filter((path) => !path.startsWith('split/')).sort();
  assert.deepEqual(outside, ['offload-worker.js', ...parts.map((part) => `lazy/${part}`)].sort());
  // No copy of the worker, js-yaml, DOMPurify, the Chinese strings or HTML's names in dist/split/.
  assert.ok(!files.some((f) => f.endsWith('offload-worker.js')), 'a copy of the worker');
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = text(`split/${file}`);
    assert.ok(!CHINESE.test(code), `${file}: the Chinese strings`);
    assert.ok(!code.includes('YAMLException'), `${file}: js-yaml`);
    assert.ok(!code.includes('DOMPurify'), `${file}: DOMPurify`);
    assert.ok(!code.includes('CounterClockwiseContourIntegral'), `${file}: the names`);
  }
});
