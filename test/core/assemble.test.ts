import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assemble } from '../../src/core/assembly/assemble.js';
import { createSegmentRegistry, type PromptSegment } from '../../src/core/assembly/registry.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import {
  cut,
  formatHeader,
  fullHeaderMessageIds,
  quoted,
  sceneLine,
  stateChangeLine,
  unannouncedChanges,
} from '../../src/core/assembly/headers.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import { validateEnvelope } from '../../src/core/protocol/validate.js';
import fc from 'fast-check';
import { at, event, group, ming, owner, reply, say, scene } from '../fixtures/group.js';

const text = (
  id: string,
  kind: PromptSegment['kind'],
  weight: number,
  value: string,
  retention?: 'required' | 'preferred',
): PromptSegment => ({
  id,
  kind,
  weight,
  ...(retention ? { retention } : {}),
  inject: () => value,
});

describe('segment registry', () => {
  test('register gives a disposer; a duplicate, reserved or malformed segment throws', () => {
    const registry = createSegmentRegistry();
    const changes: number[] = [];
    registry.subscribe(() => changes.push(registry.list().length));
    const dispose = registry.register(text('a', 'platform', 1, 'A'));
    assert.throws(() => registry.register(text('a', 'system', 2, 'again')), /already registered/);
    assert.throws(() => registry.register(text('builtin:scene', 'scene', 0, 'x')), /reserved/);
    assert.throws(() => registry.register(text('k', 'nonsense' as never, 0, 'x')), /unknown kind/);
    assert.throws(
      () => registry.register({ ...text('w', 'system', 0, 'x'), weight: Number.NaN }),
      /weight/,
    );
    dispose();
    dispose();
    assert.deepEqual(changes, [1, 0], 'told once per register and once per dispose');
    registry.register(text('a', 'platform', 1, 'A again'));
    assert.equal(registry.list()[0]!.id, 'a', 'the id is free again after dispose');
  });
});

