import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateComponents, type PromptComponent } from '../../src/core/assembly/compose.js';
import { composePrompt, listNativeComponents } from '../../src/core/targets/compose-prompt.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { EXPORT_TARGETS } from '../../src/core/targets/export-targets.js';
import type { Segment } from '../../src/core/protocol/types.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import { call, envelope, msg, result, systemPrompt, text } from '../fixtures/envelopes.js';

/**
 * SPEC §3.7 (seed 003), one table row per rule: where a component lands in the composed prompt.
 * The conversation is user → tool call → tool result → assistant, so `anchored` (after the
 * user's message) and `tail` (after everything) differ.
 */

const memory: Segment = {
  kind: 'memory',
  items: [{ title: 'Home', content: 'Berlin' }],
  collapsed: true,
};
const doc: Segment = {
  kind: 'document',
  fileName: 'fares.pdf',
  mimeType: 'application/pdf',
  snippet: 'Fares table',
  sizeBytes: 2048,
};
const flow = envelope([
  msg('s', 'system', systemPrompt('You book flights.'), memory),
  msg('u', 'user', text('Find flights to Rome'), doc),
  msg('a', 'assistant', call('search', { to: 'Rome' })),
  msg('t', 'tool', result('search', '3 flights')),
  msg('a2', 'assistant', text('Here are 3 flights.')),
]);

let n = 0;
function sup(fields: Partial<PromptComponent>): PromptComponent {
  return {
    id: `sup-${n++}`,
    kind: 'supplement',
    role: 'system',
    order: 0,
    enabled: true,
    template: 'SUP',
    ...fields,
  };
}

/** The composed messages as `role: content` lines, tool calls as `role: →name`. */
function shape(components: PromptComponent[]): string[] {
  const out = composePrompt(flow, components);
  assert.deepEqual(out.errors, []);
  return out.messages.map(
    (m) =>
      `${m.role}: ${m.content}${m.toolCalls ? ` →${m.toolCalls.map((c) => c.name).join(',')}` : ''}`,
  );
}

const BASE = [
  'user: Find flights to Rome\n\n[Document: fares.pdf (2 KB)]\nFares table',
  'assistant:  →search',
  'tool: 3 flights',
  'assistant: Here are 3 flights.',
];

describe('the native catalog', () => {
  test('system text parts and context segments in messages, found automatically', () => {
    const natives = listNativeComponents(flow);
    assert.deepEqual(
      natives.map((c) => [c.id, c.role, c.order, c.place, c.label]),
      [
        ['native:system_prompt:0', 'system', 0, 'system', 'System prompt of message s'],
        ['native:memory:0', 'system', 10, 'system', 'Memory of message s'],
        ['native:document:0', 'user', 0, 'message', 'Document fares.pdf in message u'],
      ],
    );
    assert.equal(natives[1]!.template, '- Home: Berlin');
    assert.deepEqual(listNativeComponents({ version: '1.0', messages: [] }), []);
  });

  test('protocol 1.1 adds the state-change note and the scene line', () => {
    const ids = listNativeComponents(demoEnvelopes.g).map((c) => c.id);
    assert.deepEqual(ids.slice(-2), ['native:state_change_note:0', 'native:scene:0']);
  });
});

describe('composePrompt: system components', () => {
  const cases: [string, PromptComponent[], string][] = [
    ['no components: the assembled system text', [], 'You book flights.\n\n- Home: Berlin'],
    [
      'order -100 goes first',
      [sup({ order: -100, template: 'IDENTITY' })],
      'IDENTITY\n\nYou book flights.\n\n- Home: Berlin',
    ],
    [
      'order 5 between native orders 0 and 10',
      [sup({ order: 5, template: 'MID' })],
      'You book flights.\n\nMID\n\n- Home: Berlin',
    ],
    [
      'a tie with a native section: the native first',
      [sup({ order: 10, template: 'AFTER' })],
      'You book flights.\n\n- Home: Berlin\n\nAFTER',
    ],
    [
      'ties between components: declaration order',
      [sup({ order: 150, template: 'ONE' }), sup({ order: 150, template: 'TWO' })],
      'You book flights.\n\n- Home: Berlin\n\nONE\n\nTWO',
    ],
    [
      'disabled components add nothing',
      [sup({ order: 1, enabled: false })],
      'You book flights.\n\n- Home: Berlin',
    ],
    [
      '{{user_input}} is the last real user message',
      [sup({ order: 99, template: 'Goal: {{user_input}}' })],
      'You book flights.\n\n- Home: Berlin\n\nGoal: Find flights to Rome',
    ],
  ];
  for (const [name, components, system] of cases) {
    test(name, () => {
      const out = composePrompt(flow, components);
      assert.equal(out.system, system);
      assert.deepEqual(shape(components), BASE, 'messages untouched');
    });
  }
});

