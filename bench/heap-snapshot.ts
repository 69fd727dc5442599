/**
 * What a drawn message keeps in JavaScript: heap snapshots of two pages of the side-by-side
 * harness (bench/side-by-side-page.ts), one with 2,000 and one with 10,000 standalone messages
 * of the contestant, summed by constructor; the difference divided by 8,000 drops the page's own
 * share. `node --import tsx bench/heap-snapshot.ts [ours|vanilla|deep-chat]` (the built bundle:
 * `npm run build` first). The performance guide's table of what a message keeps comes from it.
 */
import { chromium, type CDPSession } from 'playwright-core';
import { harness } from './side-by-side.js';
import type { Contestant } from './side-by-side-page.js';

const who = (process.argv[2] ?? 'ours') as Contestant;
const SIZES = [2000, 10_000] as const;

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** V8's objects of a snapshot (Blink's own, "native", left out), by kind: bytes and count. */
function byKind(snap: Snapshot): Map<string, { bytes: number; count: number }> {
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const kinds = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const t = types[snap.nodes[i + type!]!]!;
    if (t === 'native' || t === 'synthetic' || t === 'hidden') continue;
    const label = /string/.test(t)
      ? '(string)'
      : t === 'object'
        ? snap.strings[snap.nodes[i + name!]!]!.replace(/ @\d+$/, '').slice(0, 60)
        : `(${t})`;
    const kind = kinds.get(label) ?? { bytes: 0, count: 0 };
    kind.bytes += snap.nodes[i + size!]!;
    kind.count++;
    kinds.set(label, kind);
  }
  return kinds;
}

async function snapshot(cdp: CDPSession): Promise<Snapshot> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  return JSON.parse(chunks.join('')) as Snapshot;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
const { context, open, close } = await harness(browser);
const measured = [];
for (const count of SIZES) {
  const c = await context();
  const page = await open(c, who);
  const cdp = await c.newCDPSession(page);
  await page.evaluate(([w, n]) => window.side.draw(w, n, 3), [who, count] as const);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  measured.push({ count, usedSize, kinds: byKind(await snapshot(cdp)) });
  await c.close();
}
await browser.close();
close();

const [small, large] = measured as [(typeof measured)[0], (typeof measured)[0]];
const per = large.count - small.count;
console.log(
  `${who}: ${((large.usedSize - small.usedSize) / per).toFixed(0)} bytes of V8 heap a message ` +
    `(Runtime.getHeapUsage, ${small.count} and ${large.count} drawn)`,
);
const rows = [...large.kinds].map(([label, { bytes, count }]) => {
  const before = small.kinds.get(label) ?? { bytes: 0, count: 0 };
  return { label, bytes: (bytes - before.bytes) / per, count: (count - before.count) / per };
});
rows.sort((a, b) => b.bytes - a.bytes);
let named = 0;
for (const row of rows) named += row.bytes;
console.log(`named in the snapshot: ${named.toFixed(0)} bytes a message`);
for (const { label, bytes, count } of rows.filter((row) => row.bytes >= 8))
  console.log(
    `${bytes.toFixed(0).padStart(6)} B  ${count.toFixed(2).padStart(6)} a message  ${label}`,
  );
