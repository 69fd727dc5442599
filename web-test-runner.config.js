import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';

// Element tests in Debian's Chromium (TOOLCHAIN.md): no browser download, no outside lookups.
export default {
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 300_000,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
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
    { name: 'elements', files: 'test/elements/**/*.test.ts' },
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
  ],
};
