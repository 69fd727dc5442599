import { ownValue } from '../protocol/own-value.js';

/**
 * Character references (`&amp;`, `&#169;`, `&#xA9;`, `&copy;`) as the characters they name, as
 * CommonMark reads them in Markdown text: a reference ends with its semicolon (HTML's legacy
 * forms without one, `&copy`, stay as written), numeric ones are decimal (1 to 7 digits) or hex
 * (1 to 6), and a code point that names no character (0, a surrogate, beyond U+10FFFF) is drawn
 * as U+FFFD. A name that HTML does not define stays as written.
 *
 * The names people write most are here; the other 2,000-odd of HTML's list come from the
 * `character-entities` package, which the elements load the first time a text holds a name not
 * listed here (markdown/html-entities.ts) and a server render loads before it renders. Until then
 * such a name is left as written, as an unknown one is. Search matches what is drawn: it decodes
 * with the same function, so `é` finds `caf&eacute;`.
 */
const COMMON: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  minus: '−',
  le: '≤',
  ge: '≥',
  ne: '≠',
  asymp: '≈',
  infin: '∞',
  larr: '←',
  rarr: '→',
  uarr: '↑',
  darr: '↓',
  harr: '↔',
  rArr: '⇒',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  dagger: '†',
  check: '✓',
  zwj: '\u200d',
  zwnj: '\u200c',
};

/** Every name HTML defines, once provided; the common ones until then. */
let names: Readonly<Record<string, string>> = COMMON;
let everyName = false;

/** Gives the decoder HTML's whole list of names (name without `&` and `;` → its characters). */
export function provideCharacterReferenceNames(table: Readonly<Record<string, string>>): void {
  names = table;
  everyName = true;
}

/** Whether every name HTML defines is known (else only the common ones are). */
export function knowsEveryCharacterReferenceName(): boolean {
  return everyName;
}

// HTML's longest name, CounterClockwiseContourIntegral, has 31 characters.
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/** A code point as CommonMark decodes it: 0, surrogates and beyond U+10FFFF become U+FFFD. */
function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * `text` with its character references decoded (see above). `unknown` hears each name left as
 * written because the decoder does not know it (yet: see knowsEveryCharacterReferenceName).
 */
export function decodeCharacterReferences(text: string, unknown?: (name: string) => void): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number(decimal));
    if (hex !== undefined) return fromCodePoint(parseInt(hex, 16));
    const characters = ownValue(names, name);
    if (characters !== undefined) return characters;
    unknown?.(name!);
    return whole;
  });
}
