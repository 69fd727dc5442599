/**
 * Parts that load the first time they are needed: YAML for the studio's settings, jsdiff for
 * the diff's body view, measureEnvelope for the meters (measuring.ts), DOMPurify for raw HTML in
 * Markdown (markdown-html.ts; the Chinese strings have their own loader in localize.ts). Each is a
 * dynamic `import()`, which an app's bundler and the script-tag build (scripts/build.mjs) turn
 * into a file of its own.
 */

/** A module loaded on first use: one load shared by every caller, tried again after a failure. */
export function onDemand<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** The module, once it has loaded. */
    get: (): T | undefined => loaded,
    load: (): Promise<T> =>
      (loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

/**
 * Work an element started (a part loading on demand, then what it draws with it) that its
 * `updateComplete` waits for, so that an updated element shows what was asked for:
 * `getUpdateComplete() { return this.pending.settle(() => super.getUpdateComplete()); }`.
 */
export class PendingWork {
  private readonly work = new Set<Promise<unknown>>();

  /** Whether no tracked work is left. */
  get idle(): boolean {
    return this.work.size === 0;
  }

  /** Runs `task` and tracks it until it settles; failures are the task's to handle. */
  track<T>(task: Promise<T>): Promise<T> {
    const tracked = task.finally(() => this.work.delete(tracked));
    this.work.add(tracked);
    return task;
  }

  /**
   * Resolves when no tracked work is left and the host's last update is done: `update` is the
   * host's own `super.getUpdateComplete()`.
   */
  async settle(update: () => Promise<boolean>): Promise<boolean> {
    let done = await update();
    while (this.work.size > 0) {
      await Promise.allSettled(this.work);
      done = await update();
    }
    return done;
  }
}
