import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en, zhCN, type StringKey, type Strings } from './strings.js';

const tables = new Map<string, Partial<Strings>>([
  ['en', en],
  ['zh-cn', zhCN],
  ['zh', zhCN],
]);
const controllers = new Set<AmbientController>();
let observer: MutationObserver | undefined;

/**
 * Adds a language or overrides strings of one (`setStrings('zh-CN', { 'panel.copy': '拷贝' })`).
 * Every connected element re-renders.
 */
export function setStrings(lang: string, strings: Partial<Strings>): void {
  const key = lang.toLowerCase();
  tables.set(key, { ...tables.get(key), ...strings });
  for (const controller of controllers) controller.refresh();
}

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
 * theme (nearest `theme`, else the system's colour scheme). Changes of `lang` or `theme`
 * anywhere in the document re-render the elements.
 */
export class AmbientController implements ReactiveController {
  lang = 'en';
  theme: 'light' | 'dark' | 'auto' = 'auto';

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Containers pass `theme` and `lang` down as attributes, which the document observer cannot see. */
  private readonly ownObserver = new MutationObserver(() => this.refresh());

  hostConnected() {
    controllers.add(this);
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
    this.ownObserver.disconnect();
    controllers.delete(this);
    if (controllers.size === 0) {
      observer?.disconnect();
      observer = undefined;
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

  /** The string for `key` in the current language, with `{name}` filled from `values`. */
  t(key: StringKey, values: Record<string, string | number> = {}): string {
    const lang = this.lang.toLowerCase();
    const text = tables.get(lang)?.[key] ?? tables.get(lang.split('-')[0])?.[key] ?? en[key];
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  }

  private read() {
    this.lang = validLanguageTag(
      closestAttribute(this.host, 'lang') || document.documentElement.lang,
    );
    const theme = closestAttribute(this.host, 'theme');
    this.theme = theme === 'light' || theme === 'dark' ? theme : 'auto';
  }
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
