import type { EnvelopeError, ValidationResult } from './issues.js';
import { isRecord, jsonPreview } from './json-value.js';
import { capErrors } from './validate.js';

/** One entry of a scenario switcher (SPEC §5): which envelope file, and how to name it. */
export interface ScenarioEntry {
  id: string;
  /** Short label on the switcher button, e.g. "A". */
  label: string;
  /** Envelope file, relative to the manifest. */
  file: string;
  /** Title and summary by language tag (`en`, `zh-CN`, …); `en` is required. */
  title: Record<string, string>;
  summary?: Record<string, string>;
}

export interface ScenarioManifest {
  /** Id of the scenario shown first; defaults to the first one. */
  defaultScenario?: string;
  scenarios: ScenarioEntry[];
}

/** Tells a scenario manifest from an envelope, for tools that accept both. */
export function looksLikeScenarioManifest(value: unknown): boolean {
  return isRecord(value) && 'scenarios' in value && !('messages' in value);
}

/**
 * Checks a scenario manifest; paths and messages follow the envelope validator's style.
 *
 * @example
 * ```ts
 * const { valid, errors } = validateScenarioManifest(JSON.parse(await readFile('manifest.json', 'utf8')));
 * ```
 */
export function validateScenarioManifest(value: unknown): ValidationResult {
  const errors: EnvelopeError[] = [];
  const fail = (path: string, message: string, keyword = 'type') =>
    errors.push({ path, message, keyword });
  if (!isRecord(value)) {
    fail('', 'A scenario manifest must be a JSON object with a scenarios list.');
    return { valid: false, errors, warnings: [] };
  }
  for (const key of Object.keys(value)) {
    if (key !== 'defaultScenario' && key !== 'scenarios' && key !== '$schema') {
      fail(
        `/${key}`,
        `The manifest has unknown field '${key}'; allowed fields are defaultScenario, scenarios.`,
        'additionalProperties',
      );
    }
  }
  const scenarios = value.scenarios;
  if (!Array.isArray(scenarios) || scenarios.length === 0) {
    fail('/scenarios', "The manifest's 'scenarios' must be a list of at least one scenario.");
    return { valid: false, errors, warnings: [] };
  }
  const ids = new Set<string>();
  scenarios.forEach((entry: unknown, i) => {
    const at = `/scenarios/${i}`;
    if (!isRecord(entry)) return fail(at, `Scenario ${i} must be a JSON object.`);
    for (const field of ['id', 'label', 'file'] as const) {
      if (typeof entry[field] !== 'string' || entry[field] === '') {
        fail(`${at}/${field}`, `Scenario ${i} needs a non-empty text '${field}'.`, 'required');
      }
    }
    for (const field of ['title', 'summary'] as const) {
      const texts = entry[field];
      if (texts === undefined && field === 'summary') continue;
      if (
        !isRecord(texts) ||
        typeof texts.en !== 'string' ||
        Object.values(texts).some((t) => typeof t !== 'string')
      ) {
        fail(
          `${at}/${field}`,
          `Scenario ${i} needs '${field}' as texts by language, with at least "en", e.g. { "en": "…", "zh-CN": "…" }.`,
        );
      }
    }
    for (const key of Object.keys(entry)) {
      if (!['id', 'label', 'file', 'title', 'summary'].includes(key)) {
        fail(
          `${at}/${key}`,
          `Scenario ${i} has unknown field '${key}'; allowed fields are id, label, file, title, summary.`,
          'additionalProperties',
        );
      }
    }
    if (typeof entry.id === 'string') {
      if (ids.has(entry.id))
        fail(`${at}/id`, `Scenario id '${entry.id}' is used twice.`, 'uniqueItems');
      ids.add(entry.id);
    }
  });
  if (
    value.defaultScenario !== undefined &&
    (typeof value.defaultScenario !== 'string' || !ids.has(value.defaultScenario))
  ) {
    fail(
      '/defaultScenario',
      `defaultScenario ${jsonPreview(value.defaultScenario)} names no scenario of the list.`,
      'enum',
    );
  }
  return { valid: errors.length === 0, errors: capErrors(errors), warnings: [] };
}
