import { nothing } from 'lit';
import type { ImportedRequest } from '../../core/targets/import-logged.js';
import type { AmbientController } from '../internal/strings/localize.js';
import * as code from './log-notice.js';

/** log-notice-load.ts in the one-file bundles, which hold the notice anyway. */
export const logNoticeCode = { get: () => code, load: () => Promise.resolve(code) };

/** The notice is here from the start. */
export const logNoticeLoads = (): boolean => false;

let notice: code.LogNotice | undefined;

export function renderLogNotice(
  a: AmbientController,
  imported: ImportedRequest | undefined,
  tab: string,
  view: object,
  exported: () => unknown,
) {
  if (!imported) return { notice: nothing, differs: false };
  return (notice ??= new code.LogNotice()).render(a, imported, tab, view, exported);
}
