/**
 * A local stand-in for the providers, for the `record` tests and bench: it answers the next call
 * with what the test queued (a recorded stream from test/fixtures/recordings/streams, sent one
 * event per write as the provider sent it, or a JSON body with a status), and keeps the bytes it
 * received and sent, so that a test can compare them with what the client sent and got.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const STREAMS = new URL('../fixtures/recordings/streams/', import.meta.url);

/** The events (JSON text, one per line) of a recorded stream. */
export const recordedEvents = (file: string): string[] =>
  readFileSync(new URL(file, STREAMS), 'utf8').split('\n').filter(Boolean);

/** The SSE body a provider sends for these events (Anthropic names each event, OpenAI Chat ends with [DONE]). */
export function sseEvents(events: string[], style: 'openai-chat' | 'named' | 'plain'): string[] {
  const framed = events.map((data) => {
    if (style !== 'named') return `data: ${data}\n\n`;
    const type = (JSON.parse(data) as { type: string }).type;
    return `event: ${type}\ndata: ${data}\n\n`;
  });
  if (style === 'openai-chat') framed.push('data: [DONE]\n\n');
  return framed;
}

export type Answer =
  | { stream: string[]; delay?: number; status?: number }
  | { status: number; body: string | Buffer; headers?: Record<string, string> };

export interface Exchange {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  received: Buffer;
  sent: Buffer;
  /** Whether the client (the recorder) went away before the answer was complete. */
  closedEarly: boolean;
}

export interface Upstream {
  url: string;
  /** Answers, taken in order by the calls that come. */
  queue: Answer[];
  exchanges: Exchange[];
  close: () => Promise<void>;
}

/** Each answer's request id (the same answer queued twice is sent with the same id). */
const ids = new WeakMap<Answer, string>();
const requestId = (answer: Answer) => {
  if (!ids.has(answer)) ids.set(answer, `req_${Math.random().toString(36).slice(2, 10)}`);
  return ids.get(answer)!;
};

export async function startUpstream(): Promise<Upstream> {
  const queue: Answer[] = [];
  const exchanges: Exchange[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = queue.shift() ?? { status: 404, body: '{"error":"nothing queued"}' };
      const exchange: Exchange = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        received: Buffer.concat(chunks),
        sent: Buffer.alloc(0),
        closedEarly: false,
      };
      exchanges.push(exchange);
      const sent: Buffer[] = [];
      response.on('close', () => {
        exchange.sent = Buffer.concat(sent);
        if (!response.writableFinished) exchange.closedEarly = true;
      });
      if ('body' in answer) {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          'x-request-id': requestId(answer),
          ...answer.headers,
        });
        sent.push(Buffer.from(answer.body));
        response.end(answer.body);
        return;
      }
      response.writeHead(answer.status ?? 200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'x-request-id': requestId(answer),
      });
      const pieces = [...answer.stream];
      const next = () => {
        if (response.destroyed) return;
        const piece = pieces.shift();
        if (piece === undefined) return void response.end();
        sent.push(Buffer.from(piece));
        response.write(piece);
        if (answer.delay) setTimeout(next, answer.delay);
        else setImmediate(next);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queue,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
