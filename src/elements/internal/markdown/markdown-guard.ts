/**
 * Markdown that would stall marked (issue 20), recognised in one linear pass before parsing.
 * Measured with marked 18 in V8 (the figures in stories/guides/performance.mdx):
 * - emphasis delimiters that find no partner make each opener scan to the end of its paragraph:
 *   `a*_` repeated to 8,000 characters takes 1 s, to 30,000 characters 16 s, to 100,000 the tab
 *   freezes; the cost follows (delimiter runs × paragraph length);
 * - nested lists and quotes recurse: 100 levels of indented list items take 0.35 s, 1,000
 *   levels 18 s, and about 2,000 levels on one line exhaust the stack.
 * Beyond the limits below the text is shown as plain text with a note; nothing real comes near
 * them (a 10,000-character paragraph with 400 emphasis runs is still formatted).
 */

/** Delimiter runs × characters of one paragraph: about 0.1 s for the worst shape measured. */
const MAX_EMPHASIS_WORK = 4_000_000;

/** List and quote markers opening one line. */
const MAX_MARKERS = 32;

/** Columns of indentation before a list item or quote (two per level is usual). */
const MAX_INDENT = 64;

/** A line that starts a block of its own: a list item, quote, heading or table row. */
const BLOCK_START = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|#{1,6}[ \t]|\|)/;

const FENCE = /^ {0,3}(?:```|~~~)/;

/** Whether rendering `source` as Markdown might block the page; then show it as plain text. */
export function markdownTooHard(source: string): boolean {
  let fenced = false;
  let paragraphLength = 0;
  let paragraphRuns = 0;
  const endParagraph = () => {
    const tooHard = paragraphRuns * paragraphLength > MAX_EMPHASIS_WORK;
    paragraphLength = 0;
    paragraphRuns = 0;
    return tooHard;
  };
  let start = 0;
  while (start <= source.length) {
    let end = source.indexOf('\n', start);
    if (end === -1) end = source.length;
    const line = source.slice(start, end);
    start = end + 1;
    if (FENCE.test(line)) {
      fenced = !fenced;
      if (endParagraph()) return true;
      continue;
    }
    if (fenced) continue;
    if (line.trim() === '' || BLOCK_START.test(line)) {
      if (endParagraph()) return true;
      if (nestedTooDeep(line)) return true;
    }
    paragraphLength += line.length + 1;
    paragraphRuns += emphasisRuns(line);
  }
  return endParagraph();
}

/** Runs of `*`, `_` or `~` in `line` (`**` is one run, `*_` two). */
function emphasisRuns(line: string): number {
  let runs = 0;
  let previous = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const delimiter = c === 42 || c === 95 || c === 126;
    if (delimiter && c !== previous) runs++;
    previous = delimiter ? c : 0;
  }
  return runs;
}

/** Whether the markers and indentation opening `line` nest lists or quotes too deeply. */
function nestedTooDeep(line: string): boolean {
  let markers = 0;
  let indent = 0;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      indent += c === '\t' ? 4 : 1;
      i++;
    } else if (c === '>') {
      markers++;
      i++;
    } else if ((c === '-' || c === '*' || c === '+') && /[ \t]/.test(line[i + 1] ?? '')) {
      markers++;
      i += 2;
    } else {
      const ordered = /^\d{1,9}[.)][ \t]/.exec(line.slice(i, i + 12));
      if (!ordered) break;
      markers++;
      i += ordered[0].length;
    }
    if (markers > MAX_MARKERS) return true;
  }
  return markers > 0 && indent > MAX_INDENT;
}
