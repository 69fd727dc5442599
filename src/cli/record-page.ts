/**
 * The live view of `prompt-envelope record`, served by the `view` server (view-server.ts) with
 * the same bundle, address and token rules. The list on the left holds one entry per exchange:
 * it appears when the request has arrived, its answer streams into the viewer as it comes (the
 * server reads the stream with the core's stream reader and sends the updates), and it becomes
 * the exchange as written to the file once the answer is complete. A reload lists the file's
 * lines of this run again, and the exchanges still under way.
 */

export const RECORD_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>prompt-envelope record</title>
    <link
      rel="icon"
      href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='12' fill='%23dc2626'/%3E%3C/svg%3E"
    />
    <link rel="stylesheet" href="/record.css" />
    <script type="module" src="/view.js"></script>
  </head>
  <body>
    <header>
      <p id="status" role="status">Connecting…</p>
      <label><input id="follow" type="checkbox" checked /> Show each new exchange</label>
    </header>
    <main>
      <nav aria-label="Recorded exchanges">
        <ol id="exchanges"></ol>
        <p id="empty">Nothing recorded yet: send a request through the recorder.</p>
      </nav>
      <section>
        <p id="problem" role="alert" hidden></p>
        <envelope-viewer></envelope-viewer>
      </section>
    </main>
  </body>
