import { html, nothing, type TemplateResult } from 'lit';
import type { EnvelopeError } from '../../core/protocol/issues.js';
import {
  validateScenarioManifest,
  type ScenarioEntry,
  type ScenarioManifest,
} from '../../core/protocol/manifest.js';
import { parseJson } from '../../core/protocol/parse.js';
import { fetchText } from '../internal/input/envelope-input.js';
import type { AmbientController } from '../internal/strings/localize.js';

export type ManifestState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; manifest: ScenarioManifest; base: string }
  | { status: 'error'; errors: EnvelopeError[] };

/**
 * A scenario manifest, validated: an object at once, a URL once fetched. Its envelope files
 * resolve against `base` (the manifest's URL, or the page's).
 */
export function readManifest(
  source: string | ScenarioManifest,
): ManifestState | Promise<ManifestState> {
  if (typeof source !== 'string') return checked(source, document.baseURI);
  const base = new URL(source, document.baseURI).href;
  return fetchText(base).then(
    (text) => {
      const json = parseJson(text);
      return 'error' in json ? loadFailure(base, json.error.message) : checked(json.value, base);
    },
    (error: Error) => loadFailure(base, error.message),
  );
}

function checked(value: unknown, base: string): ManifestState {
  const result = validateScenarioManifest(value);
  return result.valid
    ? { status: 'ready', manifest: value as ScenarioManifest, base }
    : { status: 'error', errors: result.errors };
}

/** The state of a file that could not be loaded. */
export const loadFailure = (url: string, reason: string) => ({
  status: 'error' as const,
  errors: [{ path: '', keyword: 'fetch', message: `Could not load ${url}: ${reason}` }],
});

/** A text by language: the page's language, its base language, else English. */
export function textIn(texts: Record<string, string> | undefined, lang: string): string {
  return texts ? (texts[lang] ?? texts[lang.split('-')[0]!] ?? texts.en ?? '') : '';
}

/** The scenario bar: a button per scenario, the current one's summary, and the Replay button. */
export function renderScenarioBar(
  a: AmbientController,
  manifest: ScenarioManifest,
  current: ScenarioEntry | undefined,
  onPick: (entry: ScenarioEntry) => void,
  replayButton: TemplateResult,
) {
  return html`<nav part="bar" class="bar" aria-label=${a.t('viewer.scenarios')}>
    <h1 class="bar-title">${a.t('viewer.scenarios')}</h1>
    <ul class="scenarios">
      ${manifest.scenarios.map(
        (s) =>
          html`<li>
            <button
              part="scenario"
              class="scenario"
              type="button"
              aria-pressed=${s === current ? 'true' : 'false'}
              @click=${() => onPick(s)}
            >
              <span class="scenario-label" aria-hidden="true">${s.label}</span>${textIn(
                s.title,
                a.lang,
              )}
            </button>
          </li>`,
      )}
    </ul>
    ${
      current?.summary
        ? html`<p part="summary" class="summary">${textIn(current.summary, a.lang)}</p>`
        : nothing
    }
    ${replayButton}
  </nav>`;
}
