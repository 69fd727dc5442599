/**
 * `prompt-envelope record`: a local proxy between an app's SDK and its provider. Bytes pass on
 * unchanged both ways as they arrive (an answer's first byte is not held back); a copy of each
 * side is read on the way to write the exchange as one JSON line (record-proxy.ts), without
 * credentials, and to show it live in the viewer (record-page.ts).
 */
import { createReadStream } from 'node:fs';
import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Transform } from 'node:stream';
import { createStreamReader } from '../core/targets/streams/stream-reader.js';
import { createResponseAssembler } from '../core/targets/streams/stream-response.js';
import {
  BodyCopy,
  decompressor,
  openRecordFile,
  RecordFile,
  RecordStartError,
  StreamCopy,
} from './record-copies.js';
import {
  DEFAULT_UPSTREAMS,
  forwardedHeaders,
  gatewayError,
  routeOf,
  upstreamUrl,
  urlWithoutKey,
  type ExchangeRecord,
  type ProviderName,
  type RecordedBody,
  type Route,
} from './record-proxy.js';
import { RECORD_PAGE, RECORD_SCRIPT, RECORD_STYLE } from './record-page.js';
import { line } from './terminal-text.js';
import { ANSWER_HEADERS, openBrowser, startViewServer, type ViewServer } from './view-server.js';

export { RecordStartError };

export interface RecordOptions {
  /** The JSON Lines file exchanges are appended to. */
  out: string;
  host: string;
  /** The proxy's port (0: any free port). */
  port: number;
  /** Base URLs that replace the providers' own (`--upstream NAME=URL`). */
  upstreams: Partial<Record<ProviderName, string>>;
  /** Most bytes of a body read for the file; a larger body passes on and is recorded as unreadable. */
  maxBytes: number;
  /**
   * Milliseconds without a byte from the upstream before the recorder gives up (default 10
   * minutes, the SDKs' own timeout): before an answer the client gets a 502.
   */
  idleTimeout?: number;
  /** Serve the live view (on its own port). */
  view?: boolean;
  /** One line per exchange and what went wrong, for the terminal (already a sentence). */
  log: (text: string) => void;
}

export interface Recorder {
  /** The proxy's address, `http://127.0.0.1:PORT`. */
  proxy: string;
  /** The live view, when served. */
  view?: ViewServer;
  /** Whether the file already held lines (the recorder appends). */
  appended: boolean;
  close: () => Promise<void>;
}

const TEN_MINUTES = 600_000;

/** The live view's clients (server-sent events), and what is sent to them. */
class Watchers {
  private readonly clients = new Set<ServerResponse>();
  /** Exchanges whose request came and whose answer has not ended: sent to a page that connects. */
  readonly open = new Map<number, unknown>();

  get watching(): boolean {
    return this.clients.size > 0;
  }

  add(response: ServerResponse, headers: Record<string, string>, hello: unknown): void {
    response.writeHead(200, {
      ...headers,
      ...ANSWER_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
    });
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
    this.sendTo(response, 'hello', hello);
    for (const exchange of this.open.values()) this.sendTo(response, 'exchange', exchange);
  }

