import type { Strings } from './strings/en.js';

export { en, type StringKey, type Strings } from './strings/en.js';

const chinese = () => import('./strings/zh-CN.js').then((module) => module.zhCN);

/**
 * The built-in UI strings other than English, by lower-case language tag: one table per module in
 * strings/, loaded when an element first shows that language (English is always there, and
 * stands in until then). Pages can add a language or override any string with
 * `setStrings('fr', { … })` (see localize.ts). This is the only module that imports a non-English
 * table.
 */
export const builtInLanguages: ReadonlyMap<string, () => Promise<Partial<Strings>>> = new Map([
  ['zh-cn', chinese],
  ['zh', chinese],
]);
