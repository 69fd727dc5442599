import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package's script-tag build, self-hosted: node_modules/prompt-envelope/dist/ copied into
// static/prompt-envelope/ before each build or start, served as /prompt-envelope/.
function selfHostPromptEnvelope({ siteDir }) {
  return {
    name: 'self-host-prompt-envelope',
    loadContent() {
      const pkg = createRequire(import.meta.url).resolve('prompt-envelope/package.json');
      const to = join(siteDir, 'static/prompt-envelope');
      cpSync(join(dirname(pkg), 'dist'), to, { recursive: true });
    },
  };
}

/** @type {import('@docusaurus/types').Config} */
export default {
  title: 'prompt-envelope in Docusaurus',
  url: 'https://example.com',
  baseUrl: '/',
  favicon: 'data:,',
  plugins: ['@docusaurus/plugin-content-pages', selfHostPromptEnvelope],
};
