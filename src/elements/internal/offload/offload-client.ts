/**
 * The offload client (see offload.ts): the worker, the queue of jobs, the envelopes sent in
 * parts. Loaded with the first job, so that a page that never has a large envelope does not
 * carry it (offload-client-load.ts).
 */

import type { Envelope, Segment } from '../../../core/protocol/types.js';
import type { EnvelopeDiffResult } from '../../../core/insight/diff.js';
import type { ImportResult } from '../../../core/targets/import-body.js';
import { ImportAssembly, type ImportMessage } from './import-assembly.js';
import { attachDiff } from './offload-diff.js';
import { unpackMeasure, type PackedMeasure } from './offload-measure.js';
import type { OffloadJob, OffloadResult } from './offload-jobs.js';
import { loadOffloadJobs } from './offload-jobs-load.js';
import type { FromWorker, MessagePart, ToWorker } from './offload-worker.js';
import type { OffloadInput, OffloadInputResults, OffloadOptions } from './offload-input.js';

type AnyResult = OffloadResult | ImportResult;

/**
 * What one part sent to the worker may weigh: a segment or message counts 1, and 1 more per
 * 1,000 characters of its text, so that a part is a few milliseconds of copying (2,000 short
 * segments, or 2 MB of text; a single longer text goes alone).
 */
const PART_SIZE = 2_000;

/** A segment's weight in a part (see PART_SIZE), from its main text only: a cheap estimate. */
function weightOf(segment: Segment): number {
  const content = (segment as { content?: unknown }).content;
  return 1 + (typeof content === 'string' ? Math.floor(content.length / 1_000) : 0);
}
/** Envelopes the worker keeps: the panel's and the meter's, a diff's two, and one spare. */
const HELD = 4;

interface Task {
  input: OffloadInput;
  options: OffloadOptions;
  resolve(result: AnyResult): void;
  reject(reason: unknown): void;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

function aborted(task: Task): boolean {
  if (!task.options.signal?.aborted) return false;
  task.reject(task.options.signal.reason);
  return true;
}

/** The jobs on envelopes (every one but `import`). */
type EnvelopeInput = Exclude<OffloadInput, { type: 'import' }>;

const inputEnvelopes = (input: EnvelopeInput): Envelope[] =>
  input.type === 'diff' ? [input.before, input.after] : [input.envelope];

class OffloadClient {
  /** null: no worker can be used on this page; undefined: not started (yet, or since a stop). */
  private worker: Worker | null | undefined;
  private workerReady = false;
  private readonly ids = new WeakMap<Envelope, number>();
  private nextId = 1;
  /** Ids of the envelopes the running worker holds, least recently used first. */
  private held: number[] = [];
  private readonly queue: Task[] = [];
  private current?: {
    task: Task;
    settle?: (message: FromWorker | 'stopped') => void;
    /** An import's progress and parts, before its last message. */
    receive?: (message: ImportMessage) => void;
  };

  run(input: OffloadInput, options: OffloadOptions): Promise<AnyResult> {
    return new Promise((resolve, reject) => {
      const task: Task = { input, options, resolve, reject };
      options.signal?.addEventListener('abort', () => this.onAbort(task), { once: true });
      this.queue.push(task);
      if (!this.current) void this.drain();
    });
  }

  private onAbort(task: Task) {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      task.reject(task.options.signal!.reason);
    } else if (this.current?.task === task && this.current.settle) {
      // The worker is busy with a job nobody wants any more: stop it; the next job starts a new one.
      this.stopWorker();
      this.current.settle('stopped');
    }
  }

  private async drain() {
    while (this.queue.length > 0) {
      const task = this.queue.shift()!;
      if (aborted(task)) continue;
      this.current = { task };
      try {
        const result = await this.runTask(task);
        if (result !== undefined && !aborted(task)) task.resolve(result);
      } catch (error) {
        task.reject(error);
      }
      this.current = undefined;
    }
  }

  /** The result, or undefined when the task was aborted (and already rejected). */
  private async runTask(task: Task): Promise<AnyResult | undefined> {
    const worker = this.startWorker();
    if (worker) {
      const outcome =
        task.input.type === 'import'
          ? await this.importInWorker(worker, task, task.input.text)
          : await this.inWorker(worker, task, task.input);
      if (outcome !== 'unavailable') return outcome;
    }
    return this.onMainThread(task);
  }

