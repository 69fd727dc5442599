import type { Message } from '../../../core/protocol/types.js';
import type { ImportedConversation, ImportResult } from '../../../core/targets/import-body.js';
import { importSteps } from '../../../core/targets/import.js';
import type { EnvelopePart, ImportHead, ImportMessage } from './import-assembly.js';

/**
 * Reading a person's file (issue 17) off the main thread: the offload worker runs the core's
 * `importSteps` on the text, so one large JSON document (an array of 10,000 requests, an OTLP
 * trace of 50 MB) is parsed there, not in one blocking call on the page. The worker reports the
 * share read as it goes, then sends the envelopes back in parts of a few thousand segments,
 * each its own message: the page copies in each part in a task of its own, so taking the result
 * in never blocks it for long either. Where no worker can start, `importInSlices` reads the
 * text on the page, record by record, a few milliseconds at a time.
 */

/** Work done in one slice on the page before it gets its turn again (ms). */
const SLICE = 12;
/** How often the worker reports progress (ms): often enough for a smooth bar, not a flood. */
const PROGRESS_EVERY = 50;
/** What one part may weigh: a message counts 1, plus 1 per segment and per 1,000 characters. */
const PART_WEIGHT = 2_000;

function weightOf(message: Message): number {
  let weight = 1;
  for (const segment of message.segments) {
    const content = (segment as { content?: unknown }).content;
    weight += 1 + (typeof content === 'string' ? Math.floor(content.length / 1_000) : 0);
  }
  return weight;
}

/** In the worker: reads `text` and posts its progress, the envelopes in parts, then the rest. */
export function importInWorker(
  id: number,
  text: string,
  post: (message: ImportMessage) => void,
): void {
  const steps = importSteps(text);
  let next = performance.now() + PROGRESS_EVERY;
  let step = steps.next();
  while (!step.done) {
    if (performance.now() > next) {
      post({ type: 'import-progress', id, share: step.value });
      next = performance.now() + PROGRESS_EVERY;
    }
    step = steps.next();
  }
  const result = step.value;
  const envelopes = result.envelopes?.map((conversation) => conversation.envelope) ?? [];
  let envelopeAt: number | null = null;
  if (result.envelope) {
    envelopeAt = envelopes.indexOf(result.envelope);
    if (envelopeAt < 0) envelopeAt = envelopes.push(result.envelope) - 1;
  }
  let parts: EnvelopePart[] = [];
  let weight = 0;
  const flush = () => {
    post({ type: 'import-part', id, parts });
    parts = [];
    weight = 0;
  };
  for (const [index, envelope] of envelopes.entries()) {
    const { messages, ...head } = envelope;
    let part: EnvelopePart = { index, head, messages: [] };
    parts.push(part);
    weight += 1;
    for (const message of messages) {
      part.messages.push(message);
      weight += weightOf(message);
      if (weight >= PART_WEIGHT) {
        flush();
        part = { index, messages: [] };
        parts.push(part);
      }
    }
  }
  if (parts.some((part) => part.head || part.messages.length > 0)) flush();
  // The envelopes went in the parts; the rest is small.
  const head: ImportHead = { ...result, envelopeAt, sent: envelopes.length };
  delete (head as Partial<ImportResult>).envelope;
  if (result.envelopes)
    head.envelopes = result.envelopes.map((conversation) => {
      const shell: Partial<ImportedConversation> = { ...conversation };
      delete shell.envelope;
      return shell as Omit<ImportedConversation, 'envelope'>;
    });
  post({ type: 'imported', id, head });
}

/**
 * On the page: `importEnvelope` in slices of SLICE ms, the page's turn between them; resolves
 * undefined when `signal` aborts first. One JSON document is still parsed in one piece (its
 * records are then read in slices); JSON Lines are parsed line by line.
 */
export function importInSlices(
  text: string,
  options: { signal?: AbortSignal; onProgress?: (share: number) => void } = {},
): Promise<ImportResult | undefined> {
  const steps = importSteps(text);
  return new Promise((resolve) => {
    const slice = () => {
      if (options.signal?.aborted) return resolve(undefined);
      const until = performance.now() + SLICE;
      for (;;) {
        const step = steps.next();
        if (step.done) {
          options.onProgress?.(1);
          return resolve(step.value);
        }
        if (performance.now() > until) {
          options.onProgress?.(step.value);
          setTimeout(slice, 0);
          return;
        }
      }
    };
    slice();
  });
}