describe('assemble', () => {
  const e = group([say('u1', owner, 'hello', 0)]);

  test('text kinds in fixed order, by descending weight inside a kind', () => {
    const registry = createSegmentRegistry();
    registry.register(text('scene-extra', 'scene', 0, 'SCENE-EXTRA'));
    registry.register(text('plat-low', 'platform', 1, 'PLATFORM-LOW'));
    registry.register(text('env', 'environment', 0, 'ENVIRONMENT'));
    registry.register(text('plat-high', 'platform', 9, 'PLATFORM-HIGH'));
    registry.register(text('first', 'system', 100, 'BEFORE-ENVELOPE'));
    registry.register(text('rules', 'role_rules', 5, 'RULES'));
    const { system } = assemble(e, { registry });
    const order = [
      'BEFORE-ENVELOPE',
      'You help this group.',
      'ENVIRONMENT',
      'RULES',
      '[state change]',
      'PLATFORM-HIGH',
      'PLATFORM-LOW',
      '[scene_id:',
      'SCENE-EXTRA',
    ].map((t) => system!.indexOf(t));
    assert.ok(
      order.every((i) => i >= 0),
      'all there',
    );
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      'in this order',
    );
  });

  test('message segments merge by timestamp; at one time state → user → tool → assistant, then weight', () => {
    const registry = createSegmentRegistry();
    const t = at(5);
    registry.register({
      id: 'host-assistant',
      kind: 'assistant',
      weight: 0,
      inject: () => [
        {
          id: 'ha',
          role: 'assistant',
          segments: [{ kind: 'text', content: 'HOST-ASSISTANT' }],
          timestamp: t,
        },
      ],
    });
    registry.register({
      id: 'host-user-light',
      kind: 'user',
      weight: 1,
      inject: () => [
        {
          id: 'hu1',
          role: 'user',
          segments: [{ kind: 'text', content: 'HOST-USER-LIGHT' }],
          timestamp: t,
        },
      ],
    });
    registry.register({
      id: 'host-user-heavy',
      kind: 'user',
      weight: 2,
      inject: () => [
        {
          id: 'hu2',
          role: 'user',
          segments: [{ kind: 'text', content: 'HOST-USER-HEAVY' }],
          timestamp: t,
        },
      ],
    });
    registry.register({
      id: 'host-state',
      kind: 'state',
      weight: 0,
      inject: () => [
        {
          id: 'hs',
          role: 'event',
          segments: [{ kind: 'state_change', change: 'member_joined', userId: '7', by: 'self' }],
          timestamp: t,
        },
      ],
    });
    registry.register({
      id: 'host-early',
      kind: 'user',
      weight: 0,
      inject: () => [
        {
          id: 'he',
          role: 'user',
          segments: [{ kind: 'text', content: 'HOST-EARLY' }],
          timestamp: at(-0.5),
        },
      ],
    });
    const envelope = group([say('u1', owner, 'hello', 0)]);
    const texts = assemble(envelope, { registry }).turns.map(
      (turn) => (turn.parts[0] as { text: string }).text,
    );
    const order = [
      'HOST-EARLY',
      'hello',
      'join',
      'HOST-USER-HEAVY',
      'HOST-USER-LIGHT',
      'HOST-ASSISTANT',
    ];
    assert.deepEqual(
      order.map((needle) => texts.findIndex((t) => t.includes(needle))),
      [0, 1, 2, 3, 4, 5],
    );
  });

  test('a late host event is appended after what is already there, never inserted', () => {
    const registry = createSegmentRegistry();
    registry.register({
      id: 'late',
      kind: 'state',
      weight: 0,
      inject: () => [
        {
          id: 'late',
          role: 'event',
          segments: [{ kind: 'state_change', change: 'member_left', userId: '7', by: 'self' }],
          timestamp: at(-30),
        },
      ],
    });
    const turns = assemble(group([say('u1', owner, 'a', 0), say('u2', owner, 'b', 1)]), {
      registry,
    }).turns;
    assert.match((turns.at(-1)!.parts[0] as { text: string }).text, /^\[state change\] 7 leave/);
  });

  test('maxSystemChars drops preferred segments, lowest weight first; required ones stay; the trace says so', () => {
    const registry = createSegmentRegistry();
    registry.register(text('keep', 'platform', 1, 'K'.repeat(100)));
    registry.register(text('drop-first', 'platform', 2, 'D'.repeat(300), 'preferred'));
    registry.register(text('drop-later', 'platform', 3, 'L'.repeat(300), 'preferred'));
    const full = assemble(e, { registry }).system!.length;
    const result = assemble(e, { registry, maxSystemChars: full - 100 });
    assert.ok(
      !result.system!.includes('D'.repeat(300)) && result.system!.includes('L'.repeat(300)),
    );
    assert.deepEqual(
      result.trace.filter((r) => r.trimmed).map((r) => r.id),
      ['drop-first'],
    );
    assert.deepEqual(
      result.warnings.map((w) => w.code),
      ['system-trimmed'],
    );
    const tight = assemble(e, { registry, maxSystemChars: 10 });
    assert.ok(tight.system!.includes('K'.repeat(100)), 'required stays');
    assert.deepEqual(
      tight.warnings.map((w) => w.code),
      ['system-trimmed', 'system-over-budget'],
    );
    // The envelope's memory is preferred too (demo-like envelope with memory).
    const withMemory = group([say('u1', owner, 'hi', 0)]);
    withMemory.messages[0] = {
      ...withMemory.messages[0]!,
      segments: [
        ...withMemory.messages[0]!.segments,
        { kind: 'memory', collapsed: true, items: [{ title: 'T', content: 'M'.repeat(500) }] },
      ],
    };
    const trimmed = assemble(withMemory, { maxSystemChars: 300 });
    assert.deepEqual(
      trimmed.trace.filter((r) => r.trimmed).map((r) => r.id),
      ['envelope:sys:2'],
    );
  });

  test('the trace: one row per segment with kind, weight, characters; events say how they were sent', () => {
    const envelope = group([
      say('u1', owner, 'hello', 0),
      event('e1', 1, { change: 'member_joined', userId: '10005', by: 'self' }),
      reply('a1', 'hi', 2),
    ]);
    for (const [mode, renderedAs] of [
      ['system', 'system'],
      ['developer', 'developer'],
      ['none', 'user'],
    ] as const) {
      const { trace, system } = assemble(envelope, { midConversationSystem: mode });
      assert.deepEqual(
        trace.map((r) => [r.id, r.kind, r.source]),
        [
          ['envelope:sys:0', 'system', 'builtin'],
          ['envelope:sys:1', 'system', 'builtin'],
          ['builtin:state-change-note', 'role_rules', 'builtin'],
          ['builtin:scene', 'scene', 'builtin'],
          ['builtin:user', 'user', 'builtin'],
          ['builtin:tool', 'tool', 'builtin'],
          ['builtin:assistant', 'assistant', 'builtin'],
          ['builtin:state', 'state', 'builtin'],
        ],
      );
      const texts = trace.filter((r) => ['system', 'role_rules', 'scene'].includes(r.kind));
      assert.equal(
        texts.reduce((n, r) => n + r.characters, 0) + (texts.length - 1) * 2,
        system!.length,
      );
      const state = trace.find((r) => r.id === 'builtin:state')!;
      assert.equal(state.renderedAs, renderedAs);
      assert.equal(state.messages, 1);
      assert.equal(trace.find((r) => r.id === 'builtin:user')!.messages, 1);
    }
  });

  test('a host segment that throws or returns nonsense becomes a warning, never an exception', () => {
    const registry = createSegmentRegistry();
    registry.register({
      id: 'boom',
      kind: 'platform',
      weight: 0,
      inject: () => {
        throw new Error('no network');
      },
    });
    registry.register({
      id: 'odd',
      kind: 'user',
      weight: 0,
      inject: () => [{ role: 'user' }] as never,
    });
    registry.register({
      id: 'not-a-list',
      kind: 'state',
      weight: 0,
      inject: () => 'text' as never,
    });
    const out = exportEnvelope(e, { target: 'anthropic', registry });
    assert.ok(out.body);
    assert.deepEqual(
      out.warnings.map((w) => w.code),
      ['segment-failed', 'segment-failed', 'segment-failed'],
    );
    assert.match(out.warnings[0]!.message, /Segment 'boom' failed \(no network\)/);
    assert.match(out.warnings[1]!.message, /invalid message 0/);
  });

  test('1.0 envelopes are assembled as before: no headers, no note, no aliases', () => {
    const v10 = {
      version: '1.0' as const,
      model: 'gpt-4.1',
      messages: [
        {
          id: 'u',
          role: 'user' as const,
          segments: [{ kind: 'text' as const, content: 'hi' }],
          timestamp: at(0),
        },
      ],
    };
    const result = assemble(v10);
    assert.equal(result.system, null);
    assert.deepEqual(result.turns[0]!.parts, [{ type: 'text', text: 'hi' }]);
  });
});

