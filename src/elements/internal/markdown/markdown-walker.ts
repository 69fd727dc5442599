import { Lexer, type MarkedOptions, type Token, type Tokens } from 'marked';
import { decodeEntities } from './html-entities.js';
import { SAFE_IMAGE, SAFE_LINK } from '../ui/url-rules.js';

/**
 * Markdown from envelopes is untrusted (SPEC §6). marked's lexer reads it into tokens; this walker
 * is the one description of what each token becomes (a tag from a fixed list, attributes whose
 * values it has checked, children), and a writer makes it: nodes on the client
 * (markdown-dom-writer.ts), escaped HTML on the server (markdown-html-writer.ts). Model text is
 * only ever a text node or an attribute value: no HTML string is parsed to draw Markdown (but
 * DOMPurify's, where the text holds raw HTML). Links keep only http, https and mailto targets
 * (opening in a new tab with rel="noopener noreferrer"), images only http(s) and data:image
 * sources; a token kind not known here is drawn as its text.
 * Raw HTML inside the Markdown is handed to the writer as such, one `html` token at a time
 * (`rawHtml`): the client draws the whole text's HTML through DOMPurify once loaded, so that an
 * element opened in one block and closed in another holds the Markdown between
 * (markdown-dom-writer.ts); the server shows it as text.
 */
export const MARKED_OPTIONS: MarkedOptions = { gfm: true, breaks: false, async: false };

/** Attributes in the order they are written, each value already checked. */
export type Attributes = readonly (readonly [name: string, value: string])[];

export interface MarkdownWriter {
  open(tag: string, attributes?: Attributes): void;
  close(): void;
  /** An element without content: `br`, `hr`, `img`, `input`. */
  empty(tag: string, attributes?: Attributes): void;
  text(text: string): void;
  /** One `html` token as marked writes it; `asText` writes it as text where it is not drawn. */
  rawHtml(raw: string, asText: () => void): void;
}

/** A text's top-level tokens, and whether it defines link references (`[x]: url`). */
export function lexMarkdown(source: string): { tokens: Token[]; definesLinks: boolean } {
  const tokens = new Lexer(MARKED_OPTIONS).lex(source);
  return { tokens, definesLinks: Object.keys(tokens.links).length > 0 };
}

/** `source` written as Markdown, or as written with `plainNote` under it when there is one. */
export function writeMarkdown(source: string, plainNote: string | undefined, w: MarkdownWriter) {
  if (plainNote !== undefined) return writePlain(source, plainNote, w);
  let tokens: Token[];
  try {
    tokens = lexMarkdown(source).tokens;
  } catch {
    // marked never should throw on text, but a failure must not take the element down.
    return writePlain(source, undefined, w);
  }
  writeBlocks(tokens, w);
}

/** A writer that only notes whether raw HTML is met. */
function rawHtmlProbe() {
  const ignore = () => undefined;
  return {
    found: false,
    open: ignore,
    close: ignore,
    empty: ignore,
    text: ignore,
    rawHtml() {
      this.found = true;
    },
  };
}

/** Whether drawing `source` meets raw HTML (which the client sanitizes once DOMPurify is here). */
export function holdsRawHtml(source: string): boolean {
  const probe = rawHtmlProbe();
  writeMarkdown(source, undefined, probe);
  return probe.found;
}

/** Whether drawing top-level `tokens` meets raw HTML. */
export function blocksHoldRawHtml(tokens: readonly Token[]): boolean {
  const probe = rawHtmlProbe();
  writeBlocks(tokens, probe);
  return probe.found;
}

/** Top-level tokens written in order; `space` and link definitions draw nothing. */
export function writeBlocks(tokens: readonly Token[] | undefined, w: MarkdownWriter): void {
  for (const token of tokens ?? [])
    if (token.type !== 'space' && token.type !== 'def') block(token, w);
}

/** A text shown as written, with a note under it saying why (`part="cut"`). */
export function writePlain(source: string, note: string | undefined, w: MarkdownWriter): void {
  w.open('div', [['class', 'markdown-plain']]);
  w.text(source);
  w.close();
  if (note === undefined) return;
  w.open('p', [
    ['part', 'cut'],
    ['class', 'cut'],
  ]);
  w.text(note);
  w.close();
}

/** Plain text of inline tokens, as an image's `alt` wants it. */
function plainText(tokens: readonly Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    if ('tokens' in token && token.tokens) text += plainText(token.tokens);
    else if (token.type === 'text' || token.type === 'escape' || token.type === 'codespan')
      text += token.type === 'codespan' ? token.text : decodeEntities(token.text);
    else if (token.type !== 'br') text += token.raw;
  }
  return text;
}

/** What marked does to a URL before writing it (spaces and the like percent-encoded). */
function cleanUrl(href: string): string | undefined {
  try {
    return encodeURI(decodeEntities(href)).replace(/%25/g, '%');
  } catch {
    return undefined; // a lone surrogate: no URL
  }
}

function titled(attributes: [string, string][], title: string | null | undefined) {
  if (title) attributes.push(['title', decodeEntities(title)]);
  return attributes;
}

function link(token: Tokens.Link, w: MarkdownWriter) {
  const href = cleanUrl(token.href);
  const safe = href !== undefined && SAFE_LINK.test(href.trim());
  const attributes = titled(safe ? [['href', href]] : [], token.title);
  if (safe) attributes.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
  w.open('a', attributes);
  inlineTokens(token.tokens, w);
  w.close();
}

