import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The framework pages quote the demo apps' files with `?raw`. Vite's own `?raw` still compiles a
 * `.ts` file first with its folder's tsconfig.json, and SvelteKit's extends one that only its
 * build writes (.svelte-kit/tsconfig.json): a quoted file is read as text here, nothing more.
 */
function quotedDemoFiles(): Plugin {
  const prefix = '\0quoted:';
  return {
    name: 'quoted-demo-files',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.endsWith('?raw')) return null;
      const path = resolve(dirname(importer.replace(/\?.*$/, '')), source.slice(0, -'?raw'.length));
      // A module of JavaScript whatever the file is: the HTML and JSON plugins go by the name.
      return path.includes('/demos/') ? `${prefix}${encodeURIComponent(path)}.js` : null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const path = decodeURIComponent(id.slice(prefix.length, -'.js'.length));
      return `export default ${JSON.stringify(readFileSync(path, 'utf8'))};`;
    },
  };
}

// Storybook's own Vite config, so that the demo app's vite.config.ts (root demos/, its public
// dir and optimizer entries) does not leak into the gallery. `viteFinal` in main.ts adds the rest.
export default defineConfig({ plugins: [quotedDemoFiles()] });
