import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Readable } from 'node:stream';

/**
 * `executeServerCommand('screenshot', { selector, name })`: a PNG (base64) of what the person
 * sees of the element `selector` picks (Playwright's locators reach into shadow roots). With
 * `name`, also written to screenshots/<name>.png (git-ignored) for a person to look at.
 */
function screenshotPlugin() {
  return {
    name: 'screenshot',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      const page = session.browser.getPage(session.id);
      const png = await page
        .locator(payload.selector)
        .screenshot({ animations: 'disabled', caret: 'hide' });
      if (typeof payload.name === 'string' && /^[\w-]+$/.test(payload.name)) {
        mkdirSync('screenshots', { recursive: true });
        writeFileSync(`screenshots/${payload.name}.png`, png);
      }
      return png.toString('base64');
    },
  };
}

/**
 * `executeServerCommand('requests', { host })`: the requests the page has made to `host` since
 * the command's first call (which starts the log), with the Referer each carried. Playwright sees
 * what Chromium sends, failed lookups included; a page cannot see a request's headers.
 */
function requestLogPlugin() {
  const logs = new WeakMap();
  return {
    name: 'requests',
    async executeCommand({ command, payload, session }) {
      if (command !== 'requests') return undefined;
      const page = session.browser.getPage(session.id);
      if (!logs.has(page)) {
        const log = [];
        logs.set(page, log);
        page.on('request', (request) =>
          log.push({ url: request.url(), referer: request.headers().referer || null }),
        );
      }
      return logs.get(page).filter(({ url }) => new URL(url).host === payload.host);
    },
  };
}

/** Bytes each endless answer has sent, by its query (a name the test chooses). */
const hostileSent = new Map();

// Element tests in Debian's Chromium (TOOLCHAIN.md): no browser download, no outside lookups.
export default {
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    screenshotPlugin(),
    requestLogPlugin(),
  ],
  middleware: [
    // A module worker is loaded by URL (`new URL('./offload-worker.js', import.meta.url)`),
    // which the esbuild plugin does not map to its .ts source as it does for imports.
    function workerSource(context, next) {
      if (/^\/src\/.*-worker\.js$/.test(context.url))
        context.url = context.url.replace(/\.js$/, '.ts');
      return next();
    },
    // Hostile answers for the viewer's `?src=` (test/elements/envelope-viewer-src.test.ts): a
    // body that stops arriving, one without end (the bytes sent so far are at `…/sent`), and
    // bytes that are not UTF-8.
    function hostileResponses(context, next) {
      const [path, query] = context.url.split('?');
      // A malformed percent-encoding: answered here, since the static server logs a stack for it.
      if (path.endsWith('%A.json')) return void (context.status = 404);
      if (!path.startsWith('/hostile-response/')) return next();
      const kind = path.slice('/hostile-response/'.length);
      context.set('cache-control', 'no-store');
      context.type = 'application/json';
      if (kind === 'sent') {
        context.body = String(hostileSent.get(query) ?? 0);
      } else if (kind === 'stall') {
        // Some bytes, then nothing, without end.
        const body = new Readable({ read() {} });
        body.push('{"version": "1.1", "messages": [');
        context.body = body;
      } else if (kind === 'endless') {
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        hostileSent.set(query, 0);
        context.body = new Readable({
          read() {
            hostileSent.set(query, hostileSent.get(query) + chunk.length);
            this.push(chunk);
          },
        });
      } else if (kind === 'latin1') {
        context.body = Buffer.from('{"version": "1.1", "title": "caf\xe9"}', 'latin1');
      } else return next();
      return undefined;
    },
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
      },
    }),
  ],
  testFramework: { config: { timeout: 20_000 } },
  groups: [
    // `TEST_FILES=test/elements/x.test.ts npx wtr --group elements` runs one file while working.
    { name: 'elements', files: process.env.TEST_FILES ?? 'test/elements/**/*.test.ts' },
    // The hostile-sizes corpus (issue 20), each step timed against a generous 1 s bound, in four
    // files (each gets the runner's time budget): about 45 s. `npm run test:hostile` runs it alone.
    { name: 'hostile', files: 'test/hostile/**/*.test.ts' },
    {
      // SPEC §6: no eval, no inline styles. The test runner's own page is otherwise the same.
      name: 'csp',
      files: 'test/csp/**/*.test.ts',
      testRunnerHtml: (testFramework) => `<!doctype html>
        <html>
          <head>
            <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; media-src 'self' data: https:; connect-src 'self' ws:">
          </head>
          <body>
            <script type="module" src="${testFramework}"></script>
          </body>
        </html>`,
    },
    {
      // SPEC §6 with Trusted Types, on the script-tag bundle loaded twice (two copies of the
      // library on one page). The policy names are the ones the README documents.
      name: 'trusted-types',
      files: 'test/trusted-types/**/*.test.ts',
      testRunnerHtml: (testFramework) => `<!doctype html>
        <html>
          <head>
            <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; media-src 'self' data: https:; connect-src 'self' ws:; require-trusted-types-for 'script'; trusted-types lit-html dompurify 'allow-duplicates'">
            <script src="/dist/prompt-envelope.iife.js"></script>
            <script src="/dist/prompt-envelope.iife.js"></script>
          </head>
          <body>
            <script type="module" src="${testFramework}"></script>
          </body>
        </html>`,
    },
  ],
};
