import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { parseSkillMarkdown, SKILL_NAME_PATTERN } from '../../src/core/skills/skill-markdown.js';
import { createSkillRegistry, hydrateSkills } from '../../src/core/skills/registry.js';
import { loadAnthropicSkills } from '../../src/data/anthropic-skills/index.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import { createBuiltInSkillRegistry } from '../../src/data/skill-registry.js';
import { handwrittenSkills } from '../../src/data/skills.js';
import { envelope, msg, text } from '../fixtures/envelopes.js';

/** The SKILL.md files of src/data/anthropic-skills/, by folder, in folder order. */
function skillFiles(): Record<string, string> {
  const dir = new URL('../../src/data/anthropic-skills/', import.meta.url);
  return Object.fromEntries(
    readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
      .map((name) => [name, readFileSync(new URL(`${name}/SKILL.md`, dir), 'utf8')]),
  );
}

describe('parseSkillMarkdown', () => {
  test('reads the four real Anthropic SKILL.md files', () => {
    const skills = loadAnthropicSkills();
    assert.deepEqual(
      skills.map((s) => s.name),
      ['doc-coauthoring', 'frontend-design', 'mcp-builder', 'webapp-testing'],
    );
    const webapp = skills.find((s) => s.name === 'webapp-testing')!;
    assert.match(
      webapp.description,
      /^Toolkit for interacting with and testing local web applications using Playwright\./,
    );
    assert.deepEqual(webapp.meta, { license: 'Complete terms in LICENSE.txt' });
    assert.ok(webapp.body.startsWith('# Web Application Testing\n'));
    assert.equal(skills.find((s) => s.name === 'doc-coauthoring')!.meta.license, undefined);
    for (const [folder, raw] of Object.entries(skillFiles())) {
      const skill = skills.find((s) => s.name === folder)!;
      assert.ok(raw.endsWith(skill.body), `${folder}: the body is the rest of the file, unchanged`);
    }
  });

  test('the generated skills are what parseSkillMarkdown reads in the files now', () => {
    const parsed = Object.values(skillFiles()).map((text) => {
      const result = parseSkillMarkdown(text);
      assert.ok(result.ok);
      return result.skill;
    });
    assert.deepEqual(loadAnthropicSkills(), parsed, 'run npm run generate');
    assert.notEqual(loadAnthropicSkills()[0], loadAnthropicSkills()[0], 'a fresh copy');
  });

  const errors: [string, unknown, RegExp][] = [
    ['not text', 42, /must be text/],
    ['no frontmatter', '# Title\nBody', /no YAML frontmatter/],
    ['unclosed frontmatter', '---\nname: x\ndescription: y\n# Body', /no YAML frontmatter/],
    ['invalid YAML', '---\nname: [unclosed\n---\nbody', /not valid YAML/],
    ['frontmatter is a list', '---\n- a\n- b\n---\nbody', /must be a YAML mapping/],
    [
      'missing name',
      '---\ndescription: Does things.\n---\nbody',
      /missing the required field 'name'/,
    ],
    [
      'uppercase name',
      '---\nname: Code-Review\ndescription: x\n---\n',
      /"Code-Review" is not allowed: use 1 to 64 lowercase letters, digits and hyphens/,
    ],
    ['name with spaces', '---\nname: code review\ndescription: x\n---\n', /is not allowed/],
    ['name too long', `---\nname: ${'a'.repeat(65)}\ndescription: x\n---\n`, /is not allowed/],
    ['numeric name', '---\nname: 42\ndescription: x\n---\n', /The name 42 is not allowed/],
    ['missing description', '---\nname: x\n---\nbody', /missing the required field 'description'/],
    ['empty description', '---\nname: x\ndescription: "  "\n---\nbody', /must be a non-empty text/],
    [
      'description too long',
      `---\nname: x\ndescription: ${'d'.repeat(1025)}\n---\n`,
      /has 1025 characters; at most 1024 are allowed/,
    ],
  ];
  for (const [name, input, message] of errors) {
    test(`error: ${name}`, () => {
      const result = parseSkillMarkdown(input);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.error, message);
    });
  }

  test('CRLF line endings, a BOM and extra fields', () => {
    const result = parseSkillMarkdown(
      '\uFEFF---\r\nname: x-1\r\ndescription: Does x.\r\nversion: 2\r\n---\r\n\r\n# X\r\nStep 1',
    );
    assert.deepEqual(result, {
      ok: true,
      skill: { name: 'x-1', description: 'Does x.', body: '# X\r\nStep 1', meta: { version: 2 } },
    });
  });

  test('YAML tags that would construct objects are refused', () => {
    const result = parseSkillMarkdown(
      '---\nname: x\ndescription: !!js/function "function(){}"\n---\n',
    );
    assert.equal(result.ok, false);
  });
});

