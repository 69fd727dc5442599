import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { toPointer } from '../../src/core/protocol/issues.js';
import { parseEnvelope, parseJson } from '../../src/core/protocol/parse.js';
import { findJsonSyntaxError } from '../../src/core/protocol/json-syntax.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
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

describe('duplicate keys are errors with a JSON Pointer, line and column', () => {
  // [name, text, [path, key, first line:column, second line:column][]]
  const cases: [string, string, [string, string, string, string][]][] = [
    ['top level', '{"a": 1, "a": 2}', [['/a', 'a', '1:2', '1:10']]],
    [
      'a message field, as in the audit',
      '{"version":"1.0","messages":[{"id":"x","role":"tool","role":"user","timestamp":1,"segments":[]}]}',
      [['/messages/0/role', 'role', '1:40', '1:54']],
    ],
    ['nested objects', '{"a": {"b": {"c": 1, "c": 2}}}', [['/a/b/c', 'c', '1:14', '1:22']]],
    [
      'arrays of objects: each object on its own',
      '[{"k": 1}, {"k": 2}, {"k": 3, "j": 0, "k": 4}]',
      [['/2/k', 'k', '1:23', '1:39']],
    ],
    [
      'escaped names are compared unescaped',
      '{"a\\u0062": 1, "ab": 2}',
      [['/ab', 'ab', '1:2', '1:16']],
    ],
    ['an escaped quote in a name', '{"a\\"b": 1, "a\\"b": 2}', [['/a"b', 'a"b', '1:2', '1:13']]],
    [
      'over several lines, every duplicate',
      '{\n  "x": [\n    {"k": 1,\n     "k": 2}\n  ],\n  "y": 0,\n  "x": []\n}',
      [
        ['/x/0/k', 'k', '3:6', '4:6'],
        ['/x', 'x', '2:3', '7:3'],
      ],
    ],
    [
      'a name that needs escaping in a pointer',
      '{"a/b~": 1, "a/b~": 2}',
      [['/a~1b~0', 'a/b~', '1:2', '1:13']],
    ],
    ['the same name in sibling objects is fine', '{"a": {"k": 1}, "b": {"k": 1}}', []],
    ['"ab" and "a\\u0062c" differ', '{"ab": 1, "a\\u0062c": 2}', []],
    ['__proto__ once is fine', '{"__proto__": {"x": 1}, "a": 1}', []],
    [
      '__proto__ twice is a duplicate',
      '{"__proto__": 1, "__proto__": 2}',
      [['/__proto__', '__proto__', '1:2', '1:18']],
    ],
  ];
  for (const [name, text, expected] of cases) {
    test(name, () => {
      const parsed = parseJson(text);
      if (expected.length === 0) {
        assert.ok('value' in parsed, JSON.stringify(parsed));
        return;
      }
      assert.ok('errors' in parsed);
      assert.deepEqual(
        parsed.errors.map((e) => [e.path, e.keyword]),
        expected.map(([path]) => [path, 'duplicate-key']),
      );
      parsed.errors.forEach((error, i) => {
        const [path, key, first, second] = expected[i];
        const [l1, c1] = first.split(':');
        const [l2, c2] = second.split(':');
        assert.equal(
          error.message,
          `The key ${JSON.stringify(key)} appears twice in one object, at line ${l1}, column ${c1} and at line ${l2}, column ${c2} (${path}); JSON readers disagree on which value wins, so remove one.`,
        );
      });
      assert.equal(parsed.error, parsed.errors[0]);
    });
  }

  test('property: never a false alarm, and a name written twice in any spelling is found', () => {
    const unicodeEscaped = (key: string) =>
      `"${Array.from(key, (ch) =>
        Array.from(
          { length: ch.length },
          (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`,
        ).join(''),
      ).join('')}"`;
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.string().filter((k) => k !== 'x'),
        fc.boolean(),
        (value, key, pretty) => {
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          assert.ok('value' in parseJson(text), 'valid JSON without duplicates passes');
          const doubled = `{"x": ${text}, ${JSON.stringify(key)}: 1, ${unicodeEscaped(key)}: 2}`;
          const parsed = parseJson(doubled);
          assert.ok('errors' in parsed);
          assert.deepEqual(
            parsed.errors.map((e) => e.path),
            [toPointer([key])],
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  test('parseEnvelope reports them instead of validating the last value', () => {
    const text =
      '{"version":"1.0","messages":[{"id":"x","role":"tool","role":"user","timestamp":1,"segments":[{"kind":"text","content":"hi"}]}]}';
    assert.equal(validateEnvelope(JSON.parse(text)).valid, true, 'JSON.parse alone keeps "user"');
    const result = parseEnvelope(text);
    assert.equal(result.valid, false);
    assert.deepEqual(
      result.errors.map((e) => e.path),
      ['/messages/0/role'],
    );
  });

  test('thousands of duplicates are capped with a summary', () => {
    const text = `[${Array.from({ length: 500 }, () => '{"a":1,"a":2}').join(',')}]`;
    const parsed = parseJson(text);
    assert.ok('errors' in parsed);
    assert.equal(parsed.errors.length, 101);
    assert.equal(parsed.errors[100].keyword, 'limit');
  });

  test('a large valid file is not read a second time', () => {
    // Property names counted in the text equal those parsed: no duplicate search at all.
    const big = JSON.stringify(
      Array.from({ length: 20_000 }, (_, i) => ({ id: `m${i}`, text: 'a:b "quoted" {x}', n: i })),
    );
    const parsed = parseJson(big);
    assert.ok('value' in parsed);
  });
});
