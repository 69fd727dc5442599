import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizeEnvelope } from '../../src/core/protocol/normalize.js';
import { defaultCollapsed } from '../../src/core/protocol/types.js';

describe('normalizeEnvelope', () => {
  const handWritten = {
    version: '1.0',
    messages: [
      {
        id: 'm1',
        role: 'system',
        timestamp: 1,
        segments: [
          { kind: 'system_prompt', content: 'Hi' },
          { kind: 'memory', items: [{ title: 't', content: 'c' }] },
          { kind: 'skills', items: [{ name: 's', description: 'd' }] },
          { kind: 'tool_overview', items: [{ name: 't', description: 'd', parameters: '' }] },
        ],
      },
      {
        id: 'm2',
        role: 'assistant',
        timestamp: 2,
        segments: [
          { kind: 'tool_call_request', toolName: 't', arguments: {} },
          { kind: 'long_text', content: 'héllo\nworld' },
          { kind: 'text', content: 'ok' },
        ],
      },
      {
        id: 'm3',
        role: 'tool',
        timestamp: 3,
        segments: [
          { kind: 'tool_call_result', toolName: 't', result: 'r', success: true },
          { kind: 'tool_call_result', toolName: 't', result: 'r', success: false },
        ],
      },
    ],
  };

  test('fills omitted collapsed values and charCount as SPEC §2.1 says', () => {
    const result = normalizeEnvelope(handWritten);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    const segments = result.envelope!.messages.flatMap((m) => m.segments) as unknown as Record<
      string,
      unknown
    >[];
    assert.deepEqual(
      segments.map((s) => [s.kind, s.collapsed]),
      [
        ['system_prompt', true],
        ['memory', true],
        ['skills', true],
        ['tool_overview', true],
        ['tool_call_request', false],
        ['long_text', true],
        ['text', undefined],
        ['tool_call_result', true],
        ['tool_call_result', false],
      ],
    );
    assert.equal(segments[5].charCount, 11);
    assert.equal('collapsed' in segments[6], false);
  });

  test('never overwrites what was written, and never modifies its input', () => {
    const input = structuredClone(handWritten);
    (input.messages[1].segments[1] as Record<string, unknown>).charCount = 3;
    (input.messages[0].segments[0] as Record<string, unknown>).collapsed = false;
    const before = JSON.stringify(input);
    const result = normalizeEnvelope(input);
    assert.equal(JSON.stringify(input), before);
    const [prompt] = result.envelope!.messages[0].segments as unknown as Record<string, unknown>[];
    assert.equal(prompt.collapsed, false);
    assert.deepEqual(
      result.warnings.map((w) => w.code),
      ['char-count-mismatch', 'tool-result-without-request'],
    );
  });

  test('still reports what it cannot fill', () => {
    const result = normalizeEnvelope({
      version: '1.0',
      messages: [{ id: 'x', role: 'user', timestamp: 1, segments: [{ kind: 'document' }] }],
    });
    assert.equal(result.valid, false);
    assert.equal(result.envelope, undefined);
    assert.deepEqual(
      result.errors.map((e) => e.path),
      [
        '/messages/0/segments/0/fileName',
        '/messages/0/segments/0/mimeType',
        '/messages/0/segments/0/snippet',
        '/messages/0/segments/0/sizeBytes',
      ],
    );
  });

  test('defaultCollapsed follows the table', () => {
    assert.equal(defaultCollapsed({ kind: 'tool_call_result', success: false }), false);
    assert.equal(defaultCollapsed({ kind: 'tool_call_result', success: true }), true);
    assert.equal(defaultCollapsed({ kind: 'media' }), undefined);
  });
});
