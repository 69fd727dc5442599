import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { checkAnthropicRequest } from '../../src/core/targets/anthropic/export.js';
import { checkOpenAIRequest } from '../../src/core/targets/openai/export.js';
import { checkOpenAIResponsesRequest } from '../../src/core/targets/openai-responses/export.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS, type ExportTarget } from '../../src/core/targets/export-targets.js';
import { checkGeminiRequest } from '../../src/core/targets/gemini/export.js';
import type { EnvelopeError } from '../../src/core/protocol/issues.js';
import { fromPointer } from '../../src/core/protocol/issues.js';
import { normalizeEnvelope } from '../../src/core/protocol/normalize.js';
import { checkOTelRecord } from '../../src/core/targets/otel/export.js';
import { parseEnvelope } from '../../src/core/protocol/parse.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import {
  envelopeArbitrary,
  mutatedEnvelopeArbitrary,
  mutatedEnvelopes,
  mutatedEnvelopeTextArbitrary,
} from '../fixtures/arbitraries.js';
import { groupChatArbitrary } from '../fixtures/group-chats.js';

/**
 * SPEC §6 fuzzing: valid and mutated envelopes through parse, validate, normalize and every
 * export target. Nothing may throw; an invalid envelope gives located, readable errors and no
 * body; a valid one gives a body for every target whose broken API rules all carry a warning.
 * fast-check prints the seed and the shrunk counterexample of any failure; rerun it with
 * `fc.assert(…, { seed, path })`.
 */

const RUNS = 1_000;

const checkers: Record<ExportTarget, (body: unknown) => { rule: string }[]> = {
  openai: checkOpenAIRequest,
  'openai-responses': checkOpenAIResponsesRequest,
  anthropic: checkAnthropicRequest,
  gemini: checkGeminiRequest,
  otel: checkOTelRecord,
};

/** A value anywhere in `root` by JSON Pointer, or `missing` (own properties only). */
const missing = Symbol('missing');
function resolve(root: unknown, tokens: string[]): unknown {
  let value = root;
  for (const token of tokens) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, token)) return missing;
    value = (value as Record<string, unknown>)[token];
  }
  return value;
}

/**
 * Every error names where (a JSON Pointer whose parent exists in the input, so a person can
 * find it) and says what in one sentence.
 */
function assertReadableErrors(errors: EnvelopeError[], input: unknown, label: string): void {
  assert.ok(errors.length > 0, `${label}: invalid, but no error`);
  for (const error of errors) {
    assert.equal(typeof error.path, 'string', `${label}: path`);
    assert.match(error.path, /^(\/[\s\S]*)?$/, `${label}: path is a JSON Pointer`);
    assert.equal(typeof error.keyword, 'string', `${label}: keyword`);
    assert.match(error.message, /^[A-Z][\s\S]*[.?]$/, `${label}: a sentence: ${error.message}`);
    assert.ok(error.message.length < 2_000, `${label}: short message`);
    if (input !== undefined && error.path !== '') {
      const parent = fromPointer(error.path).slice(0, -1);
      assert.notEqual(resolve(input, parent), missing, `${label}: ${error.path} is in the input`);
    }
  }
}

/** What the core gives for one value, checked for every consumer and every target. */
function checkEverything(value: unknown): boolean {
  const validation = validateEnvelope(value);
  const normalized = normalizeEnvelope(value);
  if (validation.valid) {
    assert.deepEqual(validation.errors, []);
    // Normalizing fills defaults only: what was valid stays valid.
    assert.equal(normalized.valid, true, 'normalized valid envelope is valid');
  } else {
    assertReadableErrors(validation.errors, value, 'validate');
  }
  if (normalized.valid) {
    assert.ok(normalized.envelope, 'normalize gives the envelope');
    assert.equal(validateEnvelope(normalized.envelope).valid, true, 'normalized is valid');
  } else {
    assertReadableErrors(normalized.errors, undefined, 'normalize');
  }
  for (const target of EXPORT_TARGETS) {
    const out = exportEnvelope(value, { target });
    if (!validation.valid) {
      assert.equal(out.body, null, `${target}: no body for an invalid envelope`);
      assert.deepEqual(out.errors, validation.errors, `${target}: the validation errors`);
      continue;
    }
    assert.deepEqual(out.errors, [], `${target}: no errors`);
    assert.ok(out.body, `${target}: a body`);
    const codes = new Set(out.warnings.map((w) => w.code));
    for (const violation of checkers[target](out.body))
      assert.ok(codes.has(violation.rule), `${target}: no warning for ${violation.rule}`);
    for (const warning of out.warnings)
      assert.match(warning.message, /^\S[\s\S]*[.?]$/, `${target}: warning is a sentence`);
  }
  return validation.valid;
}

