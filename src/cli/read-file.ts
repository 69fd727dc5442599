/**
 * Reading the files the CLI is given, without trusting them: only regular files (a device such as
 * /dev/zero or a named pipe would be read without end, or block), at most a given size, and text
 * that is valid UTF-8 (a wrong byte is an error naming its offset, not a silent U+FFFD).
 */
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Default of `--max-bytes`: 100 MB. Envelopes of real conversations, documents included, are tens
 * of megabytes at most; a 100 MB file already takes about 350 MB of memory and seconds to parse,
 * and V8 cannot hold a string of more than about 512 MB (2^29 UTF-16 units) at all. The limit
 * makes a huge or endless input a clear error instead of a long wait and an out-of-memory crash.
 */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/** Why a file cannot be read; the message completes "cannot read FILE: …". */
export class ReadProblem extends Error {}

/**
 * The bytes of the regular file at `path`, at most `maxBytes` of them. Throws a ReadProblem for
 * anything else (no such file, a folder, a device, a pipe, too large).
 */
export function readRegularFile(path: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    // O_NONBLOCK: opening a named pipe would otherwise wait for a writer before fstat can refuse it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new ReadProblem(openFailure(error as NodeJS.ErrnoException));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new ReadProblem(`it is ${kindOf(stats)}, not a regular file`);
    if (stats.size > maxBytes) throw new ReadProblem(tooLarge(stats.size, maxBytes));
    return readToEnd(fd, maxBytes, stats.size);
  } catch (error) {
    if (error instanceof ReadProblem) throw error;
    throw new ReadProblem((error as Error).message);
  } finally {
    closeSync(fd);
  }
}

/**
 * Standard input (the command line's `-`), at most `maxBytes`: a pipe is what a user means by
 * `-`, so it is read; the limit holds as for files. Throws a ReadProblem beyond it.
 */
export function readStandardInput(maxBytes: number): Uint8Array {
  try {
    return readToEnd(0, maxBytes, 0);
  } catch (error) {
    if (error instanceof ReadProblem) throw error;
    throw new ReadProblem((error as Error).message);
  }
}

/**
 * Reads `fd` to its end, never more than the limit: the size can change while a file is read,
 * some files (/proc) report a size of 0, and a pipe has none.
 */
function readToEnd(fd: number, maxBytes: number, sizeHint: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const chunk = new Uint8Array(Math.min(Math.max(sizeHint + 1, 64 * 1024), maxBytes + 1));
    let count: number;
    try {
      count = readSync(fd, chunk, 0, Math.min(chunk.length, maxBytes + 1 - total), null);
    } catch (error) {
      // A non-blocking standard input with nothing to read yet: wait a little and read again.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      continue;
    }
    if (count === 0) break;
    chunks.push(count === chunk.length ? chunk : chunk.subarray(0, count));
    total += count;
    if (total > maxBytes) throw new ReadProblem(tooLarge(total, maxBytes, true));
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

function openFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder, not a regular file';
    default:
      return error.message;
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  return 'something else';
}

function tooLarge(size: number, maxBytes: number, atLeast = false): string {
  const bytes = (n: number) => n.toLocaleString('en');
  return `it has ${atLeast ? 'more than ' : ''}${bytes(atLeast ? maxBytes : size)} bytes, more than the limit of ${bytes(maxBytes)}; raise it with --max-bytes`;
}

/** Where UTF-8 text first goes wrong. */
export interface Utf8Problem {
  /** Offset of the first byte of the sequence that is not UTF-8. */
  offset: number;
  byte: number;
  /** Line of that byte (from 1), counting line feeds before it. */
  line: number;
}

/** The text of UTF-8 bytes (a leading byte-order mark dropped), or where they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: Utf8Problem } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    return { problem: { offset, byte: bytes[offset] ?? 0, line } };
  }
}

/**
 * The offset where a well-formed UTF-8 sequence should start but does not (the rules of the
 * decoder in the Encoding Standard: no overlong forms, no surrogates, nothing above U+10FFFF, no
 * sequence cut short). Only called once TextDecoder has refused the bytes.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf))
        return i;
    }
    i += length;
  }
  return bytes.length;
}

/**
 * `entry` (a scenario's file) resolved in `folder`, or why it may not be read: a path that leaves
 * the folder, lexically (`../…`, an absolute path) or through a symbolic link, is refused.
 */
export function resolveInside(
  folder: string,
  entry: string,
  realPath: (path: string) => string,
  folderName = "the manifest's folder",
): { path: string } | { outside: string } {
  const base = resolve(folder);
  const path = resolve(base, entry);
  if (!isInside(base, path)) return { outside: `it is outside ${folderName}` };
  let real: string;
  try {
    real = realPath(path);
  } catch {
    // It does not exist: reading it says so.
    return { path };
  }
  if (!isInside(realPath(base), real))
    return { outside: `it leads outside ${folderName} through a symbolic link` };
  return { path };
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Node's realpath, for CliIo. */
export const nodeRealPath = (path: string): string => realpathSync(path);
