// An esbuild plugin for the script-tag builds: the element styles (Lit `css` template literals,
// written indented and commented for reading) minified by esbuild's own CSS minifier, and the
// element templates (`html`, `svg`) unindented. esbuild minifies JavaScript but leaves template
// literal text as written (the indentation of the templates was 1.7 kB gzip of each bundle).
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import ts from 'typescript';

/**
 * `${…}` expressions stand in the CSS as these while it is minified: a value as a name, one
 * that stands for a list of declarations (such as the theme's tokens) as a declaration.
 */
const slot = (i) => `--pe-slot-${i}`;

/**
 * How an expression that follows `before` (the CSS before it) and precedes `after` stands in the
 * CSS while it is minified, or null when it may stand for a rule. Inside a declaration, as a
 * value: a name. Alone, after the `{` or `;` of a style rule (not of an at-rule, whose block may
 * hold rules) and before a `;`, a `}` or the next line, as a list of declarations: a declaration.
 */
function standIn(i, before, after) {
  const text = before.replace(/\/\*[\s\S]*?\*\//g, '');
  if (!/(?:^|[{};])\s*$/.test(text)) return slot(i);
  if (!/[{;]\s*$/.test(text) || !/^[ \t]*(?:[;}\n]|$)/.test(after)) return null;
  const headers = [];
  let from = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '{') headers.push(text.slice(from, at).trim());
    else if (text[at] === '}') headers.pop();
    if (text[at] === '{' || text[at] === '}' || text[at] === ';') from = at + 1;
  }
  const header = headers.at(-1);
  return header === undefined || header.startsWith('@') ? null : `${slot(i)}:0;`;
}

/**
 * The text between the backticks of each `css` tagged template in `source`, with its
 * expressions: `{ start, end, parts, expressions }`. Element styles hold no nested templates.
 */
function cssLiterals(source) {
  const found = [];
  for (const match of source.matchAll(/\bcss`/g)) {
    const start = match.index + match[0].length;
    const parts = [];
    const expressions = [];
    let from = start;
    let i = start;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') i += 2;
      else if (source.startsWith('${', i)) {
        parts.push(source.slice(from, i));
        let depth = 1;
        let j = i + 2;
        while (depth > 0 && j < source.length) {
          if (source[j] === '{') depth++;
          else if (source[j] === '}') depth--;
          j++;
        }
        expressions.push(source.slice(i, j));
        from = i = j;
      } else i++;
    }
    parts.push(source.slice(from, i));
    found.push({ start, end: i, parts, expressions });
  }
  return found;
}

/**
 * One literal's text minified, or null (left as written) when minifying would not keep each
 * expression where it stood: one that is neither a value nor a list of declarations (a whole
 * rule, say).
 */
async function minifiedLiteral({ parts, expressions }) {
  // The source text is the literal's raw text: an escape in it would read differently as CSS.
  if (parts.some((part) => part.includes('\\'))) return null;
  let css = parts[0];
  const stands = [];
  for (let i = 0; i < expressions.length; i++) {
    // A declaration slot ends with its own `;`: the list it stands for may end without one.
    const stand = standIn(i, css, parts[i + 1]);
    if (stand === null) return null;
    stands.push(stand);
    css += stand + parts[i + 1];
  }
  // `charset: 'utf8'` keeps `·` and `−` as written: esbuild's default, an escape (`"\b7"`,
  // `"\2212"`), means something else in a template literal (a backspace, or no text at all).
  const { code, warnings } = await transform(css, { loader: 'css', minify: true, charset: 'utf8' });
  if (warnings.length > 0) return null;
  let text = code.trim();
  // Any escape the minifier still writes would be read by the template literal, not by CSS.
  if (text.includes('\\')) return null;
  for (let i = expressions.length - 1; i >= 0; i--) {
    // A declaration slot's `;` stays where the minifier kept it, after the list it stands for.
    const pieces = text.split(stands[i].replace(/;$/, ''));
    if (pieces.length !== 2) return null;
    text = pieces.join(expressions[i]);
  }
  return text.replaceAll('`', '\\`');
}

/** `source` (a TypeScript module) with the text of its `css` literals minified. */
export async function minifyCssSource(source) {
  let result = '';
  let at = 0;
  for (const literal of cssLiterals(source)) {
    const minified = await minifiedLiteral(literal);
    if (minified === null) continue;
    result += source.slice(at, literal.start) + minified;
    at = literal.end;
  }
  return result + source.slice(at);
}

/**
 * `source` (a TypeScript module) with the line breaks of its `html` and `svg` templates
 * unindented: a line break followed by spaces and tabs becomes the line break alone. Where the
 * elements' styles collapse white space, a rendered run of it is a single space either way; where
 * they preserve it (pre-wrap text), the templates write no line break, which would show. A
 * template with a `<pre>` or a `<textarea>` in it is left as written.
 */
export function unindentHtmlSource(source) {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, false);
  const edits = [];
  const visit = (node) => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      (node.tag.text === 'html' || node.tag.text === 'svg')
    ) {
      const template = node.template;
      const pieces = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      const text = pieces.map((piece) => source.slice(piece.getStart(file), piece.end)).join('');
      if (!/<(pre|textarea)\b/i.test(text)) {
        for (const piece of pieces) {
          const start = piece.getStart(file);
          const raw = source.slice(start, piece.end);
          const unindented = raw.replace(/\n[ \t]+/g, '\n');
          if (unindented !== raw) edits.push({ start, end: piece.end, text: unindented });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let result = source;
  for (const edit of edits.sort((x, y) => y.start - x.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/**
 * An element module's source with its `css` literals minified and its templates unindented. Every
 * build that ships the elements (dist/'s modules, the bundles, dist/split/) goes through it: a
 * server-rendered page hydrates only with templates whose text is the server's, to the byte.
 */
export async function squeezedElementSource(source) {
  const unindented = /\b(html|svg)`/.test(source) ? unindentHtmlSource(source) : source;
  return unindented.includes('css`') ? await minifyCssSource(unindented) : unindented;
}

export const minifyCssLiterals = {
  name: 'minify-css-literals',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]elements[\\/].*\.ts$/ }, async (args) => {
      return {
        contents: await squeezedElementSource(await readFile(args.path, 'utf8')),
        loader: 'ts',
      };
    });
  },
};
