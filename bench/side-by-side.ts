/**
 * The side-by-side section of `npm run bench`: our elements, vanilla (marked + DOMPurify into a
 * div per message) and deep-chat drawing the same Markdown messages (bench/data.ts), in one run,
 * interleaved, each figure the median of its rounds. Ours is what a page gets from the built
 * package (`dist/`, so `npm run build` first): the one-file bundle, and for startup also the
 * code-split build's autoloader; deep-chat is its published bundle from node_modules. Every page
 * is served from localhost (gzip, no cache), and every request off localhost is counted and
 * fails (the browser resolves no other host).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright';
import { deepChatHistory, endToken, envelopeOf, markdownMessages } from './data.js';
import type { Contestant } from './side-by-side-page.js';

const ROUNDS = 7;
const SIZES = [100, 1000, 10_000] as const;
const SWEEP_MS = 3000;
const CONTESTANTS: Contestant[] = ['ours', 'vanilla', 'deep-chat'];
const STARTUPS = ['ours-bundle', 'ours-autoloader', 'vanilla', 'deep-chat'] as const;
type Startup = (typeof STARTUPS)[number];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

/** One row of the table: the median of each contestant, ours against the two others. */
export interface SideBySideRow {
  measure: string;
  unit: string;
  ours: number;
  vanilla: number;
  deepChat: number;
  /** The issue's goals for ours / vanilla and ours / deep-chat, where it sets one. */
  goals: { vanilla?: number; deepChat?: number };
}

/** A streaming figure of one or more contestants, and the goal that ours is held to. */
export interface StreamingRow {
  measure: string;
  unit: string;
  /** Each measured contestant's median; with `of`, the same contestant's figure it is divided by. */
  figures: Partial<Record<'ours' | 'vanilla' | 'deepChat', { value: number; of?: number }>>;
  /** Ours's goal: on ours / another contestant (`against`), else on ours / `of`, else on ours. */
  goal: { atMost?: number; atLeast?: number; against?: 'vanilla' | 'deepChat' };
  /** What the goal is checked on (a ratio, or ours's figure), and whether it is met. */
  checked: number;
  met: boolean;
}

export interface SideBySide {
  date: string;
  rounds: number;
  rows: SideBySideRow[];
  notes: string[];
  /** Issue 52's streaming measures (bench/side-by-side-page.ts: `perToken` … `afterMessages`). */
  streaming: Streaming;
}

/** The streaming measures, run with the rest or alone (`npm run bench -- --streaming`). */
export interface Streaming {
  date: string;
  rounds: number;
  rows: StreamingRow[];
  notes: string[];
}

/** The scripts each page loads, built or read once: path → [gzip body, content type]. */
async function assets(): Promise<Map<string, [Buffer, string]>> {
  const common = {
    bundle: true,
    minify: true,
    format: 'esm' as const,
    target: 'es2022',
    conditions: ['production'],
    logLevel: 'warning' as const,
    write: false,
  };
  const [page, vanilla] = await Promise.all([
    build({ ...common, entryPoints: ['bench/side-by-side-page.ts'] }),
    build({ ...common, entryPoints: ['bench/side-by-side-vanilla.ts'] }),
  ]);
  const js = (bytes: Uint8Array): [Buffer, string] => [
    gzipSync(bytes, { level: 9 }),
    'text/javascript',
  ];
  return new Map([
    ['/side.js', js(page.outputFiles![0]!.contents)],
    ['/vanilla.js', js(vanilla.outputFiles![0]!.contents)],
    ['/deep-chat.js', js(readFileSync('node_modules/deep-chat/dist/deepChat.bundle.js'))],
  ]);
}

const LIBRARY: Record<Contestant, string> = {
  ours: '/dist/prompt-envelope.js',
  vanilla: '/vanilla.js',
  'deep-chat': '/deep-chat.js',
};

