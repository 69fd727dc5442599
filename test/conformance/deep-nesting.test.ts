import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { composePrompt } from '../../src/core/targets/compose-prompt.js';
import { diffEnvelopes } from '../../src/core/insight/diff.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../src/core/targets/export-targets.js';
import { checkAnthropicRequest } from '../../src/core/targets/anthropic/export.js';
import { checkGeminiRequest } from '../../src/core/targets/gemini/export.js';
import { checkOpenAIRequest } from '../../src/core/targets/openai/export.js';
import { checkOTelRecord } from '../../src/core/targets/otel/export.js';
import { checkOpenAIResponsesRequest } from '../../src/core/targets/openai-responses/export.js';
import {
  importEnvelope,
  IMPORT_SOURCES,
  type ImportSource,
} from '../../src/core/targets/import.js';
import { toPointer } from '../../src/core/protocol/issues.js';
import {
  jsonPreview,
  MAX_DOCUMENT_NESTING,
  MAX_NESTING,
  NESTING_WARNING_DEPTH,
  stringifyJson,
} from '../../src/core/protocol/json-value.js';
import { measureEnvelope } from '../../src/core/insight/measure.js';
import { normalizeEnvelope } from '../../src/core/protocol/normalize.js';
import { parseEnvelope } from '../../src/core/protocol/parse.js';
import { searchEnvelope } from '../../src/core/insight/search.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';

/**
 * SPEC §6 "deeply nested tool arguments", everywhere: a value nested from 1,001 to 200,000
 * levels in every field of an envelope and of every provider body. Nothing throws; what the
 * validator refuses (free-form values beyond MAX_NESTING, anything deep where a string belongs)
 * is an error naming the path, and what it accepts is exported with a warning naming it.
 */

type Shape = 'object' | 'list' | 'mixed';

/** A value `depth` objects or lists deep, built without recursion. */
function nested(depth: number, shape: Shape): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) {
    const list = shape === 'list' || (shape === 'mixed' && i % 2 === 1);
    value = list ? [value] : { a: value };
  }
  return value;
}

/**
 * The tokens that lead from the outside of `nested(depth, shape)` to its level `count + 1`
 * (nested() wraps from the inside out: wrapper i = depth - 1 is the outermost).
 */
function wrapperTokens(depth: number, count: number, shape: Shape): (string | number)[] {
  return Array.from({ length: count }, (_, level) => {
    const i = depth - 1 - level;
    return shape === 'list' || (shape === 'mixed' && i % 2 === 1) ? 0 : 'a';
  });
}

/** Where a deep value goes in an envelope, and whether the validator accepts it there. */
interface EnvelopePlace {
  name: string;
  /** Where the deep value is (its wrapper, when there is one, is its parent). */
  tokens: (string | number)[];
  freeForm: boolean;
  /** Free-form places hold an object: the value goes into one ({ k: … }, { properties: … }). */
  wrap?: (value: unknown) => unknown;
}

type Json = Record<string | number, unknown>;

/** Sets the value at `tokens` (every parent exists). */
function setAt(root: unknown, tokens: (string | number)[], value: unknown): void {
  let node = root as Json;
  for (const token of tokens.slice(0, -1)) node = node[token] as Json;
  node[tokens.at(-1)!] = value;
}

function put(envelope: unknown, place: EnvelopePlace, value: unknown): void {
  if (place.wrap) setAt(envelope, place.tokens.slice(0, -1), place.wrap(value));
  else setAt(envelope, place.tokens, value);
}

function baseEnvelope(): Json {
  return {
    version: '1.1',
    model: 'gpt-4.1',
    scene: { id: 'g', type: 'group' },
    messages: [
      {
        id: 's',
        role: 'system',
        timestamp: 0,
        segments: [
          { kind: 'system_prompt', content: 'Be brief.', collapsed: true },
          { kind: 'memory', items: [{ title: 't', content: 'c' }], collapsed: true },
          {
            kind: 'tool_overview',
            items: [
              { name: 'plot', description: 'd', parameters: 'p', schema: { type: 'object' } },
            ],
            collapsed: true,
          },
        ],
      },
      {
        id: 'u',
        role: 'user',
        timestamp: 1,
        actor: { userId: 'u1', name: 'Ann' },
        segments: [{ kind: 'text', content: 'Plot it.' }],
      },
      {
        id: 'a',
        role: 'assistant',
        timestamp: 2,
        segments: [
          { kind: 'tool_call_request', toolName: 'plot', arguments: { k: 1 }, collapsed: false },
        ],
      },
      {
        id: 't',
        role: 'tool',
        timestamp: 3,
        segments: [
          {
            kind: 'tool_call_result',
            toolName: 'plot',
            result: 'ok',
            success: true,
            collapsed: true,
          },
        ],
      },
    ],
  };
}