</html>
`;

export const RECORD_STYLE = `html, body { margin: 0; height: 100%; font-family: system-ui, sans-serif; }
body { display: flex; flex-direction: column; }
header { display: flex; gap: 1em; align-items: center; justify-content: space-between; padding: 0.4em 1em; border-bottom: 1px solid #d1d5db; font-size: 0.9em; }
header p { margin: 0; }
header.stopped { background: #fff4e5; color: #5c3c00; }
main { flex: 1; display: flex; min-height: 0; }
nav { width: 19em; flex: none; overflow: auto; border-right: 1px solid #d1d5db; }
ol { list-style: none; margin: 0; padding: 0; }
li button { display: block; width: 100%; text-align: left; padding: 0.5em 0.8em; border: 0; border-bottom: 1px solid #e5e7eb; background: none; font: inherit; font-size: 0.85em; cursor: pointer; }
li button[aria-current='true'] { background: #dbeafe; }
li button:hover { background: #f3f4f6; }
li .what { display: block; font-weight: 600; overflow-wrap: anywhere; }
li .how { display: block; color: #4b5563; }
li .how.failed { color: #b91c1c; }
#empty { padding: 0.8em; color: #4b5563; font-size: 0.9em; }
section { flex: 1; min-width: 0; overflow: auto; }
#problem { margin: 0; padding: 0.6em 1em; background: #fef2f2; color: #991b1b; }
envelope-viewer { display: block; height: 100%; }
`;

// Plain JavaScript: the page loads it as it is. The stream updates come from the server;
// importEnvelope (in the bundle) reads the request bodies and the file's lines.
export const RECORD_SCRIPT = `import { importEnvelope } from '/prompt-envelope.js';
const viewer = document.querySelector('envelope-viewer');
const list = document.getElementById('exchanges');
const status = document.getElementById('status');
const follow = document.getElementById('follow');
const problem = document.getElementById('problem');
const empty = document.getElementById('empty');
/** key -> { item, how, envelope, problem, updates, done } */
const exchanges = new Map();
const seen = new Set();
let shown;
let queue = Promise.resolve();
const later = (step) => (queue = queue.then(step).catch((error) => console.error(error)));

const pathOf = (url) => new URL(url).pathname;
const time = (ms) => new Date(ms).toLocaleTimeString();
const lineKey = (record) => record.timings.start + ' ' + record.timings.end + ' ' + record.request.url;

function entry(key, what, start, path) {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  const title = document.createElement('span');
  title.className = 'what';
  title.textContent = what;
  const how = document.createElement('span');
  how.className = 'how';
  how.textContent = time(start) + ' · answer arriving…';
  button.append(title, how);
  button.addEventListener('click', () => {
    follow.checked = false;
    show(key);
  });
  item.append(button);
  list.append(item);
  empty.hidden = true;
  const exchange = { button, how, path, envelope: undefined, problem: undefined, updates: [], applied: 0, done: false };
  exchanges.set(key, exchange);
  return exchange;
}

function envelopeOf(body) {
  const result = importEnvelope(body);
  if (result.envelope) return { envelope: result.envelope };
  return { problem: result.errors.map((e) => e.message).join(' ') || 'The request could not be read.' };
}

/** The protocol panel's tab for the API a path calls. */
const tabOf = (path) =>
  path.endsWith('/responses')
    ? 'openai-responses'
    : path.endsWith('/messages')
      ? 'anthropic'
      : /:(stream)?generateContent$/i.test(path)
        ? 'gemini'
        : 'openai';

/** Gives the viewer the updates of the exchange it has not had yet. */
function catchUp(exchange) {
  if (exchange.done) return;
  for (const update of exchange.updates.slice(exchange.applied)) viewer.applyStreamUpdate(update);
  exchange.applied = exchange.updates.length;
}

function show(key) {
  shown = key;
  for (const [k, x] of exchanges) x.button.setAttribute('aria-current', String(k === key));
  later(async () => {
    const exchange = exchanges.get(key);
    if (shown !== key || !exchange) return;
    problem.hidden = !exchange.problem;
    problem.textContent = exchange.problem ?? '';
    if (!exchange.envelope) return;
    viewer.envelope = exchange.envelope;
    await viewer.updateComplete;
    const panel = viewer.shadowRoot.querySelector('protocol-panel');
    if (panel) panel.tab = tabOf(exchange.path);
    await viewer.shadowRoot.querySelector('envelope-chat')?.updateComplete;
    exchange.applied = 0;
    catchUp(exchange);
  });
}

function describe(record) {
  const seconds = ((record.timings.end - record.timings.start) / 1000).toFixed(2) + ' s';
  const notes = [time(record.timings.start), String(record.response.status), seconds];
  if (record.stream) notes.push('streamed');
  if (record.response.aborted) notes.push('cut off');
  return notes.join(' · ');
}

function recorded(line, key) {
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return;
  }
  const id = lineKey(record);
  if (seen.has(id)) return;
  seen.add(id);
  const exchange =
    exchanges.get(key) ??
    entry(key, (record.model ?? record.provider) + ' ' + pathOf(record.request.url), record.timings.start, pathOf(record.request.url));
  const read = importEnvelope(line);
  exchange.envelope = read.envelope ?? undefined;
  exchange.problem = read.envelope
    ? undefined
    : read.errors.map((e) => e.message).join(' ') || 'This exchange could not be read.';
  const unreadable = record.request.unreadable ?? record.response.unreadable;
  if (unreadable) exchange.problem = 'Recorded as unreadable: ' + unreadable + '.';
  exchange.done = true;
  exchange.updates = [];
  exchange.how.textContent = describe(record);
  exchange.how.classList.toggle('failed', record.response.status >= 400 || Boolean(record.response.aborted));
  if (shown === key) show(key);
}

const handlers = {
  hello({ out, proxy, stopped }) {
    status.textContent = 'Recording to ' + out + ' · the SDKs go through ' + proxy;
    if (stopped) handlers.stopped({ reason: stopped });
  },
  stopped({ reason }) {
    status.textContent = 'Recording stopped (' + reason + '): requests are still forwarded, not recorded.';
    status.parentElement.classList.add('stopped');
  },
  exchange({ id, provider, model, path, start, request }) {
    const key = 'live-' + id;
    if (exchanges.has(key)) return;
    const exchange = entry(key, (model ?? provider) + ' ' + path, start, path);
    Object.assign(
      exchange,
      'body' in request
        ? envelopeOf(request.body)
        : { problem: request.unreadable ? 'Recorded as unreadable: ' + request.unreadable + '.' : 'The request has no body.' },
    );
    if (follow.checked || shown === undefined) show(key);
  },
  update({ id, updates }) {
    const key = 'live-' + id;
    const exchange = exchanges.get(key);
    if (!exchange || exchange.done) return;
    exchange.updates.push(...updates);
    if (shown === key)
      later(() => {
        if (shown === key) catchUp(exchange);
      });
  },
  done({ id, line }) {
    recorded(line, 'live-' + id);
  },
};

// Events that come while the file is read wait for it, then go in order.
const waiting = [];
let ready = false;
const events = new EventSource('/events');
for (const name of Object.keys(handlers))
  events.addEventListener(name, (event) => {
    const data = JSON.parse(event.data);
    if (ready) handlers[name](data);
    else waiting.push([name, data]);
  });
const text = await (await fetch('/recorded.jsonl')).text();
let n = 0;
for (const line of text.split('\\n')) if (line.trim()) recorded(line, 'file-' + n++);
if (follow.checked && n > 0) show('file-' + (n - 1));
ready = true;
for (const [name, data] of waiting.splice(0)) handlers[name](data);
document.documentElement.dataset.ready = 'true';
`;
