import { noChange, type ChildPart } from 'lit';
import { Directive, directive, type DirectiveResult } from 'lit/directive.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import type { Token } from 'marked';
import { entityNamesLoaded, loadEntityNames } from './html-entities.js';
import { waitForHtml } from './html-waiting.js';
import { blockNodes, markdownNodes, type Drawn } from './markdown-dom-writer.js';
import { markdownTooHard } from './markdown-guard.js';
import { loadedSanitizer, loadSanitizer } from './markdown-html.js';
import { markdownToHtml } from './markdown-html-writer.js';
import { blocksHoldRawHtml, holdsRawHtml, lexMarkdown } from './markdown-walker.js';

/** A part a drawn text may wait for before it is drawn again: it loads on demand. */
interface AwaitedPart {
  load(): Promise<unknown>;
  loaded(): boolean;
}

/** DOMPurify, for raw HTML (markdown-html.ts). */
const SANITIZER: AwaitedPart = {
  load: loadSanitizer,
  loaded: () => loadedSanitizer() !== undefined,
};

/** HTML's whole list of character reference names (html-entities.ts). */
const ENTITY_NAMES: AwaitedPart = { load: loadEntityNames, loaded: entityNamesLoaded };

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
 *
 * Raw HTML is shown as text until DOMPurify has loaded, and a character reference with a rare
 * name as written until HTML's list of names has: then the text is drawn again in place.
 *
 * A plain directive, not an async one: an async directive makes Lit keep a set and two closures
 * on every part above it, in every message (issue 28's heap), and drawing again needs none of
 * that. What a text waits for is kept only while it waits.
 */
class MarkdownBody extends Directive {
  private source?: string;
  private note?: string;
  private part?: ChildPart;
  /** While the text grows: where its last block starts, and that block's nodes. */
  private open?: { start: number; nodes: ChildNode[] };
  /** While the text waits for parts (see above): which, and the first node drawn. */
  private waiting?: { parts: Set<AwaitedPart>; first: ChildNode | null };
  /** The parts the blocks drawn by this update need, until it settles them. */
  private needs?: AwaitedPart[];

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
      if (source.includes('<') && holdsRawHtml(source))
        this.awaitParts([SANITIZER], part.startNode!.nextSibling);
      return noChange;
    }
    const grown = previous !== undefined && sameNote && source.startsWith(previous);
    if (grown && this.open && this.grow(part, source)) {
      // The blocks before the open one still wait for what they waited for.
      this.settle(part.startNode!.nextSibling, true);
      return noChange;
    }
    const nodes = this.drawWhole(source, grown);
    this.settle(nodes.firstChild, false);
    return nodes;
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

  /** The drawn nodes; the parts they wait for are noted for `settle`. */
  private take({ nodes, waitsForSanitizer, waitsForNames }: Drawn): DocumentFragment {
    if (waitsForSanitizer) (this.needs ??= []).push(SANITIZER);
    if (waitsForNames) (this.needs ??= []).push(ENTITY_NAMES);
    return nodes;
  }

  /**
   * After a draw whose first node is `first`: the text waits for what its blocks need (`keep`:
   * and for what the blocks not drawn again waited for).
   */
  private settle(first: ChildNode | null, keep: boolean): void {
    const needs = this.needs;
    this.needs = undefined;
    if (!keep) this.waiting = undefined;
    if (needs) this.awaitParts(needs, first);
    else if (this.waiting) this.waiting.first = first;
  }

  /**
   * The text drawn again in place of its nodes now that a part it waited for is here, unless the
   * part shows something else since (its nodes were taken away: a segment collapsed, a message
   * replaced), whose own draw will use the part.
   */
  private drawAgain(): void {
    const part = this.part!;
    const first = this.waiting?.first;
    this.waiting = undefined;
    if (!first || first.parentNode !== part.parentNode) return;
    const nodes = this.drawWhole(this.source!, this.open !== undefined);
    this.settle(nodes.firstChild, false);
    const end = part.endNode;
    for (let node: ChildNode | null = first; node && node !== end;) {
      const next: ChildNode | null = node.nextSibling;
      node.remove();
      node = next;
    }
    part.parentNode.insertBefore(nodes, end);
  }

  /**
   * Loads `parts` and those waited for already (`first`: the first node drawn, if any); once all
   * settle, draws again if any loaded.
   */
  private awaitParts(parts: AwaitedPart[], first: ChildNode | null): void {
    const waiting = (this.waiting ??= { parts: new Set(), first });
    waiting.first = first;
    for (const part of parts) waiting.parts.add(part);
    const source = this.source;
    const awaited = [...waiting.parts];
    // A part that does not load (offline, blocked) leaves the text as it is; a later draw tries
    // again.
    const loading = Promise.allSettled(awaited.map((part) => part.load())).then(() => {
      const arrived = awaited.some((part) => part.loaded());
      if (arrived && this.source === source && this.waiting === waiting) this.drawAgain();
    });
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
