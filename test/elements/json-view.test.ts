import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderJsonText, safeStringify } from '../../src/elements/internal/ui/json-view.js';

/** What safeStringify did before it stopped recursing: JSON.stringify with a replacer. */
function recursive(value: unknown, indent: number | string = 2): string {
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(
        value,
        (_key, v: unknown) => {
          if (typeof v === 'bigint') return `${v}n`;
          if (v !== null && typeof v === 'object') {
            if (seen.has(v)) return '[cycle]';
            seen.add(v);
          }
          return v;
        },
        indent,
      ) ?? String(value)
    );
  } catch (error) {
    return `[cannot show: ${(error as Error).message}]`;
  }
}

/** `levels` arrays nested in each other around the number 1. */
function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

const shared = { id: 1 };
const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic.self = cyclic;

const VALUES: [string, unknown][] = [
  ['null', null],
  ['a number', 42],
  ['a negative zero, NaN and infinities', [-0, NaN, Infinity, -Infinity, 1e21, 0.1]],
  ['a string with quotes, escapes and emoji', 'a "b" \\ \n \t \u0001 \u2028 😀 \ud800'],
  ['booleans', [true, false]],
  ['empty object and array', { a: {}, b: [], c: [{}], d: { e: [] } }],
  [
    'a nested object',
    {
      city: 'Lisbon',
      temperature: 21,
      wind: { from: 'NW', kmh: 12, gusts: [20, 31] },
      rain: null,
      '': 'empty key',
      'quoted "key"': 1,
      '1': 'numeric key first',
    },
  ],
  [
    'members without a JSON value',
    { u: undefined, f: () => 1, s: Symbol('s'), list: [undefined, () => 1, Symbol('t')] },
  ],
  ['an object whose members all have no JSON value', { u: undefined, f: () => 1 }],
  ['a sparse array', [1, , 3]], // eslint-disable-line no-sparse-arrays
  ['toJSON methods', { when: new Date(0), custom: { toJSON: (key: string) => `key ${key}` } }],
  ['boxed primitives', [new Number(5), new String('s'), new Boolean(false)]],
  ['a BigInt', { big: 12345678901234567890n, list: [1n] }],
  ['a BigInt object', { big: Object(1n) }],
  ['a repeated object', { a: shared, b: shared, c: [shared] }],
  ['a cycle', cyclic],
  [
    'a getter that throws',
    {
      get bad() {
        throw new Error('no access');
      },
    },
  ],
  ['undefined', undefined],
  ['a function', () => 1],
  ['a symbol', Symbol('alone')],
  ['64 levels of nesting', deep(64)],
];

describe('safeStringify', () => {
  for (const [name, value] of VALUES) {
    it(`writes the same text as JSON.stringify with a replacer: ${name}`, () => {
      for (const indent of [2, 0, 4, 20, -1, '\t', '--', 'more than ten characters']) {
        expect(safeStringify(value, indent), `indent ${JSON.stringify(indent)}`).to.equal(
          recursive(value, indent),
        );
      }
      expect(safeStringify(value)).to.equal(recursive(value));
    });
  }

  it('writes a value nested 10,000 levels deep, too deep for a recursive JSON.stringify', () => {
    const value = deep(10_000);
    expect(safeStringify(value, 0)).to.equal(`${'['.repeat(10_000)}1${']'.repeat(10_000)}`);
    const lines = Array.from({ length: 10_000 }, (_, i) => ' '.repeat(i));
    const pretty = [
      ...lines.map((s) => `${s}[`),
      `${' '.repeat(10_000)}1`,
      ...lines.reverse().map((s) => `${s}]`),
    ];
    expect(safeStringify(value, 1)).to.equal(pretty.join('\n'));
  });

  it('stops after maxLength characters and says so with "…"', () => {
    const value = { list: Array.from({ length: 1000 }, (_, i) => ({ i })) };
    const full = safeStringify(value);
    for (const maxLength of [0, 1, 10, 333, full.length - 1]) {
      expect(safeStringify(value, 2, maxLength)).to.equal(`${full.slice(0, maxLength)}…`);
    }
    expect(safeStringify(value, 2, full.length)).to.equal(full);
    expect(safeStringify('x'.repeat(100), 0, 10)).to.equal(`"${'x'.repeat(9)}…`);
  });

  it('stops reading a deep value once maxLength is reached', () => {
    // The innermost schema throws when read: reaching it would show "[cannot show: …]".
    let schema: unknown = {
      get type() {
        throw new Error('read too far');
      },
    };
    for (let i = 0; i < 10_000; i++) schema = { type: 'object', properties: { a: schema } };
    const text = safeStringify(schema, 2, 20_000);
    expect(text).to.have.length(20_001);
    expect(text.startsWith('{\n  "type": "object",\n  "properties": {\n    "a": {')).to.equal(true);
    expect(text.endsWith('…')).to.equal(true);
    expect(safeStringify(schema, 0)).to.equal('[cannot show: read too far]');
  });
});

describe('renderJsonText', () => {
  const draw = (text: string) => {
    const box = document.createElement('div');
    render(renderJsonText(text), box);
    return box;
  };

  it('colours keys, strings, numbers and literals', () => {
    const box = draw('{"a": "x\\"y", "b": [1, true, null]}');
    expect([...box.querySelectorAll('.json-key')].map((s) => s.textContent)).to.deep.equal([
      '"a"',
      '"b"',
    ]);
    expect(box.querySelector('.json-string')!.textContent).to.equal('"x\\"y"');
    expect(box.querySelector('.json-number')!.textContent).to.equal('1');
    expect([...box.querySelectorAll('.json-literal')].map((s) => s.textContent)).to.deep.equal([
      'true',
      'null',
    ]);
  });

  it("a text cut inside a long string (a tab's shown part) ends in one string, text kept whole", () => {
    // OpenAI arguments are one JSON string: 10,000 escaped keys, cut before its closing quote.
    const cut = `{"arguments": "{${Array.from({ length: 10_000 }, (_, i) => `\\"k${i}\\":${i}`).join(',')}`;
    const box = draw(cut);
    const strings = box.querySelectorAll('.json-string');
    expect(strings.length).to.equal(1);
    expect(strings[0]!.textContent!.length).to.equal(cut.length - '{"arguments": '.length);
    expect(box.textContent).to.equal(cut);
    expect(box.querySelectorAll('.json-number').length).to.equal(0);
  });
});
