import assert from 'node:assert/strict';
import { test } from 'node:test';
import { characterEntities } from 'character-entities';
import {
  decodeCharacterReferences,
  knowsEveryCharacterReferenceName,
  provideCharacterReferenceNames,
} from '../../src/core/insight/character-references.js';

// CommonMark 0.31.2, "Entity and numeric character references": the decoder that the Markdown
// views and search share. The tests run in order: the first sees only the common names.

test('before the list of names: the common names and every number; the others are heard', () => {
  const unknown: string[] = [];
  const decoded = decodeCharacterReferences(
    '&amp; &copy; &nbsp; &#35; &#1234; &#x1F600; &#0; &#xD800; &#x110000; caf&eacute; &hearts;',
    (name) => unknown.push(name),
  );
  assert.equal(decoded, '& © \u00a0 # Ӓ 😀 \ufffd \ufffd \ufffd caf&eacute; &hearts;');
  assert.deepEqual(unknown, ['eacute', 'hearts']);
  assert.equal(knowsEveryCharacterReferenceName(), false);
});

test('with the list: every name of HTML; what is not a reference stays as written', () => {
  provideCharacterReferenceNames(characterEntities);
  assert.equal(knowsEveryCharacterReferenceName(), true);
  assert.equal(Object.keys(characterEntities).length, 2125);
  const unknown: string[] = [];
  const cases: [string, string][] = [
    ['caf&eacute; &hearts; &frac12;', 'café ♥ ½'],
    ['&ngE; &nvlt; &CounterClockwiseContourIntegral;', '≧̸ <⃒ ∳'],
    ['&Dcaron; &HilbertSpace; &DifferentialD; &ClockwiseContourIntegral;', 'Ď ℋ ⅆ ∲'],
    [
      '&#X22; &#XD06; &#xcab; &#0000035; &#98765432; &#xabcdef0;',
      '" ആ ಫ # &#98765432; &#xabcdef0;',
    ],
    ['&notaname; &copy &MadeUpEntity; & nbsp; &x; &#; &#x; &ThisIsNotDefined;', ''],
    ['&amp;eacute; &#38;eacute;', '&eacute; &eacute;'],
  ];
  for (const [source, expected] of cases)
    assert.equal(
      decodeCharacterReferences(source, (name) => unknown.push(name)),
      expected || source,
    );
  assert.deepEqual(unknown, ['notaname', 'MadeUpEntity', 'ThisIsNotDefined']);
  for (const [name, characters] of Object.entries(characterEntities))
    assert.equal(decodeCharacterReferences(`&${name};`), characters, name);
});
