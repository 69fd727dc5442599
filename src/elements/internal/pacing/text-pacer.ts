import { isServer, type ReactiveControllerHost } from 'lit';
import { MAX_SHOWN_CHARS } from './shown-part.js';

/**
 * Long texts drawn a few per frame (issue 20). Markdown and layout cost about 1.6 s per million
 * characters here; a chat's first chunk of 25 messages of 50 kB drew 1.25 million in one task
 * and blocked the page for more than a second, and one system message of six expanded segments
 * with 10 MB fields (each shown cut to 100,000 characters) 0.7–1 s. A segment element that draws
 * much text asks `admit` before drawing it: within the task's budget it draws now; beyond, it
 * draws a placeholder and is asked to update again on a later turn (after the next frame), in
 * the order it asked.
 */

/** Texts shorter than this are drawn at once and not counted: most texts are. */
export const PACED_FROM = 5_000;

/** Characters drawn in one turn (about 0.1 s); the first text of a turn is drawn whatever its size. */
const TURN_CHARS = 60_000;

/** A turn also starts after this long when no frame comes (a hidden tab draws no frames). */
const TURN_FALLBACK_MS = 100;

let spent = 0;
let turnOpen = false;
/** The next turn, once something waits for it. */
let next: Promise<void> | undefined;

/** Starts a turn for the current task: the budget is full again after the task ends. */
function openTurn() {
  if (turnOpen) return;
  turnOpen = true;
  spent = 0;
  setTimeout(() => (turnOpen = false));
}

/** The next turn: a task of its own after the next frame, so that this turn's drawing is painted first. */
function turn(): Promise<void> {
  return (next ??= new Promise((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      setTimeout(() => {
        next = undefined;
        turnOpen = false;
        openTurn();
        resolve();
      });
    };
    requestAnimationFrame(start);
    setTimeout(start, TURN_FALLBACK_MS);
  }));
}

/**
 * Whether `host` may draw a text of `length` characters now. When not, it is asked to update
 * again on the next turn, in the order hosts asked (and should draw a placeholder meanwhile).
 */
export function admit(host: ReactiveControllerHost, length: number): boolean {
  // Server rendering draws everything: it has no frames, and nothing waits there.
  if (isServer || length < PACED_FROM) return true;
  openTurn();
  // The first text of a turn is always drawn.
  if (spent === 0 || spent + length <= TURN_CHARS) {
    spent += length;
    return true;
  }
  void turn().then(() => host.requestUpdate());
  return false;
}

/** Resolves when the next turn starts: a waiting host has been asked to update by then. */
export const nextTurn = (): Promise<void> => next ?? Promise.resolve();

/** Members a count visits at most: beyond, the value is long to draw whatever it holds. */
const COUNTED_MEMBERS = 10_000;

/**
 * About how many characters drawing `value` puts on the page: its strings and keys (each at
 * most what an element shows of one), counted up to a turn's worth (no need to know more).
 * Iterative and bounded: a value may nest thousands deep, hold a million members or a cycle.
 */
export function drawnCharacters(value: unknown): number {
  let count = 0;
  let members = 0;
  const stack = [value];
  while (stack.length > 0 && count <= TURN_CHARS) {
    const item = stack.pop();
    if (typeof item === 'string') count += Math.min(item.length, MAX_SHOWN_CHARS);
    else if (item !== null && typeof item === 'object') {
      const keys = Array.isArray(item) ? null : Object.keys(item);
      members += keys ? keys.length : (item as unknown[]).length;
      if (members > COUNTED_MEMBERS) return TURN_CHARS + 1;
      if (keys)
        for (const key of keys) {
          count += Math.min(key.length, MAX_SHOWN_CHARS);
          stack.push((item as Record<string, unknown>)[key]);
        }
      else stack.push(...(item as unknown[]));
    }
  }
  return count;
}
