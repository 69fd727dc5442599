/** `prompt-envelope render FILE [-o page.html] [--interactive]`: a conversation as a static page. */
import { pointerForMessage } from './core/protocol/issues.js';
import { importEnvelope } from './core/targets/import.js';
import { inlineScript } from './cli/inline-script.js';
import { line } from './cli/terminal-text.js';
import { renderPage } from './ssr/page.js';

export interface RenderCommandOptions {
  output?: string;
  interactive: boolean;
  viewer: boolean;
  theme?: 'light' | 'dark' | 'auto';
  lang?: string;
  timeZone?: string;
  title?: string;
}

export interface RenderIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  writeFile: (path: string, text: string) => void;
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
  // The script-tag bundle with its on-demand parts inside (a page that loads nothing else).
  const script = options.interactive ? inlineScript() : undefined;
  // Nothing read: the element is given the text, and shows why, as the viewer does.
  const shown = conversations.length === 0 ? [text] : conversations;
  const page = await renderPage(shown, {
    element: options.viewer ? 'envelope-viewer' : 'envelope-chat',
    ...(options.theme ? { theme: options.theme } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.title ? { title: options.title } : {}),
    ...(script ? { script } : {}),
  });
  if (options.output) {
    io.writeFile(options.output, page);
    io.stderr(line`wrote ${options.output} (${Math.round(page.length / 1024)} kB)\n`);
  } else {
    io.stdout(page);
  }
  return conversations.length > 0 && errors.length === 0 ? 0 : 1;
}
