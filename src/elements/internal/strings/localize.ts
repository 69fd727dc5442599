import { isServer, type ReactiveController, type ReactiveControllerHost } from 'lit';
import {
  builtInLanguages,
  type AreaStrings,
  type StringArea,
  type StringKey,
  type Strings,
} from './strings.js';
import { baseStrings } from './en/base.js';
import { awaitsHydration } from '../loading/hydration.js';

/** The English words of every area an element on the page has brought so far. */
const english: Partial<Strings> = { ...baseStrings };
/** The built-in tables loaded so far, merged by lower-case language tag. */
const builtIn = new Map<string, Partial<Strings>>();
/** What `setStrings` added, read before the built-in tables. */
const added = new Map<string, Partial<Strings>>();
/** The built-in tables on their way or here, by loader (one loader can serve several tags). */
const loading = new Map<() => Promise<Partial<Strings>>, Promise<void>>();
/** The loaders whose table has arrived. */
const loaded = new Set<() => Promise<Partial<Strings>>>();
const controllers = new Set<AmbientController>();
let observer: MutationObserver | undefined;
let pageObserver: MutationObserver | undefined;
let systemScheme: MediaQueryList | undefined;

/**
 * The page's own switch (undefined: it has none), read once and again only when the page
 * changes; `pageGeneration` counts the changes, so that what each element read of its
 * surroundings is read again after one.
 */
let pageSwitch: 'light' | 'dark' | undefined | null = null;
let pageGeneration = 0;

/**
 * The dark switches of the sites people put the elements on: the class `dark` or `light` on
 * `<html>` (VitePress, Tailwind), `data-theme` on `<html>` (Docusaurus, Starlight) or `<body>`
 * (Furo, whose `auto` leaves it to the system), and Material for MkDocs' `data-md-color-scheme`
 * on `<body>` (`slate` is its dark scheme, `default` its light one).
 */
function readPageSwitch(): 'light' | 'dark' | undefined {
  const root = document.documentElement;
  const body = document.body;
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  for (const data of [root.dataset.theme, body?.dataset.theme])
    if (data === 'dark' || data === 'light') return data;
  const material = body?.dataset.mdColorScheme;
  if (material === 'slate') return 'dark';
  if (material === 'default') return 'light';
  return undefined;
}

/**
 * Without a switch, what surrounds the element: the `color-scheme` its parent computes (a page's
 * `:root { color-scheme: dark }`), else the first opaque background up its ancestors (a page
 * that only paints itself dark), else the system's preference. Read when the element connects
 * and after the page changes, never on a render.
 */
