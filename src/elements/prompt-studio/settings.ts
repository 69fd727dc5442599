/**
 * Where the studio's settings live outside the page: the YAML a person copies, downloads and
 * imports, and the copy in localStorage under `storage-key`. Both hold the supplements as
 * `prompt-studio:` → `components:` (a bare list is read too).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import {
  validateComponents,
  type ComponentIssue,
  type NativeComponent,
  type PromptComponent,
} from '../../core/assembly/compose.js';
import { copyIcon, downloadIcon, icon } from '../internal/ui/icons.js';
import type { AmbientController } from '../internal/strings/localize.js';
import { onDemand } from '../internal/loading/on-demand.js';
import type { StringKey } from '../internal/strings/strings.js';
import type { StatusMessage } from './component-list.js';
import { isRecord, toDrafts, type Draft } from './supplement-drafts.js';
import { saveFile } from '../internal/ui/save-file.js';

/** Why an import replaced nothing: YAML that cannot be read, the wrong shape, or invalid components. */
export interface ImportProblem {
  title: string;
  yaml?: string;
  issues?: ComponentIssue[];
}

/** A stored entry that cannot be read; it is kept (and shown) until the next save. */
export interface StorageProblem {
  key: string;
  reason: string;
  raw: string;
}

/** The component list inside a settings document: `prompt-studio.components`, or a bare list. */
function componentsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  const section = value['prompt-studio'];
  if (isRecord(section) && Array.isArray(section.components)) return section.components;
  if (Array.isArray(value.components)) return value.components;
  return undefined;
}

const messageOf = (error: unknown) => (error as Error)?.message ?? String(error);

/**
 * js-yaml (15 kB gzip), loaded when the settings section is first opened or YAML is first
 * asked for: most pages never show it.
 */
const yaml = onDemand(() => import('js-yaml'));

/** The settings as YAML: `prompt-studio:` → `components:` → the supplements. */
export async function settingsYaml(components: PromptComponent[]): Promise<string> {
  const { dump } = await yaml.load();
  return dump({ 'prompt-studio': { components } }, { lineWidth: -1, noRefs: true });
}

/**
 * The supplements of a settings YAML text, or why they cannot replace the list: the YAML cannot
 * be read, holds no component list, or a component is invalid (checked against `natives`).
 */
export async function readSettingsYaml(
  text: string,
  natives: readonly NativeComponent[],
  ambient: AmbientController,
): Promise<{ drafts: Draft[] } | { problem: ImportProblem }> {
  const a = ambient;
  let value: unknown;
  try {
    value = (await yaml.load()).load(text);
  } catch (error) {
    return { problem: { title: a.t('studio.importYamlError'), yaml: messageOf(error) } };
  }
  const list = componentsOf(value);
  if (!list) return { problem: { title: a.t('studio.importShape') } };
  const drafts = toDrafts(list);
  const result = validateComponents(drafts, natives);
  if (!result.valid)
    return { problem: { title: a.t('studio.importInvalid'), issues: result.errors } };
  return { drafts };
}

/**
 * The supplements stored under `key`: none when nothing is stored, else the list or why it
 * cannot be read (storage refused, not JSON, not a list).
 */
export function readStoredComponents(
  key: string,
  ambient: AmbientController,
): { drafts: Draft[] } | { problem: StorageProblem } | undefined {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch (error) {
    return { problem: { key, reason: messageOf(error), raw: '' } };
  }
  if (raw === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { problem: { key, reason: messageOf(error), raw } };
  }
  const list = componentsOf(value);
  if (!list) return { problem: { key, reason: ambient.t('studio.notAList'), raw } };
  return { drafts: toDrafts(list) };
}

