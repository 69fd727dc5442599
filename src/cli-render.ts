/** `prompt-envelope render FILE [-o page.html] [--interactive]`: a conversation as a static page. */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { pointerForMessage } from './core/protocol/issues.js';
import { importEnvelope } from './core/targets/import.js';
import { pageScript } from './cli/page-script.js';
import { line } from './cli/terminal-text.js';
import { renderPage, type RenderPageOptions } from './ssr/page.js';

export interface RenderCommandOptions {
  output?: string;
  interactive: boolean;
  /** With `output`: one file that holds its script and styles, not files beside it. */
  inline?: boolean;
  viewer: boolean;
  theme?: 'light' | 'dark' | 'auto';
  lang?: string;
  timeZone?: string;
  title?: string;
}

export interface RenderIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Writes `text` to `path`, making the folders it needs. */
  writeFile: (path: string, text: string) => void;
}

/** Where an interactive page's script and styles go, beside it: one folder, shared by pages. */
const FILES = 'prompt-envelope-files';

/**
 * Script and styles in files beside `page`, named by their content: pages rendered into one
 * folder share them (also pages of other versions, whose files have other names), and a browser
 * keeps them cached until they change. Written once the page is, by `write`.
 */
function filesBeside(page: string) {
  const files = new Map<string, string>();
  const add = (text: string, name: (hash: string) => string) => {
    const address = `${FILES}/${name(createHash('sha256').update(text).digest('hex').slice(0, 12))}`;
    files.set(address, text);
    return address;
  };
  const options: RenderPageOptions['files'] = {
    script: add(pageScript('classic'), (hash) => `prompt-envelope.${hash}.js`),
    stylesheet: (css) => add(css, (hash) => `${hash}.css`),
  };
  const write = (io: RenderIo) => {
    for (const [address, text] of files) io.writeFile(join(dirname(page), address), text);
    return files.size;
  };
  return { options, write };
}

/**
 * Writes the page of what `view` would show: an envelope, or the conversations of any format the
 * importer reads (request bodies, logs, traces), one after the other. 0, or 1 when the file holds
 * errors or no conversation (the page is written all the same, showing them).
 */
export async function renderCommand(
  file: string,
  text: string,
  options: RenderCommandOptions,
  io: RenderIo,
): Promise<number> {
  const imported = importEnvelope(text);
  const conversations =
    imported.envelopes?.map((conversation) => conversation.envelope) ??
    (imported.envelope ? [imported.envelope] : []);
  const { errors } = imported;
  if (imported.source !== 'envelope' || errors.length > 0) {
    const count = `${conversations.length} ${conversations.length === 1 ? 'conversation' : 'conversations'}`;
    const problems =
      errors.length === 1 ? ', 1 error' : errors.length > 1 ? `, ${errors.length} errors` : '';
    io.stderr(line`${file}: ${count} (${imported.source ?? 'unread'})${problems}
`);
    for (const error of errors)
      io.stderr(line`  ${pointerForMessage(error.path || '/')}: ${error.message}
`);
  }
  // The script-tag bundle with its on-demand parts inside: in a file beside the page (with the
  // styles of its shadow roots), or inside the page when there is no folder to write to.
  const beside =
    options.interactive && options.output && !options.inline
      ? filesBeside(options.output)
      : undefined;
  const script = options.interactive && !beside ? pageScript('module') : undefined;
  // Nothing read: the element is given the text, and shows why, as the viewer does.
  const shown = conversations.length === 0 ? [text] : conversations;
  const page = await renderPage(shown, {
    element: options.viewer ? 'envelope-viewer' : 'envelope-chat',
    ...(options.theme ? { theme: options.theme } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.title ? { title: options.title } : {}),
    ...(script ? { script } : {}),
    ...(beside ? { files: beside.options } : {}),
  });
  // An interactive page draws pictures as the elements do (a page without script draws a remote
  // one as a link): say that opening it asks their hosts for them.
  const remote = options.interactive ? page.match(/<img\b[^>]*\ssrc="https?:/g)?.length : 0;
  if (remote)
    io.stderr(
      line`note: ${remote} remote ${remote === 1 ? 'picture loads' : 'pictures load'} from ${remote === 1 ? 'its host' : 'their hosts'} when shown (without a referrer). Without --interactive the page shows them as links and asks nothing of anyone.
`,
    );
  if (options.output) {
    io.writeFile(options.output, page);
    const count = beside?.write(io);
    const files = count
      ? line`, and ${count} files it loads in ${join(dirname(options.output), FILES)}`
      : '';
    io.stderr(line`wrote ${options.output} (${Math.round(page.length / 1024)} kB)${files}\n`);
  } else {
    io.stdout(page);
  }
  return conversations.length > 0 && errors.length === 0 ? 0 : 1;
}