const envelopePlaces: EnvelopePlace[] = [
  {
    name: 'tool arguments',
    tokens: ['messages', 2, 'segments', 0, 'arguments', 'k'],
    freeForm: true,
    wrap: (v) => ({ k: v }),
  },
  {
    name: 'tool schema',
    tokens: ['messages', 0, 'segments', 2, 'items', 0, 'schema', 'properties'],
    freeForm: true,
    wrap: (v) => ({ type: 'object', properties: v }),
  },
  {
    name: 'tool result',
    tokens: ['messages', 3, 'segments', 0, 'result'],
    freeForm: false,
  },
  {
    name: 'memory item',
    tokens: ['messages', 0, 'segments', 1, 'items', 0],
    freeForm: false,
  },
  {
    name: 'memory content',
    tokens: ['messages', 0, 'segments', 1, 'items', 0, 'content'],
    freeForm: false,
  },
  {
    name: 'text content',
    tokens: ['messages', 1, 'segments', 0, 'content'],
    freeForm: false,
  },
  {
    name: 'actor name',
    tokens: ['messages', 1, 'actor', 'name'],
    freeForm: false,
  },
  {
    name: 'scene',
    tokens: ['scene'],
    freeForm: false,
  },
  {
    name: 'unknown message field',
    tokens: ['messages', 1, 'extra'],
    freeForm: false,
  },
  {
    name: 'the messages list',
    tokens: ['messages'],
    freeForm: false,
  },
];

/** Where a deep value goes in a provider body. */
interface BodyPlace {
  name: string;
  from: ImportSource;
  tokens: (string | number)[];
  make: (value: unknown) => unknown;
}

