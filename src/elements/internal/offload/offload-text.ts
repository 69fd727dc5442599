import { shownPart } from '../pacing/shown-part.js';

/**
 * A long text as it crosses from the offload worker to the page: its UTF-8 bytes, transferred
 * (moved, not copied), with the part the page shows and its length. A view's JSON of 2,000
 * texts of 50 kB is 100 MB; sent as a string, the page spent 324–594 ms taking each one in
 * (the structured clone copies it on the receiving thread). The page decodes the whole text only
 * when it is copied or read through `shownText`; a download saves the bytes.
 */
export interface TextBytes {
  bytes: Uint8Array;
  /** The text's length in UTF-16 code units, as `string.length`. */
  length: number;
  /** What the page shows of it (shownPart). */
  shown: string;
}

/** Texts up to this long cross as strings: copying them takes a few milliseconds. */
const AS_BYTES_FROM = 1_000_000;

/**
 * In the worker: `text` as it is sent, with what to transfer. A text with a lone surrogate stays
 * a string: UTF-8 cannot hold it, and what the page shows must be exactly the text.
 */
export function packText(text: string): { text: string | TextBytes; transfer: ArrayBuffer[] } {
  if (text.length < AS_BYTES_FROM || !isWellFormed(text)) return { text, transfer: [] };
  const bytes = new TextEncoder().encode(text);
  return {
    text: { bytes, length: text.length, shown: shownPart(text) },
    transfer: [bytes.buffer as ArrayBuffer],
  };
}

const isWellFormed = (text: string): boolean =>
  (text as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !/\p{Surrogate}/u.test(text);

/** A view's text on the page: what is shown, its length, and the whole (decoded once, if asked). */
export interface ViewText {
  shown: string;
  length: number;
  whole(): string;
  /** The whole as a file, from the bytes where there are bytes (nothing to decode). */
  file(type: string): Blob;
}

/** The page's side of packText (or a text made on the page). */
export function viewText(text: string | TextBytes): ViewText {
  if (typeof text === 'string')
    return {
      shown: shownPart(text),
      length: text.length,
      whole: () => text,
      file: (type) => new Blob([text], { type }),
    };
  let whole: string | undefined;
  return {
    shown: text.shown,
    length: text.length,
    // 0.36 s for 100 MB (Node 20, 2 cores): paid on a copy, not when the tab is shown.
    whole: () => (whole ??= new TextDecoder().decode(text.bytes)),
    file: (type) => new Blob([text.bytes as BlobPart], { type }),
  };
}
