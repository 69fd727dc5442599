#!/usr/bin/env node
/* global document -- used inside page.waitForFunction, which runs in the browser */
// `npm run screenshots`: a PNG of the viewer for every scenario, light and dark, desktop and
// narrow, in screenshots/ (git-ignored), so that a person can look at what users see.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}screenshots`;
mkdirSync(outDir, { recursive: true });

const manifest = JSON.parse(readFileSync(`${root}src/data/demos/manifest.json`, 'utf8'));
const only = process.argv.slice(2);
const scenarios = manifest.scenarios
  .map((s) => s.id)
  .filter((id) => only.length === 0 || only.includes(id));
const viewports = { desktop: { width: 1440, height: 900 }, narrow: { width: 420, height: 900 } };

const server = await createServer({
  configFile: `${root}vite.config.ts`,
  logLevel: 'error',
  server: { port: 0 },
});
await server.listen();
const base = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1'],
});
const problems = [];
try {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    // Remote media cannot load here (no network); every other console error is a problem.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) {
        problems.push(`${page.url()}: ${m.text()}`);
      }
    });
    for (const theme of ['light', 'dark']) {
      for (const id of scenarios) {
        await page.goto(`${base}?scenario=${id}&theme=${theme}`);
        await page.waitForFunction(() => {
          const viewer = document.querySelector('envelope-viewer');
          const chat = viewer?.shadowRoot?.querySelector('envelope-chat');
          return (
            chat?.shadowRoot?.querySelector('envelope-message') !== undefined &&
            chat?.loadedEnvelope !== undefined
          );
        });
        await page.waitForTimeout(300);
        const file = `${outDir}/${id}-${theme}-${viewportName}.png`;
        await page.screenshot({ path: file, fullPage: viewportName === 'narrow' });
        console.log(`wrote ${file.slice(root.length)}`);
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