/** The harness page of one contestant: its code, then the harness (bench/side-by-side-page.ts). */
const harnessPage = (contestant: Contestant) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><body style="margin:0">
<script type="module" src="${LIBRARY[contestant]}"></script>
<script type="module" src="/side.js"></script></body></html>`;

/**
 * A page as an app would write it, showing 10 messages, with a probe first: after the layout of
 * every frame (a ResizeObserver on a box resized each frame) it looks for the last message's
 * text, shadow roots included (not in scripts: the page's own holds the messages); in the first
 * frame that has it, the time is taken in the task after that frame, once it is painted.
 */
function startupPage(startup: Startup): string {
  const messages = markdownMessages(10, 0);
  const token = endToken(0, 9);
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const probe = `(() => {
  const has = (node) => {
    if (node.nodeType === 3 && node.nodeValue.includes(${json(token)})) return true;
    if (node.nodeName === 'SCRIPT') return false;
    for (let c = node.firstChild; c; c = c.nextSibling) if (has(c)) return true;
    return node.shadowRoot ? has(node.shadowRoot) : false;
  };
  const marker = document.createElement('i');
  marker.style.cssText = 'position:fixed;top:0;left:0;height:1px;width:1px;visibility:hidden';
  document.body.append(marker);
  let shown = false;
  const observer = new ResizeObserver(() => {
    if (shown || !has(document.body)) return;
    shown = true;
    observer.disconnect();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { window.shownAt = performance.now(); };
    channel.port2.postMessage(0);
  });
  observer.observe(marker);
  const tick = () => {
    if (shown) return;
    marker.style.width = marker.style.width === '1px' ? '2px' : '1px';
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
  let body: string;
  if (startup === 'ours-bundle' || startup === 'ours-autoloader') {
    const src = startup === 'ours-bundle' ? LIBRARY.ours : '/dist/split/autoloader.js';
    body = `<div style="width:900px;height:800px;overflow:auto"><envelope-chat></envelope-chat></div>
<script type="module" src="${src}"></script>
<script type="module">document.querySelector('envelope-chat').envelope = ${json(envelopeOf(messages))};</script>`;
  } else if (startup === 'vanilla') {
    body = `<div id="chat" style="width:900px;height:800px;overflow:auto"></div>
<script type="module" src="${LIBRARY.vanilla}"></script>
<script type="module">
for (const m of ${json(messages)}) {
  const div = document.createElement('div');
  div.className = 'message ' + m.role;
  div.innerHTML = window.vanillaHtml(m.text);
  document.getElementById('chat').append(div);
}
</script>`;
  } else {
    body = `<deep-chat style="display:block;width:900px;height:800px;font-family:system-ui,sans-serif"></deep-chat>
<script type="module" src="${LIBRARY['deep-chat']}"></script>
<script type="module">
const chat = document.querySelector('deep-chat');
chat.connect = { url: '/chat' };
chat.history = ${json(deepChatHistory(messages))};
</script>`;
  }
  return `<!doctype html>
<html lang="en"><meta charset="utf-8"><body style="margin:0"><script>${probe}</script>
${body}</body></html>`;
}

function serve(files: Map<string, [Buffer, string]>) {
  const dist = new Map<string, Buffer>();
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    response.setHeader('cache-control', 'no-store');
    const page = /^\/page\/(ours|vanilla|deep-chat)$/.exec(path)?.[1] as Contestant | undefined;
    const startup = /^\/startup\/([a-z-]+)$/.exec(path)?.[1] as Startup | undefined;
    if (page) return void response.setHeader('content-type', 'text/html').end(harnessPage(page));
    if (startup && STARTUPS.includes(startup))
      return void response.setHeader('content-type', 'text/html').end(startupPage(startup));
    let file = files.get(path);
    if (!file && /^\/dist\/[\w/.-]+\.js$/.test(path) && !path.includes('..')) {
      try {
        if (!dist.has(path)) dist.set(path, gzipSync(readFileSync(path.slice(1)), { level: 9 }));
        file = [dist.get(path)!, 'text/javascript'];
      } catch {
        file = undefined;
      }
    }
    if (!file) return void response.writeHead(path === '/favicon.ico' ? 204 : 404).end();
    response.setHeader('content-type', file[1]);
    response.setHeader('content-encoding', 'gzip');
    response.end(file[0]);
  }).listen(0, '127.0.0.1');
}

