import type { baseStrings } from './en/base.js';
import type { chatStrings } from './en/chat.js';
import type { diffStrings } from './en/diff.js';
import type { meterStrings } from './en/meter.js';
import type { panelStrings } from './en/panel.js';
import type { studioStrings } from './en/studio.js';
import type { viewerStrings } from './en/viewer.js';

/**
 * The UI strings come in areas, one module per area and language in strings/: the words every
 * element shares (`base`), and the words of one element each. An element brings the English
 * tables of its areas with its own module (see AmbientController), so a page that shows a chat
 * does not carry the studio's words; other languages load per area when first shown.
 */
export type StringArea = 'base' | 'chat' | 'viewer' | 'panel' | 'meter' | 'diff' | 'studio';

type AllStrings = typeof baseStrings &
  typeof chatStrings &
  typeof viewerStrings &
  typeof panelStrings &
  typeof meterStrings &
  typeof diffStrings &
  typeof studioStrings;

export type StringKey = keyof AllStrings;

export type Strings = Record<StringKey, string>;

/** An element's English tables, by area (`{ chat: chatStrings }`). */
export type AreaStrings = Partial<Record<StringArea, Readonly<Record<string, string>>>>;

type AreaLoaders = Readonly<Record<StringArea, () => Promise<Partial<Strings>>>>;

/** Each module of strings/zh-CN/ exports its table as `chinese`. */
const table = (module: { chinese: Partial<Strings> }) => module.chinese;

const chinese: AreaLoaders = {
  base: () => import('./zh-CN/base.js').then(table),
  chat: () => import('./zh-CN/chat.js').then(table),
  viewer: () => import('./zh-CN/viewer.js').then(table),
  panel: () => import('./zh-CN/panel.js').then(table),
  meter: () => import('./zh-CN/meter.js').then(table),
  diff: () => import('./zh-CN/diff.js').then(table),
  studio: () => import('./zh-CN/studio.js').then(table),
};

/**
 * The built-in languages other than English, by lower-case language tag: a loader per area,
 * called when an element of that area first shows the language (English stands in until then).
 * Pages can add a language or override any string with `setStrings('fr', { … })` (localize.ts).
 * This is the only module that imports a non-English table.
 */
export const builtInLanguages: ReadonlyMap<string, AreaLoaders> = new Map([
  ['zh-cn', chinese],
  ['zh', chinese],
]);