describe('composePrompt: message components in the three gaps', () => {
  const cases: [string, PromptComponent[], string[]][] = [
    [
      'after_system, user: merges into the first message (before its text)',
      [sup({ role: 'user', position: 'after_system' })],
      [
        'user: SUP\n\nFind flights to Rome\n\n[Document: fares.pdf (2 KB)]\nFares table',
        ...BASE.slice(1),
      ],
    ],
    [
      'after_system, assistant: a message of its own before the first',
      [sup({ role: 'assistant', position: 'after_system' })],
      ['assistant: SUP', ...BASE],
    ],
    [
      'anchored, user: merges after the last real user message, before the tool flow',
      [sup({ role: 'user', position: 'anchored' })],
      [`${BASE[0]}\n\nSUP`, ...BASE.slice(1)],
    ],
    [
      'anchored, assistant: merges before the text of the next assistant message (the tool call)',
      [sup({ role: 'assistant', position: 'anchored' })],
      [BASE[0]!, 'assistant: SUP →search', ...BASE.slice(2)],
    ],
    [
      'tail, user: after the tool results and the answer, a message of its own',
      [sup({ role: 'user', position: 'tail' })],
      [...BASE, 'user: SUP'],
    ],
    [
      'tail, assistant: merges after the last assistant message',
      [sup({ role: 'assistant', position: 'tail' })],
      [...BASE.slice(0, 3), 'assistant: Here are 3 flights.\n\nSUP'],
    ],
    [
      'inside a gap by (order, declaration order); adjacent same-role components merge',
      [
        sup({ role: 'user', position: 'tail', order: 2, template: 'A' }),
        sup({ role: 'user', position: 'tail', order: 1, template: 'B' }),
        sup({ role: 'user', position: 'tail', order: 1, template: 'C' }),
      ],
      [...BASE, 'user: B\n\nC\n\nA'],
    ],
    [
      'different roles in one gap: each run its own message (or merged with a neighbour)',
      [
        sup({ role: 'user', position: 'tail', order: 1, template: 'U' }),
        sup({ role: 'assistant', position: 'tail', order: 2, template: 'A' }),
      ],
      [...BASE, 'user: U', 'assistant: A'],
    ],
  ];
  for (const [name, components, expected] of cases) {
    test(name, () => assert.deepEqual(shape(components), expected));
  }

  test('anchored and tail differ when the user message is followed by a tool flow', () => {
    const anchored = composePrompt(flow, [sup({ id: 'x', role: 'user', position: 'anchored' })]);
    const tail = composePrompt(flow, [sup({ id: 'x', role: 'user', position: 'tail' })]);
    const where = (out: typeof anchored) =>
      out.messages.findIndex((m) => m.components.includes('x'));
    assert.equal(where(anchored), 0);
    assert.equal(where(tail), 4);
    assert.equal(anchored.messages[0]!.gap, 'anchored');
  });

  test('anchored is skipped, with a warning, when there is no user message', () => {
    const lonely = envelope([
      msg('s', 'system', systemPrompt('Hi.')),
      msg('a', 'assistant', text('Hello.')),
    ]);
    const out = composePrompt(lonely, [sup({ role: 'user', position: 'anchored' })]);
    assert.deepEqual(
      out.messages.map((m) => m.content),
      ['Hello.'],
    );
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['component-anchor-missing'],
    );
  });
});

describe('composePrompt: overrides by origin', () => {
  test('enabled: the supplement replaces the native part in its place (system keeps the order)', () => {
    const out = composePrompt(flow, [
      sup({ origin: 'native:system_prompt:0', order: 999, template: 'You book trains.' }),
    ]);
    assert.equal(out.system, 'You book trains.\n\n- Home: Berlin');
  });

  test('disabled: it only removes the native part', () => {
    const out = composePrompt(flow, [sup({ origin: 'native:memory:0', enabled: false })]);
    assert.equal(out.system, 'You book flights.');
  });

  test('an override goes by its own role: memory replaced by a user message at the tail', () => {
    const out = composePrompt(flow, [
      sup({
        origin: 'native:memory:0',
        role: 'user',
        position: 'tail',
        template: 'I live in Berlin.',
      }),
    ]);
    assert.equal(out.system, 'You book flights.');
    assert.equal(out.messages.at(-1)!.content, 'I live in Berlin.');
  });

  test('a document in a message can be replaced too', () => {
    const replaced = shape([
      sup({
        origin: 'native:document:0',
        role: 'user',
        position: 'anchored',
        template: 'Fares: see attachment.',
      }),
    ]);
    assert.equal(replaced[0], 'user: Find flights to Rome\n\nFares: see attachment.');
    const removed = shape([
      sup({ origin: 'native:document:0', role: 'user', position: 'anchored', enabled: false }),
    ]);
    assert.equal(removed[0], 'user: Find flights to Rome');
  });

  test('an origin that is not there does nothing, with a warning', () => {
    const out = composePrompt(flow, [sup({ origin: 'native:skills:0', template: 'NOPE' })]);
    assert.equal(out.system, 'You book flights.\n\n- Home: Berlin');
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['segments-folded', 'component-origin-unknown'],
    );
  });
});

