import type { Envelope } from '../../../core/protocol/types.js';
import { loadOffloadClient } from './offload-client-load.js';
import type { OffloadInput, OffloadInputResults, OffloadOptions } from './offload-input.js';
import { onDemand } from '../loading/on-demand.js';

export type { OffloadInput, OffloadInputResults, OffloadOptions } from './offload-input.js';

/**
 * Heavy work off the main thread (issue 20). Elements hand a large envelope's exports,
 * measurement, search and diff to `offload()`: a module worker (offload-worker.ts, its own
 * same-origin file: CSP `worker-src 'self'`, never a blob: URL) runs them while the page stays
 * responsive. The envelope goes over in parts of a few thousand segments, with a yield between
 * parts, since copying 100,000 messages at once would itself block the page; the worker keeps
 * the last few envelopes, so the panel's seven tabs send it once. The viewer's large files go
 * the other way: the `import` job sends the text and gets the envelopes back in parts
 * (offload-import.ts).
 *
 * Where no worker can start (a CSP without 'self' for workers, file://, the classic-script
 * bundle, SSR), the job runs on the main thread after a yield, one core call per job, so the
 * busy state is painted first and a newer request can still supersede it; an import runs in
 * slices of a few milliseconds.
 *
 * A newer request supersedes an older one through its AbortSignal: a queued job is dropped, a
 * running one stops with its worker (which starts again for the next job).
 */

/**
 * Characters (strings and keys, plus a few per value) beyond which an envelope counts as large.
 * Below it everything stays synchronous, as before: 10,000 short messages (about 1.3 million)
 * export in about 40 ms and search in 10 ms, measured in Node on a 2-core machine.
 */
export const OFFLOAD_THRESHOLD = 2_000_000;

/**
 * What each key of an object of WIDE_KEYS keys or more counts for: such an object costs more
 * per key than its characters say (validation, export, search and the chat each list its keys
 * again). Tool-call arguments of 100,000 keys counted 1.3 million, under OFFLOAD_THRESHOLD, and
 * blocked the viewer's page for 1.2 s in the protocol panel alone; they now count 3.3 million.
 */
const WIDE_KEYS = 1_000;
const WIDE_KEY_COST = 20;

/**
 * About how large `value` is: the characters of its strings and keys, plus 4 per other value
 * (see OFFLOAD_THRESHOLD) and WIDE_KEY_COST per key of a wide object. Counting stops once past
 * `limit`: a list of a million values, or an object of 100,000 keys, past it by its length
 * alone is not visited.
 */
export function inputSize(value: unknown, limit = OFFLOAD_THRESHOLD): number {
  let count = 0;
  const stack: object[] = [];
  const seen = new Set<object>();
  // Strings and numbers are counted where they are found; only objects go on the stack.
  const add = (item: unknown) => {
    if (typeof item === 'string') count += item.length;
    else {
      count += 4;
      if (item !== null && typeof item === 'object' && !seen.has(item)) {
        seen.add(item);
        stack.push(item);
      }
    }
  };
  add(value);
  while (stack.length > 0 && count <= limit) {
    const item = stack.pop()!;
    const keys = Array.isArray(item) ? null : Object.keys(item);
    const length = keys ? keys.length : (item as unknown[]).length;
    if (length >= WIDE_KEYS && keys) count += length * WIDE_KEY_COST;
    if (count + length * 4 > limit) return count + length * 4;
    if (keys)
      for (const key of keys) {
        count += key.length;
        add((item as Record<string, unknown>)[key]);
      }
    else for (const inner of item as unknown[]) add(inner);
  }
  return count;
}

/** Whether `value` is larger than `limit` (see OFFLOAD_THRESHOLD). */
export const isLargeInput = (value: unknown, limit = OFFLOAD_THRESHOLD): boolean =>
  inputSize(value, limit) > limit;

/**
 * Measuring costs more per value than the other jobs (each one is rendered and counted in
 * tokens: tool-call arguments of 100,000 keys, about 1.3 million characters and keys, took 0.24 s on
 * the page), so envelopes are measured off the main thread from this size on.
 */
export const MEASURE_OFFLOAD_THRESHOLD = 500_000;

/** inputSize of each envelope, counted once per envelope object. */
const sizes = new WeakMap<Envelope, number>();
const sizeOf = (envelope: Envelope): number => {
  let size = sizes.get(envelope);
  if (size === undefined) sizes.set(envelope, (size = inputSize(envelope)));
  return size;
};

/** Whether an envelope is large (OFFLOAD_THRESHOLD): its jobs go to the offload worker. */
export const isLargeEnvelope = (envelope: Envelope): boolean =>
  sizeOf(envelope) > OFFLOAD_THRESHOLD;

/** Whether an envelope is measured off the main thread (MEASURE_OFFLOAD_THRESHOLD). */
export const isLargeToMeasure = (envelope: Envelope): boolean =>
  sizeOf(envelope) > MEASURE_OFFLOAD_THRESHOLD;

const client = onDemand(loadOffloadClient);

/**
 * Runs `input` off the main thread (or, where that is impossible, on it after a yield) and
 * resolves with the core's result; rejects with the abort reason when `signal` aborts first.
 * The client loads with the first job (offload-client.ts).
 */
export function offload<K extends OffloadInput['type']>(
  input: Extract<OffloadInput, { type: K }>,
  options: OffloadOptions = {},
): Promise<OffloadInputResults[K]> {
  return client.load().then(({ runOffload }) => runOffload(input, options));
}

/** Where offloaded jobs run on this page (for diagnostics and tests). */
export function offloadMode(): 'worker' | 'main thread' | 'unknown' {
  return client.get()?.offloadMode() ?? 'unknown';
}
