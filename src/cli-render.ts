/** `prompt-envelope render FILE [-o page.html] [--interactive]`: an envelope as a static page. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseEnvelope } from './core/protocol/parse.js';
import { pointerForMessage } from './core/protocol/issues.js';
import { line } from './cli/terminal-text.js';
import { renderEnvelopePage } from './ssr/page.js';

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

/** Writes the page; 0, or 1 when the file is not a valid envelope (the page is written all the same). */
export async function renderCommand(
  file: string,
  text: string,
  options: RenderCommandOptions,
  io: RenderIo,
): Promise<number> {
  const parsed = parseEnvelope(text);
  if (!parsed.valid) {
    io.stderr(line`${file} is not a valid envelope; the page shows the errors:\n`);
    for (const error of parsed.errors)
      io.stderr(line`  ${pointerForMessage(error.path || '/')}: ${error.message}\n`);
  }
  // The script-tag bundle with its on-demand parts inside (a page that loads nothing else),
  // from this installed package (built next to this file).
  const script = options.interactive
    ? gunzipSync(readFileSync(new URL('./prompt-envelope.inline.js.gz', import.meta.url))).toString(
        'utf8',
      )
    : undefined;
  const page = await renderEnvelopePage(parsed.valid ? parsed.envelope : text, {
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
  return parsed.valid ? 0 : 1;
}
