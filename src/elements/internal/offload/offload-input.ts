/** What `offload()` takes and gives (offload.ts), apart so that the client can name it too. */
import type { Envelope } from '../../../core/protocol/types.js';
import type { ImportResult } from '../../../core/targets/import-body.js';
import type { OffloadJob, OffloadResults } from './offload-jobs.js';

/** Reads a file's text on the page, in slices; undefined when aborted. */
type ReadOnPage = (
  text: string,
  options: { signal?: AbortSignal; onProgress?: (share: number) => void },
) => Promise<ImportResult | undefined>;

/** A job as an element asks for it: envelopes as objects. */
export type OffloadInput =
  | (Omit<Extract<OffloadJob, { type: 'export' }>, 'envelope'> & { envelope: Envelope })
  | { type: 'raw'; envelope: Envelope }
  | {
      type: 'measure';
      envelope: Envelope;
      target: Extract<OffloadJob, { type: 'measure' }>['target'];
    }
  | { type: 'search'; envelope: Envelope; query: string; limit?: number }
  | { type: 'diff'; before: Envelope; after: Envelope }
  | (Omit<Extract<OffloadJob, { type: 'compose' }>, 'envelope'> & { envelope: Envelope })
  | {
      type: 'natives';
      envelope: Envelope;
      target: Extract<OffloadJob, { type: 'natives' }>['target'];
    }
  /**
   * A file's text, read by the core's `importEnvelope` (offload-import.ts); where no worker can
   * start, by `readOnPage` (`importInSlices`: the caller brings it, so that the elements that
   * offload other work do not carry the import readers).
   */
  | { type: 'import'; text: string; readOnPage: ReadOnPage };

/** What each job gives back. */
export interface OffloadInputResults extends OffloadResults {
  import: ImportResult;
}

export interface OffloadOptions {
  /** Aborting drops the job; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The share done, 0 … 1: sending the envelope is most of what can be counted. */
  onProgress?: (share: number) => void;
}