  send(event: string, data: unknown): void {
    if (this.clients.size === 0) return;
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const client of this.clients) this.write(client, text);
  }

  private sendTo(client: ServerResponse, event: string, data: unknown) {
    this.write(client, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A page that does not keep up (64 MB waiting) is let go rather than held in memory. */
  private write(client: ServerResponse, text: string) {
    if (client.writableLength > 64 * 1024 * 1024) client.destroy();
    else client.write(text);
  }

  close(): void {
    for (const client of this.clients) client.destroy();
  }
}

/** `openai: POST /v1/chat/completions 200 gpt-4o, streamed, 1.84 s`. */
function summary(record: ExchangeRecord, path: string): string {
  const seconds = ((record.timings.end - record.timings.start) / 1000).toFixed(2);
  const notes = [
    record.model,
    record.stream ? 'streamed' : '',
    `${seconds} s`,
    record.response.aborted ? `cut off: ${record.response.aborted}` : '',
    'unreadable' in record.request ? `request not recorded: ${record.request.unreadable}` : '',
    'unreadable' in record.response ? `answer not recorded: ${record.response.unreadable}` : '',
  ].filter(Boolean);
  return `${record.request.method} ${path} ${record.response.status} ${notes.join(', ')}`;
}

/**
 * Opens the file (an error before anything listens when it cannot be written), starts the proxy
 * on `host`:`port`, and the live view beside it.
 */
export async function startRecorder(options: RecordOptions): Promise<Recorder> {
  const opened = openRecordFile(options.out);
  const watchers = new Watchers();
  const file = new RecordFile(options.out, opened, (reason) => {
    options.log(
      `recording stopped: cannot write ${options.out} (${reason}); requests are still forwarded, but no longer recorded.`,
    );
    watchers.send('stopped', { reason });
  });
  const upstreams = { ...DEFAULT_UPSTREAMS, ...options.upstreams };
  const idleTimeout = options.idleTimeout ?? TEN_MINUTES;
  const agents = {
    // No Nagle delay on either side: a stream's small pieces go out as they come.
    http: new HttpAgent({ keepAlive: true, noDelay: true }),
    https: new HttpsAgent({ keepAlive: true, noDelay: true }),
  };
  let next = 1;

  const proxy = createServer({ noDelay: true }, (request, response) => {
    const id = next++;
    forward(id, request, response);
  });

  function forward(id: number, request: IncomingMessage, response: ServerResponse) {
    const start = Date.now();
    const given = new URL(request.url ?? '/', 'http://recorder');
    const route: Route = routeOf(given.pathname, given.searchParams, request.headers);
    const target = upstreamUrl(upstreams[route.provider], route.provider, request.url ?? '/');
    const recorded = route.api !== undefined;
    const method = request.method ?? 'GET';
    const requestCopy = recorded ? new BodyCopy(options.maxBytes) : undefined;
    let firstByte: number | null = null;
    let status = 0;
    let responseBody: RecordedBody = {};
    let streamCopy: StreamCopy | undefined;
    let bodyCopy: BodyCopy | undefined;
    let aborted: string | undefined;
    let done = false;
    let requestRecorded: RecordedBody = {};
    let model = route.model;
    let streamedArray = false;

    const upstream: ClientRequest = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method,
        // Node adds no Host to a raw header list: the upstream's own.
        headers: ['Host', target.host, ...forwardedHeaders(request.rawHeaders)],
        agent: target.protocol === 'https:' ? agents.https : agents.http,
      },
    );
    upstream.setTimeout(idleTimeout, () =>
      upstream.destroy(
        new Error(
          `no answer for ${idleTimeout >= 1000 ? `${Math.round(idleTimeout / 1000)} s` : `${idleTimeout} ms`} (the recorder's time limit)`,
        ),
      ),
    );

    const finish = () => {
      if (done) return;
      done = true;
      watchers.open.delete(id);
      if (!recorded) return;
      if (streamCopy) responseBody = streamCopy.finish();
      else if (bodyCopy) {
        responseBody = bodyCopy.read('answer');
        // Gemini's streamGenerateContent without alt=sse answers with a JSON array of chunks.
        if (route.api === 'gemini' && Array.isArray(responseBody.body)) {
          const assembler = createResponseAssembler('gemini');
          for (const chunk of responseBody.body) assembler.read(chunk);
          responseBody = { body: assembler.response() };
          streamedArray = true;
        }
      }
      const record: ExchangeRecord = {
        timestamp: new Date(start).toISOString(),
        provider: route.provider,
        ...(model ? { model } : {}),
        stream: streamCopy !== undefined || streamedArray,
        request: { method, url: urlWithoutKey(target), ...requestRecorded },
        response: { status, ...responseBody, ...(aborted ? { aborted } : {}) },
        timings: { start, firstByte, end: Date.now() },
      };
      if (!model && 'body' in responseBody) {
        const answered = responseBody.body as { model?: unknown; modelVersion?: unknown };
        const named = answered?.model ?? answered?.modelVersion;
        if (typeof named === 'string') record.model = model = named;
      }
      const line = `${JSON.stringify(record)}\n`;
      file.append(line);
      options.log(summary(record, given.pathname));
      watchers.send('done', { id, line });
    };

    // The request body: sent on as it comes, read on the way.
    request.on('data', (chunk: Buffer) => requestCopy?.push(chunk));
    request.on('end', () => {
      if (!requestCopy) return;
      requestRecorded = requestCopy.read('request body');
      if ('body' in requestRecorded) {
        const named = (requestRecorded.body as { model?: unknown } | null)?.model;
        if (typeof named === 'string') model ??= named;
      }
      const announced = {
        id,
        provider: route.provider,
        model,
        method,
        path: given.pathname,
        start,
        request: requestRecorded,
      };
      watchers.open.set(id, announced);
      watchers.send('exchange', announced);
    });
    request.pipe(upstream);

    // A client that goes away ends the upstream call as well.
    response.on('close', () => {
      if (response.writableFinished) return;
      aborted = 'the client closed the connection';
      upstream.destroy();
      finish();
    });

    upstream.on('error', (error) => {
      if (done) return;
      if (!response.headersSent) {
        status = 502;
        const message = `prompt-envelope record could not get an answer from ${target.origin}: ${error.message}`;
        const body = gatewayError(route.provider, message);
        responseBody = { body: JSON.parse(body) as unknown };
        response.writeHead(502, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
        options.log(message);
      } else {
        aborted = `the upstream connection failed: ${error.message}`;
        response.destroy();
      }
      finish();
    });

    upstream.on('response', (answer: IncomingMessage) => {
      status = answer.statusCode ?? 0;
      response.writeHead(status, answer.statusMessage, forwardedHeaders(answer.rawHeaders));
      // Headers go at once: a stream's client learns the call started before the first token.
      response.flushHeaders();
      let copy: ((chunk: Buffer) => void) | undefined;
      let decompress: Transform | null | undefined = null;
      if (recorded) {
        const type = String(answer.headers['content-type'] ?? '');
        const api = route.api!;
        if (type.includes('text/event-stream')) {
          const live = watchers.watching
            ? {
                reader: createStreamReader({
                  messageId: `answer-${id}`,
                  timestamp: Date.now(),
                  provider: api,
                }),
                send: (updates: unknown[]) => watchers.send('update', { id, updates }),
              }
            : undefined;
          const stream = (streamCopy = new StreamCopy(api, options.maxBytes, live));
          copy = (chunk) => stream.push(chunk);
        } else {
          const body = (bodyCopy = new BodyCopy(options.maxBytes));
          copy = (chunk) => body.push(chunk);
        }
        decompress = decompressor(answer.headers['content-encoding']);
        if (decompress === undefined) {
          const encoding = String(answer.headers['content-encoding']);
          copy = undefined;
          streamCopy = undefined;
          bodyCopy = undefined;
          responseBody = {
            unreadable: `the answer is compressed as '${encoding}', which the recorder cannot read`,
          };
        } else if (decompress) {
          const read = copy;
          decompress.on('data', (chunk: Buffer) => read(chunk));
          decompress.on('error', (error: Error) => {
            copy = undefined;
            streamCopy = undefined;
            bodyCopy = undefined;
            responseBody = {
              unreadable: `the compressed answer could not be read (${error.message})`,
            };
          });
          const zipped = decompress;
          copy = (chunk) => zipped.write(chunk);
        }
      }
      answer.on('data', (chunk: Buffer) => {
        firstByte ??= Date.now();
        // Each piece goes on as it comes; the upstream waits while the client is slower.
        if (!response.write(chunk)) {
          answer.pause();
          response.once('drain', () => answer.resume());
        }
        copy?.(chunk);
      });
      answer.on('end', () => {
        response.end();
        if (decompress) {
          // The copy is complete once the decompressor has given its last bytes.
          decompress.once('end', finish).once('error', finish);
          decompress.end();
        } else finish();
      });
      answer.on('error', (error) => {
        aborted ??= `the upstream connection failed: ${error.message}`;
        response.destroy();
        finish();
      });
    });
  }

  // Listen, or say that the port is taken and which one is free.
  await listen(proxy, options.host, options.port);
  const { port } = proxy.address() as AddressInfo;
  const shown = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const proxyUrl = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;

  let view: ViewServer | undefined;
  if (options.view !== false) {
    const hello = () => ({ out: options.out, proxy: proxyUrl, stopped: file.stopped });
    try {
      view = await startViewServer([], [], options.host, 0, {
        page: RECORD_PAGE,
        script: RECORD_SCRIPT,
        handle: (path, request, response, headers) => {
          if (path === '/record.css') {
            response.writeHead(200, {
              ...headers,
              ...ANSWER_HEADERS,
              'content-type': 'text/css; charset=utf-8',
            });
            response.end(request.method === 'HEAD' ? undefined : RECORD_STYLE);
            return true;
          }
          if (path === '/events') {
            watchers.add(response, headers, hello());
            return true;
          }
          if (path === '/recorded.jsonl') {
            // What this run wrote, from the file: the page lists it again after a reload.
            response.writeHead(200, {
              ...headers,
              ...ANSWER_HEADERS,
              'content-type': 'text/plain; charset=utf-8',
            });
            if (request.method === 'HEAD' || file.written === 0) response.end();
            else
              createReadStream(options.out, {
                start: file.start,
                end: file.start + file.written - 1,
              })
                .on('error', () => response.destroy())
                .pipe(response);
            return true;
          }
          return false;
        },
      });
    } catch (error) {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await file.close();
      throw new RecordStartError(`cannot start the live view: ${(error as Error).message}`);
    }
  }

  return {
    proxy: proxyUrl,
    view,
    appended: opened.size > 0,
    close: async () => {
      watchers.close();
      await view?.close();
      await new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      });
      agents.http.destroy();
      agents.https.destroy();
      await file.close();
    },
  };
}

