// Builds the framework demos (demos/react, demos/vue, demos/angular) with Vite into
// dist/framework-demos/<name>. Each demo's own vite.config.ts (when there is one) adds its
// framework plugin; this script only fixes the paths. Exits 1 on the first failed build.
//   node scripts/build-framework-demos.mjs [react|vue|angular …]
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const FRAMEWORK_DEMOS = ['react', 'vue', 'angular'];

const repo = fileURLToPath(new URL('..', import.meta.url));
const names = process.argv.slice(2).length ? process.argv.slice(2) : FRAMEWORK_DEMOS;

for (const name of names) {
  if (!FRAMEWORK_DEMOS.includes(name)) {
    console.error(`Unknown demo "${name}" (expected one of ${FRAMEWORK_DEMOS.join(', ')}).`);
    process.exit(2);
  }
  const root = `${repo}demos/${name}`;
  const configFile = `${root}/vite.config.ts`;
  const started = Date.now();
  try {
    await build({
      root,
      configFile: existsSync(configFile) ? configFile : false,
      base: './',
      logLevel: 'warn',
      build: {
        outDir: `${repo}dist/framework-demos/${name}`,
        emptyOutDir: true,
        target: 'es2022',
      },
    });
  } catch (error) {
    console.error(`demos/${name}: build failed.`);
    console.error(error);
    process.exit(1);
  }
  const ms = Date.now() - started;
  console.log(`demos/${name} → dist/framework-demos/${name} (${ms} ms)`);
}
