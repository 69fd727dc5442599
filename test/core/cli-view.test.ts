import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

// Issue #17: `prompt-envelope view` serves the built viewer (dist/, `npm run build` first) with
// a person's files loaded, on 127.0.0.1; `import` finds the format itself.

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = `${root}bin/prompt-envelope.js`;
const fixture = (name: string) => `${root}test/fixtures/open/${name}`;

let browser: Browser;
const running: ChildProcess[] = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
  });
});

after(async () => {
  for (const child of running) child.kill('SIGTERM');
  await browser?.close();
});

/** Starts `view` and resolves with the address it prints. */
function view(
  args: string[],
  stdin?: string,
): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [bin, 'view', ...args, '--no-open', '--port', '0'], {
    cwd: root,
  });
  running.push(child);
  if (stdin !== undefined) child.stdin.end(stdin);
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /^http:\/\/127\.0\.0\.1:\d+\/\S*/m.exec(out)?.[0];
      if (url) resolve({ url, child, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`view exited with ${code}: ${err}`)));
  });
}

/** The text the page shows once the viewer has read its files. */
async function pageText(
  url: string,
  expected: string,
  watch?: (page: Page) => void,
): Promise<string> {
  const page = await browser.newPage();
  watch?.(page);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  try {
    await page.goto(url);
    // A string, not a function: tsx would wrap a function in helpers the page does not have.
    // Polled here rather than with waitForFunction, whose polling does not run in a process
    // started with --disallow-code-generation-from-strings (npm run test:core).
    const shows = `(() => {
        const all = [];
        const walk = (node) => {
          if (node.nodeType === Node.TEXT_NODE) all.push(node.textContent);
          if (node.shadowRoot) walk(node.shadowRoot);
          node.childNodes.forEach(walk);
        };
        walk(document.body);
        return all.join(' ').includes(${JSON.stringify(expected)});
      })()`;
    const deadline = Date.now() + 15_000;
    while (!(await page.evaluate(shows))) {
      assert.ok(Date.now() < deadline, `the page did not show ${JSON.stringify(expected)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(problems, []);
    return expected;
  } finally {
    await page.close();
  }
}

describe('prompt-envelope view', () => {
  test('a file: prints its address on 127.0.0.1, and the page shows its messages', async () => {
    const { url, child } = await view([fixture('pairs.jsonl')]);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    await pageText(url, 'What time is it in Tokyo?');
    // A favicon drawn in the page (an envelope), so the browser asks the server for none.
    const page = await (await fetch(url)).text();
    const icon = /<link\s+rel="icon"\s+href="data:image\/svg\+xml,([^"]+)"/.exec(page)?.[1];
    assert.match(
      decodeURIComponent(icon ?? ''),
      /^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'.*<\/svg>$/,
    );
    // Only requests to its own address are answered (no DNS rebinding).
    const origin = new URL(url).origin;
    const foreign = spawnSync('curl', [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      'Host: example.com',
      origin,
    ]);
    if (foreign.status === 0) assert.equal(foreign.stdout.toString(), '403');
    const data = await fetch(`${origin}/data/0/pairs.jsonl`);
    assert.equal(await data.text(), readFileSync(fixture('pairs.jsonl'), 'utf8'));
    assert.equal((await fetch(`${origin}/../package.json`)).status, 404);
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
  });

  test('beyond loopback: every request needs the per-run token, then its cookie; else 403', async () => {
    const { url, child, stderr: err } = await view([fixture('pairs.jsonl'), '--host', '0.0.0.0']);
    const token = new URL(url).searchParams.get('token');
    assert.match(token ?? '', /^[\w-]{32}$/);
    const origin = new URL(url).origin;
    // The request names 127.0.0.1:PORT as its Host, which another machine can send too: no pass.
    const bare = await fetch(`${origin}/data/0/pairs.jsonl`);
    assert.equal(bare.status, 403);
    assert.match(await bare.text(), /carry its token/);
    assert.equal((await fetch(`${origin}/?token=${'x'.repeat(32)}`)).status, 403);
    const first = await fetch(url);
    assert.equal(first.status, 200);
    const cookie = first.headers.get('set-cookie') ?? '';
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const next = await fetch(`${origin}/data/0/pairs.jsonl`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    assert.equal(next.status, 200);
    assert.equal(await next.text(), readFileSync(fixture('pairs.jsonl'), 'utf8'));
    // The page loads its script and files with the cookie alone.
    await pageText(url, 'What time is it in Tokyo?');
    assert.match(
      err(),
      /Serving to every machine that can reach 0\.0\.0\.0:\d+; the address holds a secret token/,
    );
    assert.doesNotMatch(err(), /this machine only/);
    child.kill('SIGINT');
  });

  test('standard input (-)', async () => {
    const { url, stderr } = await view(['-'], readFileSync(fixture('anthropic.json'), 'utf8'));
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    await pageText(url, 'Did we report on the Lisbon tram strike');
    assert.match(stderr(), /^stdin: 1 conversation \(anthropic\)\n/);
  });

  test('a folder: each of its JSON and JSON Lines files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-view-'));
    writeFileSync(join(dir, 'a.json'), readFileSync(fixture('gemini.json')));
    writeFileSync(join(dir, 'b.jsonl'), readFileSync(fixture('openai-batch-input.jsonl')));
    writeFileSync(join(dir, 'notes.txt'), 'not read');
    const { url } = await view([dir]);
    const index = await (await fetch(`${new URL(url).origin}/index.json`)).json();
    assert.deepEqual(index.files, [
      { name: 'a.json', url: '/data/0/a.json' },
      { name: 'b.jsonl', url: '/data/1/b.jsonl' },
    ]);
    await pageText(url, 'Loved the battery life.');
  });

  test('a folder: links out of it, pipes and names not UTF-8 are skipped with a note; the rest opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-view-'));
    const outside = mkdtempSync(join(tmpdir(), 'pe-outside-'));
    writeFileSync(join(outside, 'secret.json'), '{"secret": true}');
    writeFileSync(join(dir, 'a.json'), readFileSync(fixture('openai-batch-input.jsonl')));
    symlinkSync(join(outside, 'secret.json'), join(dir, 'link.json'));
    spawnSync('mkfifo', [join(dir, 'pipe.json')]);
    writeFileSync(
      Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff]), Buffer.from('.json')]),
      '{}',
    );
    const { url, stderr: err } = await view([dir]);
    const origin = new URL(url).origin;
    const index = await (await fetch(`${origin}/index.json`)).json();
    assert.deepEqual(index.files, [{ name: 'a.json', url: '/data/0/a.json' }]);
    const reasons = Object.fromEntries(
      index.skipped.map((s: { name: string; reason: string }) => [s.name, s.reason]),
    );
    assert.equal(reasons['link.json'], 'it leads outside the folder through a symbolic link');
    assert.match(reasons['pipe.json'], /not a regular file/);
    assert.equal(reasons['bad-\uFFFD.json'], 'its name is not valid UTF-8');
    assert.equal((await fetch(`${origin}/data/1/link.json`)).status, 404);
    await pageText(url, 'link.json: skipped, it leads outside the folder through a symbolic link');
    await pageText(url, 'Loved the battery life.');
    assert.match(err(), /link\.json: skipped, it leads outside the folder through a symbolic link/);
    assert.match(err(), /pipe\.json: skipped, .*not a regular file/);
  });

  test('a folder of 10,000 files: a short address, and the index lists them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-view-many-'));
    const body = readFileSync(fixture('anthropic.json'));
    for (let i = 0; i < 10_000; i++)
      writeFileSync(join(dir, `f${String(i).padStart(5, '0')}.json`), body);
    const { url } = await view([dir]);
    assert.ok(url.length < 100, url);
    const index = await (await fetch(`${new URL(url).origin}/index.json`)).json();
    assert.equal(index.files.length, 10_000);
    assert.equal(index.files[9999].name, 'f09999.json');
  });

  test('a file over the offload threshold is imported in the worker the server serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pe-view-large-'));
    const body = JSON.parse(readFileSync(fixture('anthropic.json'), 'utf8'));
    body.messages.push({ role: 'user', content: `Large tail ${'x'.repeat(2_500_000)}` });
    writeFileSync(join(dir, 'large.json'), JSON.stringify(body));
    const { url } = await view([join(dir, 'large.json')]);
    const workers: string[] = [];
    const failed: string[] = [];
    await pageText(url, 'Large tail xxxx', (p) => {
      p.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      p.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      p.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
    });
    assert.ok(workers.includes('/offload-worker.js'), `workers: ${JSON.stringify(workers)}`);
    assert.deepEqual(failed, []);
  });

  test('a missing file exits 1 with a clear message', () => {
    const out = spawnSync(process.execPath, [bin, 'view', 'missing.json', '--no-open'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(out.status, 1);
    assert.equal(out.stderr, 'prompt-envelope: cannot read missing.json: no such file.\n');
    const port = spawnSync(process.execPath, [bin, 'view', '--port', 'x'], { encoding: 'utf8' });
    assert.equal(port.status, 2);
    assert.match(port.stderr, /--port takes a whole number from 0 to 65535, not 'x'\./);
  });
});

describe('prompt-envelope import without --from', () => {
  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, [bin, 'import', ...args], { cwd: root, encoding: 'utf8', input });

  test('one request: one envelope as JSON; a list: JSON Lines, one envelope a line', () => {
    const one = run([fixture('openai-chat.json')]);
    assert.equal(one.status, 0);
    assert.equal(JSON.parse(one.stdout).messages.length, 7);
    const many = run([fixture('openai-batch-input.jsonl')]);
    assert.equal(many.status, 0);
    const lines = many.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.deepEqual(
      lines.map((l) => JSON.parse(l).messages[1].segments[0].content),
      ['Loved the battery life.', 'Broke after two days.', 'It is a phone.'],
    );
  });

  test('what cannot be read is an error after what can (exit 1); stdin with -', () => {
    const text = readFileSync(fixture('pairs.jsonl'), 'utf8');
    const out = run(['-'], text);
    assert.equal(out.status, 1);
    assert.equal(out.stdout.trimEnd().split('\n').length, 6);
    assert.match(
      out.stderr,
      /- could not be imported in full:\n {2}\/: Line 7: JSON syntax error at column \d+/,
    );
  });
});