describe('skill registries', () => {
  test('the hand-written registry has at least 8 real skills', () => {
    assert.ok(handwrittenSkills.length >= 8);
    for (const skill of handwrittenSkills) {
      assert.match(skill.name, SKILL_NAME_PATTERN);
      assert.ok(skill.description.length > 20 && skill.description.length <= 1024, skill.name);
      assert.ok(skill.body.split('\n').length >= 20, `${skill.name} has a real body`);
      assert.match(skill.body, /^# /);
    }
    assert.ok(
      ['code-review', 'deep-research', 'verify'].every((n) =>
        handwrittenSkills.some((s) => s.name === n),
      ),
    );
  });

  test('the built-in registry holds both sources', () => {
    const registry = createBuiltInSkillRegistry();
    assert.equal(registry.list().length, handwrittenSkills.length + 4);
    assert.ok(registry.has('webapp-testing') && registry.has('code-review'));
    assert.equal(registry.get('nope'), undefined);
  });

  test('a later skill with the same name wins', () => {
    const a = { name: 'x', description: 'first', body: '1', meta: {} };
    const b = { name: 'x', description: 'second', body: '2', meta: {} };
    assert.equal(createSkillRegistry([a, b]).get('x'), b);
    assert.deepEqual(createSkillRegistry([a, b]).list(), [b]);
  });
});

describe('hydrateSkills', () => {
  test('fills bodies of demo F from the registry and changes nothing else', () => {
    const demo = demoEnvelopes.f;
    const hydrated = hydrateSkills(demo, createBuiltInSkillRegistry());
    const skills = hydrated.messages.flatMap((m) => m.segments).filter((s) => s.kind === 'skills');
    assert.ok(skills.length > 0);
    for (const segment of skills)
      for (const item of segment.items) assert.ok(item.body && item.body.length > 100, item.name);
    const stripped = JSON.parse(JSON.stringify(hydrated), (key, value) =>
      key === 'body' ? undefined : value,
    );
    assert.deepEqual(stripped, demo);
    assert.equal(JSON.stringify(demo).includes('"body"'), false, 'the input is not modified');
  });

  test('keeps existing bodies and unknown names, and returns the same objects when nothing changes', () => {
    const e = envelope([
      msg('s', 'system', {
        kind: 'skills',
        items: [
          { name: 'verify', description: 'v', body: 'mine' },
          { name: 'unknown', description: 'u' },
        ],
        collapsed: true,
      }),
      msg('u', 'user', text('hi')),
    ]);
    const hydrated = hydrateSkills(e, createBuiltInSkillRegistry());
    assert.equal(hydrated, e);
    const partly = envelope([
      ...e.messages,
      msg('s2', 'system', {
        kind: 'skills',
        items: [{ name: 'verify', description: 'v' }],
        collapsed: true,
      }),
    ]);
    const result = hydrateSkills(partly, createBuiltInSkillRegistry());
    assert.equal(result.messages[0], partly.messages[0]);
    assert.notEqual(result.messages[2], partly.messages[2]);
  });
});
