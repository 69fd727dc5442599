/**
 * `prompt-envelope view`: a local web server for the viewer with a person's files loaded. It
 * serves only what it was given, from memory and from this installed package (the script-tag
 * bundle built next to this file): no network, no repository. It answers only requests that name
 * the address it listens on, so a web page that points another host name at 127.0.0.1 (DNS
 * rebinding) cannot read the files.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ViewFile {
  /** The file's name, shown in the viewer. */
  name: string;
  text: string;
}

export interface ViewServer {
  /** The page's address, with every file as a `?src=`. */
  url: string;
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
    <envelope-viewer open-files></envelope-viewer>
  </body>
</html>
`;

const STYLE = `html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; }
envelope-viewer { display: block; height: 100vh; }
`;

// The page opens what its address names, like the demo page's ?src=.
const SCRIPT = `import '/prompt-envelope.js';
const viewer = document.querySelector('envelope-viewer');
for (const src of new URLSearchParams(location.search).getAll('src')) viewer.openUrl(src);
`;

/** Images and media in envelopes may be data: URLs or on the web; everything else is this server. */
const POLICY =
  "default-src 'self'; img-src 'self' data: blob: https: http:; media-src 'self' data: blob: https: http:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Starts the server on `host`:`port` (0: any free port). */
export async function startViewServer(
  files: ViewFile[],
  host: string,
  port: number,
): Promise<ViewServer> {
  // The same bundle a script tag loads, from this installed package.
  const bundle = readFileSync(new URL('../prompt-envelope.js', import.meta.url));
  const routes = new Map<string, { type: string; body: string | Uint8Array }>([
    ['/', { type: 'text/html', body: PAGE }],
    ['/view.js', { type: 'text/javascript', body: SCRIPT }],
    ['/view.css', { type: 'text/css', body: STYLE }],
    ['/prompt-envelope.js', { type: 'text/javascript', body: bundle }],
  ]);
  const paths = files.map((file, i) => `/data/${i}/${encodeURIComponent(file.name)}`);
  files.forEach((file, i) => routes.set(paths[i]!, { type: 'text/plain', body: file.text }));

  let hosts: Set<string> = new Set();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, type: string, body: string | Uint8Array) => {
      response.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': POLICY,
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (!hosts.has(request.headers.host ?? ''))
      return send(403, 'text/plain', 'This server answers only requests to its own address.\n');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, 'text/plain', 'Only GET.\n');
    const route = routes.get(new URL(request.url ?? '/', 'http://x').pathname);
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
  const query = paths.map((path) => `src=${encodeURIComponent(path)}`).join('&');
  return {
    url: `http://${authority}/${query ? `?${query}` : ''}`,
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
      warn(`could not open a browser (${command}); open the address yourself.\n`),
    );
    child.unref();
  } catch {
    warn(`could not open a browser (${command}); open the address yourself.\n`);
  }
}
