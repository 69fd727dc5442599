import { expect } from '@open-wc/testing';
import { defuseInlineCode } from '../../src/elements/internal/markdown/html-defuse.js';

/** Handler and style names get `x-` wherever a start tag could begin; nothing else changes. */
const CASES: [string, string][] = [
  ['plain text, no tags', 'plain text, no tags'],
  ['<p>on and style stay text</p>', '<p>on and style stay text</p>'],
  ['<img src=x onerror="a()">', '<img src=x x-onerror="a()">'],
  ['<IMG SRC=x ONERROR=a()>', '<IMG SRC=x x-ONERROR=a()>'],
  ['<svg/onload=a()>', '<svg/x-onload=a()>'],
  ['<p style="color:red" title="x">', '<p x-style="color:red" title="x">'],
  ['<style>p{}</style>', '<x-style>p{}</style>'],
  ['<a title="x"onclick=a()>', '<a title="x"x-onclick=a()>'],
  ['<a =onclick x>', '<a =onclick x>'],
  ['<a "x onclick=a()>', '<a "x x-onclick=a()>'],
  // Inside a quoted value the parser sees text, but a scan from the inner "<" renames it anyway.
  ['<a title="<b onclick=a()>">', '<a title="<b x-onclick=a()>">'],
  // Raw text: the parser leaves <style> at "</style>", and the <img> after it is a real tag.
  [
    '<style><a title="</style><img src=x onerror=a()>">',
    '<x-style><a title="</style><img src=x x-onerror=a()>">',
  ],
  ['<!--<img src=x onerror=a()>-->', '<!--<img src=x x-onerror=a()>-->'],
  ['<img src=x onerror', '<img src=x x-onerror'],
  ['a < b and c<d', 'a < b and c<d'],
];

describe('defuseInlineCode', () => {
  for (const [input, expected] of CASES)
    it(`${input} → ${expected}`, () => expect(defuseInlineCode(input)).to.equal(expected));

  it('stays linear on contrived input and gives up (undefined) rather than freeze', () => {
    for (const text of [
      '<a'.repeat(200_000),
      '<a x="'.repeat(100_000),
      '<a b=" '.repeat(100_000),
    ]) {
      const start = performance.now();
      const out = defuseInlineCode(text);
      expect(performance.now() - start).to.be.below(1_000);
      expect(out === undefined || out === text).to.equal(true);
    }
  });
});
