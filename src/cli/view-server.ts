/**
 * `prompt-envelope view`: a local web server for the viewer with a person's files loaded. It
 * serves only what it was given, from memory and from this installed package (the script-tag
 * bundle built next to this file): no network, no repository. It answers only requests that name
 * the address it listens on, so a web page that points another host name at 127.0.0.1 (DNS
 * rebinding) cannot read the files.
 */
import { spawn } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ViewFile {
  /** The file's name, shown in the viewer. */
  name: string;
  text: string;
}

/** A folder's entry that is not served, and why (a sentence's end: "skipped, REASON"). */
export interface SkippedFile {
  name: string;
  reason: string;
}

export interface ViewServer {
  /** The page's address (short: the page fetches the file list from `/index.json`). */
  url: string;
  /** Who can reach the server, as a sentence for the terminal. */
  reach: string;
  close: () => Promise<void>;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>prompt-envelope view</title>
    <link
      rel="icon"
      href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect x='2' y='6' width='28' height='20' rx='4' fill='%232563eb'/%3E%3Cpath d='M6 11l10 7 10-7' fill='none' stroke='%23fff' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E"
    />
    <link rel="stylesheet" href="/view.css" />
    <script type="module" src="/view.js"></script>
  </head>
  <body>
    <ul id="skipped" hidden></ul>
    <envelope-viewer open-files></envelope-viewer>
  </body>
</html>
`;

const STYLE = `html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; }
envelope-viewer { display: block; height: 100vh; }
#skipped { margin: 0; padding: 0.5em 2em; background: #fff4e5; color: #5c3c00; }
`;

// The page opens what the server's index lists (the address stays short for any number of
// files), and names the folder's entries that were skipped.
const SCRIPT = `import '/prompt-envelope.js';
const viewer = document.querySelector('envelope-viewer');
const index = await (await fetch('/index.json')).json();
const list = document.getElementById('skipped');
for (const { name, reason } of index.skipped) {
  const item = document.createElement('li');
  item.textContent = name + ': skipped, ' + reason;
  list.append(item);
}
list.hidden = index.skipped.length === 0;
for (const { url } of index.files) viewer.openUrl(url);
document.documentElement.dataset.opened = String(index.files.length);
`;

/** Images and media in envelopes may be data: URLs or on the web; everything else is this server. */
const POLICY =
  "default-src 'self'; img-src 'self' data: blob: https: http:; media-src 'self' data: blob: https: http:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * A page of another command served the same way (`record`'s live view): its own page and script,
 * and its own answers for some paths (after the address and token checks, GET and HEAD only).
 */
export interface OwnPage {
  page: string;
  script: string;
  /**
   * Answers a request when the path is its own and returns true; `headers` are the ones every
   * answer carries (the token's cookie).
   */
  handle?: (
    path: string,
    request: IncomingMessage,
    response: ServerResponse,
    headers: Record<string, string>,
  ) => boolean;
}

/** The security headers of every answer: no caching, no sniffing, the page's policy. */
export const ANSWER_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': POLICY,
};

/** True for the addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const COOKIE = 'prompt-envelope-token';

/** Compares in constant time, so the answer's timing does not reveal the token a byte at a time. */
function sameToken(given: string | undefined, token: Buffer): boolean {
  if (given === undefined) return false;
  const bytes = Buffer.from(given);
  return bytes.length === token.length && timingSafeEqual(bytes, token);
}

function cookieToken(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Starts the server on `host`:`port` (0: any free port). On loopback only requests naming its
 * own address are answered; anywhere else every request needs the per-run secret token (in the
 * address, then in a cookie), since the Host header is whatever the other machine sends.
 */
export async function startViewServer(
  files: ViewFile[],
  skipped: SkippedFile[],
  host: string,
  port: number,
  own?: OwnPage,
): Promise<ViewServer> {
  // The same bundle a script tag loads, from this installed package.
  const bundle = readFileSync(new URL('../prompt-envelope.js', import.meta.url));
  const routes = new Map<string, { type: string; body: string | Uint8Array }>([
    ['/', { type: 'text/html', body: own?.page ?? PAGE }],
    ['/view.js', { type: 'text/javascript', body: own?.script ?? SCRIPT }],
    ['/view.css', { type: 'text/css', body: STYLE }],
    ['/prompt-envelope.js', { type: 'text/javascript', body: bundle }],
  ]);
  // What the bundle loads beside itself: the offload worker (large files are read off the page)
  // and the parts it imports on demand (dist/lazy/).
  const beside = (path: string) => readFileSync(new URL(`..${path}`, import.meta.url));
  routes.set('/offload-worker.js', { type: 'text/javascript', body: beside('/offload-worker.js') });
  for (const name of readdirSync(new URL('../lazy/', import.meta.url)))
    if (name.endsWith('.js'))
      routes.set(`/lazy/${name}`, { type: 'text/javascript', body: beside(`/lazy/${name}`) });
  const paths = files.map((file, i) => `/data/${i}/${encodeURIComponent(file.name)}`);
  files.forEach((file, i) => routes.set(paths[i]!, { type: 'text/plain', body: file.text }));
  const index = { files: files.map((file, i) => ({ name: file.name, url: paths[i] })), skipped };
  routes.set('/index.json', { type: 'application/json', body: JSON.stringify(index) });

  const local = isLoopback(host);
  const tokenText = local ? '' : randomBytes(24).toString('base64url');
  const token = Buffer.from(tokenText);
  let hosts: Set<string> = new Set();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const headers: Record<string, string> = {};
    const send = (status: number, type: string, body: string | Uint8Array) => {
      response.writeHead(status, {
        ...headers,
        'content-type': `${type}; charset=utf-8`,
        ...ANSWER_HEADERS,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const url = new URL(request.url ?? '/', 'http://x');
    if (local && !hosts.has(request.headers.host ?? ''))
      return send(403, 'text/plain', 'This server answers only requests to its own address.\n');
    if (!local && !sameToken(cookieToken(request.headers.cookie), token)) {
      if (!sameToken(url.searchParams.get('token') ?? undefined, token))
        return send(
          403,
          'text/plain',
          'This server answers only requests that carry its token: open the address it printed.\n',
        );
      headers['set-cookie'] = `${COOKIE}=${tokenText}; HttpOnly; SameSite=Strict; Path=/`;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, 'text/plain', 'Only GET.\n');
    if (own?.handle?.(url.pathname, request, response, headers)) return;
    const route = routes.get(url.pathname);
    if (!route) return send(404, 'text/plain', 'Not found.\n');
    send(200, route.type, route.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const authority = `${shown.includes(':') ? `[${shown}]` : shown}:${bound}`;
  hosts = new Set([authority, `localhost:${bound}`, `127.0.0.1:${bound}`, `[::1]:${bound}`]);
  const query = local ? '' : `token=${tokenText}`;
  const listened = `${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    url: `http://${authority}/${query ? `?${query}` : ''}`,
    reach: local
      ? 'Serving on this machine only'
      : `Serving to every machine that can reach ${listened}; the address holds a secret token`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Opens `url` in the default browser; says so on `warn` when there is none to open. */
export function openBrowser(url: string, warn: (text: string) => void): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () =>
      warn(`could not open a browser (${command}); open the address yourself.`),
    );
    child.unref();
  } catch {
    warn(`could not open a browser (${command}); open the address yourself.`);
  }
}