/**
 * The harness pages served from localhost, and a browser context and a page of one contestant
 * (its code loaded) whenever asked; `outside` collects every request off localhost.
 */
export async function harness(browser: Browser) {
  const server = serve(await assets());
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const outside: string[] = [];
  const context = async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    c.on('request', (r) => {
      if (!r.url().startsWith(origin)) outside.push(r.url());
    });
    return c;
  };
  /** A fresh page of one contestant, its code loaded. */
  const open = async (c: BrowserContext, contestant: Contestant) => {
    const page = await c.newPage();
    await page.goto(`${origin}/page/${contestant}`);
    await page.waitForFunction(() => 'side' in window);
    await page.evaluate((who) => window.side.ready(who), contestant);
    return page;
  };
  return { origin, outside, context, open, close: () => server.close() };
}

/** Measures everything; `log` reports progress (the section takes a few minutes). */
export async function sideBySide(
  browser: Browser,
  log: (line: string) => void,
  rounds = ROUNDS,
): Promise<SideBySide> {
  const load = [loadavg()[0]!];
  const { origin, outside, context, open, close } = await harness(browser);

  const draws = Object.fromEntries(
    CONTESTANTS.map((c) => [c, Object.fromEntries(SIZES.map((n) => [n, [] as number[]]))]),
  ) as Record<Contestant, Record<number, number[]>>;
  const nodes = {} as Record<Contestant, { nodes: number; elements: number; shadowRoots: number }>;
  const heap = Object.fromEntries(CONTESTANTS.map((c) => [c, [] as number[]])) as Record<
    Contestant,
    number[]
  >;
  const blink = Object.fromEntries(CONTESTANTS.map((c) => [c, [] as number[]])) as Record<
    Contestant,
    number[]
  >;
  const sweep = Object.fromEntries(CONTESTANTS.map((c) => [c, [] as number[]])) as Record<
    Contestant,
    number[]
  >;
  const longest = Object.fromEntries(CONTESTANTS.map((c) => [c, 0])) as Record<Contestant, number>;
  /** Ours as an `<envelope-chat>` of 10,000 messages: until its first messages are drawn. */
  const firstPaints: number[] = [];

  // A warm-up round, not counted: the browser's own caches and first-use costs.
  for (const contestant of CONTESTANTS) {
    const c = await context();
    const page = await open(c, contestant);
    await page.evaluate((who) => window.side.draw(who, 100, 999), contestant);
    await c.close();
  }

  for (let round = 0; round < rounds; round++) {
    // Each round starts with another contestant: no side always runs first or last.
    const order = CONTESTANTS.map((_, i) => CONTESTANTS[(i + round) % CONTESTANTS.length]!);
    for (const contestant of order) {
      const c = await context();
      const page = await open(c, contestant);
      const cdp = await c.newCDPSession(page);
      const collect = () => cdp.send('HeapProfiler.collectGarbage');
      for (const count of SIZES) {
        await collect();
        const seed = round * 10 + SIZES.indexOf(count);
        const ms = await page.evaluate(([who, n, s]) => window.side.draw(who, n, s), [
          contestant,
          count,
          seed,
        ] as const);
        const found = await page.evaluate(([n, s]) => window.side.check(n, s), [count, seed]);
        if (found !== count)
          throw new Error(`${contestant} drew ${found} of ${count} messages: no figure.`);
        draws[contestant][count]!.push(ms);
        if (count === 1000) nodes[contestant] = await page.evaluate(() => window.side.nodes());
        if (count === 10_000) {
          await collect();
          // V8's heap (what JavaScript holds); Blink's own heap (DOM, style) apart.
          const usage = (await cdp.send('Runtime.getHeapUsage')) as {
            usedSize: number;
            embedderHeapUsedSize?: number;
          };
          heap[contestant].push(usage.usedSize);
          blink[contestant].push(usage.embedderHeapUsedSize ?? NaN);
          const { durations: frames, firstPaint } = await page.evaluate(
            ([who, n, s, t]) => window.side.sweep(who, n, s, t),
            [contestant, count, seed, SWEEP_MS] as const,
          );
          if (firstPaint !== undefined) firstPaints.push(firstPaint);
          sweep[contestant].push(percentile(frames, 0.95));
          longest[contestant] = Math.max(longest[contestant], ...frames);
        }
      }
      await c.close();
    }
    log(`side by side: round ${round + 1} of ${rounds} drawn`);
  }

  const stream = await streaming(context, open, rounds, log);

  // Startup: each load in a fresh browser context (empty caches), the four pages in turn.
  const startups = Object.fromEntries(STARTUPS.map((s) => [s, [] as number[]])) as Record<
    Startup,
    number[]
  >;
  const paints = Object.fromEntries(STARTUPS.map((s) => [s, [] as number[]])) as Record<
    Startup,
    number[]
  >;
  const scripts = Object.fromEntries(STARTUPS.map((s) => [s, 0])) as Record<Startup, number>;
  for (let round = 0; round < rounds + 1; round++) {
    const order = STARTUPS.map((_, i) => STARTUPS[(i + round) % STARTUPS.length]!);
    for (const startup of order) {
      const c = await context();
      const page = await c.newPage();
      await page.goto(`${origin}/startup/${startup}`);
      const shown = await (
        await page.waitForFunction(() => (window as { shownAt?: number }).shownAt)
      ).jsonValue();
      // Paint entries come once the frame is presented, which can be after the probe's task.
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve(NaN), 5000);
          }),
      );
      const requested = await page.evaluate(
        (until) =>
          performance
            .getEntriesByType('resource')
            .filter((e) => e.name.endsWith('.js') && e.startTime < until).length,
        shown!,
      );
      await c.close();
      if (round === 0) continue; // warm-up
      startups[startup].push(shown!);
      paints[startup].push(fcp);
      scripts[startup] = requested;
    }
  }
  close();
  load.push(loadavg()[0]!);

  const mb = (bytes: number) => bytes / 1e6;
  const rows: SideBySideRow[] = [
    ...SIZES.map((n) => ({
      measure: `${n.toLocaleString('en')} messages all drawn`,
      unit: 'ms',
      ours: median(draws.ours[n]!),
      vanilla: median(draws.vanilla[n]!),
      deepChat: median(draws['deep-chat'][n]!),
      goals: n === 1000 ? { vanilla: 1.2, deepChat: 1 } : {},
    })),
    {
      measure: '10,000 messages, first paint: ours a chat (lazy), the others all drawn',
      unit: 'ms',
      ours: median(firstPaints),
      vanilla: median(draws.vanilla[10_000]!),
      deepChat: median(draws['deep-chat'][10_000]!),
      goals: { vanilla: 0.1 },
    },
    {
      measure: 'DOM nodes, 1,000 messages drawn',
      unit: 'nodes',
      ours: nodes.ours.nodes,
      vanilla: nodes.vanilla.nodes,
      deepChat: nodes['deep-chat'].nodes,
      goals: { vanilla: 1.5 },
    },
    {
      measure: 'JS heap, 10,000 messages drawn',
      unit: 'MB',
      ours: mb(median(heap.ours)),
      vanilla: mb(median(heap.vanilla)),
      deepChat: mb(median(heap['deep-chat'])),
      goals: { vanilla: 2 },
    },
    {
      measure: 'Blink heap (DOM, style), 10,000 messages drawn',
      unit: 'MB',
      ours: mb(median(blink.ours)),
      vanilla: mb(median(blink.vanilla)),
      deepChat: mb(median(blink['deep-chat'])),
      goals: {},
    },
    ...(['ours-bundle', 'ours-autoloader'] as const).map((ours) => ({
      measure: `Startup, 10 messages: ${ours === 'ours-bundle' ? 'one-file bundle' : 'autoloader'}`,
      unit: 'ms',
      ours: median(startups[ours]),
      vanilla: median(startups.vanilla),
      deepChat: median(startups['deep-chat']),
      goals: { deepChat: 1 },
    })),
    {
      measure: 'Sweep through 10,000 messages in 3 s: p95 frame',
      unit: 'ms',
      ours: median(sweep.ours),
      vanilla: median(sweep.vanilla),
      deepChat: median(sweep['deep-chat']),
      goals: { vanilla: 1.5 },
    },
  ];
  const fixed = (n: number) => n.toFixed(0);
  const notes = [
    `DOM nodes (elements / shadow roots): ours ${nodes.ours.elements} / ${nodes.ours.shadowRoots}, vanilla ${nodes.vanilla.elements} / ${nodes.vanilla.shadowRoots}, deep-chat ${nodes['deep-chat'].elements} / ${nodes['deep-chat'].shadowRoots}.`,
    `First contentful paint (median, ms): ours bundle ${fixed(median(paints['ours-bundle']))}, autoloader ${fixed(median(paints['ours-autoloader']))}, vanilla ${fixed(median(paints.vanilla))}, deep-chat ${fixed(median(paints['deep-chat']))}; scripts requested until shown: ${STARTUPS.map((s) => `${s} ${scripts[s]}`).join(', ')}.`,
    `Longest sweep frame (ms): ${CONTESTANTS.map((c) => `${c} ${fixed(longest[c])}`).join(', ')}.`,
    `Load average of the machine (1 minute; ${cpus().length} cores) at the start and the end: ${load.map((l) => l.toFixed(1)).join(' and ')}.`,
    `Requests off localhost: ${outside.length}${outside.length ? ` (${[...new Set(outside)].join(', ')})` : ''}.`,
  ];
  return {
    date: new Date().toISOString(),
    rounds,
    rows,
    notes,
    streaming: { date: new Date().toISOString(), rounds, ...stream },
  };
}

