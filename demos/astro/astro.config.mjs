import { defineConfig } from 'astro/config';

// A static site: every page is rendered at build time, in Node.
export default defineConfig({ output: 'static' });
