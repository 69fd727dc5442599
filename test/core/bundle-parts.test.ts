import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { en } from '../../src/elements/internal/strings/en.js';

// The script-tag bundles as scripts/build.mjs writes them (run `npm run build` first): the parts
// that load on demand are files of their own in dist/lazy/, which both bundles import from
// beside themselves; the test/trusted-types and test/ssr groups load them in Chromium.
const dist = new URL('../../dist/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, dist), 'utf8');
const parts = ['diff.js', 'dompurify.js', 'js-yaml.js', 'zh-CN.js'];
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
  const { zhCN } = await load('zh-CN.js');
  assert.deepEqual(Object.keys(zhCN).sort(), Object.keys(en).sort());
  const { default: purify } = await load('dompurify.js');
  // DOMPurify, a factory that takes a window; Node has no DOM for it (the browser tests use it).
  assert.equal(typeof purify, 'function');
  assert.equal(purify.isSupported, false);
});

test('what loads on demand is not in the bundles; the inline bundle has everything in itself', () => {
  for (const bundle of ['prompt-envelope.js', 'prompt-envelope.iife.js']) {
    const code = text(bundle);
    assert.ok(!CHINESE.test(code), `${bundle}: the Chinese strings`);
    assert.ok(!code.includes('YAMLException'), `${bundle}: js-yaml`);
    assert.ok(!code.includes('newlineIsToken'), `${bundle}: jsdiff`);
    assert.ok(!code.includes('ALLOWED_URI_REGEXP'), `${bundle}: DOMPurify`);
  }
  const inline = gunzipSync(readFileSync(new URL('prompt-envelope.inline.js.gz', dist))).toString();
  assert.doesNotMatch(inline, /\bimport\(/);
  assert.ok(CHINESE.test(inline) && inline.includes('YAMLException'));
  assert.ok(inline.includes('ALLOWED_URI_REGEXP'), 'the inline bundle holds DOMPurify');
});

test("the bundles' parseSkillMarkdown says where SKILL.md files are read", async () => {
  const code = text('prompt-envelope.js');
  assert.ok(code.includes('use parseSkillMarkdown from prompt-envelope/core'));
  // The package's own parseSkillMarkdown is the real one.
  const core = await import(new URL('core/index.js', dist).href);
  const parsed = core.parseSkillMarkdown('---\nname: a\ndescription: Does a.\n---\nBody');
  assert.equal(parsed.ok, true);
});

test('the autoloader knows every element, and dist/split/ has a module for each', async () => {
  const { TAGS } = await import('../../src/autoloader.js');
  const defined = readdirSync(new URL('../../src/elements/', import.meta.url))
    .filter((f) => f.endsWith('.ts') && !/\.(component|styles)\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  assert.deepEqual([...TAGS].sort(), defined);
  const split = readdirSync(new URL('split/elements/', dist)).filter((f) => f.endsWith('.js'));
  assert.deepEqual(
    split.sort(),
    defined.map((tag) => `${tag}.js`),
  );
  assert.ok(readdirSync(new URL('split/', dist)).includes('autoloader.js'));
});