describe('fuzzing the core with valid and mutated envelopes (fast-check)', () => {
  test('mutated envelopes are a mix of valid and invalid ones', () => {
    // Both halves of the properties below must be exercised, or they test half as much.
    const sample = fc.sample(mutatedEnvelopeArbitrary, 1_000);
    const valid = sample.filter((e) => validateEnvelope(e).valid).length;
    assert.ok(valid >= 100, `only ${valid} of 1,000 mutated envelopes are valid`);
    assert.ok(valid <= 900, `only ${1_000 - valid} of 1,000 mutated envelopes are invalid`);
  });

  test('parseEnvelope never throws on damaged JSON text, and locates syntax errors', () => {
    fc.assert(
      fc.property(mutatedEnvelopeTextArbitrary, (text) => {
        const result = parseEnvelope(text);
        let json: unknown;
        let syntaxOk = true;
        try {
          json = JSON.parse(text.replace(/^\uFEFF/, ''));
        } catch {
          syntaxOk = false;
        }
        if (!syntaxOk) {
          assert.equal(result.valid, false);
          assert.equal(result.errors.length, 1);
          assert.equal(result.errors[0].keyword, 'syntax');
          assert.match(result.errors[0].message, /^JSON syntax error at line \d+, column \d+: /);
          return;
        }
        // A key written twice is JSON.parse's last value but an error here (the text reads
        // differently to a reviewer than to the validator): every error then names a duplicate.
        const duplicates = result.errors.filter((e) => e.keyword === 'duplicate-key');
        if (duplicates.length > 0) {
          assert.equal(result.valid, false);
          for (const e of result.errors)
            assert.ok(['duplicate-key', 'limit'].includes(e.keyword), e.keyword);
          for (const e of duplicates)
            assert.match(e.message, /appears twice in one object, at line \d+/);
          return;
        }
        assert.equal(result.valid, validateEnvelope(json).valid);
        if (result.valid) assert.ok(result.envelope);
        else {
          assert.equal(result.envelope, undefined);
          assertReadableErrors(result.errors, json, 'parse');
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('validate, normalize and every export never throw on mutated envelopes', () => {
    fc.assert(
      fc.property(mutatedEnvelopeArbitrary, (value) => {
        checkEverything(value);
      }),
      { numRuns: RUNS },
    );
  });

  test('protocol 1.1 group chats, as they are and mutated: same guarantees, nothing modified', () => {
    const mutatedChats = mutatedEnvelopes(groupChatArbitrary.map((chat) => chat.envelope));
    fc.assert(
      fc.property(groupChatArbitrary, ({ envelope }) => {
        assert.equal(checkEverything(envelope), true);
      }),
      { numRuns: RUNS / 4 },
    );
    fc.assert(
      fc.property(mutatedChats, (value) => {
        const before = snapshot(value);
        checkEverything(value);
        assert.equal(snapshot(value), before);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  test('valid envelopes give a body for every target, every broken rule warned', () => {
    fc.assert(
      fc.property(envelopeArbitrary, (envelope) => {
        assert.equal(checkEverything(envelope), true);
      }),
      { numRuns: RUNS },
    );
  });

  test('nothing is modified: the input is the same after all of it', () => {
    fc.assert(
      fc.property(mutatedEnvelopeArbitrary, (value) => {
        const before = snapshot(value);
        checkEverything(value);
        assert.equal(snapshot(value), before);
      }),
      { numRuns: RUNS },
    );
  });

  test('hand-picked inputs that are not envelopes at all', () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const cyclic: Record<string, unknown> = { version: '1.0' };
    cyclic.messages = [cyclic];
    const throwing = {
      version: '1.0',
      get messages(): never {
        throw new Error('getter');
      },
    };
    const inputs: unknown[] = [
      undefined,
      null,
      0,
      '',
      '{"version":"1.0","messages":[]}',
      Symbol('x'),
      10n,
      () => {},
      [],
      new Date(0),
      new Map(),
      Object.create(null),
      revoked.proxy,
      cyclic,
      throwing,
      JSON.parse('{"version":"1.0","messages":[],"__proto__":{"polluted":true}}'),
    ];
    for (const input of inputs) {
      assert.equal(checkEverything(input), false, String(typeof input));
      assert.equal(parseEnvelope(input).valid, false);
    }
    assert.equal(({} as { polluted?: unknown }).polluted, undefined, 'no prototype pollution');
  });

  test('tool arguments nested 10,000 deep export to every target; OpenAI gets their exact text', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const envelope = {
      version: '1.0',
      model: 'gpt-4.1',
      messages: [
        {
          id: 'a',
          role: 'assistant',
          timestamp: 1_780_000_000_000,
          segments: [
            { kind: 'tool_call_request', toolName: 'x', arguments: deep, collapsed: false },
          ],
        },
      ],
    };
    assert.equal(checkEverything(envelope), true);
    const body = exportEnvelope(envelope, { target: 'openai' }).body!;
    const call = (body.messages[0] as { tool_calls: { function: { arguments: string } }[] })
      .tool_calls[0];
    assert.equal(call.function.arguments, '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000));
  });

  test('an empty model is warned about like a missing one (found by fuzzing)', () => {
    const envelope = {
      version: '1.0',
      model: '',
      messages: [
        { id: 'a', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'hi' }] },
      ],
    };
    for (const target of ['openai', 'anthropic'] as const) {
      const out = exportEnvelope(envelope, { target });
      assert.deepEqual(
        out.warnings.map((w) => w.code),
        ['model-missing'],
        target,
      );
    }
  });
});

/** A text that changes whenever the value does (NaN, -0 and undefined included). */
function snapshot(value: unknown): string {
  const seen = new Set<unknown>();
  const parts: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') {
      parts.push(Object.is(v, -0) ? '-0' : `${typeof v}:${String(v)}`);
      continue;
    }
    if (seen.has(v)) {
      parts.push('<seen>');
      continue;
    }
    seen.add(v);
    const keys = Object.keys(v);
    parts.push(Array.isArray(v) ? `[${keys.length}` : `{${keys.join('\u0000')}`);
    for (const key of keys) stack.push((v as Record<string, unknown>)[key]);
  }
  return parts.join('\n');
}