  private async onMainThread(task: Task): Promise<AnyResult | undefined> {
    // Paint the busy state first, and let a newer request supersede this one meanwhile.
    await nextTask();
    if (aborted(task)) return undefined;
    if (task.input.type === 'import') {
      const result = await task.input.readOnPage(task.input.text, task.options);
      return aborted(task) ? undefined : result;
    }
    const local = new Map<number, Envelope>();
    const job = this.jobFor(task.input, (envelope) => {
      const id = this.idOf(envelope);
      local.set(id, envelope);
      return id;
    });
    const { runOffloadJob } = await loadOffloadJobs();
    if (aborted(task)) return undefined;
    const result = runOffloadJob(job, (id) => local.get(id)!);
    task.options.onProgress?.(1);
    return result;
  }

  private async inWorker(
    worker: Worker,
    task: Task,
    input: EnvelopeInput,
  ): Promise<OffloadResult | undefined | 'unavailable'> {
    const envelopes = inputEnvelopes(input);
    const stopped = () => {
      if (aborted(task)) return undefined;
      if (this.worker === null) return 'unavailable' as const;
      throw new Error('The offload worker stopped.');
    };
    let job: ToWorker;
    try {
      for (const [nth, envelope] of envelopes.entries()) {
        const sent = await this.send(worker, envelope, task, nth, envelopes.length);
        if (sent === 'aborted') return void aborted(task);
        if (sent === 'stopped') return stopped();
      }
      job = { type: 'job', id: this.nextId++, job: this.jobFor(input, (e) => this.idOf(e)) };
      // Throws for what the structured clone cannot copy (a value nested beyond its stack).
      worker.postMessage(job);
    } catch {
      return 'unavailable';
    }
    const answer = await new Promise<FromWorker | 'stopped'>((settle) => {
      this.current = { task, settle };
    });
    if (answer === 'stopped') return stopped();
    if (answer.type === 'failed') throw new Error(answer.message);
    if (answer.type !== 'result' || answer.id !== job.id) return 'unavailable';
    task.options.onProgress?.(1);
    if (input.type === 'diff')
      attachDiff(answer.result as EnvelopeDiffResult, input.before, input.after);
    if (input.type === 'measure') return unpackMeasure(answer.result as PackedMeasure);
    return answer.result as OffloadResult;
  }

  /** A file's text read in the worker; its progress and the envelopes come in several messages. */
  private async importInWorker(
    worker: Worker,
    task: Task,
    text: string,
  ): Promise<ImportResult | undefined | 'unavailable'> {
    const id = this.nextId++;
    const assembly = new ImportAssembly();
    task.options.onProgress?.(0);
    try {
      worker.postMessage({ type: 'import', id, text } satisfies ToWorker);
    } catch {
      return 'unavailable';
    }
    const answer = await new Promise<ImportResult | FromWorker | 'stopped'>((settle) => {
      this.current = {
        task,
        settle,
        receive: (message) => {
          if (message.id !== id) return;
          try {
            const result = assembly.receive(message, task.options.onProgress);
            if (result) settle(result);
          } catch (error) {
            settle({ type: 'failed', id, message: (error as Error).message });
          }
        },
      };
    });
    if (answer === 'stopped') {
      if (aborted(task)) return undefined;
      if (this.worker === null) return 'unavailable';
      throw new Error('The offload worker stopped.');
    }
    if ('type' in answer) {
      if (answer.type === 'failed') throw new Error(answer.message);
      return 'unavailable';
    }
    return answer;
  }

