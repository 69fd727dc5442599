/**
 * Issue 17's browser figure, for `npm run bench`: `<envelope-viewer>` opens a JSON Lines file of
 * 1,000 logged request/response pairs, lists them, searches them and shows one; and opens one
 * JSON document over the offload threshold (an array of 3,000 requests), which the offload
 * worker reads. Each step is timed from the call until what it drew is laid out, with the
 * longest main-thread task meanwhile (Chromium's Long Tasks API; 0 when none passed 50 ms).
 */
import type { EnvelopeViewer } from '../src/elements/envelope-viewer/envelope-viewer.component.js';
import { timeBlocking } from '../test/fixtures/hostile/drive.js';

export interface OpenStep {
  step: 'list' | 'search' | 'show' | 'large';
  duration: number;
  longestBlock: number;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function measure(
  step: OpenStep['step'],
  work: () => Promise<void>,
  steps: OpenStep[],
): Promise<void> {
  steps.push({ step, ...(await timeBlocking(work)) });
}

/** One line of the log: a request, its response and the time, as the recipes write them. */
function loggedPair(i: number, seed: number): string {
  return JSON.stringify({
    request: {
      model: i % 3 === 0 ? 'gpt-4o' : 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You sort support tickets into billing, bugs or other.' },
        {
          role: 'user',
          content: `Ticket ${seed}-${i}: ${'the app shows an error when I pay by card. '.repeat(12)}`,
        },
      ],
    },
    response: {
      object: 'chat.completion',
      model: 'gpt-4o-mini-2024-07-18',
      choices: [{ message: { role: 'assistant', content: i % 2 ? 'billing' : 'bugs' } }],
    },
    timestamp: 1_764_496_800 + i * 60,
  });
}

function largeArray(seed: number): string {
  return JSON.stringify(
    Array.from({ length: 3_000 }, (_, i) => ({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You answer questions about the manual.' },
        { role: 'user', content: `Question ${seed}-${i}: ${'how do I reset it? '.repeat(40)}` },
      ],
    })),
  );
}

async function settled(viewer: EnvelopeViewer, until: () => boolean): Promise<void> {
  const end = performance.now() + 60_000;
  while (!until() && performance.now() < end) await nextTask();
  await viewer.updateComplete;
  viewer.getBoundingClientRect();
}

/** Every element below `root`, through open shadow roots. */
function deepElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const element of node.querySelectorAll('*')) {
      found.push(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(root);
  return found;
}

/** Whether the viewer's chat (not its list of conversations) shows `text`. */
const chatShows = (viewer: EnvelopeViewer, text: string) => {
  const chat = deepElements(viewer.shadowRoot!).find((el) => el.localName === 'envelope-chat');
  if (!chat) return false;
  return [chat, ...deepElements(chat.shadowRoot ?? chat)].some((el) =>
    el.shadowRoot?.textContent?.includes(text),
  );
};

/** The four steps of the 1,000-conversation file, then the large document, in a fresh viewer. */
export async function openYourData(seed: number): Promise<OpenStep[]> {
  const box = document.createElement('div');
  box.style.cssText = 'width: 1280px; height: 900px; overflow: auto';
  document.body.append(box);
  const viewer = document.createElement('envelope-viewer') as EnvelopeViewer;
  viewer.openFiles = true;
  box.append(viewer);
  await viewer.updateComplete;
  const steps: OpenStep[] = [];
  const bar = () => viewer.shadowRoot!.querySelector('[part="files"]')!;
  const listed = () => bar().querySelectorAll<HTMLButtonElement>('[part="conversation"]');
  const lines = Array.from({ length: 1_000 }, (_, i) => loggedPair(i, seed)).join('\n');
  try {
    await measure(
      'list',
      async () => {
        await viewer.openFile(lines, 'tickets.jsonl');
        await settled(viewer, () => listed().length === 200);
      },
      steps,
    );
    const wanted = `Ticket ${seed}-977:`;
    await measure(
      'search',
      async () => {
        const search = bar().querySelector<HTMLInputElement>('[part="search"]')!;
        search.value = wanted.toLowerCase();
        search.dispatchEvent(new Event('input'));
        await settled(viewer, () => listed().length === 1);
      },
      steps,
    );
    await measure(
      'show',
      async () => {
        listed()[0]!.click();
        await settled(viewer, () => chatShows(viewer, wanted));
      },
      steps,
    );
    const large = largeArray(seed);
    await measure(
      'large',
      async () => {
        await viewer.openFile(large, 'questions.json');
        await settled(viewer, () => chatShows(viewer, `Question ${seed}-0:`));
      },
      steps,
    );
  } finally {
    box.remove();
  }
  return steps;
}