const bodyPlaces: BodyPlace[] = [
  {
    name: 'tool_use input',
    from: 'anthropic',
    tokens: ['messages', 0, 'content', 0, 'input', 'k'],
    make: (v) => ({
      model: 'm',
      max_tokens: 5,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'x', input: { k: v } }] },
      ],
    }),
  },
  {
    name: 'text block',
    from: 'anthropic',
    tokens: ['messages', 0, 'content', 0, 'text'],
    make: (v) => ({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'text', text: v }] }],
    }),
  },
  {
    name: 'block type',
    from: 'anthropic',
    tokens: ['messages', 0, 'content', 1, 'type'],
    make: (v) => ({
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }, { type: v }] }],
    }),
  },
  {
    name: 'tool_result content',
    from: 'anthropic',
    tokens: ['messages', 1, 'content', 0, 'content'],
    make: (v) => ({
      model: 'm',
      max_tokens: 5,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'x', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: v }] },
      ],
    }),
  },
  {
    name: 'input_schema',
    from: 'anthropic',
    tokens: ['tools', 0, 'input_schema', 'properties'],
    make: (v) => ({
      model: 'm',
      max_tokens: 5,
      tools: [{ name: 'x', description: 'd', input_schema: { type: 'object', properties: v } }],
      messages: [{ role: 'user', content: 'hi' }],
    }),
  },
  {
    name: 'function arguments (object)',
    from: 'openai',
    tokens: ['messages', 0, 'tool_calls', 0, 'function', 'arguments'],
    make: (v) => ({
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: v } }],
        },
      ],
    }),
  },
  {
    name: 'message role',
    from: 'openai',
    tokens: ['messages', 1, 'role'],
    make: (v) => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }, { role: v }] }),
  },
  {
    name: 'function parameters',
    from: 'openai',
    tokens: ['tools', 0, 'function', 'parameters', 'properties'],
    make: (v) => ({
      model: 'm',
      tools: [
        {
          type: 'function',
          function: { name: 'x', description: 'd', parameters: { type: 'object', properties: v } },
        },
      ],
      messages: [{ role: 'user', content: 'hi' }],
    }),
  },
  {
    name: 'tool_call_response',
    from: 'otel',
    tokens: ['inputMessages', 1, 'parts', 0, 'response'],
    make: (v) => ({
      inputMessages: [
        { role: 'assistant', parts: [{ type: 'tool_call', id: 'c', name: 'x', arguments: {} }] },
        { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c', response: v }] },
      ],
    }),
  },
  {
    name: 'tool_call arguments',
    from: 'otel',
    tokens: ['inputMessages', 0, 'parts', 0, 'arguments', 'k'],
    make: (v) => ({
      inputMessages: [
        {
          role: 'assistant',
          parts: [{ type: 'tool_call', id: 'c', name: 'x', arguments: { k: v } }],
        },
      ],
    }),
  },
  {
    name: 'function_call_output output',
    from: 'openai-responses',
    tokens: ['input', 1, 'output', 'k'],
    make: (v) => ({
      input: [
        { type: 'function_call', call_id: 'c', name: 'x', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c', output: { k: v } },
      ],
    }),
  },
  {
    name: 'functionCall args',
    from: 'gemini',
    tokens: ['contents', 0, 'parts', 0, 'functionCall', 'args', 'k'],
    make: (v) => ({
      contents: [{ role: 'model', parts: [{ functionCall: { name: 'x', args: { k: v } } }] }],
    }),
  },
  {
    name: 'functionResponse response',
    from: 'gemini',
    tokens: ['contents', 1, 'parts', 0, 'functionResponse', 'response', 'k'],
    make: (v) => ({
      contents: [
        { role: 'model', parts: [{ functionCall: { name: 'x', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'x', response: { k: v } } }] },
      ],
    }),
  },
];

const checkers: Record<ExportTarget, (body: unknown) => unknown[]> = {
  openai: checkOpenAIRequest,
  'openai-responses': checkOpenAIResponsesRequest,
  anthropic: checkAnthropicRequest,
  gemini: checkGeminiRequest,
  otel: checkOTelRecord,
};

const depthArbitrary = fc.oneof(
  fc.constantFrom(
    NESTING_WARNING_DEPTH + 1,
    MAX_NESTING - 1,
    MAX_NESTING,
    MAX_NESTING + 1,
    MAX_DOCUMENT_NESTING + 1,
    200_000,
  ),
  fc.integer({ min: NESTING_WARNING_DEPTH + 1, max: 60_000 }),
  fc.integer({ min: NESTING_WARNING_DEPTH + 1, max: 200_000 }),
);
const shapeArbitrary = fc.constantFrom<Shape>('object', 'list', 'mixed');

/** Whether JSON Pointer `path` is `prefix` or below it. */
const startsWith = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`);

describe('deeply nested values everywhere (fast-check, up to 200,000 levels)', () => {
  test('envelopes: nothing throws; an error or a warning names the path', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...envelopePlaces),
        depthArbitrary,
        shapeArbitrary,
        (place, depth, shape) => {
          const envelope = baseEnvelope();
          put(envelope, place, nested(depth, shape));
          const where = toPointer(place.tokens);
          const validation = validateEnvelope(envelope);
          // Both free-form places wrap the value in one more object ({ k: … }, { properties: … }).
          const accepted = place.freeForm && depth + 1 <= MAX_NESTING;
          assert.equal(validation.valid, accepted, `${place.name}, ${depth} levels`);
          if (!validation.valid) {
            assert.ok(
              validation.errors.some((e) => startsWith(e.path, where)),
              `${place.name}: an error under ${where}`,
            );
            for (const e of validation.errors) assert.ok(e.message.length < 2_000, 'short');
          }
          if (validation.valid) {
            const warned = validation.warnings.filter((w) => w.code === 'deep-nesting');
            assert.equal(warned.length, 1);
            assert.ok(startsWith(warned[0].path, where), warned[0].path);
          }
          assert.equal(normalizeEnvelope(envelope).valid, validation.valid);
          for (const target of EXPORT_TARGETS) {
            const out = exportEnvelope(envelope, { target });
            if (!validation.valid) {
              assert.equal(out.body, null);
              assert.deepEqual(out.errors, validation.errors);
              continue;
            }
            const warning = out.warnings.find((w) => w.code === 'deep-nesting');
            assert.ok(warning, `${target}: a deep-nesting warning`);
            assert.ok(warning.message.includes(where), `${target}: names ${where}`);
            assert.ok(checkers[target](out.body).length >= 0);
            assert.equal(measureEnvelope(envelope, { target }).errors.length, 0);
          }
          const composed = composePrompt(envelope, []);
          assert.equal(composed.errors.length === 0, validation.valid);
          assert.equal(diffEnvelopes(envelope, baseEnvelope()).valid, validation.valid);
          if (validation.valid) searchEnvelope(envelope as never, 'leaf');
        },
      ),
      { numRuns: 60 },
    );
  });

  test('provider bodies: import never throws; an error or a warning names the path', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...bodyPlaces),
        depthArbitrary,
        shapeArbitrary,
        (place, depth, shape) => {
          const body = place.make(nested(depth, shape));
          const where = toPointer(place.tokens);
          const result = importEnvelope(body, { from: place.from });
          const named = [...result.errors, ...result.warnings].some((issue) =>
            startsWith(issue.path, where),
          );
          assert.ok(named, `${place.name}: an error or warning under ${where}`);
          // The body is the first level, each token one more: the value's innermost list or
          // object is at level tokens + depth.
          if (place.tokens.length + depth > MAX_DOCUMENT_NESTING) {
            assert.equal(result.envelope, null, `${place.name}: refused`);
            assert.equal(result.errors.length, 1);
            assert.ok(startsWith(result.errors[0].path, where));
            assert.match(result.errors[0].message, /nests more than 50,016 levels deep/);
          } else {
            assert.ok(result.warnings.some((w) => w.code === 'deep-nesting'));
          }
          for (const check of Object.values(checkers)) assert.ok(Array.isArray(check(body)));
        },
      ),
      { numRuns: 60 },
    );
  });

  test('exports at the limit import back, for every source', () => {
    for (const shape of ['object', 'list'] as const) {
      const envelope = baseEnvelope();
      // { k: value } is one level more: MAX_NESTING in all.
      setAt(envelope, ['messages', 2, 'segments', 0, 'arguments'], {
        k: nested(MAX_NESTING - 1, shape),
      });
      assert.equal(validateEnvelope(envelope).valid, true);
      for (const from of IMPORT_SOURCES) {
        const body = exportEnvelope(envelope, { target: from }).body;
        const back = importEnvelope(body, { from });
        assert.deepEqual(back.errors, [], `${from}, ${shape}`);
        assert.ok(back.envelope);
        assert.ok(
          back.warnings.some((w) => w.code === 'deep-nesting'),
          `${from}: warned`,
        );
      }
    }
  });
});

describe('the nesting limit, exactly', () => {
  test('MAX_NESTING levels of arguments are valid; one more is an error at that level', () => {
    const tokens = ['messages', 2, 'segments', 0, 'arguments'];
    for (const shape of ['object', 'list', 'mixed'] as const) {
      // arguments is an object: { k: nested(depth - 1) } is `depth` levels.
      const at = (depth: number) => {
        const envelope = baseEnvelope();
        setAt(envelope, ['messages', 2, 'segments', 0, 'arguments'], {
          k: nested(depth - 1, shape),
        });
        return validateEnvelope(envelope);
      };
      assert.equal(at(MAX_NESTING).valid, true, shape);
      const beyond = at(MAX_NESTING + 1);
      assert.equal(beyond.valid, false, shape);
      assert.equal(beyond.errors.length, 1);
      assert.equal(beyond.errors[0].keyword, 'nesting');
      const expected = toPointer([
        ...tokens,
        'k',
        ...wrapperTokens(MAX_NESTING, MAX_NESTING - 1, shape),
      ]);
      assert.ok(
        beyond.errors[0].path === expected,
        `${shape}: ${beyond.errors[0].path.slice(-40)}`,
      );
      assert.match(
        beyond.errors[0].message,
        /^The value at \/messages\/2\/segments\/0\/arguments\/k\/.*….* nests more than 50,000 levels deep; tool arguments and schemas may nest at most 50,000 levels\.$/,
      );
    }
  });

  test('JSON text nested beyond MAX_DOCUMENT_NESTING is refused before JSON.parse, located', () => {
    const depth = 200_000;
    const text = `{"version":"1.0","messages":[{"x":${'['.repeat(depth)}${']'.repeat(depth)}}]}`;
    const started = performance.now();
    const result = parseEnvelope(text);
    assert.ok(performance.now() - started < 1_000, 'fast: JSON.parse is never reached');
    assert.equal(result.valid, false);
    assert.equal(result.errors.length, 1);
    const [error] = result.errors;
    assert.equal(error.keyword, 'nesting');
    // '{' and '[' of the envelope, '{' of the message: the list at level 20,017 is the
    // 20,014th '[' after "x".
    const column = '{"version":"1.0","messages":[{"x":'.length + MAX_DOCUMENT_NESTING - 3 + 1;
    // Compared as a boolean: a failing 40,000-character diff helps nobody.
    const expected = toPointer([
      'messages',
      0,
      'x',
      ...Array<number>(MAX_DOCUMENT_NESTING - 3).fill(0),
    ]);
    assert.ok(error.path === expected, `path of ${error.path.length} characters`);
    assert.match(
      error.message,
      new RegExp(
        `^The JSON nests more than 50,016 levels deep at line 1, column ${column} \\(/messages/0/x/0/0/.*…(?:/0)+\\); no envelope or request body can hold that\\.$`,
      ),
    );
    // At the limit, JSON.parse reads it and the validator names the field.
    const atLimit = `{"version":"1.0","messages":[{"x":${'['.repeat(MAX_DOCUMENT_NESTING - 3)}${']'.repeat(MAX_DOCUMENT_NESTING - 3)}}]}`;
    assert.notEqual(parseEnvelope(atLimit).errors[0].keyword, 'nesting');
  });

  test('OpenAI arguments given as JSON text: too deep is kept as text, deep is warned', () => {
    const body = (depth: number) => ({
      model: 'gpt-4.1',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_a_0',
              type: 'function',
              function: { name: 'x', arguments: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` },
            },
          ],
        },
      ],
    });
    const path = '/messages/0/tool_calls/0/function/arguments';
    const deep = importEnvelope(body(5_000), { from: 'openai' });
    assert.ok(deep.envelope);
    assert.deepEqual(
      deep.warnings.map((w) => [w.path, w.code]),
      [[path, 'deep-nesting']],
    );
    const tooDeep = importEnvelope(body(MAX_NESTING + 1), { from: 'openai' });
    assert.ok(tooDeep.envelope);
    assert.deepEqual(
      tooDeep.warnings.map((w) => [w.path, w.code]),
      [[path, 'arguments-too-deep']],
    );
    const segment = tooDeep.envelope.messages[0].segments[0] as unknown as {
      arguments: { value: string };
    };
    assert.equal(segment.arguments.value.length, (MAX_NESTING + 1) * 6 + 1);
  });

  test('a schema whose items nest 49,990 lists deep imports, summarised without recursion', () => {
    let items: unknown = { type: 'string' };
    for (let i = 0; i < 49_990; i++) items = { type: 'array', items };
    const body = {
      model: 'gpt-4.1',
      tools: [
        {
          type: 'function',
          function: {
            name: 'x',
            description: 'd',
            parameters: { type: 'object', properties: { p: items } },
          },
        },
      ],
      messages: [{ role: 'user', content: 'hi' }],
    };
    const result = importEnvelope(body, { from: 'openai' });
    assert.deepEqual(result.errors, []);
    const overview = result.envelope!.messages[0].segments.find((s) => s.kind === 'tool_overview');
    assert.equal(
      (overview as { items: { parameters: string }[] }).items[0].parameters,
      `p?: string${'[]'.repeat(49_990)}`,
    );
  });

  test('jsonPreview is JSON.stringify for short values, and cut, never throwing, for the rest', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const cases: [unknown, string][] = [
      ['name', '"name"'],
      [null, 'null'],
      [42, '42'],
      [{ a: [1, 'b'] }, '{"a":[1,"b"]}'],
      [undefined, 'undefined'],
      [10n, '10'],
      [cyclic, '{"a":1,"self":null}'],
      ['x'.repeat(300), `"${'x'.repeat(198)}…`],
      [nested(100_000, 'list'), `${'['.repeat(199)}…`],
      [nested(100_000, 'object'), `${'{"a":'.repeat(39)}{"a"…`],
    ];
    for (const [value, expected] of cases) assert.equal(jsonPreview(value), expected);
  });

  test('stringifyJson writes what JSON.stringify would, at any depth', () => {
    const shallow = nested(1_000, 'mixed');
    assert.equal(stringifyJson(shallow), JSON.stringify(shallow));
    const deep = stringifyJson(nested(50_000, 'mixed'));
    assert.equal(deep, `${'[{"a":'.repeat(25_000)}"leaf"${'}]'.repeat(25_000)}`);
  });
});
