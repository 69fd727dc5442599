import type { Envelope, Message, Segment } from '../../../core/protocol/types.js';
import type { EnvelopeDiffResult } from '../../../core/insight/diff.js';
import type { ImportMessage } from './import-assembly.js';
import { importInWorker } from './offload-import.js';
import { detachDiff } from './offload-diff.js';
import { runOffloadJob, type OffloadJob, type PanelView } from './offload-jobs.js';
import { packMeasure } from './offload-measure.js';
import { packText } from './offload-text.js';
import type { MeasureResult } from '../../../core/insight/measure-result.js';

/**
 * The offload worker (issue 20): a module worker that holds the envelopes the page sent it (in
 * parts, see offload.ts) and runs the jobs of offload-jobs.ts on them, one at a time, and reads
 * the viewer's large files (offload-import.ts). It never
 * touches a DOM. Loaded from its own same-origin file, so `worker-src 'self'` allows it.
 */

/** What the page sends. */
export type ToWorker =
  | { type: 'envelope'; id: number; head: Omit<Envelope, 'messages'>; messages: number }
  /** Messages (or more segments of the last one) of envelope `id`, in order. */
  | { type: 'part'; id: number; parts: MessagePart[] }
  | { type: 'forget'; id: number }
  | { type: 'job'; id: number; job: OffloadJob }
  /** A file's text to read with the core's import (offload-import.ts). */
  | { type: 'import'; id: number; text: string };

/** A message's fields without segments (the first part of it), and some of its segments. */
export interface MessagePart {
  index: number;
  shell?: Omit<Message, 'segments'>;
  segments: Segment[];
}

/** What the worker answers. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'failed'; id: number; message: string }
  | ImportMessage;

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const envelopes = new Map<number, Envelope>();

const envelopeById = (id: number): Envelope => {
  const envelope = envelopes.get(id);
  if (!envelope) throw new Error(`envelope ${id} was not sent`);
  return envelope;
};

scope.addEventListener('message', (event) => {
  const data = event.data;
  switch (data.type) {
    case 'envelope':
      envelopes.set(data.id, { ...data.head, messages: new Array<Message>(data.messages) });
      return;
    case 'part': {
      const messages = envelopes.get(data.id)?.messages;
      if (!messages) return;
      for (const part of data.parts) {
        if (part.shell)
          messages[part.index] = { ...part.shell, segments: part.segments } as Message;
        else messages[part.index]?.segments.push(...part.segments);
      }
      return;
    }
    case 'forget':
      envelopes.delete(data.id);
      return;
    case 'job':
      try {
        const result = runOffloadJob(data.job, envelopeById);
        if (data.job.type === 'measure') {
          const { measure, transfer } = packMeasure(result as MeasureResult);
          scope.postMessage({ type: 'result', id: data.id, result: measure }, transfer);
          return;
        }
        if (data.job.type === 'export' || data.job.type === 'raw') {
          const view = result as PanelView;
          const { text, transfer } = packText(view.text as string);
          scope.postMessage({ type: 'result', id: data.id, result: { ...view, text } }, transfer);
          return;
        }
        scope.postMessage({
          type: 'result',
          id: data.id,
          result: data.job.type === 'diff' ? detachDiff(result as EnvelopeDiffResult) : result,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        scope.postMessage({ type: 'failed', id: data.id, message });
      }
      return;
    case 'import':
      try {
        importInWorker(data.id, data.text, (message) => scope.postMessage(message));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        scope.postMessage({ type: 'failed', id: data.id, message });
      }
  }
});

scope.postMessage({ type: 'ready' });
