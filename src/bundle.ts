/**
 * The script-tag bundles (`prompt-envelope/bundle.js`, `bundle.iife.js`): Lit's hydration support
 * first, so that pages rendered by `prompt-envelope/ssr` or `prompt-envelope render` hydrate, then
 * everything `prompt-envelope` exports.
 */
import './hydrate.js';

export * from './index.js';
