import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli.js';
import {
  decodeUtf8,
  firstInvalidUtf8,
  readRegularFile,
  resolveInside,
} from '../../src/cli/read-file.js';
import { line, terminalJson, terminalText } from '../../src/cli/terminal-text.js';
import fc from 'fast-check';
import { exportEnvelope, exportToOpenAIFormat } from '../../src/core/targets/export.js';
import { IMPORT_SOURCES } from '../../src/core/targets/import.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demoFiles = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => `src/data/demos/demo-${id}.json`);

/** Runs the CLI in-process over in-memory files, on top of the repository's own. */
function run(args: string[], files: Record<string, string | Uint8Array> = {}) {
  let stdout = '';
  let stderr = '';
  const code = runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readFile: (path, maxBytes) => {
      const file = files[path];
      if (file !== undefined)
        return typeof file === 'string' ? new TextEncoder().encode(file) : file;
      return readRegularFile(resolve(root, path), maxBytes);
    },
    realPath: (path) => (path in files ? path : realpathSync(resolve(root, path))),
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
    assert.match(
      out.stderr,
      /^warning: Folded into the system text \(5\): static_var "user_name" in message 'b-1', .*\n$/,
    );
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
    for (const target of ['openai-responses', 'anthropic', 'gemini', 'otel']) {
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

  test('export --to openai-responses prints a Responses body, and --curl posts it to /v1/responses', () => {
    const out = run(['export', demoFiles[1], '--to', 'openai-responses']);
    assert.equal(out.code, 0, out.stderr);
    assert.match(
      out.stderr,
      /^warning: Folded into the system text \(5\): static_var "user_name" in message 'b-1', .*\n$/,
    );
    const body = JSON.parse(out.stdout) as { instructions: string; input: { type?: string }[] };
    assert.deepEqual(body, exportEnvelope(demoEnvelopes.b, { target: 'openai-responses' }).body);
    assert.match(body.instructions, /^You are Wayfarer/);
    assert.ok(body.input.some((i) => i.type === 'function_call_output'));
    const curl = run(['export', demoFiles[1], '--to', 'openai-responses', '--curl']).stdout;
    assert.match(
      curl,
      /^curl https:\/\/api\.openai\.com\/v1\/responses \\\n {2}-H "Authorization: Bearer \$OPENAI_API_KEY"/,
    );
  });

  test('import --from openai-responses and --from gemini, with warnings for what is not kept', () => {
    const responses = {
      model: 'gpt-4.1',
      instructions: 'Be brief.',
      temperature: 0.2,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is this?' },
            { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'low' },
          ],
        },
      ],
    };
    const out = run(['import', 'r.json', '--from', 'openai-responses'], {
      'r.json': JSON.stringify(responses),
    });
    assert.equal(out.code, 0, out.stderr);
    const envelope = JSON.parse(out.stdout);
    assert.equal(envelope.version, '1.1');
    assert.equal(envelope.messages[1].segments[1].detail, 'low');
    // The request's own settings are kept, to be sent back to the Responses API.
    assert.deepEqual(envelope.request, {
      target: 'openai-responses',
      fields: { temperature: 0.2 },
    });
    assert.doesNotMatch(out.stderr, /temperature/);

    const gemini = {
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Oslo?' }] },
        {
          role: 'model',
          parts: [
            {
              functionCall: { id: 'fc-1', name: 'get_weather', args: { city: 'Oslo' } },
              thoughtSignature: 'c2lnbmF0dXJl',
            },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'fc-1', name: 'get_weather', response: { output: '9°C' } } },
          ],
        },
      ],
    };
    const g = run(['import', 'g.json', '--from', 'gemini', '--model', 'gemini-2.5-flash'], {
      'g.json': JSON.stringify(gemini),
    });
    assert.equal(g.code, 0, g.stderr);
    assert.equal(g.stderr, '');
    const imported = JSON.parse(g.stdout);
    assert.equal(imported.model, 'gemini-2.5-flash');
    assert.deepEqual(
      exportEnvelope(imported, { target: 'gemini' }).body!.contents,
      gemini.contents,
    );
  });

  test('import --from reads an exported body back into an envelope that exports the same', () => {
    for (const from of ['openai', 'openai-responses', 'anthropic', 'gemini', 'otel'] as const) {
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
    assert.equal(run(['import', 'body.json', '--from', 'cohere'], { 'body.json': '{}' }).code, 2);
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
    ['--inline without --interactive', ['render', demoFiles[0], '--inline'], /--inline goes with/],
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

  test('without the optional @lit-labs/ssr, render names the package and the other commands work', () => {
    // A resolve hook in the child process makes the package missing, as in a browser-only install.
    const hooks = `export async function resolve(specifier, context, next) {
      if (specifier.startsWith('@lit-labs/ssr/') || specifier === '@lit-labs/ssr')
        throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
      return next(specifier, context);
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const bin = `${root}bin/prompt-envelope.js`;
    const withoutSsr = (args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', `data:text/javascript,${encodeURIComponent(register)}`, bin, ...args],
        { cwd: root, encoding: 'utf8' },
      );
    const rendered = withoutSsr(['render', demoFiles[0]!]);
    assert.equal(rendered.status, 1);
    assert.match(rendered.stderr, /needs the package @lit-labs\/ssr.*npm install @lit-labs\/ssr/);
    assert.equal(rendered.stdout, '');
    const validated = withoutSsr(['validate', demoFiles[0]!]);
    assert.equal(validated.status, 0, validated.stderr);
  });
});

describe('what the CLI prints and reads, unit by unit', () => {
  test('terminalText escapes control and format characters visibly; terminalJson keeps the value', () => {
    const cases: [string, string][] = [
      ['plain text, ünïcode, 漢字 and emoji 🙂', 'plain text, ünïcode, 漢字 and emoji 🙂'],
      ['\u001b[2K\r\u001b[32mvalid', '\\u001b[2K\\r\\u001b[32mvalid'],
      ['a\nb\tc\u0000', 'a\\nb\\tc\\u0000'],
      ['\u007f\u0085\u009b', '\\u007f\\u0085\\u009b'],
      ['abc\u202egnp.exe', 'abc\\u202egnp.exe'],
      [
        'zero\u200bwidth\u2066isolate\u2069\ufeff\u2028',
        'zero\\u200bwidth\\u2066isolate\\u2069\\ufeff\\u2028',
      ],
    ];
    for (const [text, shown] of cases) {
      assert.equal(terminalText(text), shown);
      const json = terminalJson(JSON.stringify({ text }, null, 2));
      assert.deepEqual(JSON.parse(json), { text });
      assert.doesNotMatch(json, /[\u007f-\u009f\u202e\u200b\u2066\u2069\ufeff\u2028]/);
    }
    assert.equal(line`${'a\u001b'}: ${5}\n`, 'a\\u001b: 5\n');
  });

  test('the first byte that is not UTF-8 is where TextDecoder puts its first U+FFFD', () => {
    const table: [number[], number][] = [
      [[0x61, 0xff], 1],
      [[0xc0, 0x80], 0], // overlong
      [[0xe0, 0x80, 0x80], 0], // overlong
      [[0xed, 0xa0, 0x80], 0], // a surrogate
      [[0xf4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
      [[0x61, 0xe2, 0x82], 1], // cut short
      [[0xe2, 0x82, 0xac, 0x80], 3], // a stray continuation byte
    ];
    for (const [bytes, offset] of table)
      assert.equal(firstInvalidUtf8(new Uint8Array(bytes)), offset);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const lenient = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
        // A genuine U+FFFD in the input would be taken for a replacement.
        fc.pre(!Buffer.from(bytes).includes(Buffer.from([0xef, 0xbf, 0xbd])));
        const decoded = decodeUtf8(bytes);
        const replaced = lenient.indexOf('\uFFFD');
        if (replaced === -1) return assert.ok('text' in decoded);
        assert.ok('problem' in decoded);
        assert.equal(
          decoded.problem.offset,
          new TextEncoder().encode(lenient.slice(0, replaced)).length,
        );
      }),
      { numRuns: 2_000 },
    );
  });

  test('manifest entries resolve inside the manifest folder only', () => {
    const real = (path: string) => path;
    const cases: [string, string | null][] = [
      ['demo.json', '/data/m/demo.json'],
      ['sub/demo.json', '/data/m/sub/demo.json'],
      ['./sub/../demo.json', '/data/m/demo.json'],
      ['..demo.json', '/data/m/..demo.json'],
      ['../demo.json', null],
      ['../../../../dev/zero', null],
      ['/dev/zero', null],
      ['sub/../../m2/x.json', null],
      ['.', null],
      ['', null],
    ];
    for (const [entry, path] of cases) {
      const resolved = resolveInside('/data/m', entry, real);
      assert.deepEqual(
        resolved,
        path === null ? { outside: "it is outside the manifest's folder" } : { path },
        entry,
      );
    }
    const throughLink = resolveInside('/data/m', 'link.json', (p) =>
      p.endsWith('link.json') ? '/dev/zero' : p,
    );
    assert.deepEqual(throughLink, {
      outside: "it leads outside the manifest's folder through a symbolic link",
    });
  });
});

/**
 * Issue 20, the audit's cases, each run as a separate process on real files: the bin after
 * `npm run build`, as a user would run it.
 */
describe('prompt-envelope CLI on hostile input', () => {
  const bin = `${root}bin/prompt-envelope.js`;
  const dir = mkdtempSync(join(tmpdir(), 'prompt-envelope-cli-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Uint8Array) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  /** Runs the bin; a hang fails the test after 20 s instead of blocking the suite. */
  const cli = (...args: string[]) => {
    const out = spawnSync(process.execPath, [bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    assert.equal(out.error, undefined, `${args.join(' ')}: ${out.error?.message}`);
    assert.doesNotMatch(out.stderr, /\n\s+at /, 'no stack trace');
    assert.doesNotMatch(out.stderr, /unexpected error/, 'no exception caught by the last resort');
    return { code: out.status, stdout: out.stdout, stderr: out.stderr };
  };
  const envelopeText = (segments: string, id = 'a', role = 'assistant') =>
    `{"version":"1.0","model":"gpt-4.1","messages":[{"id":${JSON.stringify(id)},"role":"${role}","timestamp":1,"segments":[${segments}]}]}`;
  const deepCall = (depth: number) =>
    envelopeText(
      `{"kind":"tool_call_request","toolName":"plot","arguments":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"collapsed":false}`,
    );

  test('names and values cannot write terminal escape sequences', () => {
    // Before: the id was printed raw, and the line read "valid   clean.json" in green.
    const id = 'x\u001b[2K\r\u001b[32mvalid   clean.json\u009b31m\u202e';
    const file = write('escape.json', envelopeText('{"kind":"text","content":5}', id, 'user'));
    const out = cli('validate', file);
    assert.equal(out.code, 1);
    for (const raw of ['\u001b', '\r', '\u009b', '\u202e']) assert.ok(!out.stdout.includes(raw));
    assert.ok(
      out.stdout.includes("message 'x\\u001b[2K\\r\\u001b[32mvalid   clean.json\\u009b31m\\u202e'"),
      out.stdout,
    );
    // A file name is a value too.
    const named = write('evil\u001b[31m.json', envelopeText('{"kind":"text","content":"hi"}'));
    const valid = cli('validate', named);
    assert.equal(valid.code, 0);
    assert.match(valid.stdout, /^valid {3}.*evil\\u001b\[31m\.json\n$/);
    // JSON output keeps its meaning: JSON.parse reads the same value back.
    const text = envelopeText(
      `{"kind":"text","content":${JSON.stringify('\u009b2J\u202egnp.exe\u2028')}}`,
      'u',
      'user',
    );
    const exported = cli('export', write('format.json', text), '--to', 'openai');
    assert.equal(exported.code, 0, exported.stderr);
    assert.doesNotMatch(exported.stdout, /[\u009b\u202e\u2028]/);
    assert.equal(JSON.parse(exported.stdout).messages[0].content, '\u009b2J\u202egnp.exe\u2028');
  });

  test('a manifest entry outside its folder is an error naming the entry; /dev/zero is never read', () => {
    write('m/good.json', envelopeText('{"kind":"text","content":"hi"}'));
    const entries = ['../../../../dev/zero', '/dev/zero', '../escape.json', 'sub/../../x.json'];
    const manifest = write(
      'm/manifest.json',
      JSON.stringify({
        scenarios: [
          { id: 'ok', label: 'OK', file: 'good.json', title: { en: 'OK' } },
          ...entries.map((file, i) => ({ id: `s${i}`, label: 'S', file, title: { en: 'S' } })),
        ],
      }),
    );
    const started = performance.now();
    const out = cli('validate', manifest);
    assert.ok(performance.now() - started < 10_000);
    assert.equal(out.code, 1);
    entries.forEach((file, i) => {
      assert.ok(
        out.stdout.includes(
          `  error   /scenarios/${i + 1}/file: Scenario 's${i}' names ${file}, which cannot be read: it is outside the manifest's folder.\n`,
        ),
        out.stdout,
      );
    });
    assert.doesNotMatch(out.stdout, /scenarios\/0\//, 'the entry inside is fine');
  });

  test('a manifest entry that is not UTF-8 or has a duplicate key is an error naming it', () => {
    write('enc/latin1.json', new Uint8Array([0x7b, 0xe9, 0x7d]));
    write('enc/dup.json', '{"version":"1.0","version":"1.1","messages":[]}');
    const manifest = write(
      'enc/manifest.json',
      JSON.stringify({
        scenarios: [
          { id: 'l', label: 'L', file: 'latin1.json', title: { en: 'L' } },
          { id: 'd', label: 'D', file: 'dup.json', title: { en: 'D' } },
        ],
      }),
    );
    const out = cli('validate', manifest);
    assert.equal(out.code, 1);
    assert.ok(
      out.stdout.includes(
        "  error   /scenarios/0/file: Scenario 'l' names latin1.json, which is not valid UTF-8: the byte at offset 1 (0xE9, line 1) does not start a character.\n",
      ),
      out.stdout,
    );
    assert.match(
      out.stdout,
      /error {3}\/scenarios\/1\/file: Scenario 'd' names dup\.json, which is not a valid envelope \(The key "version" appears twice/,
    );
  });

  test('- reads standard input, within --max-bytes like a file', () => {
    const viaStdin = (input: string, ...args: string[]) => {
      const out = spawnSync(process.execPath, [bin, ...args], {
        cwd: dir,
        input,
        encoding: 'utf8',
      });
      return { code: out.status, stdout: out.stdout, stderr: out.stderr };
    };
    const text = envelopeText('{"kind":"text","content":"hi"}');
    const valid = viaStdin(text, 'validate', '-');
    assert.equal(valid.code, 0);
    assert.equal(valid.stdout, 'valid   -\n');
    const exported = viaStdin(text, 'export', '-', '--to', 'anthropic', '--model', 'm');
    assert.equal(exported.code, 0);
    assert.equal(JSON.parse(exported.stdout).messages.length, 1);
    const tooBig = viaStdin(text, 'validate', '-', '--max-bytes', '10');
    assert.equal(tooBig.code, 2);
    assert.match(
      tooBig.stderr,
      /cannot read -: it has more than 10 bytes, more than the limit of 10/,
    );
  });

  test('a symbolic link out of the folder, a device, a folder and a named pipe are refused', (t) => {
    write('links/real.json', envelopeText('{"kind":"text","content":"hi"}'));
    symlinkSync('/dev/zero', join(dir, 'links', 'zero.json'));
    symlinkSync(join(dir, 'links', 'real.json'), join(dir, 'links', 'inside.json'));
    const manifest = write(
      'links/manifest.json',
      JSON.stringify({
        scenarios: [
          { id: 'zero', label: 'Z', file: 'zero.json', title: { en: 'Z' } },
          { id: 'inside', label: 'I', file: 'inside.json', title: { en: 'I' } },
        ],
      }),
    );
    const out = cli('validate', manifest);
    assert.equal(out.code, 1);
    assert.match(
      out.stdout,
      /error {3}\/scenarios\/0\/file: Scenario 'zero' names zero\.json, which cannot be read: it leads outside the manifest's folder through a symbolic link\./,
    );
    assert.doesNotMatch(out.stdout, /scenarios\/1\//, 'a link inside the folder is fine');
    // Named on the command line: a usage error, at once.
    const device = cli('validate', '/dev/zero');
    assert.equal(device.code, 2);
    assert.match(device.stderr, /cannot read \/dev\/zero: it is a device, not a regular file\./);
    assert.match(cli('export', dir, '--to', 'openai').stderr, /it is a folder, not a regular file/);
    if (spawnSync('mkfifo', [join(dir, 'pipe.json')]).status !== 0) {
      t.diagnostic('mkfifo is not available: the named pipe case is skipped');
      return;
    }
    const pipe = cli('validate', join(dir, 'pipe.json'));
    assert.equal(pipe.code, 2);
    assert.match(pipe.stderr, /it is a named pipe, not a regular file/);
  });

  test('a file larger than --max-bytes (default 100 MB) is refused before it is read', () => {
    const file = write('big.json', envelopeText('{"kind":"text","content":"hi"}'));
    const size = statSync(file).size;
    const small = cli('validate', file, '--max-bytes', String(size - 1));
    assert.equal(small.code, 2);
    assert.match(
      small.stderr,
      new RegExp(
        `cannot read .*big\\.json: it has ${size} bytes, more than the limit of ${size - 1}; raise it with --max-bytes\\.`,
      ),
    );
    assert.equal(cli('validate', file, '--max-bytes', String(size)).code, 0);
    // A sparse file: 101 MB long, no disk space, never read.
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 101 * 1024 * 1024);
    const out = cli('validate', huge);
    assert.equal(out.code, 2);
    assert.match(out.stderr, /it has 105,906,176 bytes, more than the limit of 104,857,600/);
    assert.match(cli('validate', file, '--max-bytes', 'lots').stderr, /--max-bytes takes a whole/);
  });

  test('duplicate keys are an error naming the path, in envelopes and in bodies', () => {
    const text = `{"version":"1.0","messages":[{"id":"a","role":"tool","role":"user","timestamp":1,"segments":[{"kind":"text","content":"hi"}]}]}`;
    const out = cli('validate', write('dup.json', text));
    assert.equal(out.code, 1);
    assert.match(
      out.stdout,
      /INVALID .*dup\.json\n {2}error {3}\/messages\/0\/role: The key "role" appears twice in one object, at line 1, column 40 and at line 1, column 54/,
    );
    const body = write('dup-body.json', '{"model":"m","model":"n","messages":[]}');
    const imported = cli('import', body, '--from', 'openai');
    assert.equal(imported.code, 1);
    assert.match(imported.stderr, /\/model: The key "model" appears twice/);
  });

  test('invalid UTF-8 is an error naming the byte offset, not replacement characters', () => {
    const prefix =
      '{"version":"1.0",\n"messages":[{"id":"a","role":"user","timestamp":1,"segments":[{"kind":"text","content":"h';
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(prefix),
      0xc3,
      0x28,
      ...new TextEncoder().encode('i"}]}]}'),
    ]);
    const file = write('latin1.json', bytes);
    const out = cli('validate', file);
    assert.equal(out.code, 1);
    assert.ok(
      out.stdout.includes(
        `  error   /: The file is not valid UTF-8: the byte at offset ${prefix.length} (0xC3, line 2) does not start a character; save the file as UTF-8.\n`,
      ),
      out.stdout,
    );
    const exported = cli('export', file, '--to', 'openai');
    assert.equal(exported.code, 1);
    assert.ok(exported.stderr.includes(`not valid UTF-8: the byte at offset ${prefix.length} `));
  });

  test('deep nesting: every target and source gives an error or a warning naming the path', () => {
    const tooDeep = write('deep.json', deepCall(100_000));
    for (const target of ['openai', 'anthropic', 'gemini', 'otel']) {
      // Before: RangeError: Maximum call stack size exceeded, and a stack trace.
      const out = cli('export', tooDeep, '--to', target);
      assert.equal(out.code, 1, target);
      assert.equal(out.stdout, '');
      assert.match(
        out.stderr,
        /\/messages\/0\/segments\/0\/arguments\/a\/a\/.*…(?:\/a)+: The JSON nests more than 50,016 levels deep at line 1, column \d+/,
      );
      assert.ok(out.stderr.length < 2_000, 'a short message');
    }
    const deep = write('deep-5000.json', deepCall(5_000));
    const validated = cli('validate', deep);
    assert.equal(validated.code, 0);
    assert.match(
      validated.stdout,
      /warning \/messages\/0\/segments\/0\/arguments\/a\/a\/.*: The arguments of the call to 'plot'/,
    );
    for (const target of ['openai', 'anthropic', 'gemini', 'otel']) {
      const out = cli('export', deep, '--to', target);
      assert.equal(out.code, 0, `${target}: ${out.stderr}`);
      assert.match(out.stderr, /nest more than 1,000 levels deep/);
      assert.ok(JSON.parse(out.stdout), 'the body is printed');
      // Read back by every source there is: the deep value is still there, and warned about.
      if (!(IMPORT_SOURCES as readonly string[]).includes(target)) continue;
      const again = cli('import', write(`body-${target}.json`, out.stdout), '--from', target);
      assert.equal(again.code, 0, `${target}: ${again.stderr}`);
      assert.match(again.stderr, /^warning: \/.*deep/m);
      assert.ok(JSON.parse(again.stdout).messages.length > 0);
    }
    const body = write(
      'deep-body.json',
      `{"model":"m","max_tokens":5,"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"x","input":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}]}`,
    );
    const imported = cli('import', body, '--from', 'anthropic');
    assert.equal(imported.code, 1);
    assert.match(
      imported.stderr,
      /\/messages\/0\/content\/0\/input\/0\/0\/.*…(?:\/0)+: The JSON nests more than 50,016 levels deep/,
    );
  });
});