  /** Sends `envelope` unless the worker holds it: parts of PART_SIZE segments, a yield between. */
  private async send(
    worker: Worker,
    envelope: Envelope,
    task: Task,
    /** This is envelope `nth` of the `of` the job needs (for the progress). */
    nth: number,
    of: number,
  ): Promise<'sent' | 'aborted' | 'stopped'> {
    const id = this.idOf(envelope);
    const at = this.held.indexOf(id);
    if (at >= 0) {
      this.held.splice(at, 1);
      this.held.push(id);
      return 'sent';
    }
    const { messages, ...head } = envelope;
    worker.postMessage({
      type: 'envelope',
      id,
      head,
      messages: messages.length,
    } satisfies ToWorker);
    let total = 0;
    for (const message of messages) {
      total += 1;
      for (const segment of message.segments) total += weightOf(segment);
    }
    let done = 0;
    let parts: MessagePart[] = [];
    let size = 0;
    const flush = async () => {
      worker.postMessage({ type: 'part', id, parts } satisfies ToWorker);
      done += size;
      parts = [];
      size = 0;
      task.options.onProgress?.(((nth + Math.min(1, done / total)) / of) * 0.9);
      await nextTask();
      if (this.worker !== worker) return 'stopped' as const;
      return task.options.signal?.aborted ? ('aborted' as const) : null;
    };
    for (let index = 0; index < messages.length; index++) {
      const { segments, ...shell } = messages[index]!;
      let from = 0;
      do {
        // As many segments as the part has room for, at least one.
        let to = from;
        let weight = 1;
        while (to < segments.length && (to === from || size + weight < PART_SIZE))
          weight += weightOf(segments[to++]!);
        const slice = segments.slice(from, to);
        parts.push(from === 0 ? { index, shell, segments: slice } : { index, segments: slice });
        size += weight;
        from = to;
        if (size >= PART_SIZE) {
          const stop = await flush();
          if (stop) return stop;
        }
      } while (from < segments.length);
    }
    if (parts.length > 0) {
      const stop = await flush();
      if (stop) return stop;
    }
    this.held.push(id);
    if (this.held.length > HELD) {
      worker.postMessage({ type: 'forget', id: this.held.shift()! } satisfies ToWorker);
    }
    return 'sent';
  }

  private jobFor(input: EnvelopeInput, id: (envelope: Envelope) => number): OffloadJob {
    if (input.type === 'diff')
      return { type: 'diff', before: id(input.before), after: id(input.after) };
    return { ...input, envelope: id(input.envelope) } as OffloadJob;
  }

  private idOf(envelope: Envelope): number {
    let id = this.ids.get(envelope);
    if (id === undefined) this.ids.set(envelope, (id = this.nextId++));
    return id;
  }

  /** Where jobs run: in a worker (once one has started), on the main thread, or not known yet. */
  get mode(): 'worker' | 'main thread' | 'unknown' {
    if (this.worker === null) return 'main thread';
    return this.workerReady ? 'worker' : 'unknown';
  }

  private startWorker(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    let worker: Worker;
    try {
      // Throws in the classic-script bundle (no import.meta) and where workers are refused.
      worker = new Worker(new URL('./offload-worker.js', import.meta.url), {
        type: 'module',
        name: 'prompt-envelope',
      });
    } catch {
      return (this.worker = null);
    }
    this.worker = worker;
    this.workerReady = false;
    this.held = [];
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'ready') this.workerReady = true;
      else if (event.data.type.startsWith('import'))
        this.current?.receive?.(event.data as ImportMessage);
      else this.current?.settle?.(event.data);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      // Failing to load (CSP, file://, a server without the file) means no worker on this page;
      // an error after it loaded stops only this one.
      const usable = this.workerReady;
      this.stopWorker();
      if (!usable) this.worker = null;
      this.current?.settle?.('stopped');
    });
    return worker;
  }

  private stopWorker() {
    this.worker?.terminate();
    this.worker = undefined;
    this.held = [];
  }
}

let client: OffloadClient | undefined;

/**
 * Runs `input` off the main thread (or, where that is impossible, on it after a yield) and
 * resolves with the core's result; rejects with the abort reason when `signal` aborts first.
 */
export function runOffload<K extends OffloadInput['type']>(
  input: Extract<OffloadInput, { type: K }>,
  options: OffloadOptions = {},
): Promise<OffloadInputResults[K]> {
  client ??= new OffloadClient();
  return client.run(input, options) as Promise<OffloadInputResults[K]>;
}

/** Where offloaded jobs run on this page (for diagnostics and tests). */
export function offloadMode(): 'worker' | 'main thread' | 'unknown' {
  return client?.mode ?? 'unknown';
}
