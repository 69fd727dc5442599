import { noChange, type ChildPart } from 'lit';
import { AsyncDirective, directive, type DirectiveResult } from 'lit/async-directive.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { Token } from 'marked';
import { waitForHtml } from './html-waiting.js';
import { blockNodes, markdownNodes, type Drawn } from './markdown-dom-writer.js';
import { markdownTooHard } from './markdown-guard.js';
import { loadedSanitizer, loadSanitizer } from './markdown-html.js';
import { markdownToHtml } from './markdown-html-writer.js';
import { blocksHoldRawHtml, holdsRawHtml, lexMarkdown } from './markdown-walker.js';

/** Whether `part` is being hydrated: its nodes came from the server and are adopted as they are. */
function hydrating(part: ChildPart): boolean {
  const start = part.startNode;
  return start?.nodeType === Node.COMMENT_NODE && (start as Comment).data.startsWith('lit-part');
}

/** Whether the top-level tokens' texts are `text` whole (where the last block starts is known). */
function covers(tokens: readonly Token[], text: string): boolean {
  let length = 0;
  for (const token of tokens) length += token.raw.length;
  return length === text.length;
}

/** Where the open (last) block of `tokens` starts: blocks before it are finished. */
function openBlock(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) if (tokens[i]!.type !== 'space') return i;
  return 0;
}

/**
 * A Markdown text as one Lit part: the walker's nodes (markdown-walker.ts) inserted whole, so that
 * a message's body costs its elements and text, not a part per token. On the server it is the
 * same walker's escaped HTML, which hydration adopts without drawing it again.
 *
 * A text that grows from the one drawn (a streamed answer) keeps its finished blocks as drawn:
 * each update reads and draws again only its last block, which is the only one new text can
 * change (CommonMark closes a block for good once a later line does not continue it), so that a
 * frame costs what changed, not the whole answer. Texts that define link references are drawn
 * whole (a definition may come after its use), and so are texts that hold raw HTML (an element
 * opened in one block may close in a later one).
 *
 * A text shaped to stall the parser (markdown-guard.ts) is shown as written with `plainNote`.
 */
class MarkdownBody extends AsyncDirective {
  private source?: string;
  private note?: string;
  private part?: ChildPart;
  /** While the text grows: where its last block starts, and that block's nodes. */
  private open?: { start: number; nodes: ChildNode[] };
  /** Raw HTML is shown as text until DOMPurify is here; then the text is drawn again. */
  private waiting = false;

  render(source: string, plainNote: string): unknown {
    // Only the server calls this; on the client `update` draws nodes.
    return unsafeHTML(markdownToHtml(source, markdownTooHard(source) ? plainNote : undefined));
  }

  override update(part: ChildPart, [source, plainNote]: [string, string]): unknown {
    if (source === this.source && plainNote === this.note) return noChange;
    const previous = this.source;
    const sameNote = plainNote === this.note;
    this.source = source;
    this.note = plainNote;
    this.part = part;
    if (previous === undefined && hydrating(part)) {
      if (source.includes('<') && holdsRawHtml(source)) this.awaitSanitizer();
      return noChange;
    }
    const grown = previous !== undefined && sameNote && source.startsWith(previous);
    if (grown && this.open && this.grow(part, source)) return noChange;
    return this.drawWhole(source, grown);
  }

  /** A view taken off the page while DOMPurify loaded shows the sanitized HTML when it is back. */
  protected override reconnected(): void {
    if (this.waiting && loadedSanitizer() !== undefined) this.drawAgain();
    else if (this.waiting) this.awaitSanitizer();
  }

  /** The whole text drawn; `track`: its blocks are kept apart for the text to grow. */
  private drawWhole(source: string, track: boolean): DocumentFragment {
    this.open = undefined;
    if (markdownTooHard(source)) return this.take(markdownNodes(source, this.note));
    if (!track) return this.take(markdownNodes(source));
    let tokens;
    try {
      const lexed = lexMarkdown(source);
      if (lexed.definesLinks || !covers(lexed.tokens, source) || blocksHoldRawHtml(lexed.tokens))
        return this.take(blockNodes(lexed.tokens));
      tokens = lexed.tokens;
    } catch {
      return this.take(markdownNodes(source));
    }
    return this.drawTail(tokens, 0);
  }

  /** The text from its open block on, read and drawn again in place; false: draw it whole. */
  private grow(part: ChildPart, source: string): boolean {
    const start = this.open!.start;
    const tail = source.slice(start);
    if (markdownTooHard(tail)) return false;
    let tokens;
    try {
      const lexed = lexMarkdown(tail);
      if (lexed.definesLinks || !covers(lexed.tokens, tail) || blocksHoldRawHtml(lexed.tokens))
        return false;
      tokens = lexed.tokens;
    } catch {
      return false;
    }
    for (const node of this.open!.nodes) node.remove();
    part.parentNode.insertBefore(this.drawTail(tokens, start), part.endNode);
    return true;
  }

  /** `tokens` (the text from `start`) drawn: the blocks before the last for good, the last open. */
  private drawTail(tokens: readonly Token[], start: number): DocumentFragment {
    const last = openBlock(tokens);
    const finished = tokens.slice(0, last);
    const nodes = this.take(blockNodes(finished));
    const open = this.take(blockNodes(tokens.slice(last)));
    let offset = start;
    for (const token of finished) offset += token.raw.length;
    this.open = { start: offset, nodes: [...open.childNodes] };
    nodes.append(open);
    return nodes;
  }

  private take({ nodes, waitsForSanitizer }: Drawn): DocumentFragment {
    if (waitsForSanitizer) this.awaitSanitizer();
    return nodes;
  }

  /** The text drawn again now that DOMPurify is here. */
  private drawAgain(): void {
    this.waiting = false;
    this.setValue(this.drawWhole(this.source!, this.open !== undefined));
  }

  private awaitSanitizer(): void {
    this.waiting = true;
    const source = this.source;
    const loading = loadSanitizer().then(
      () => {
        if (this.source === source && this.isConnected) this.drawAgain();
      },
      // Not loaded (offline, blocked): the HTML stays text; a later draw tries again.
      () => undefined,
    );
    const host = this.part?.options?.host;
    if (host) waitForHtml(host, loading);
  }
}

const markdownBody = directive(MarkdownBody);

/**
 * A Markdown text drawn as nodes under one part; `plainNote` is the note shown under a text too
 * contrived to parse (markdown-guard.ts), drawn as written.
 */
export function renderMarkdown(source: string, plainNote = ''): DirectiveResult {
  return markdownBody(source, plainNote);
}