describe('headers', () => {
  test('cut keeps max - 1 code points and …, like cutting Array.from(text), surrogates whole', () => {
    const byCodePoints = (text: string, max: number) => {
      const chars = Array.from(text);
      return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
    };
    const unit = fc.constantFrom('a', 'é', '😀', '\ud83d', '\ude00', ';');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 150 }), fc.integer({ min: 1, max: 80 }), (t, m) =>
        assert.equal(cut(t, m), byCodePoints(t, m)),
      ),
      { numRuns: 5_000 },
    );
    // A 10 MB value is cut without splitting it into ten million characters first.
    assert.equal(cut('😀'.repeat(5_000_000), 3), '😀😀…');
  });

  test('[k:v;…;]: ; ] and line breaks become spaces, : stays, values cut at 64 with …, missing left out', () => {
    assert.equal(
      formatHeader([
        ['id', 'm1'],
        ['name', 'a;b]c\nd:e'],
        ['title', undefined],
        ['nick', ''],
      ]),
      '[id:m1;name:a b c d:e;]',
    );
    const long = formatHeader([['name', 'x'.repeat(100)]]);
    assert.equal(long, `[name:${'x'.repeat(63)}…;]`);
    assert.equal(
      formatHeader([['name', '😀'.repeat(70)]]),
      `[name:${'😀'.repeat(63)}…;]`,
      'cut on characters, not halves',
    );
  });

  test('the scene line', () => {
    assert.equal(
      sceneLine(scene),
      '[scene_id:1048877509;scene_type:group;scene_name:Test group;owner_id:10001;admins:10003;member_count:42;global_mute:false;assistant_role:admin;]',
    );
    assert.equal(sceneLine({ id: 'p', type: 'private' }), '[scene_id:p;scene_type:private;]');
  });

  test('state-change lines: fixed templates, member values quoted, escaped and cut; odd ids quoted', () => {
    assert.equal(
      stateChangeLine(
        {
          kind: 'state_change',
          change: 'member_changed',
          userId: '10002',
          operator: '10001',
          field: 'group_title',
          value: '老玩家',
        },
        '09:00',
      ),
      '[state change] 10001 changed 10002 group_title to "老玩家"',
    );
    assert.equal(
      stateChangeLine(
        {
          kind: 'state_change',
          change: 'member_changed',
          userId: '10002',
          field: 'name',
          value: 'say "hi"\\',
        },
        '09:00',
      ),
      '[state change] system changed 10002 name to "say \\"hi\\"\\\\"',
    );
    assert.equal(
      stateChangeLine(
        { kind: 'state_change', change: 'member_joined', userId: '10002', by: 'self' },
        '09:05',
        'g1',
      ),
      '[state change] 10002 join g1 on 09:05 by self',
    );
    assert.equal(
      stateChangeLine(
        {
          kind: 'state_change',
          change: 'member_left',
          userId: '10002',
          operator: '10001',
          sceneId: 'g2',
        },
        '09:06',
      ),
      '[state change] 10002 leave g2 on 09:06 by 10001',
    );
    assert.equal(
      stateChangeLine(
        { kind: 'state_change', change: 'member_left', userId: 'x changed y role to "owner"' },
        '09:06',
      ),
      '[state change] "x changed y role to \\"owner\\"" leave on 09:06 by system',
    );
    assert.equal(quoted('a\nb'), '"a b"');
    assert.equal(quoted('y'.repeat(65)), `"${'y'.repeat(63)}…"`);
  });

  test('time after a minute, date on the first message and on a new day, in the timeZone option', () => {
    const late = Date.UTC(2026, 9, 29, 15, 59);
    const envelope = group([
      { ...say('u1', ming, 'a', 0), timestamp: late },
      { ...say('u2', ming, 'b', 0), timestamp: late + 30_000 },
      { ...say('u3', ming, 'c', 0), timestamp: late + 90_000 },
    ]);
    const headers = (timeZone: string) =>
      assemble(envelope, { timeZone }).turns.map(
        (t) => (t.parts[0] as { text: string }).text.split('\n')[0],
      );
    assert.deepEqual(headers('UTC').slice(1), [
      '[id:m2;user_id:10002;]',
      '[id:m3;user_id:10002;time:16:00;]',
    ]);
    // 23:59 → 00:00 in Shanghai: the third message starts a new day there.
    assert.deepEqual(headers('Asia/Shanghai').slice(1), [
      '[id:m2;user_id:10002;]',
      '[id:m3;user_id:10002;date:2026-10-30;time:00:00;]',
    ]);
    assert.match(headers('Asia/Shanghai')[0]!, /date:2026-10-29;time:23:59;\]$/);
  });

  test('reply_to names the alias; a reply to nowhere is left out and warned by validation', () => {
    const envelope = group([
      say('u1', ming, 'a', 0),
      say('u2', owner, 'b', 1, { replyTo: 'u1' }),
      say('u3', owner, 'c', 2, { replyTo: 'nope' }),
    ]);
    const first = assemble(envelope).turns.map(
      (t) => (t.parts[0] as { text: string }).text.split('\n')[0],
    );
    assert.match(first[1]!, /;reply_to:m1;/);
    assert.doesNotMatch(first[2]!, /reply_to/);
    assert.deepEqual(
      validateEnvelope(envelope).warnings.map((w) => [w.code, w.path]),
      [['reply-to-unknown', '/messages/3/replyTo']],
    );
  });

  test('fullHeaderMessageIds: the first message with content of each speaker', () => {
    const envelope = group([
      say('u1', ming, 'a', 0),
      reply('a1', 'b', 1),
      say('u2', ming, 'c', 2),
      say('u3', owner, 'd', 3),
    ]);
    assert.deepEqual([...fullHeaderMessageIds(envelope.messages)], ['u1', 'a1', 'u3']);
  });
});

