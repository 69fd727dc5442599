import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseEnvelope, parseJson } from '../../src/core/parse.js';
import { findJsonSyntaxError } from '../../src/core/json-syntax.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';

describe('parseEnvelope', () => {
  test('parses and validates a valid document', () => {
    const result = parseEnvelope(JSON.stringify(everyKindEnvelope()));
    assert.equal(result.valid, true);
    assert.deepEqual(result.envelope, everyKindEnvelope());
  });

  test('accepts a leading byte-order mark', () => {
    assert.equal(parseEnvelope('\uFEFF' + JSON.stringify(everyKindEnvelope())).valid, true);
  });

  test('returns schema errors with paths for valid JSON that is not an envelope', () => {
    const result = parseEnvelope(
      '{"version":"1.0","messages":[{"id":"x","role":"user","timestamp":1,"segments":[{"kind":"text"}]}]}',
    );
    assert.equal(result.valid, false);
    assert.deepEqual(
      result.errors.map((e) => e.path),
      ['/messages/0/segments/0/content'],
    );
  });

  test('does not accept anything but text', () => {
    for (const input of [null, undefined, 42, {}, ['{}']]) {
      const result = parseEnvelope(input);
      assert.equal(result.valid, false);
      assert.match(result.errors[0].message, /^Expected JSON text, but got \w+\.$/);
    }
  });
});

describe('JSON syntax errors report line, column and reason', () => {
  const cases: [string, string][] = [
    [
      '',
      'line 1, column 1: expected a value (object, list, string, number, true, false or null) but the text ends',
    ],
    ['{\n  "a": 1,\n}', "line 3, column 1: a comma before '}' is not allowed in JSON"],
    ['[1, 2,]', "line 1, column 7: a comma before ']' is not allowed in JSON"],
    ['{"a": [1, 2', "line 1, column 12: expected ',' or ']' but the text ends"],
    ['{"a" 1}', 'line 1, column 6: expected \':\' after the property name but found "1"'],
    ["{'a': 1}", 'line 1, column 2: expected a property name in double quotes but found "\'"'],
    [
      '{"a": "b\nc"}',
      'line 1, column 9: a line break or control character inside a string must be escaped',
    ],
    ['{"a": "\\x"}', 'line 1, column 8: invalid escape "\\\\x" in a string'],
    ['{"a": "\\u12"}', 'line 1, column 8: \\u must be followed by four hex digits'],
    ['{"a": "open', 'line 1, column 7: this string is never closed'],
    [
      '{"a": tru}',
      'line 1, column 7: expected a value (object, list, string, number, true, false or null) but found "t"',
    ],
    ['{"a": 01}', "line 1, column 8: expected ',' or '}' but found \"1\""],
    ['{"a": 1} x', 'line 1, column 10: unexpected "x" after the end of the JSON value'],
    [
      '{\r\n  "a": NaN\r\n}',
      'line 2, column 8: expected a value (object, list, string, number, true, false or null) but found "N"',
    ],
  ];
  for (const [text, expected] of cases) {
    test(JSON.stringify(text), () => {
      const parsed = parseJson(text);
      assert.ok('error' in parsed);
      assert.equal(parsed.error.message, `JSON syntax error at ${expected}.`);
      assert.equal(parsed.error.keyword, 'syntax');
    });
  }

  test('the locator agrees with JSON.parse on valid documents, even 100,000 levels deep', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const text of [deep, '{"a":[1,-2.5e3,true,false,null,"\\u00e9\\n"]}', ' 0 ']) {
      assert.equal(findJsonSyntaxError(text), null);
    }
    assert.equal(
      findJsonSyntaxError('['.repeat(100_000))?.reason,
      'expected a value (object, list, string, number, true, false or null) but the text ends',
    );
  });
});
