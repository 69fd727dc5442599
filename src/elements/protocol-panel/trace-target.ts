import { html } from 'lit';
import {
  EXPORT_TARGETS,
  isExportTarget,
  type ExportTarget,
} from '../../core/targets/target-names.js';
import type { AmbientController } from '../internal/strings/localize.js';
import type { StringKey } from '../internal/strings/strings.js';

/**
 * One tab per export target, in the core's order, labelled by its string `panel.<target>` (a
 * new target only needs that string: the type checks it exists).
 */
export const TARGETS = EXPORT_TARGETS.map((id) => ({
  id,
  label: `panel.${id}` satisfies StringKey,
}));

/** The Trace tab's choice of the target whose request it lists. */
export function renderTraceTarget(
  a: AmbientController,
  target: ExportTarget,
  pick: (target: ExportTarget) => void,
) {
  const change = (event: Event) => {
    const value = (event.target as HTMLSelectElement).value;
    if (isExportTarget(value)) pick(value);
  };
  return html`<label
    >${a.t('trace.target')}
    <select part="trace-target" @change=${change}>
      ${TARGETS.map(
        (t) => html`<option value=${t.id} ?selected=${t.id === target}>${a.t(t.label)}</option>`,
      )}
    </select></label
  >`;
}