describe('unannouncedChanges', () => {
  test('the facts of demo G that changed with no event: only the title of Lin before her last message', () => {
    const found = unannouncedChanges(demoEnvelopes.g.messages);
    assert.deepEqual(
      [...found],
      [
        [
          'g-31',
          [
            {
              kind: 'state_change',
              change: 'member_changed',
              userId: '10003',
              operator: 'system',
              field: 'group_title',
              value: 'Peak Bagger 🏔️',
            },
          ],
        ],
      ],
    );
  });
});

describe('unannouncedChanges: roles', () => {
  const roleChanges = (messages: Parameters<typeof unannouncedChanges>[0]) =>
    [...unannouncedChanges(messages)].map(([id, changes]) => [id, changes.map((c) => c.value)]);

  test('an equal list of roles is no change; another list is, written as the header writes it', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `r${i}`);
    const messages = [
      say('u1', { ...ming, roles: many }, 'a', 0),
      say('u2', { ...ming, roles: [...many] }, 'b', 1),
      say('u3', { ...ming, roles: ['member', 'admin'] }, 'c', 2),
    ];
    assert.deepEqual(roleChanges(messages), [['u3', ['member,admin']]]);
  });

  test('after an event names the roles, the next list is compared with what the event said', () => {
    const messages = [
      say('u1', ming, 'a', 0),
      event('e1', 1, {
        change: 'member_changed',
        userId: ming.userId,
        field: 'role',
        value: 'admin',
      }),
      say('u2', { ...ming, roles: ['admin'] }, 'b', 2),
      say('u3', { ...ming, roles: ['admin', 'owner'] }, 'c', 3),
    ];
    assert.deepEqual(roleChanges(messages), [['u3', ['admin,owner']]]);
  });
});

