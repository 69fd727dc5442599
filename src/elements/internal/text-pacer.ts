import { isServer, type ReactiveControllerHost } from 'lit';

/**
 * Long texts drawn a few per frame (issue 20). Markdown and layout cost about 1.6 s per million
 * characters here; a chat's first chunk of 25 messages of 50 kB drew 1.25 million in one task
 * and blocked the page for more than a second. An element with a long text asks `admit` before
 * drawing it: within the task's budget it draws now; beyond, it draws a placeholder and is asked
 * to update again on a later turn (after the next frame), in the order it asked.
 */

/** Texts shorter than this are drawn at once and not counted: most texts are. */
export const PACED_FROM = 5_000;

/** Characters drawn in one turn (about 0.1 s); the first text of a turn is drawn whatever its size. */
const TURN_CHARS = 60_000;

/** A turn also starts after this long when no frame comes (a hidden tab draws no frames). */
const TURN_FALLBACK_MS = 100;

let spent = 0;
let turnOpen = false;
const waiting: ReactiveControllerHost[] = [];
let scheduled = false;
/** Those who wait for the end of the next turn (see `nextTurn`). */
let turnEnded: (() => void)[] = [];

/** Starts a turn for the current task: the budget is full again after the task ends. */
function openTurn() {
  if (turnOpen) return;
  turnOpen = true;
  spent = 0;
  setTimeout(() => (turnOpen = false));
}

function scheduleTurn() {
  if (scheduled) return;
  scheduled = true;
  let done = false;
  const next = () => {
    if (done) return;
    done = true;
    // A task of its own after the frame, so that what the last turn drew is painted first.
    setTimeout(runTurn);
  };
  requestAnimationFrame(next);
  setTimeout(next, TURN_FALLBACK_MS);
}

function runTurn() {
  scheduled = false;
  turnOpen = false;
  openTurn();
  // Each host asks again when it updates, in the order they waited.
  const hosts = waiting.splice(0);
  for (const host of hosts) host.requestUpdate();
  const ended = turnEnded;
  turnEnded = [];
  void Promise.all(hosts.map((host) => host.updateComplete)).then(() => {
    for (const resolve of ended) resolve();
  });
}

/**
 * Whether `host` may draw a text of `length` characters now. When not, it is asked to update
 * again on a later turn (and should draw a placeholder meanwhile).
 */
export function admit(host: ReactiveControllerHost, length: number): boolean {
  // Server rendering draws everything: it has no frames, and nothing waits there.
  if (isServer || length < PACED_FROM) return true;
  openTurn();
  const queued = waiting.indexOf(host);
  if (queued >= 0) waiting.splice(queued, 1);
  // The first text of a turn is always drawn.
  if (spent === 0 || spent + length <= TURN_CHARS) {
    spent += length;
    return true;
  }
  waiting.push(host);
  scheduleTurn();
  return false;
}

/** Resolves when the next turn has drawn what it admitted (a waiting host's updateComplete). */
export function nextTurn(): Promise<void> {
  if (!scheduled) return Promise.resolve();
  return new Promise((resolve) => turnEnded.push(resolve));
}
