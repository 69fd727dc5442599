import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
// The elements register here, once for the whole site. Imported in a page, the library would be
// bundled into that page's chunk and into its `.lean.js` twin, and both copies would load.
import 'prompt-envelope';

export default { extends: DefaultTheme } satisfies Theme;
