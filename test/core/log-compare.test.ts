import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli } from '../../src/cli.js';
import { compareWithLog, sameJson } from '../../src/core/insight/log-compare.js';
import { issueText } from '../../src/core/protocol/issues.js';
import { exportEnvelope } from '../../src/core/targets/export.js';
import { importEnvelope, type ImportWarning } from '../../src/core/targets/import.js';
import { loggedRequests, recordWarnings } from '../../src/core/targets/import-logged.js';
import { plainBody, unkeptFieldsBody, wizardBody } from '../fixtures/logged-requests.js';

const warning = (path: string, code = 'field-not-kept'): ImportWarning => ({
  path,
  code,
  message: `about ${path}`,
});

describe('compareWithLog: the export against the body it was imported from (issue 43)', () => {
  const cases: {
    name: string;
    logged: object;
    exported: unknown;
    differences: [string, string][];
  }[] = [
    {
      name: 'key order aside, equal',
      logged: { a: 1, b: [1, { c: 2, d: 3 }] },
      exported: { b: [1, { d: 3, c: 2 }], a: 1 },
      differences: [],
    },
    {
      name: 'a field only in the log, one only in the export, one changed',
      logged: { model: 'm', temperature: 0.2, max_tokens: 4096 },
      exported: { model: 'm', max_tokens: 1024, stream: false },
      differences: [
        ['/temperature', 'left-out'],
        ['/max_tokens', 'changed'],
        ['/stream', 'added'],
      ],
    },
    {
      name: 'one item left out of a list: that item, at its index',
      logged: { messages: ['a', 'b', 'c', 'd'] },
      exported: { messages: ['a', 'c', 'd'] },
      differences: [['/messages/1', 'left-out']],
    },
    {
      name: 'one item added to a list',
      logged: { messages: ['a', 'c'] },
      exported: { messages: ['a', 'b', 'c'] },
      differences: [['/messages/1', 'added']],
    },
    {
      name: 'a list of another length changed throughout: the list',
      logged: { messages: ['a', 'b'] },
      exported: { messages: ['x', 'y', 'z'] },
      differences: [['/messages', 'changed']],
    },
    {
      name: 'another type; keys that need escaping',
      logged: { 'a/b': { '~': 1 }, n: 1 },
      exported: { 'a/b': { '~': 2 }, n: '1' },
      differences: [
        ['/a~1b/~0', 'changed'],
        ['/n', 'changed'],
      ],
    },
    {
      name: 'no export at all: the whole body',
      logged: { model: 'm' },
      exported: null,
      differences: [['', 'changed']],
    },
  ];
  for (const c of cases)
    test(c.name, () => {
      const result = compareWithLog(c.exported, {
        source: 'openai',
        body: c.logged as never,
        warnings: [],
      });
      assert.deepEqual(
        result.differences.map((d) => [d.path, d.kind]),
        c.differences,
      );
      assert.equal(result.same, c.differences.length === 0);
      assert.equal(sameJson(c.logged, c.exported), c.differences.length === 0);
    });

  test('a warning names a difference at its path, inside it or holding it; detection warnings name none', () => {
    const warnings = [
      warning('/1/request', 'format-guessed'),
      warning('/1/request/temperature'),
      warning('/1/request/messages/0'),
      warning('/1/request/tools'),
      warning('/1/response/choices/1', 'choices-not-kept'),
      warning('/1/request/user'),
    ];
    const result = compareWithLog(
      { messages: [], tools: [{ name: 'f' }], user: 'u', stream: true },
      {
        source: 'openai',
        path: '/1/request',
        body: {
          temperature: 1,
          messages: [{ role: 'wizard' }],
          tools: [{ name: 'f', strict: true }],
          user: 'u',
        } as never,
        warnings,
      },
    );
    assert.deepEqual(
      result.differences.map((d) => [d.path, d.kind, d.warnings.map((w) => w.path)]),
      [
        ['/1/request/temperature', 'left-out', ['/1/request/temperature']],
        // The list differs: the warning inside it names it.
        ['/1/request/messages/0', 'left-out', ['/1/request/messages/0']],
        // The warning holds the place.
        ['/1/request/tools/0/strict', 'left-out', ['/1/request/tools']],
        // Nothing names it: it must still be listed, with no warning.
        ['/1/request/stream', 'added', []],
      ],
    );
    assert.deepEqual(
      result.others.map((w) => w.code),
      ['format-guessed', 'choices-not-kept', 'field-not-kept'],
    );
  });

  test('the export of an imported body, with the warnings import gave', () => {
    const read = importEnvelope(unkeptFieldsBody);
    const imported = loggedRequests(unkeptFieldsBody, read)({ source: 'openai', path: '' })!;
    const exported = exportEnvelope(read.envelope!, { target: 'openai' }).body;
    const result = compareWithLog(exported, imported);
    assert.deepEqual(
      result.differences.map((d) => [d.path, d.warnings.map((w) => w.message)]),
      [
        [
          '/messages/0/weight',
          ["Field 'weight' of message 0 has no place in the protocol; it was left out."],
        ],
        [
          '/messages/1/cache',
          ["Field 'cache' of message 1 has no place in the protocol; it was left out."],
        ],
      ],
    );
    const plain = importEnvelope(plainBody);
    const same = compareWithLog(
      exportEnvelope(plain.envelope!, { target: 'openai' }).body,
      loggedRequests(plainBody, plain)({ source: 'openai', path: '' })!,
    );
    assert.equal(same.same, true);
  });
});