describe('validateComponents', () => {
  test('errors: system with a position, user or assistant without, duplicate ids, wrong types; unknown origin warns', () => {
    const natives = listNativeComponents(flow);
    const result = validateComponents(
      [
        sup({ id: 'a', position: 'tail' }),
        sup({ id: 'b', role: 'user' }),
        sup({ id: 'a', role: 'assistant', position: 'anchored' }),
        { ...sup({ id: 'c' }), order: 'first', enabled: 'yes' },
        sup({ id: 'd', origin: 'native:nothing:0' }),
        { ...sup({ id: 'e' }), kind: 'native' },
      ],
      natives,
    );
    assert.equal(result.valid, false);
    assert.deepEqual(
      result.errors.map((e) => [e.index, e.field, e.code]),
      [
        [0, 'position', 'position-on-system'],
        [1, 'position', 'position-missing'],
        [2, 'id', 'id-duplicate'],
        [3, 'order', 'order-invalid'],
        [3, 'enabled', 'enabled-invalid'],
        [5, 'kind', 'kind-native'],
      ],
    );
    assert.deepEqual(
      result.warnings.map((w) => [w.index, w.field, w.code]),
      [[4, 'origin', 'origin-unknown']],
    );
    assert.match(
      result.errors[0]!.message,
      /^Component 'a' is a system component, so it has no position/,
    );
    assert.deepEqual(
      validateComponents('nope').errors.map((e) => e.code),
      ['not-a-list'],
    );
    assert.equal(validateComponents([]).valid, true);
  });

  test('invalid components are left out of the composition with a warning, never an exception', () => {
    const out = composePrompt(flow, [
      sup({ id: 'bad', position: 'tail', template: 'BAD' }),
      sup({ id: 'good', order: 50, template: 'GOOD' }),
    ]);
    assert.equal(out.system, 'You book flights.\n\n- Home: Berlin\n\nGOOD');
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['segments-folded', 'component-position-on-system'],
    );
    assert.doesNotThrow(() => composePrompt(flow, [null, 42, { id: 1 }] as never));
    assert.deepEqual(composePrompt({ version: '1.0' }, []).errors.length > 0, true);
  });
});

describe('preview and export', () => {
  test('the preview is exactly the prompt: system text, then each message, no labels', () => {
    const out = composePrompt(flow, [
      sup({ role: 'user', position: 'tail', template: 'Summarise.' }),
    ]);
    assert.equal(
      out.preview,
      [
        'You book flights.\n\n- Home: Berlin',
        'Find flights to Rome\n\n[Document: fares.pdf (2 KB)]\nFares table',
        'search({"to":"Rome"})',
        '3 flights',
        'Here are 3 flights.',
        'Summarise.',
      ].join('\n\n'),
    );
    assert.doesNotMatch(out.preview, /tail|sup-|supplement/);
  });

  test('composed bodies pass every target checker, for every demo', () => {
    const components = [
      sup({ order: -100, template: 'You are careful.' }),
      sup({
        role: 'user',
        position: 'anchored',
        template: 'Restate the goal first: {{user_input}}',
      }),
      sup({ role: 'assistant', position: 'after_system', template: 'Understood.' }),
      sup({ role: 'user', position: 'tail', template: 'Answer briefly.' }),
    ];
    for (const [id, demo] of Object.entries(demoEnvelopes)) {
      const overrides = listNativeComponents(demo)
        .slice(0, 1)
        .map((native) => sup({ origin: native.id, enabled: false }));
      for (const target of EXPORT_TARGETS) {
        const out = exportEnvelope(demo, { target, components: [...components, ...overrides] });
        assert.deepEqual(
          out.warnings.map((w) => w.code),
          ['segments-folded'],
          `demo ${id} → ${target}`,
        );
        const text = JSON.stringify(out.body);
        assert.ok(
          text.includes('You are careful.') && text.includes('Answer briefly.'),
          `demo ${id} → ${target}`,
        );
      }
    }
  });
});