/** Listens, or throws a RecordStartError naming a free port when this one is taken. */
async function listen(server: Server, host: string, port: number): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'EADDRINUSE')
      throw new RecordStartError(`cannot listen on ${host}:${port}: ${message}.`);
    const free = await freePort(host, port);
    const offer = free
      ? ` Port ${free} is free: add --port ${free}.`
      : ' Choose another with --port N.';
    throw new RecordStartError(`port ${port} is taken (another program listens on it).${offer}`);
  }
}

/** The first port after `port` that can be listened on now, trying up to 50. */
async function freePort(host: string, port: number): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 50, 65535); candidate++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, host, () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
  return undefined;
}

/** Records until Ctrl+C (SIGINT) or SIGTERM; 1 when it cannot start. */
export async function recordCommand(
  options: RecordOptions,
  open: boolean,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  let recorder;
  try {
    recorder = await startRecorder(options);
  } catch (error) {
    if (!(error instanceof RecordStartError)) throw error;
    io.stderr(line`prompt-envelope: ${error.message}\n`);
    return 1;
  }
  const { proxy, view } = recorder;
  io.stdout(line`${proxy}\n`);
  io.stderr(
    line`Recording to ${options.out}${recorder.appended ? ' (appending)' : ''}. Point your SDK at the recorder:\n` +
      line`  OPENAI_BASE_URL=${proxy}/v1\n` +
      line`  ANTHROPIC_BASE_URL=${proxy}\n` +
      line`  GOOGLE_GEMINI_BASE_URL=${proxy}  (Gemini; or httpOptions: { baseUrl: '${proxy}' })\n`,
  );
  if (view) {
    io.stdout(line`${view.url}\n`);
    io.stderr(line`Live view: ${view.url} (${view.reach.toLowerCase()}); press Ctrl+C to stop.\n`);
    if (open) openBrowser(view.url, (text) => io.stderr(line`prompt-envelope: ${text}\n`));
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await recorder.close();
  return 0;
}
