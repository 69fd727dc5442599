import { html, nothing } from 'lit';
import type { ScenarioEntry } from '../../core/protocol/manifest.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { EnvelopeState } from '../internal/input/envelope-input.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { renderErrorPanel } from '../internal/ui/error-panel.js';
import { textIn } from './viewer-bar.js';

/** What the Compare view of `<envelope-viewer>` draws from. */
export interface CompareView {
  ambient: AmbientController;
  /** The scenarios to pick from: all but the one shown. */
  others: readonly ScenarioEntry[];
  /** The scenario `compare-with` names, and its envelope's load state. */
  entry?: { scenario: ScenarioEntry; state: EnvelopeState | undefined };
  /** `compare-with` when it names no scenario: the envelope itself (object or JSON text). */
  given?: Envelope | string;
  /** The envelope shown, the diff's after side. */
  after?: Envelope;
  /** A scenario was picked (undefined: none). */
  pick: (id: string | undefined) => void;
  /** A file was opened to compare with: its text. */
  open: (text: string) => void;
}

/** The Compare view: pick another scenario or open a file; the diff goes from it to the shown one. */
export function renderCompareView(view: CompareView) {
  const { ambient: a, others, entry } = view;
  let before = entry ? undefined : view.given;
  if (entry?.state?.status === 'ready') before = entry.state.envelope;
  else if (entry?.state?.status === 'error')
    return renderErrorPanel(a.t('error.title'), entry.state.errors);
  const picked = entry ? entry.scenario.id : '';
  const onScenario = (event: Event) => {
    const id = (event.target as HTMLSelectElement).value;
    view.pick(id === '' ? undefined : id);
  };
  const onFile = async (event: Event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    // The diff shows an error panel naming the side if the file is not a valid envelope.
    if (file) view.open(await file.text());
  };
  return html`<div class="compare">
    <div part="compare-bar" class="compare-bar">
      ${
        others.length > 0
          ? html`<label
              >${a.t('viewer.compareWith')}
              <select @change=${onScenario}>
                <option value="" ?selected=${picked === ''}>${a.t('viewer.compareChoose')}</option>
                ${others.map(
                  (s) =>
                    html`<option value=${s.id} ?selected=${s.id === picked}>
                      ${s.label} · ${textIn(s.title, a.lang)}
                    </option>`,
                )}
              </select></label
            >`
          : nothing
      }
      <label
        >${a.t('viewer.compareFile')}
        <input type="file" accept=".json,application/json" @change=${onFile}
      /></label>
    </div>
    ${
      before === undefined || !view.after
        ? html`<p class="status">${a.t('viewer.compareHint')}</p>`
        : html`<envelope-diff
            part="diff"
            .beforeEnvelope=${before}
            .afterEnvelope=${view.after}
            theme=${a.theme}
            lang=${a.lang}
          ></envelope-diff>`
    }
  </div>`;
}