/** Writes the saved list (JSON) under `key`; returns why the storage refused, or null. */
export function storeComponents(key: string, json: string): string | null {
  try {
    localStorage.setItem(key, json);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/** Offers the settings YAML as a file download, `prompt-studio.yaml`. */
export function downloadSettingsYaml(yaml: string): void {
  saveFile(new Blob([yaml], { type: 'application/yaml' }), 'prompt-studio.yaml');
}

export interface SourceNoticesView {
  ambient: AmbientController;
  /** A string key saying why the given `components` were not used, or ''. */
  inputNotice: string;
  storageProblem: StorageProblem | null;
}

/** Why the list is not what the host or the storage gave: it was not a list, or unreadable. */
export function renderSourceNotices(v: SourceNoticesView): TemplateResult {
  const a = v.ambient;
  const problem = v.storageProblem;
  return html`${
    v.inputNotice
      ? html`<p class="notice" role="status">${a.t(v.inputNotice as StringKey)}</p>`
      : nothing
  }
  ${
    problem
      ? html`<div class="notice" role="alert">
          <p>${a.t('studio.storageCorrupt', { key: problem.key, reason: problem.reason })}</p>
          ${
            problem.raw
              ? html`<details>
                  <summary>${a.t('studio.storedText')}</summary>
                  <pre>${problem.raw}</pre>
                </details>`
              : nothing
          }
        </div>`
      : nothing
  }`;
}

export interface SettingsView {
  ambient: AmbientController;
  /** The text of the YAML field: the last export, or what a person typed or opened. */
  yamlText: string;
  problem: ImportProblem | null;
  onYamlText: (text: string) => void;
  onCopy: () => void;
  onDownload: () => void;
  onImport: () => void;
  onFile: (event: Event) => void;
  /** The section was opened or closed. */
  onToggle: (event: Event) => void;
}

/** The settings section: copy or download the YAML, or import it from the field or a file. */
export function renderSettings(v: SettingsView): TemplateResult {
  const a = v.ambient;
  const problem = v.problem;
  return html`<details part="settings" class="settings" @toggle=${v.onToggle}>
    <summary>${a.t('studio.settings')}</summary>
    <div class="settings-body">
      <p class="hint">${a.t('studio.settingsHint')}</p>
      <div class="buttons">
        <button type="button" class="action" id="yaml-copy" @click=${v.onCopy}>
          ${icon(copyIcon)} ${a.t('studio.exportCopy')}
        </button>
        <button type="button" class="action" id="yaml-download" @click=${v.onDownload}>
          ${icon(downloadIcon)} ${a.t('studio.exportDownload')}
        </button>
      </div>
      <label for="yaml-text" class="field-label">${a.t('studio.importText')}</label>
      <textarea
        id="yaml-text"
        spellcheck="false"
        .value=${live(v.yamlText)}
        aria-describedby=${problem ? 'import-problem' : nothing}
        @input=${(e: Event) => v.onYamlText((e.target as HTMLTextAreaElement).value)}
      ></textarea>
      <div class="buttons">
        <button type="button" class="action" id="yaml-import" @click=${v.onImport}>
          ${a.t('studio.import')}
        </button>
        <label class="field-label"
          >${a.t('studio.importFile')}
          <input
            type="file"
            id="yaml-file"
            accept=".yaml,.yml,application/yaml,text/yaml"
            @change=${v.onFile}
        /></label>
      </div>
      ${
        problem
          ? html`<div class="import-errors" id="import-problem" role="alert">
              <p>${problem.title}</p>
              ${problem.yaml ? html`<pre>${problem.yaml}</pre>` : nothing}
              ${
                problem.issues
                  ? html`<ul>
                      ${problem.issues.map(
                        (i) =>
                          html`<li>
                            ${a.t('studio.importIssueAt', { n: i.index })}${
                              i.field ? html` <code>${i.field}</code>` : nothing
                            }:
                            ${i.message}
                          </li>`,
                      )}
                    </ul>`
                  : nothing
              }
            </div>`
          : nothing
      }
    </div>
  </details>`;
}

/** What the settings section's buttons change in the studio. */
export interface SettingsHost {
  ambient: AmbientController;
  exportYaml(): Promise<string>;
  importYaml(text: string): Promise<boolean>;
  setText(text: string): void;
  setStatus(status: StatusMessage): void;
  setProblem(problem: ImportProblem): void;
}

/** The settings section's handlers: copy, download, open a file, and loading YAML when opened. */
export function settingsActions(host: SettingsHost) {
  const reason = (error: unknown) => (error as Error)?.message ?? String(error);
  return {
    onCopy: async () => {
      const a = host.ambient;
      try {
        const yaml = await host.exportYaml();
        host.setText(yaml);
        await navigator.clipboard.writeText(yaml);
        host.setStatus({ text: a.t('studio.yamlCopied'), kind: 'info' });
      } catch {
        host.setStatus({ text: a.t('panel.copyFailed'), kind: 'error' });
      }
    },
    onDownload: async () => {
      try {
        const yaml = await host.exportYaml();
        host.setText(yaml);
        downloadSettingsYaml(yaml);
      } catch (error) {
        const text = host.ambient.t('common.loadFailed', { reason: reason(error) });
        host.setStatus({ text, kind: 'error' });
      }
    },
    onFile: async (event: Event) => {
      const input = event.target as HTMLInputElement;
      const file = input.files?.[0];
      if (!file) return;
      let text: string;
      try {
        text = await file.text();
      } catch (error) {
        host.setProblem({ title: host.ambient.t('studio.importYamlError'), yaml: reason(error) });
        return;
      }
      host.setText(text);
      input.value = '';
      await host.importYaml(text);
    },
    // Opening the section loads the YAML reader, so that Copy (which needs the click's user
    // activation) does not wait for it.
    onToggle: (event: Event) =>
      (event.target as HTMLDetailsElement).open && void yaml.load().catch(() => {}),
  };
}
