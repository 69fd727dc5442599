import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

// Element tests in Debian's Chromium (TOOLCHAIN.md): no browser download, no outside lookups.
export default {
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  middleware: [
    // A module worker is loaded by URL (`new URL('./offload-worker.js', import.meta.url)`),
    // which the esbuild plugin does not map to its .ts source as it does for imports.
    function workerSource(context, next) {
      if (/^\/src\/.*-worker\.js$/.test(context.url))
        context.url = context.url.replace(/\.js$/, '.ts');
      return next();
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
            <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; media-src 'self' https:; connect-src 'self' ws:">
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
            <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; media-src 'self' https:; connect-src 'self' ws:; require-trusted-types-for 'script'; trusted-types lit-html dompurify 'allow-duplicates'">
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