/** Issue 52's streaming sizes: messages shown, answer lengths, deltas. */
export const STREAM = {
  /** Per-token append: the chat's sizes, and the deltas timed in each (2 more, left out). */
  perToken: { sizes: [100, 10_000], deltas: 40 },
  /** One token per frame: the answer's lengths, and at least this many last deltas timed. */
  perFrame: { lengths: [1000, 8000], window: 100 },
  /** A burst: deltas at once (200 in the warm-up round). */
  burst: 2000,
  /** Messages shown before the answer in the per-frame and burst measures. */
  messages: 100,
  /** A streamed answer after each count of messages: deltas, and how many a frame. */
  afterMessages: { from: 40, to: 60, deltas: 200, perFrame: 20, passes: 2 },
} as const;

/**
 * The streaming measures (issue 52), in `rounds` interleaved rounds after a lighter warm-up
 * round, each contestant in a fresh page per round: per-token append and one token per frame
 * (ours), a burst (ours and deep-chat), then a streamed answer after 40 to 60 messages (ours,
 * every size once). Vanilla re-renders the whole answer at every token; its burst took 56 s and
 * its frames at 8,000 tokens 0.45 s each in a trial, so it is left out here, and so is
 * deep-chat's token per frame (0.32 s a frame at 8,000 tokens): the section would take minutes
 * more, for figures no goal is set on.
 */
