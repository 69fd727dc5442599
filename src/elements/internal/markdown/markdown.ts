import { html, nothing, type TemplateResult } from 'lit';
import type { DirectiveResult } from 'lit/directive.js';
import { isTemplateResult } from 'lit/directive-helpers.js';
import { Lexer, Parser, type MarkedOptions, type Token, type Tokens } from 'marked';
import { BoundedCache } from './bounded-cache.js';
import { decodeEntities } from './html-entities.js';
import { sanitizedHtml } from './markdown-html.js';
import { SAFE_IMAGE, SAFE_LINK } from '../ui/url-rules.js';

/**
 * Markdown from envelopes is untrusted (SPEC §6). marked's lexer reads it into tokens, which are
 * drawn here as Lit templates: model text reaches the DOM as text nodes and attribute values set
 * by Lit, never through innerHTML, so drawing a message parses no HTML at all. Links keep only
 * http, https and mailto targets (opening in a new tab with rel="noopener noreferrer"), images
 * only http(s) and data:image sources; a token kind not known here is drawn as its text.
 * Raw HTML inside the Markdown goes to DOMPurify instead (markdown-html.ts).
 */
const OPTIONS: MarkedOptions = { gfm: true, breaks: false, async: false };

/** What a token becomes: a template, text, nothing, or a part holding sanitized HTML. */
type Drawn = TemplateResult | DirectiveResult | string | typeof nothing;

/**
 * Templates of 2 to 8 parts side by side. Lit draws a list with two comment markers per item,
 * a template with one per part: a message's DOM is what the Markdown means plus one marker per
 * piece of text, not three.
 */
// prettier-ignore
const ROWS: ((d: readonly Drawn[]) => TemplateResult)[] = [
  (d) => html`${d[0]}${d[1]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}${d[3]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}${d[5]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}${d[5]}${d[6]}`,
  (d) => html`${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}${d[5]}${d[6]}${d[7]}`,
];
const ROW = ROWS.length + 1;