describe('loggedRequests: the body a conversation was read from', () => {
  const pair = {
    request: {
      body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi', cache: true }] },
    },
    response: {
      body: {
        object: 'chat.completion',
        choices: [
          { index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' },
        ],
      },
    },
  };
  const envelope = {
    version: '1.1',
    messages: [{ id: 'a', role: 'user', timestamp: 0, segments: [{ kind: 'text', content: 'x' }] }],
  };

  test('one body, a JSON array, JSON Lines (with a byte-order mark), a request with its response', () => {
    const array = JSON.stringify([plainBody, pair, envelope]);
    const read = importEnvelope(array);
    const requestOf = loggedRequests(array, read);
    const [first, second, third] = read.envelopes!;
    assert.deepEqual(requestOf(first!), {
      source: 'openai',
      body: plainBody,
      warnings: [],
      path: '/0',
      withResponse: false,
    });
    const answered = requestOf(second!)!;
    assert.equal(answered.path, '/1/request/body');
    assert.equal(answered.withResponse, true);
    // The response is the last turn, as the import read it.
    assert.deepEqual(answered.body.messages, [
      { role: 'user', content: 'hi', cache: true },
      { role: 'assistant', content: 'hello' },
    ]);
    assert.deepEqual(
      answered.warnings.map((w) => w.path),
      ['/1/request/body/messages/0/cache'],
    );
    assert.equal(requestOf(third!), undefined, 'an envelope is not a logged request');

    const lines = `\ufeff${JSON.stringify(unkeptFieldsBody)}\n\n${JSON.stringify(pair)}\n`;
    const jsonl = importEnvelope(lines);
    const ofLine = loggedRequests(lines, jsonl);
    const [one, two] = jsonl.envelopes!;
    assert.deepEqual(ofLine(one!)!.body, unkeptFieldsBody);
    assert.deepEqual(
      ofLine(one!)!.warnings.map((w) => w.message),
      jsonl.warnings.filter((w) => (w as { line?: number }).line === 1).map((w) => w.message),
    );
    assert.equal(ofLine(two!)!.path, '/request/body');
    assert.equal(ofLine({ source: 'openai', path: '', line: 9 }), undefined);
  });

  test('recordWarnings: a record’s own warnings and its conversation’s, in the import’s order', () => {
    const text = JSON.stringify([unkeptFieldsBody, wizardBody, plainBody]);
    const read = importEnvelope(text);
    assert.deepEqual(
      recordWarnings(read, { source: 'openai', path: '/0' }).map((w) => w.path),
      ['/0/messages/0/weight', '/0/messages/1/cache'],
    );
    // The wizard record gave no conversation; its warnings are still its record's.
    assert.deepEqual(
      recordWarnings(read, { source: 'openai', path: '/1' }).map((w) => [w.path, w.code]),
      [
        ['/1', 'format-guessed'],
        ['/1/messages/0', 'role-unknown'],
      ],
    );
    assert.deepEqual(recordWarnings(read, { source: 'openai', path: '/2' }), []);
    // A record's path is a whole token: /1 is not /10.
    const eleven = JSON.stringify([...Array(10).fill(plainBody), unkeptFieldsBody]);
    assert.deepEqual(recordWarnings(importEnvelope(eleven), { source: 'openai', path: '/1' }), []);
  });
});

describe('the CLI and the viewer say the same sentences (issue 50, item 3)', () => {
  const cli = (body: object) => {
    let stderr = '';
    const code = runCli(['import', 'body.json'], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
      readFile: () => new TextEncoder().encode(JSON.stringify(body)),
      realPath: (path) => path,
    });
    return { code, lines: stderr.trimEnd().split('\n') };
  };

  test('every warning and error `prompt-envelope import` prints is issueText of what import gave', () => {
    for (const body of [unkeptFieldsBody, wizardBody, plainBody]) {
      const read = importEnvelope(JSON.stringify(body));
      const expected = read.warnings.map((w) => `warning: ${issueText(w)}`);
      if (read.errors.length > 0)
        expected.push(
          'body.json could not be imported:',
          ...read.errors.map((e) => `  ${issueText(e)}`),
        );
      const printed = cli(body);
      assert.deepEqual(expected.length === 0 ? [''] : expected, printed.lines);
    }
    // The reason the wizard body gives nothing: the role, not only the empty list.
    assert.ok(
      cli(wizardBody).lines.includes(
        'warning: /messages/0: Message 0 has role "wizard", which the protocol has no place for; it was left out.',
      ),
    );
  });
});
