/**
 * What `prompt-envelope record` keeps of an exchange on the way (record-server.ts moves the
 * bytes): a copy of a JSON body up to the limit, a stream read into the response it makes, the
 * decompressor for a compressed answer, and the file the lines are appended to.
 */
import { createWriteStream, fstatSync, openSync, type WriteStream } from 'node:fs';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { createSseParser, type SseParser } from '../core/targets/streams/sse.js';
import type { StreamReader } from '../core/targets/streams/stream-reader.js';
import {
  createResponseAssembler,
  type ResponseAssembler,
} from '../core/targets/streams/stream-response.js';
import type { StreamProvider } from '../core/targets/streams/stream-updates.js';
import type { RecordedBody } from './record-proxy.js';

/** Why the recorder could not start: the file cannot be written, or the port is taken. */
export class RecordStartError extends Error {}

/** Opens the file for appending (creating it), or says why it cannot be written. */
export function openRecordFile(path: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, 'a');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const why =
      code === 'ENOENT'
        ? 'its folder does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : message;
    throw new RecordStartError(`cannot write ${path}: ${why}.`);
  }
  const stats = fstatSync(fd);
  return { fd, size: stats.isFile() ? stats.size : 0 };
}

/**
 * The file: lines are appended in the order exchanges end. A write that fails (disk full) stops
 * the recording, never the forwarding; `written` counts the bytes of this run that are in it.
 */
export class RecordFile {
  readonly start: number;
  written = 0;
  stopped?: string;
  private readonly stream: WriteStream;

  constructor(
    readonly path: string,
    opened: { fd: number; size: number },
    onStop: (reason: string) => void,
  ) {
    this.start = opened.size;
    this.stream = createWriteStream(path, { fd: opened.fd, flags: 'a' });
    this.stream.on('error', (error) => {
      if (this.stopped) return;
      this.stopped = error.message;
      onStop(error.message);
    });
  }

  append(line: string): void {
    if (this.stopped) return;
    const bytes = Buffer.from(line);
    this.stream.write(bytes, (error) => {
      if (!error) this.written += bytes.length;
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.stream.destroyed) return resolve();
      this.stream.end(() => resolve());
      this.stream.once('error', () => resolve());
    });
  }
}

/** A body read on the way for the file: kept whole up to the limit, then only counted. */
export class BodyCopy {
  private chunks: Buffer[] = [];
  size = 0;
  constructor(private readonly maxBytes: number) {}
  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) this.chunks = [];
    else this.chunks.push(chunk);
  }
  /** The JSON read, or why not. */
  read(what: string): RecordedBody {
    if (this.size === 0) return {};
    if (this.size > this.maxBytes)
      return {
        unreadable: `the ${what} has ${this.size.toLocaleString('en')} bytes, more than the limit of ${this.maxBytes.toLocaleString('en')} (--max-bytes)`,
      };
    const text = Buffer.concat(this.chunks).toString('utf8');
    this.chunks = [];
    try {
      return { body: JSON.parse(text) as unknown };
    } catch (error) {
      return { unreadable: `the ${what} is not JSON (${(error as Error).message})` };
    }
  }
}

/**
 * A streamed answer read on the way: split into events by the core's SSE parser and assembled
 * as the SDK assembles it; nothing of the stream is kept but the response it makes. While a page
 * watches, the core's stream reader turns the events into the live chat's updates.
 */
export class StreamCopy {
  private readonly parser: SseParser = createSseParser();
  private readonly assembler: ResponseAssembler;
  private size = 0;
  private over = false;
  private notJson = 0;

  constructor(
    api: StreamProvider,
    private readonly maxBytes: number,
    private readonly live?: { reader: StreamReader; send: (updates: unknown[]) => void },
  ) {
    this.assembler = createResponseAssembler(api);
  }

  push(chunk: Buffer): void {
    if (this.over) return;
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.over = true;
      return;
    }
    this.events(this.parser.push(chunk));
  }

  private events(events: ReturnType<SseParser['push']>) {
    const updates: unknown[] = [];
    for (const event of events) {
      const data = event.data.trim();
      if (data === '' || data === '[DONE]') continue;
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        this.notJson++;
        continue;
      }
      this.assembler.read(value);
      if (this.live) updates.push(...this.live.reader.read(value));
    }
    if (this.live && updates.length > 0) this.live.send(updates);
  }

  finish(): RecordedBody {
    if (!this.over) this.events(this.parser.end());
    if (this.live) this.live.send(this.live.reader.end());
    if (this.over)
      return {
        unreadable: `the streamed answer has more than ${this.maxBytes.toLocaleString('en')} bytes, the limit (--max-bytes)`,
      };
    const response = this.assembler.response();
    if (response) return { body: response };
    if (this.notJson > 0) return { unreadable: 'the stream holds no JSON event' };
    return {};
  }
}

/** The copy of a body compressed on the wire is read through the matching decompressor. */
export function decompressor(encoding: string | undefined): Transform | null | undefined {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
