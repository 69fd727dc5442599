/**
 * `prompt-envelope record` under load, measured in one run against a direct connection to the
 * same local upstream: the built CLI (`dist/`) runs as its own process, as a user runs it; the
 * upstream and the clients run here. Every chunk carries the time it was written, so its
 * latency is read where it arrives, on the same clock.
 *
 * - latency: 100 concurrent Chat Completions streams of 1,000 chunks each, one chunk per stream
 *   every 10 ms, direct and through the recorder, two rounds of each, interleaved; the figures
 *   are the added latency per chunk (median and 99th percentile through the recorder minus
 *   direct);
 * - memory: the recorder's resident memory after 10,000 exchanges against after 1,000;
 * - one long stream (about 40 MB of events): the recorder's peak memory growth against the
 *   stream's size (holding the stream once would be 1×; the file's line is written from the
 *   assembled answer, never from a copy of the events).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RecordBench {
  direct: { median: number; p99: number };
  recorded: { median: number; p99: number };
  chunks: number;
  /** Resident memory of the recorder (MB) after 1,000 and 10,000 exchanges. */
  memory: { after1k: number; after10k: number };
  longStream: { bytes: number; peakGrowth: number; fileBytes: number };
  /** The machine's 1-minute load average after the latency runs (others' work skews them). */
  load: number;
}

const STREAMS = 100;
const CHUNKS = 1000;
const EVERY = 10;

const now = () => performance.timeOrigin + performance.now();

/** A Chat Completions chunk whose text carries the time it was written. */
const chunk = (i: number, sentAt: number) =>
  `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1765000000,"model":"gpt-bench","choices":[{"index":0,"delta":{"content":"t${sentAt.toFixed(3)} ${i} "},"finish_reason":null}]}\n\n`;
const LAST =
  'data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1765000000,"model":"gpt-bench","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

/**
 * The upstream: `POST /v1/chat/completions` with `{"chunks": N, "every": MS}` streams N chunks;
 * `{"bytes": N}` streams about N bytes at once as fast as the client reads; anything else gets
 * a small JSON answer.
 */
async function startUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const asked = JSON.parse(body) as { chunks?: number; every?: number; bytes?: number };
      if (asked.chunks) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let i = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          if (i === asked.chunks) {
            clearInterval(timer);
            return res.end(LAST);
          }
          res.write(chunk(i++, now()));
        }, asked.every ?? EVERY);
        return;
      }
      if (asked.bytes) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        let sent = 0;
        let i = 0;
        const pump = () => {
          while (sent < asked.bytes!) {
            const piece = chunk(i++, 0);
            sent += piece.length;
            if (!res.write(piece)) return void res.once('drain', pump);
          }
          res.end(LAST);
        };
        return pump();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        '{"id":"chatcmpl-bench","object":"chat.completion","created":1765000000,"model":"gpt-bench","choices":[{"index":0,"message":{"role":"assistant","content":"Fine."},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const agent = new Agent({ keepAlive: true, maxSockets: 200 });

/** One call; resolves with the latency (ms) of each chunk the answer carried, in order. */
function call(base: string, body: object): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify({ model: 'gpt-bench', messages: [], stream: true, ...body });
    const req = request(
      `${base}/v1/chat/completions`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
      },
      (res) => {
        const latencies: number[] = [];
        let rest = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => {
          const at = now();
          rest += piece;
          let end: number;
          while ((end = rest.indexOf('\n\n')) >= 0) {
            const sent = /"content":"t(\d+\.\d+) /.exec(rest.slice(0, end));
            if (sent && Number(sent[1]) > 0) latencies.push(at - Number(sent[1]));
            rest = rest.slice(end + 2);
          }
        });
        res.on('end', () => resolve(latencies));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const sorted = (values: number[]) => Float64Array.from(values).sort();