/** Pieces drawn side by side: one row template, or rows of rows past eight. */
function row(pieces: readonly Drawn[]): Drawn {
  if (pieces.length <= 1) return pieces[0] ?? nothing;
  if (pieces.length <= ROW) return ROWS[pieces.length - 2]!(pieces);
  const rows: Drawn[] = [];
  for (let i = 0; i < pieces.length; i += ROW) rows.push(row(pieces.slice(i, i + ROW)));
  return row(rows);
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

const title = (value: string | null | undefined) => (value ? decodeEntities(value) : nothing);

function link(token: Tokens.Link): TemplateResult {
  const href = cleanUrl(token.href);
  const content = inlineTokens(token.tokens);
  return href !== undefined && SAFE_LINK.test(href.trim())
    ? html`<a href=${href} title=${title(token.title)} target="_blank" rel="noopener noreferrer"
        >${content}</a
      >`
    : html`<a title=${title(token.title)}>${content}</a>`;
}

function image(token: Tokens.Image): TemplateResult {
  const src = cleanUrl(token.href);
  return html`<img
    src=${src !== undefined && SAFE_IMAGE.test(src.trim()) ? src : nothing}
    alt=${plainText(token.tokens)}
    title=${title(token.title)}
    loading="lazy"
    referrerpolicy="no-referrer"
  />`;
}

function inlineToken(token: Token): Drawn {
  switch (token.type) {
    case 'text':
      return 'tokens' in token && token.tokens
        ? inlineTokens(token.tokens)
        : decodeEntities(token.text);
    case 'escape':
      return token.text;
    case 'strong':
      return html`<strong>${inlineTokens(token.tokens)}</strong>`;
    case 'em':
      return html`<em>${inlineTokens(token.tokens)}</em>`;
    case 'del':
      return html`<del>${inlineTokens(token.tokens)}</del>`;
    case 'codespan':
      return html`<code>${token.text}</code>`;
    case 'br':
      return html`<br />`;
    case 'link':
      return link(token as Tokens.Link);
    case 'image':
      return image(token as Tokens.Image);
    case 'checkbox':
      // An attribute, not a property: a server render writes it too.
      return html`<input type="checkbox" disabled ?checked=${token.checked === true} /> `;
    default:
      // An inline `html` token outside a run that holds HTML does not happen (see `inline`);
      // anything else is shown as what was written.
      return token.raw;
  }
}

/** Inline tokens drawn; adjacent text is one string (one text node). */
function inlineTokens(tokens: readonly Token[] | undefined): Drawn {
  if (!tokens || tokens.length === 0) return nothing;
  if (tokens.length === 1) return inlineToken(tokens[0]!);
  const drawn: Drawn[] = [];
  for (const token of tokens) {
    const next = inlineToken(token);
    const last = drawn.length - 1;
    if (typeof next === 'string' && typeof drawn[last] === 'string') drawn[last] += next;
    else drawn.push(next);
  }
  return row(drawn);
}

function holdsHtml(tokens: readonly Token[] | undefined): boolean {
  return (tokens ?? []).some(
    (token) => token.type === 'html' || ('tokens' in token && holdsHtml(token.tokens)),
  );
}

/**
 * The inline content of one block (a paragraph, heading, table cell, list item's text).
 * marked gives an inline tag's opening and closing as separate tokens (`<b>`, text, `</b>`), which
 * mean nothing one by one; so a run that holds HTML is sanitized whole: marked writes the run as
 * HTML (its text escaped, as marked does) and DOMPurify sanitizes it. Until DOMPurify has loaded
 * (and on the server) the run is drawn from its tokens with each tag as text.
 */
function inline(tokens: readonly Token[] | undefined): Drawn {
  if (!holdsHtml(tokens)) return inlineTokens(tokens);
  const fallback = inlineTokens(tokens!.map(htmlAsText));
  return sanitizedHtml(new Parser(OPTIONS).parseInline(tokens as Token[]), fallback);
}

/** An `html` token as the text it was, as written (other tokens with their children likewise). */
function htmlAsText(token: Token): Token {
  if (token.type === 'html') return { type: 'escape', raw: token.raw, text: token.raw };
  if ('tokens' in token && token.tokens) return { ...token, tokens: token.tokens.map(htmlAsText) };
  return token;
}

function heading(token: Tokens.Heading): TemplateResult {
  const content = inline(token.tokens);
  switch (token.depth) {
    case 1:
      return html`<h1>${content}</h1>`;
    case 2:
      return html`<h2>${content}</h2>`;
    case 3:
      return html`<h3>${content}</h3>`;
    case 4:
      return html`<h4>${content}</h4>`;
    case 5:
      return html`<h5>${content}</h5>`;
    default:
      return html`<h6>${content}</h6>`;
  }
}

/** `align` as marked writes it (the sanitizer's profile allows it; no style attribute). */
const align = (value: 'center' | 'left' | 'right' | null) => value ?? nothing;

// Templates written without whitespace between tags: each space would be a text node per table
// row or list item.
// prettier-ignore
// An empty header cell (the corner of a table with row labels) heads nothing: a plain cell.
function table(token: Tokens.Table): TemplateResult {
  const cells = (cells: Tokens.TableCell[]) =>
    row(cells.map((cell) => cell.header && cell.text
      ? html`<th align=${align(cell.align)}>${inline(cell.tokens)}</th>`
      : html`<td align=${align(cell.align)}>${inline(cell.tokens)}</td>`));
  const body = token.rows.length === 0
    ? nothing
    : html`<tbody>${row(token.rows.map((r) => html`<tr>${cells(r)}</tr>`))}</tbody>`;
  // Wide tables scroll sideways: keyboard users must be able to focus them.
  return html`<table tabindex="0"><thead><tr>${cells(token.header)}</tr></thead>${body}</table>`;
}

// prettier-ignore
function list(token: Tokens.List): TemplateResult {
  // A tight item holds `text` tokens (no paragraph), a loose one paragraphs, as marked gives them.
  const items = row(token.items.map((item) => html`<li>${blocks(item.tokens)}</li>`));
  if (!token.ordered) return html`<ul>${items}</ul>`;
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : nothing;
  return html`<ol start=${start}>${items}</ol>`;
}

/** A fenced or indented code block; the info string's first word names the language. */
// prettier-ignore
function codeBlock(token: Tokens.Code): TemplateResult {
  const language = token.lang?.match(/^\S+/)?.[0];
  // Wide code scrolls sideways: keyboard users must be able to focus it.
  return html`<pre tabindex="0"><code class=${language ? `language-${language}` : nothing}>${token.text}</code></pre>`;
}

/**
 * A block of raw HTML: sanitized once DOMPurify is there, its text until then. Each block is
 * sanitized on its own, so an element opened in one block and closed in another (`<details>`,
 * a paragraph, `</details>`) does not hold the Markdown between them.
 */
const htmlBlock = (token: Tokens.HTML) =>
  sanitizedHtml(token.text, html`<div class="markdown-plain">${token.text}</div>`);

function block(token: Token): Drawn {
  switch (token.type) {
    case 'paragraph':
      return html`<p>${inline(token.tokens)}</p>`;
    case 'text':
      return token.tokens ? inline(token.tokens) : decodeEntities(token.text);
    case 'heading':
      return heading(token as Tokens.Heading);
    case 'code':
      return codeBlock(token as Tokens.Code);
    case 'blockquote':
      return html`<blockquote>${blocks(token.tokens)}</blockquote>`;
    case 'list':
      return list(token as Tokens.List);
    case 'table':
      return table(token as Tokens.Table);
    case 'hr':
      return html`<hr />`;
    case 'html':
      return htmlBlock(token as Tokens.HTML);
    case 'checkbox':
      return inlineToken(token);
    default:
      return html`<p>${token.raw}</p>`;
  }
}

function blocks(tokens: readonly Token[] | undefined): Drawn {
  return row(
    (tokens ?? []).filter((token) => token.type !== 'space' && token.type !== 'def').map(block),
  );
}

/**
 * Templates by source text, within a budget of source characters: a long conversation scrolled
 * back and forth is read once, and every view of one text shares its templates.
 */
const cache = new BoundedCache<TemplateResult>(4_000_000);

/** A Markdown text drawn as Lit templates: read once per distinct text. */
export function renderMarkdown(source: string): TemplateResult {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  let drawn: TemplateResult;
  try {
    const blocksDrawn = blocks(new Lexer(OPTIONS).lex(source));
    // Only `html` templates are made here (no compiled ones).
    drawn = isTemplateResult(blocksDrawn) ? (blocksDrawn as TemplateResult) : html`${blocksDrawn}`;
  } catch {
    // marked never should throw on text, but a failure must not take the element down.
    drawn = html`<div class="markdown-plain">${source}</div>`;
  }
  cache.set(source, drawn, source.length);
  return drawn;
}

/** How many distinct texts are cached (each was read once); tests read it. */
export function markdownCacheSize(): number {
  return cache.size;
}
