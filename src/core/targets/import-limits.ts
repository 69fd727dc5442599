/** Imports list what they found in bounded lists: a hostile input cannot grow them without end. */
import type { ImportWarning } from './import-builder.js';
import type { ImportError } from './import-records.js';

/** Issues kept in a list; the count of the rest is said in one last entry. */
export const MAX_ISSUES = 1_000;

/** More unknown fields than this at one path pattern are said in one warning. */
const FIELDS_LISTED = 10;

/**
 * The first {@link MAX_ISSUES} errors, then one that counts the rest (keyword `limit`); the
 * `limit` errors of validation (one per envelope) add their counts to it.
 */
export function boundErrors(errors: ImportError[], more = 0): ImportError[] {
  const listed = errors.filter((error) => error.keyword !== 'limit');
  let rest = listed.length - MAX_ISSUES + more;
  for (const error of errors)
    if (error.keyword === 'limit')
      rest += Number(/^[\d,]+/.exec(error.message)?.[0].replace(/,/g, '') ?? 0);
  if (rest <= 0) return errors;
  const kept = listed.slice(0, MAX_ISSUES);
  kept.push({
    path: '',
    keyword: 'limit',
    message: `${rest.toLocaleString('en')} more errors are not listed; fix the ones above first.`,
  });
  return kept;
}

/**
 * Unknown fields grouped by where they are (`/messages/*`: the same place in every message),
 * when more than ten are there; then the first {@link MAX_ISSUES} warnings, and one that counts
 * the rest (code `more-warnings`).
 */
export function boundWarnings(warnings: ImportWarning[]): ImportWarning[] {
  const groups = new Map<string, ImportWarning[]>();
  for (const warning of warnings) {
    if (warning.code !== 'field-not-kept') continue;
    const pattern = warning.path.replace(/\/[^/]*$/, '').replace(/\/\d+(?=\/|$)/g, '/*');
    const group = groups.get(pattern);
    if (group) group.push(warning);
    else groups.set(pattern, [warning]);
  }
  const grouped = new Map<ImportWarning, ImportWarning | null>();
  for (const [pattern, group] of groups) {
    if (group.length <= FIELDS_LISTED) continue;
    const examples = group.slice(0, 3).map((w) => `'${w.path}'`);
    grouped.set(group[0]!, {
      path: group[0]!.path.replace(/\/[^/]*$/, ''),
      code: 'fields-not-kept',
      message: `${group.length.toLocaleString('en')} fields at ${pattern || 'the top level'} have no place in the protocol and were left out, for instance ${examples.join(', ')}.`,
    });
    for (const warning of group.slice(1)) grouped.set(warning, null);
  }
  const out: ImportWarning[] = [];
  let rest = 0;
  for (const warning of warnings) {
    const kept = grouped.has(warning) ? grouped.get(warning) : warning;
    if (!kept) continue;
    if (out.length < MAX_ISSUES) out.push(kept);
    else rest++;
  }
  if (rest > 0)
    out.push({
      path: '',
      code: 'more-warnings',
      message: `${rest.toLocaleString('en')} more warnings are not listed.`,
    });
  return out;
}