const at = (values: Float64Array, p: number) =>
  values[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** 100 concurrent streams of 1,000 chunks: the latency of every chunk. */
async function latencies(base: string): Promise<number[]> {
  const all = await Promise.all(
    Array.from({ length: STREAMS }, () => call(base, { chunks: CHUNKS, every: EVERY })),
  );
  return all.flat();
}

function summarise(all: number[]) {
  const values = sorted(all);
  return { median: at(values, 0.5), p99: at(values, 0.99), count: values.length / 2 };
}

/** Resident memory of a process (MB), and its peak so far, from /proc. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

/** The file's size once it has not changed for half a second. */
async function settledSize(file: string): Promise<number> {
  let size = statSync(file).size;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = statSync(file).size;
    if (now === size) return size;
    size = now;
  }
}

/** `count` small exchanges, 50 at a time. */
async function exchanges(base: string, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next++ < count) await call(base, { stream: false });
    }),
  );
}

export async function benchRecord(log: (line: string) => void): Promise<RecordBench> {
  const upstream = await startUpstream();
  const dir = mkdtempSync(join(tmpdir(), 'pe-bench-record-'));
  const out = join(dir, 'bench.jsonl');
  const recorder: ChildProcess = spawn(
    process.execPath,
    [
      'bin/prompt-envelope.js',
      'record',
      '--no-open',
      '--port',
      '0',
      '--out',
      out,
      '--upstream',
      `openai=${upstream.url}/v1`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    const proxy = await new Promise<string>((resolve, reject) => {
      let text = '';
      recorder.stdout!.on('data', (c: Buffer) => {
        text += c.toString();
        if (text.includes('\n')) resolve(text.split('\n')[0]!);
      });
      recorder.once('exit', (code) => reject(new Error(`record exited with ${code}`)));
    });
    // Warm both paths, then two rounds of each, interleaved, so that a change in the machine's
    // load falls on both alike; each figure is over every chunk of its two rounds.
    await exchanges(proxy, 200);
    const rounds: Record<'direct' | 'recorded', number[][]> = { direct: [], recorded: [] };
    for (let round = 0; round < 2; round++) {
      rounds.direct.push(await latencies(upstream.url));
      rounds.recorded.push(await latencies(proxy));
    }
    const direct = summarise(rounds.direct.flat());
    const recorded = summarise(rounds.recorded.flat());
    log(`record bench: direct ${direct.count} chunks, median ${direct.median.toFixed(2)} ms`);
    log(`record bench: recorded ${recorded.count} chunks, median ${recorded.median.toFixed(2)} ms`);
    const load = loadavg()[0]!;
    await exchanges(proxy, 800);
    const after1k = memoryOf(recorder.pid!).rss;
    await exchanges(proxy, 9000);
    const after10k = memoryOf(recorder.pid!).rss;
    log(
      `record bench: memory ${after1k.toFixed(1)} MB after 1,000, ${after10k.toFixed(1)} MB after 10,000`,
    );
    // The lines of the small calls may still be on their way: the file settles first. The
    // peak is counted from here (writing 5 to clear_refs resets VmHWM to the current size).
    const fileBefore = await settledSize(out);
    writeFileSync(`/proc/${recorder.pid}/clear_refs`, '5');
    const before = memoryOf(recorder.pid!).rss;
    const bytes = 40_000_000;
    await call(proxy, { bytes });
    // The line is written once the stream has ended; the peak is read after it.
    let fileBytes = 0;
    for (let i = 0; i < 1200 && fileBytes === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fileBytes = statSync(out).size - fileBefore;
    }
    fileBytes = (await settledSize(out)) - fileBefore;
    const peakGrowth = memoryOf(recorder.pid!).peak - before;
    return {
      direct: { median: direct.median, p99: direct.p99 },
      recorded: { median: recorded.median, p99: recorded.p99 },
      chunks: recorded.count,
      memory: { after1k, after10k },
      longStream: { bytes: bytes / 1e6, peakGrowth, fileBytes },
      load,
    };
  } finally {
    recorder.kill('SIGTERM');
    upstream.server.closeAllConnections();
    upstream.server.close();
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