describe('protocol 1.1 validation', () => {
  test('1.1 features under "1.0" are refused with a sentence that says what to change', () => {
    const envelope = {
      ...group([say('u1', ming, 'a', 0), event('e', 1, { change: 'member_joined', userId: '1' })]),
      version: '1.0',
    };
    const messages = validateEnvelope(envelope).errors.map((e) => `${e.path}: ${e.message}`);
    assert.deepEqual(messages, [
      `/scene: The scene needs "version": "1.1"; this envelope says "1.0".`,
      `/messages/1/actor: Field 'actor' of message 'u1' needs "version": "1.1"; this envelope says "1.0".`,
      `/messages/2/role: Message 'e' has role event, which needs "version": "1.1"; this envelope says "1.0".`,
      `/messages/2/segments/0/kind: Segment 0 of message 'e' (state_change) needs "version": "1.1"; this envelope says "1.0".`,
    ]);
  });

  test('event messages hold only state changes; member_changed needs field and value; semantic warnings', () => {
    const bad = group([
      {
        id: 'e',
        role: 'event',
        actor: ming,
        segments: [
          { kind: 'text', content: 'x' },
          { kind: 'state_change', change: 'member_changed', userId: '1' },
        ],
        timestamp: at(0),
      },
    ]);
    assert.deepEqual(
      validateEnvelope(bad).errors.map((e) => e.message),
      [
        `Segment 1 of message 'e' (state_change) is missing required field 'field' ("role" | "name" | "mute_time" | "group_title" | "group_nickname").`,
        "Segment 1 of message 'e' (state_change) is missing required field 'value' (string).",
        "Segment 0 of message 'e' (text) cannot be in an event message: event messages hold only state_change segments.",
        "Message 'e' has role event and cannot have an actor: events come from the host.",
      ],
    );
    const odd = group([
      {
        id: 'u',
        role: 'user',
        segments: [{ kind: 'state_change', change: 'member_joined', userId: '1' }],
        timestamp: at(0),
      },
      {
        id: 't',
        role: 'tool',
        actor: ming,
        segments: [{ kind: 'text', content: 'x' }],
        timestamp: at(1),
      },
    ]);
    assert.deepEqual(
      validateEnvelope(odd).warnings.map((w) => w.code),
      ['state-change-outside-event', 'actor-ignored'],
    );
    // Exported as an event before the message.
    const out = exportEnvelope(odd, { target: 'openai' });
    assert.match(JSON.stringify(out.body), /\[state change\] 1 join 1048877509/);
  });
});
