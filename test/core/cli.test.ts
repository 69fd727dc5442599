import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli.js';
import { exportEnvelope, exportToOpenAIFormat } from '../../src/core/export.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demoFiles = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `src/data/demos/demo-${id}.json`);

/** Runs the CLI in-process over an in-memory file system. */
function run(args: string[], files: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readFile: (path) => {
      if (path in files) return files[path];
      return readFileSync(new URL(path, `file://${root}`), 'utf8');
    },
  });
  return { code, stdout, stderr };
}

describe('prompt-envelope CLI', () => {
  test('validate: every demo is valid (exit 0)', () => {
    const out = run(['validate', ...demoFiles, 'src/data/demos/manifest.json']);
    assert.equal(out.code, 0, out.stdout);
    assert.match(out.stdout, /7 valid, 0 invalid/);
  });

  test('validate: a scenario manifest is checked with the envelopes it names', () => {
    const ok = run(['validate', 'src/data/demos/manifest.json']);
    assert.equal(ok.code, 0, ok.stdout);
    assert.match(ok.stdout, /valid {3}src\/data\/demos\/manifest\.json \(scenario manifest\)/);
    const manifest = JSON.stringify({
      scenarios: [{ id: 'x', label: 'X', file: 'missing.json', title: { en: 'X' } }],
    });
    const broken = run(['validate', 'src/data/demos/other.json'], {
      'src/data/demos/other.json': manifest,
    });
    assert.equal(broken.code, 1);
    assert.match(
      broken.stdout,
      /error {3}\/scenarios\/0\/file: Scenario 'x' names missing\.json, which cannot be read\./,
    );
  });

  test('validate: a broken file exits 1 and names the path', () => {
    const broken = JSON.stringify({
      version: '1.0',
      messages: [{ id: 'x', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 5 }] }],
    });
    const out = run(['validate', demoFiles[0], 'broken.json'], { 'broken.json': broken });
    assert.equal(out.code, 1);
    assert.match(
      out.stdout,
      /INVALID broken\.json\n {2}error {3}\/messages\/0\/segments\/0\/content: Field 'content' of segment 0 of message 'x' \(text\) must be a string, but it is the number 5\./,
    );
    assert.match(out.stdout, /1 valid, 1 invalid/);
  });

  test('validate: a JSON syntax error gives line and column', () => {
    const out = run(['validate', 'bad.json'], {
      'bad.json': '{\n  "version": "1.0",\n  "messages": [,]\n}',
    });
    assert.equal(out.code, 1);
    assert.match(out.stdout, /error {3}\/: JSON syntax error at line 3, column 16/);
  });

  test('validate: warnings are shown but do not fail', () => {
    const doc = JSON.stringify({
      version: '1.0',
      messages: [
        {
          id: 'x',
          role: 'system',
          timestamp: 1,
          segments: [{ kind: 'system_prompt', content: '{{who}}', collapsed: true }],
        },
      ],
    });
    const out = run(['validate', 'w.json'], { 'w.json': doc });
    assert.equal(out.code, 0);
    assert.match(
      out.stdout,
      /warning \/messages\/0\/segments\/0\/content: The placeholder \{\{who\}\}/,
    );
  });

  test('export --to openai prints the same body as exportToOpenAIFormat', () => {
    const out = run(['export', demoFiles[1], '--to', 'openai']);
    assert.equal(out.code, 0);
    assert.equal(out.stderr, '');
    assert.deepEqual(JSON.parse(out.stdout), exportToOpenAIFormat(demoEnvelopes.b));
  });

  test('export --model overrides and warnings go to stderr', () => {
    const doc = JSON.stringify({
      version: '1.0',
      messages: [
        { id: 'u', role: 'user', timestamp: 1, segments: [{ kind: 'text', content: 'hi' }] },
      ],
    });
    const withModel = run(['export', 'x.json', '--to', 'openai', '--model', 'gpt-4o'], {
      'x.json': doc,
    });
    assert.equal(JSON.parse(withModel.stdout).model, 'gpt-4o');
    const without = run(['export', 'x.json', '--to', 'openai'], { 'x.json': doc });
    assert.equal(without.code, 0);
    assert.match(without.stderr, /^warning: No model is set/);
  });

  test('export of an invalid envelope exits 1 with paths on stderr', () => {
    const out = run(['export', 'x.json', '--to', 'openai'], {
      'x.json': '{"version":"1.0","messages":[]}',
    });
    assert.equal(out.code, 1);
    assert.equal(out.stdout, '');
    assert.match(out.stderr, /\/messages: Field 'messages' of the envelope is an empty list/);
  });

  test('export --to every target, with --max-tokens, --time-zone and --curl', () => {
    for (const target of ['anthropic', 'gemini', 'otel']) {
      const out = run(['export', demoFiles[1], '--to', target]);
      assert.equal(out.code, 0, out.stderr);
      assert.deepEqual(
        JSON.parse(out.stdout),
        exportEnvelope(demoEnvelopes.b, { target: target as 'anthropic' }).body,
      );
    }
    const anthropic = JSON.parse(
      run([
        'export',
        demoFiles[0],
        '--to',
        'anthropic',
        '--max-tokens',
        '4096',
        '--time-zone',
        'Asia/Shanghai',
      ]).stdout,
    );
    assert.equal(anthropic.max_tokens, 4096);
    const curl = run(['export', demoFiles[0], '--to', 'anthropic', '--curl']).stdout;
    assert.match(curl, /^curl https:\/\/api\.anthropic\.com\/v1\/messages/);
    assert.match(curl, /\$ANTHROPIC_API_KEY/);
    assert.equal(run(['export', demoFiles[0], '--to', 'otel', '--curl']).code, 2);
    assert.equal(
      run(['export', demoFiles[0], '--to', 'anthropic', '--max-tokens', 'lots']).code,
      2,
    );
  });

  test('import --from reads an exported body back into an envelope that exports the same', () => {
    for (const from of ['openai', 'anthropic', 'otel'] as const) {
      const body = exportEnvelope(demoEnvelopes.d, { target: from }).body;
      const out = run(['import', 'body.json', '--from', from, '--model', 'gpt-4o'], {
        'body.json': JSON.stringify(body),
      });
      assert.equal(out.code, 0, out.stderr);
      assert.deepEqual(exportEnvelope(JSON.parse(out.stdout), { target: from }).body, body);
    }
    const bad = run(['import', 'body.json', '--from', 'openai'], { 'body.json': '[1]' });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /must be a JSON object/);
    assert.equal(run(['import', 'body.json', '--from', 'gemini'], { 'body.json': '{}' }).code, 2);
  });

  const usage: [string, string[], RegExp][] = [
    ['no command', [], /no command given/],
    ['unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
    ['validate without files', ['validate'], /validate needs at least one FILE/],
    ['export without --to', ['export', demoFiles[0]], /export needs --to TARGET/],
    [
      'unknown target',
      ['export', demoFiles[0], '--to', 'cohere'],
      /unknown target 'cohere'; use one of openai/,
    ],
    [
      'two files to export',
      ['export', demoFiles[0], demoFiles[1], '--to', 'openai'],
      /exactly one FILE/,
    ],
    ['unknown option', ['validate', '--strict', demoFiles[0]], /Unknown option '--strict'/],
    ['missing file', ['validate', 'nope.json'], /cannot read nope\.json: no such file/],
  ];
  for (const [name, args, message] of usage) {
    test(`usage error (exit 2): ${name}`, () => {
      const out = run(args);
      assert.equal(out.code, 2);
      assert.match(out.stderr, message);
      assert.match(out.stderr, /Usage:/);
    });
  }

  test('--help and --version exit 0', () => {
    assert.match(run(['--help']).stdout, /prompt-envelope validate FILE\.\.\./);
    const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8'));
    assert.equal(run(['--version']).stdout, `prompt-envelope ${pkg.version}\n`);
  });

  test('the installed bin runs in a separate Node process with the same exit codes', () => {
    const bin = `${root}bin/prompt-envelope.js`;
    const ok = spawnSync(process.execPath, [bin, 'validate', ...demoFiles], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(ok.status, 0, ok.stderr);
    const body = execFileSync(process.execPath, [bin, 'export', demoFiles[3], '--to', 'openai'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.deepEqual(JSON.parse(body), exportToOpenAIFormat(demoEnvelopes.d));
    assert.equal(spawnSync(process.execPath, [bin, 'export'], { cwd: root }).status, 2);
  });
});
