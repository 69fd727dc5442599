// A fixture app's production build with the app's own installed tool and its own configuration,
// plus one Vite plugin that fails the build on any module from the repository, or when no module
// of the package comes from the app's node_modules/prompt-envelope (the packed tarball).
//
// fixtures.ts copies this file into the app's node_modules/ and runs it with Node in the app's
// folder: `node node_modules/.fixture-build.mjs <vite|sveltekit|astro|vitepress> <repository>`.
// From there `import('vite')` resolves to the app's Vite, `import('astro')` to its Astro. Plain
// JavaScript, not TypeScript: the repository's loader must not run inside the app's tools.
import { realpathSync } from 'node:fs';
import { join, sep } from 'node:path';

const [tool, repository] = process.argv.slice(2);
const app = process.cwd();
const outside = [repository, realpathSync(join(repository, 'node_modules'))].map((dir) =>
  dir.replace(/[/\\]?$/, sep),
);
const tarball = join(app, 'node_modules/prompt-envelope') + sep;

const leaked = new Set();
let fromTarball = 0;
const guard = {
  name: 'only-from-the-tarball',
  buildEnd() {
    for (const raw of this.getModuleIds()) {
      const id = raw.replace(/^\0/, '');
      if (outside.some((dir) => id.startsWith(dir))) leaked.add(id);
      if (id.startsWith(tarball)) fromTarball++;
    }
  },
};

if (tool === 'vite' || tool === 'sveltekit') {
  // The app's vite.config.ts is found in its root, as `vite build` finds it.
  const { build } = await import('vite');
  await build({ root: app, plugins: [guard] });
} else if (tool === 'astro') {
  const { build } = await import('astro');
  await build({ root: app, vite: { plugins: [guard] } });
} else if (tool === 'vitepress') {
  const { build } = await import('vitepress');
  await build(app, {
    onAfterConfigResolve(site) {
      site.vite = { ...site.vite, plugins: [...(site.vite?.plugins ?? []), guard] };
    },
  });
} else {
  throw new Error(`no build for ${tool}`);
}

// A server build may leave the package external; the client build must bundle it.
if (leaked.size) throw new Error(`modules from the repository: ${[...leaked].join(', ')}`);
if (!fromTarball) throw new Error(`no module from ${tarball}`);
console.log(`${fromTarball} modules from ${tarball}`);
