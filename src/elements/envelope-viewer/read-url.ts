/**
 * Reading a URL the viewer was asked to open (`?src=`), without trusting the server: the body is
 * read as a stream, at most `maxBytes` of it, and given up when nothing arrives for `idleTimeout`
 * ms; it must be UTF-8. Loaded on demand: only a page that opens a URL needs it.
 */

export interface ReadUrlLimits {
  /** Default 100 MB, as the command line's `--max-bytes`. */
  maxBytes?: number;
  /** Default 30 s. */
  idleTimeout?: number;
  signal: AbortSignal;
}

/** The body of `url` as text; rejects with an Error whose message completes "Could not read X: ". */
export async function readUrl(url: string, limits: ReadUrlLimits) {
  const { signal } = limits;
  // A limit that is not a number above 0 (an attribute such as `max-bytes="lots"`) is the
  // default, never no limit.
  const maxBytes = limits.maxBytes! > 0 ? limits.maxBytes! : 100 * 1024 * 1024;
  const idleTimeout = limits.idleTimeout! > 0 ? limits.idleTimeout! : 30_000;
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Restarted whenever bytes arrive: a slow server that keeps sending is waited for.
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        stop.abort(
          new Error(
            `nothing arrived for ${idleTimeout / 1000} s, so reading stopped (the viewer's idle-timeout).`,
          ),
        ),
      idleTimeout,
    );
  };
  const tooLarge = () =>
    new Error(
      `it is larger than the limit of ${maxBytes.toLocaleString('en')} bytes (the viewer's max-bytes).`,
    );
  try {
    wait();
    const response = await fetch(url, { signal: stop.signal });
    if (!response.ok)
      throw new Error(
        `the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      );
    if (Number(response.headers.get('content-length')) > maxBytes) throw tooLarge();
    if (!response.body) return '';
    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let text = '';
    let bytes = 0;
    for (;;) {
      wait();
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        void reader.cancel();
        throw tooLarge();
      }
      try {
        text += decoder.decode(value, { stream: true });
      } catch {
        void reader.cancel();
        throw new Error('it is not UTF-8 text.');
      }
    }
  } catch (error) {
    throw stop.signal.aborted ? stop.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