export async function streaming(
  context: () => Promise<BrowserContext>,
  open: (c: BrowserContext, contestant: Contestant) => Promise<Page>,
  rounds: number,
  log: (line: string) => void,
): Promise<{ rows: StreamingRow[]; notes: string[] }> {
  const [small, large] = STREAM.perToken.sizes;
  const [short, long] = STREAM.perFrame.lengths;
  const perToken: Record<number, number[]> = { [small]: [], [large]: [] };
  const perFrame: Record<number, number[]> = { [short]: [], [long]: [] };
  const medians: Record<number, number[]> = { [short]: [], [long]: [] };
  let over = 0;
  let frames = 0;
  let reported = 0;
  let slowest = 0;
  const bursts: Record<'ours' | 'deep-chat', number[]> = { ours: [], 'deep-chat': [] };

  for (let round = 0; round < rounds + 1; round++) {
    const warmUp = round === 0;
    const order =
      round % 2 === 0 ? (['ours', 'deep-chat'] as const) : (['deep-chat', 'ours'] as const);
    // Sizes and lengths in turn too: small first in one round, large first in the next.
    const turn = <T>(pair: readonly [T, T]) =>
      round % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
    for (const contestant of order) {
      const c = await context();
      const page = await open(c, contestant);
      const cdp = await c.newCDPSession(page);
      const collect = () => cdp.send('HeapProfiler.collectGarbage');
      const seed = 1000 + round * 10;
      if (contestant === 'ours') {
        for (const count of warmUp ? [small] : turn([small, large] as const)) {
          await collect();
          const times = await page.evaluate(([n, s, k]) => window.side.perToken(n, s, k), [
            count,
            seed + (count === small ? 1 : 2),
            (warmUp ? 10 : STREAM.perToken.deltas) + 2,
          ] as const);
          if (!warmUp) perToken[count]!.push(median(times));
        }
        for (const length of warmUp ? [short] : turn([short, long] as const)) {
          await collect();
          const result = await page.evaluate(
            ([who, n, t, s, w]) => window.side.perFrame(who, n, t, s, w),
            [
              contestant,
              STREAM.messages,
              length,
              seed + (length === short ? 3 : 4),
              STREAM.perFrame.window,
            ] as const,
          );
          if (warmUp) continue;
          perFrame[length]!.push(percentile(result.busy, 0.95));
          medians[length]!.push(median(result.busy));
          over += result.busy.filter((ms) => ms > 50).length;
          frames += result.busy.length;
          reported += result.long;
          slowest = Math.max(slowest, ...result.busy);
        }
      }
      await collect();
      const burst = await page.evaluate(([who, n, t, s]) => window.side.burst(who, n, t, s), [
        contestant,
        STREAM.messages,
        warmUp ? 200 : STREAM.burst,
        seed + 5,
      ] as const);
      if (!warmUp) bursts[contestant].push(burst);
      await c.close();
    }
    log(
      warmUp
        ? 'side by side: streaming warm-up done'
        : `side by side: streaming round ${round} of ${rounds} done`,
    );
  }

  // A streamed answer after 40 to 60 messages: every size in one page, in two passes (other
  // texts in the second); a size counts as drawn when it was in both.
  const { from, to, deltas, perFrame: pace, passes } = STREAM.afterMessages;
  const failed: string[] = [];
  const failedSizes = new Set<number>();
  const waited: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const c = await context();
    const page = await open(c, 'ours');
    for (let count = from; count <= to; count++) {
      const result = await page.evaluate(([n, s, t, p]) => window.side.afterMessages(n, s, t, p), [
        count,
        2000 + 100 * pass + count,
        deltas,
        pace,
      ] as const);
      waited.push(result.ms);
      if (result.answer && result.question && result.atBottom) continue;
      failedSizes.add(count);
      const what = [
        !result.question && 'question not drawn',
        !result.answer && 'answer not drawn',
        !result.atBottom && `scrolled to ${result.scrollTop} of ${result.end} px`,
      ];
      failed.push(`${count} in pass ${pass + 1} (${what.filter(Boolean).join(', ')})`);
    }
    await c.close();
  }
  const sizes = to - from + 1;
  log(
    `side by side: streamed answer after ${from} to ${to} messages: ${sizes - failedSizes.size} of ${sizes} drawn in both passes`,
  );

  const row = (
    measure: string,
    unit: string,
    figures: StreamingRow['figures'],
    goal: StreamingRow['goal'],
  ): StreamingRow => {
    const ours = figures.ours!;
    const checked = goal.against
      ? ours.value / figures[goal.against]!.value
      : ours.of !== undefined
        ? ours.value / ours.of
        : ours.value;
    const met = goal.atMost !== undefined ? checked <= goal.atMost : checked >= goal.atLeast!;
    return { measure, unit, figures, goal, checked, met };
  };
  const en = (n: number) => n.toLocaleString('en');
  const rows = [
    row(
      `Per-token append until drawn, ${en(large)} messages vs ${en(small)}`,
      'ms',
      { ours: { value: median(perToken[large]!), of: median(perToken[small]!) } },
      { atMost: 1.2 },
    ),
    row(
      `One token per frame: busy time per frame (p95), ${en(long)}-token answer vs ${en(short)}`,
      'ms',
      { ours: { value: median(perFrame[long]!), of: median(perFrame[short]!) } },
      { atMost: 1.2 },
    ),
    row(
      'One token per frame: frames over 50 ms',
      'frames',
      { ours: { value: over } },
      { atMost: 0 },
    ),
    row(
      `A burst of ${en(STREAM.burst)} tokens, until drawn`,
      'ms',
      {
        ours: { value: median(bursts.ours) },
        deepChat: { value: median(bursts['deep-chat']) },
      },
      { atMost: 0.1, against: 'deepChat' },
    ),
    row(
      `A streamed answer after ${from} to ${to} messages: sizes drawn (of ${sizes})`,
      'sizes',
      { ours: { value: sizes - failedSizes.size } },
      { atLeast: sizes },
    ),
  ];
  const fixed = (n: number, digits = 0) => n.toFixed(digits);
  const notes = [
    `Per-token append (medians, ms): ${en(small)} messages ${fixed(median(perToken[small]!), 2)}, ${en(large)} messages ${fixed(median(perToken[large]!), 2)}.`,
    `One token per frame, ours: ${en(frames)} frames timed (both lengths, all rounds); median busy time per frame ${fixed(median(medians[short]!), 1)} ms at ${en(short)} tokens, ${fixed(median(medians[long]!), 1)} ms at ${en(long)}; the busiest ${fixed(slowest)} ms; long animation frames the browser reported meanwhile (over 50 ms, tasks between frames included): ${reported}.`,
    `A burst of ${en(STREAM.burst)} tokens (ms, per round): ours ${bursts.ours.map((ms) => fixed(ms)).join(', ')}; deep-chat ${bursts['deep-chat'].map((ms) => fixed(ms)).join(', ')}.`,
    `A streamed answer after ${from} to ${to} messages: ${failed.length === 0 ? `every size drawn in both passes, at most ${fixed(Math.max(...waited))} ms after endStream` : `not drawn after ${failed.join('; ')}`}.`,
  ];
  return { rows, notes };
}

/**
 * The streaming measures alone (`npm run bench -- --streaming`), with the machine's load average
 * at the start and the end, and the requests off localhost.
 */
export async function streamingAlone(
  browser: Browser,
  log: (line: string) => void,
  rounds = ROUNDS,
): Promise<Streaming> {
  const load = [loadavg()[0]!];
  const { outside, context, open, close } = await harness(browser);
  const stream = await streaming(context, open, rounds, log);
  close();
  load.push(loadavg()[0]!);
  const notes = [
    ...stream.notes,
    `Run alone (\`npm run bench -- --streaming\`); load average of the machine (1 minute; ${cpus().length} cores) at the start and the end: ${load.map((l) => l.toFixed(1)).join(' and ')}; requests off localhost: ${outside.length}.`,
  ];
  return { date: new Date().toISOString(), rounds, rows: stream.rows, notes };
}
