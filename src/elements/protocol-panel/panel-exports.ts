import type { PromptComponent } from '../../core/assembly/compose.js';
import type { SegmentRegistry } from '../../core/assembly/registry.js';
import type { Envelope } from '../../core/protocol/types.js';
import type { ExportResult } from '../../core/targets/export-pipeline.js';
import type { ExportTarget } from '../../core/targets/target-names.js';
import { PendingWork } from '../internal/loading/on-demand.js';
import { composedExport, targetExporters } from './target-exporters.js';

/** What an export depends on besides the envelope and the target. */
export interface ExportSettings {
  registry: SegmentRegistry;
  maxSystemChars: number | undefined;
  /** Undefined: the envelope as it is. */
  components: readonly PromptComponent[] | undefined;
}

const noBody = (code: string, message: string): ExportResult => ({
  body: null,
  warnings: [{ code, message, messageIds: [] }],
  errors: [],
  trace: [],
});

/**
 * The protocol panel's exports, made on the page: once per envelope, target and settings (until
 * `forget`), with the target's export function loaded the first time a tab needs it
 * (target-exporters.ts). `pending` holds the loads, for the panel's `updateComplete`.
 */
export class PanelExports {
  readonly pending = new PendingWork();
  private exports = new WeakMap<Envelope, Map<string, ExportResult>>();

  /**
   * @param loaded - called when a load ends (the panel draws again)
   * @param loadFailed - the warning shown in place of an export whose code could not be loaded
   */
  constructor(
    private readonly loaded: () => void,
    private readonly loadFailed: (reason: string) => string,
  ) {}

  /** Forgets every export (the registry, the budget or the components changed). */
  forget() {
    this.exports = new WeakMap();
  }

  /** The export, or null while its code loads. */
  get(envelope: Envelope, target: ExportTarget, settings: ExportSettings): ExportResult | null {
    let byTarget = this.exports.get(envelope);
    if (!byTarget) this.exports.set(envelope, (byTarget = new Map()));
    const { components, maxSystemChars, registry } = settings;
    const key = components ? `${target}+components` : target;
    const made = byTarget.get(key);
    if (made) return made;
    const part = components ? composedExport : targetExporters[target];
    const exporter = part.get();
    if (!exporter) {
      // A load that fails leaves the reason in this export's place until `forget`, after which
      // the next export tries again.
      void this.pending.track(
        part
          .load()
          .catch((error: unknown) =>
            byTarget.set(key, noBody('load-failed', this.loadFailed(String(error)))),
          )
          .finally(this.loaded),
      );
      return null;
    }
    let result: ExportResult;
    try {
      result = exporter(envelope, {
        target,
        registry,
        ...(maxSystemChars === undefined ? {} : { maxSystemChars }),
        ...(components ? { components } : {}),
      });
    } catch (error) {
      // Only a host's broken registry gets here (the core never throws on envelope content).
      result = noBody(
        'segment-failed',
        `The segment registry failed: ${(error as Error)?.message ?? String(error)}`,
      );
    }
    byTarget.set(key, result);
    return result;
  }
}