function readSurroundings(host: Element): 'light' | 'dark' {
  let node = parentAcrossShadow(host);
  if (node) {
    const scheme = getComputedStyle(node).colorScheme.replace('only', '').trim();
    if (scheme === 'dark' || scheme === 'light') return scheme;
  }
  for (; node; node = parentAcrossShadow(node)) {
    const rgba = opaqueColour(getComputedStyle(node).backgroundColor);
    // Dark when white text would stand out more than black on it (WCAG relative luminance).
    if (rgba) return relativeLuminance(rgba) < 0.179 ? 'dark' : 'light';
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * What the surroundings of elements under one parent read in this task. Each read after an
 * insertion makes the browser compute the page's styles again: a page that adds 1,000 messages
 * in one task read them 1,000 times (1,000 messages took 9 s to draw instead of 1.5 s).
 */
let readInThisTask: Map<Element | null, 'light' | 'dark'> | undefined;

function surroundingsOf(host: Element): 'light' | 'dark' {
  if (!readInThisTask) {
    readInThisTask = new Map();
    setTimeout(() => (readInThisTask = undefined));
  }
  const parent = parentAcrossShadow(host);
  let scheme = readInThisTask.get(parent);
  if (!scheme) readInThisTask.set(parent, (scheme = readSurroundings(host)));
  return scheme;
}

const parentAcrossShadow = (node: Element): Element | null => {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
};

let colourProbe: CanvasRenderingContext2D | null | undefined;

/**
 * A computed colour as sRGB bytes if it is opaque. Computed colours are `rgb()`/`rgba()`, or,
 * for newer notations (`oklch()`, `color()`, as Tailwind 4 writes them), kept as written: those
 * are painted on a one-pixel canvas and read back.
 */
function opaqueColour(colour: string): [number, number, number] | undefined {
  const rgb = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(colour);
  if (rgb) return rgb[4] === undefined ? [+rgb[1]!, +rgb[2]!, +rgb[3]!] : undefined;
  colourProbe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!colourProbe) return undefined;
  colourProbe.clearRect(0, 0, 1, 1);
  colourProbe.fillStyle = colour;
  colourProbe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = colourProbe.getImageData(0, 0, 1, 1).data;
  return a === 255 ? [r!, g!, b!] : undefined;
}

function relativeLuminance([r, g, b]: [number, number, number]): number {
  const linear = (byte: number) => {
    const c = byte / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function pageChanged() {
  pageSwitch = null;
  readInThisTask = undefined;
  pageGeneration++;
  for (const controller of controllers) controller.refresh();
}

/** Watches what readPageSwitch and readSurroundings read, while any element is connected. */
function watchPage() {
  pageObserver = new MutationObserver(pageChanged);
  const watched = {
    attributes: true,
    attributeFilter: ['class', 'data-theme', 'data-md-color-scheme', 'style'],
  };
  pageObserver.observe(document.documentElement, watched);
  if (document.body) pageObserver.observe(document.body, watched);
  systemScheme = matchMedia('(prefers-color-scheme: dark)');
  systemScheme.addEventListener('change', pageChanged);
}

function unwatchPage() {
  pageObserver?.disconnect();
  pageObserver = undefined;
  systemScheme?.removeEventListener('change', pageChanged);
  systemScheme = undefined;
  pageSwitch = null;
}

/**
 * Adds a language or overrides strings of one (`setStrings('zh-CN', { 'panel.copy': '拷贝' })`).
 * Every connected element re-renders.
 */
export function setStrings(lang: string, strings: Partial<Strings>): void {
  const key = lang.toLowerCase();
  added.set(key, { ...added.get(key), ...strings });
  for (const controller of controllers) controller.refresh();
}

/** The tags whose tables `lang` reads: its own, then its primary language's. */
const tagsOf = (lang: string): [string, string] => {
  const tag = lang.toLowerCase();
  return [tag, tag.split('-')[0]!];
};

/**
 * Gives every built-in table of `lang` at once, before any element is made (a server entry that
 * imports them statically, server-parts.ts): nothing to load. Kept apart from loadStrings, so
 * that the browsers' bundles carry none of it.
 */
export function provideStrings(lang: string, tables: Record<StringArea, Partial<Strings>>): void {
  const loaders = builtInLanguages.get(lang.toLowerCase());
  for (const area of Object.keys(loaders ?? {}) as StringArea[]) {
    const load = loaders![area];
    loaded.add(load);
    loading.set(load, Promise.resolve());
    for (const [tag, other] of builtInLanguages)
      if (other[area] === load) builtIn.set(tag, { ...builtIn.get(tag), ...tables[area] });
  }
}

/**
 * Loads the built-in tables that `lang` reads (zh-CN: the Chinese ones) for `areas` (on the
 * server: every area), if they are not here yet: a promise that settles when they are, or
 * undefined when there is nothing to wait for. A table that cannot be loaded (the chunk is
 * missing, the network failed) leaves English in its place.
 */
export function loadStrings(
  lang: string,
  areas: Iterable<StringArea> = ['base'],
): Promise<void> | undefined {
  const pending: Promise<void>[] = [];
  for (const tag of tagsOf(lang)) {
    const loaders = builtInLanguages.get(tag);
    if (!loaders) continue;
    // A server render constructs its elements after it waits here: it loads every area at once.
    for (const area of isServer ? (Object.keys(loaders) as StringArea[]) : areas) {
      const load = loaders[area];
      let promise = loading.get(load);
      if (promise) {
        if (!loaded.has(load)) pending.push(promise);
        continue;
      }
      const arrived = (table: Partial<Strings>) => {
        loaded.add(load);
        const tags = [...builtInLanguages].filter(([, l]) => l[area] === load).map(([t]) => t);
        for (const t of tags) builtIn.set(t, { ...builtIn.get(t), ...table });
        // An element that learned its language while rendering (an ancestor's `lang` inside a
        // shadow root) drew English meanwhile.
        for (const controller of controllers)
          if (tagsOf(controller.lang).some((t) => tags.includes(t))) controller.refresh();
      };
      promise = load().then(arrived, () => arrived({}));
      loading.set(load, promise);
      pending.push(promise);
    }
  }
  return pending.length > 0 ? Promise.all(pending).then(() => undefined) : undefined;
}

// A server render calls no update hook that could wait: there every built-in table loads at once
// (renderEnvelopeHTML awaits the one it renders in).
if (isServer) for (const tag of builtInLanguages.keys()) void loadStrings(tag);

/** The nearest value of `attribute` on the element or its ancestors, across shadow roots. */
export function closestAttribute(element: Element, attribute: string): string | null {
  let node: Element | null = element;
  while (node) {
    const found: Element | null = node.closest(`[${attribute}]`);
    if (found) return found.getAttribute(attribute);
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return null;
}

/**
 * The ambient settings an element takes from the page: the language (nearest `lang`) and the
 * theme (nearest `theme`; `auto` or none follows the page's own switch, then the system's colour
 * scheme). Changes of `lang` or `theme` anywhere in the document, and of the page's dark mode,
 * re-render the elements.
 */
export class AmbientController implements ReactiveController {
  private currentLang = 'en';
  private currentTheme: 'light' | 'dark' | 'auto' = 'auto';
  private readOnServer = false;

  get lang(): string {
    this.readIfServer();
    return this.drawnOnServer?.lang ?? this.currentLang;
  }

  /**
   * `light` or `dark`, resolved; `auto` only where there is no page to ask (a server render, and
   * the first render that hydrates one, which must draw what the server drew; the next follows
   * the page).
   */
  get theme(): 'light' | 'dark' | 'auto' {
    this.readIfServer();
    if (this.drawnOnServer) return this.drawnOnServer.theme;
    if (this.currentTheme !== 'auto' || isServer) return this.currentTheme;
    if (pageSwitch === null) pageSwitch = readPageSwitch();
    if (pageSwitch) return pageSwitch;
    if (this.surroundings?.generation !== pageGeneration)
      this.surroundings = { generation: pageGeneration, scheme: surroundingsOf(this.host) };
    return this.surroundings.scheme;
  }

  /** What `theme` read of the element's surroundings, and at which page change. */
  private surroundings?: { generation: number; scheme: 'light' | 'dark' };

  /**
   * Until the first render that hydrates server-drawn DOM is done: what the server drew with
   * (the host's own attributes). Hydration keeps the DOM and takes the values of that render as
   * drawn, so they must be the server's; a container may already have passed other ones down.
   */
  private drawnOnServer?: { lang: string; theme: 'light' | 'dark' | 'auto' };

  /** The areas of the words this host shows: the languages it is shown in load these. */
  private readonly areas: readonly StringArea[];

  /** A server render calls no controller hooks: the attributes are read when a template asks. */
  private readIfServer() {
    if (!isServer || this.readOnServer) return;
    this.readOnServer = true;
    this.read();
  }

  /**
   * `areas`: the English tables of the words the host shows beyond the shared ones
   * (`{ chat: chatStrings }`), which its module imports so that a page carries only the words of
   * the elements it shows.
   */
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    areas: AreaStrings = {},
  ) {
    Object.assign(english, ...Object.values(areas));
    this.areas = ['base', ...(Object.keys(areas) as StringArea[])];
    host.addController(this);
    // The host's updates wait while the strings of its language load (once per language and
    // page): Lit waits for what scheduleUpdate returns, and updateComplete with it.
    const element = host as unknown as { scheduleUpdate(): void | Promise<unknown> };
    const schedule = element.scheduleUpdate;
    element.scheduleUpdate = () => this.whenStringsLoaded(() => schedule.call(element));
  }

  /** Containers pass `theme` and `lang` down as attributes, which the document observer cannot see. */
  private ownObserver?: MutationObserver;

  hostConnected() {
    if (isServer) return; // nothing to observe (a server render connects context consumers)
    this.drawnOnServer = awaitsHydration(this.host) ? ownSettings(this.host) : undefined;
    if (controllers.size === 0) watchPage();
    controllers.add(this);
    this.surroundings = undefined; // a new place, perhaps on another background
    this.ownObserver ??= new MutationObserver(() => this.refresh());
    this.ownObserver.observe(this.host, { attributes: true, attributeFilter: ['lang', 'theme'] });
    if (!observer) {
      observer = new MutationObserver(() => controllers.forEach((c) => c.refresh()));
      observer.observe(document.documentElement, {
        attributes: true,
        subtree: true,
        attributeFilter: ['lang', 'theme'],
      });
    }
    this.read();
  }

  hostDisconnected() {
    this.ownObserver?.disconnect();
    controllers.delete(this);
    if (controllers.size === 0) {
      observer?.disconnect();
      observer = undefined;
      unwatchPage();
    }
  }

  refresh() {
    this.read();
    this.host.requestUpdate();
  }

  hostUpdate() {
    // Cheap, and catches ancestors that changed inside shadow roots no observer watches.
    this.read();
  }

  hostUpdated() {
    const drawn = this.drawnOnServer;
    if (!drawn) return;
    this.drawnOnServer = undefined;
    // After the update, not during it: Lit's development build warns of an update requested
    // while one completes, and this one can only follow the hydrating render.
    if (drawn.lang !== this.lang || drawn.theme !== this.theme)
      queueMicrotask(() => this.host.requestUpdate());
  }

  /**
   * Runs `update` (the host's `scheduleUpdate`) once the strings of the host's language are
   * loaded, so that a page in Chinese never shows English first and `updateComplete` means the
   * element speaks its language.
   */
  private whenStringsLoaded(update: () => void | Promise<unknown>): void | Promise<unknown> {
    const pending = isServer ? undefined : loadStrings(this.lang, this.areas);
    return pending ? pending.then(update) : update();
  }

  /**
   * The string for `key` in the current language, with `{name}` filled from `values`. For
   * `n: 1`, the key's `One` form where the language has one (Chinese needs none).
   */
  t(key: StringKey, values: Record<string, string | number> = {}): string {
    const [lang, primary] = tagsOf(this.lang);
    const find = (name: string) => {
      const k = name as StringKey;
      return (
        added.get(lang)?.[k] ??
        builtIn.get(lang)?.[k] ??
        added.get(primary)?.[k] ??
        builtIn.get(primary)?.[k]
      );
    };
    const one = String(values.n) === '1' ? (`${key}One` as StringKey) : undefined;
    const text =
      (one && find(one)) ??
      find(key) ??
      (one && english[one]) ??
      english[key] ??
      // An element whose module did not bring this key's area: a defect, shown rather than thrown.
      key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  }

  private read() {
    if (isServer) {
      // A server render has no ancestors to ask: the element's own attributes decide.
      ({ lang: this.currentLang, theme: this.currentTheme } = ownSettings(this.host));
      return;
    }
    this.currentLang = validLanguageTag(
      closestAttribute(this.host, 'lang') || document.documentElement.lang,
    );
    const theme = closestAttribute(this.host, 'theme');
    this.currentTheme = theme === 'light' || theme === 'dark' ? theme : 'auto';
  }
}

/** The language and theme of an element's own attributes (all a server render can ask). */
function ownSettings(element: Element): { lang: string; theme: 'light' | 'dark' | 'auto' } {
  const own = element as { getAttribute?: (name: string) => string | null };
  const theme = own.getAttribute?.('theme');
  return {
    lang: validLanguageTag(own.getAttribute?.('lang') ?? null),
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
  };
}

const canonicalTags = new Map<string, string>();

/** The tag if Intl accepts it (an invalid one would make every Intl formatter throw), else 'en'. */
function validLanguageTag(tag: string | null): string {
  if (!tag) return 'en';
  let canonical = canonicalTags.get(tag);
  if (canonical === undefined) {
    try {
      canonical = Intl.getCanonicalLocales(tag)[0] ?? 'en';
    } catch {
      canonical = 'en';
    }
    // Every element asks on connect; the answers are few, but attributes are user input.
    if (canonicalTags.size >= 64) canonicalTags.clear();
    canonicalTags.set(tag, canonical);
  }
  return canonical;
}