function image(token: Tokens.Image, w: MarkdownWriter) {
  const src = cleanUrl(token.href);
  const attributes: [string, string][] =
    src !== undefined && SAFE_IMAGE.test(src.trim()) ? [['src', src]] : [];
  attributes.push(['alt', plainText(token.tokens)]);
  titled(attributes, token.title);
  attributes.push(['loading', 'lazy'], ['referrerpolicy', 'no-referrer']);
  w.empty('img', attributes);
}

function wrapped(tag: string, tokens: readonly Token[] | undefined, w: MarkdownWriter) {
  w.open(tag);
  inlineTokens(tokens, w);
  w.close();
}

function inlineToken(token: Token, w: MarkdownWriter): void {
  switch (token.type) {
    case 'text':
      if ('tokens' in token && token.tokens) inlineTokens(token.tokens, w);
      else w.text(decodeEntities(token.text));
      return;
    case 'escape':
      return w.text(token.text);
    case 'strong':
    case 'em':
    case 'del':
      return wrapped(token.type, token.tokens, w);
    case 'codespan':
      w.open('code');
      w.text(token.text);
      return w.close();
    case 'br':
      return w.empty('br');
    case 'link':
      return link(token as Tokens.Link, w);
    case 'image':
      return image(token as Tokens.Image, w);
    case 'checkbox': {
      const attributes: [string, string][] = [
        ['type', 'checkbox'],
        ['disabled', ''],
      ];
      if (token.checked === true) attributes.push(['checked', '']);
      w.empty('input', attributes);
      return w.text(' ');
    }
    case 'html':
      return inlineHtml(token as Tokens.HTML | Tokens.Tag, w);
    default:
      // Anything else is shown as what was written.
      return w.text(token.raw);
  }
}

function inlineTokens(tokens: readonly Token[] | undefined, w: MarkdownWriter): void {
  for (const token of tokens ?? []) inlineToken(token, w);
}

/**
 * An inline `html` token: a tag or a comment, as text where it is not drawn. marked gives an
 * inline element's opening and closing as separate tokens (`<b>`, text, `</b>`), which mean
 * nothing one by one: the writer that draws raw HTML draws the whole text's HTML at once, where
 * they meet again.
 */
function inlineHtml(token: Tokens.HTML | Tokens.Tag, w: MarkdownWriter) {
  w.rawHtml(token.text, () => w.text(token.raw));
}

/** `align` as marked writes it (the sanitizer's profile allows it; no style attribute). */
function cell(tag: 'th' | 'td', value: Tokens.TableCell, w: MarkdownWriter) {
  w.open(tag, value.align ? [['align', value.align]] : []);
  inlineTokens(value.tokens, w);
  w.close();
}

function cells(row: Tokens.TableCell[], w: MarkdownWriter) {
  w.open('tr');
  // An empty header cell (the corner of a table with row labels) heads nothing: a plain cell.
  for (const value of row) cell(value.header && value.text ? 'th' : 'td', value, w);
  w.close();
}

function table(token: Tokens.Table, w: MarkdownWriter) {
  // Wide tables scroll sideways: keyboard users must be able to focus them.
  w.open('table', [['tabindex', '0']]);
  w.open('thead');
  cells(token.header, w);
  w.close();
  if (token.rows.length > 0) {
    w.open('tbody');
    for (const row of token.rows) cells(row, w);
    w.close();
  }
  w.close();
}

function list(token: Tokens.List, w: MarkdownWriter) {
  const start = token.ordered && typeof token.start === 'number' && token.start !== 1;
  w.open(token.ordered ? 'ol' : 'ul', start ? [['start', String(token.start)]] : []);
  // A tight item holds `text` tokens (no paragraph), a loose one paragraphs, as marked gives them.
  for (const item of token.items) {
    w.open('li');
    writeBlocks(item.tokens, w);
    w.close();
  }
  w.close();
}

/** A fenced or indented code block; the info string's first word names the language. */
function codeBlock(token: Tokens.Code, w: MarkdownWriter) {
  const language = token.lang && decodeEntities(token.lang).match(/^\S+/)?.[0];
  // Wide code scrolls sideways: keyboard users must be able to focus it.
  w.open('pre', [['tabindex', '0']]);
  w.open('code', language ? [['class', `language-${language}`]] : []);
  w.text(token.text);
  w.close();
  w.close();
}

function block(token: Token, w: MarkdownWriter): void {
  switch (token.type) {
    case 'paragraph':
      w.open('p');
      inlineTokens(token.tokens, w);
      return w.close();
    case 'text':
      if (token.tokens) inlineTokens(token.tokens, w);
      else w.text(decodeEntities(token.text));
      return;
    case 'heading':
      w.open(`h${Math.min(Math.max(Number(token.depth) || 1, 1), 6)}`);
      inlineTokens(token.tokens, w);
      return w.close();
    case 'code':
      return codeBlock(token as Tokens.Code, w);
    case 'blockquote':
      w.open('blockquote');
      writeBlocks(token.tokens, w);
      return w.close();
    case 'list':
      return list(token as Tokens.List, w);
    case 'table':
      return table(token as Tokens.Table, w);
    case 'hr':
      return w.empty('hr');
    case 'html':
      return w.rawHtml(token.text, () => writePlain(token.text, undefined, w));
    case 'checkbox':
      return inlineToken(token, w);
    default:
      w.open('p');
      w.text(token.raw);
      return w.close();
  }
}
