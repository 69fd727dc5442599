import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSseParser, type SseEvent } from '../../src/core/targets/streams/sse.js';

// Server-sent events as the WHATWG HTML standard reads them, and a body cut off in the middle
// of its last event (which EventSource drops and a stream reader still wants).

describe('createSseParser', () => {
  const event = (data: string, name = 'message', id = '') => ({ event: name, data, id });
  const cases: { name: string; chunks: (string | Uint8Array)[]; events: SseEvent[] }[] = [
    {
      name: 'event and data lines, a blank line dispatches',
      chunks: ['event: ping\ndata: {}\n\n'],
      events: [event('{}', 'ping')],
    },
    {
      name: 'CRLF, CR and LF line ends',
      chunks: ['data: a\r\n\r\ndata: b\r\rdata: c\n\n'],
      events: [event('a'), event('b'), event('c')],
    },
    {
      name: 'a CRLF split between two pieces is one line end',
      chunks: ['data: a\r', '\n\r', '\ndata: b\r', '\r'],
      events: [event('a'), event('b')],
    },
    {
      name: 'comments, retry and unknown fields are skipped; no space after the colon',
      chunks: [': keep-alive\nretry: 10\nfoo: bar\ndata:x\n\n'],
      events: [event('x')],
    },
    {
      name: 'multi-line data joins with a line break; one leading space is dropped',
      chunks: ['data: {"a":\ndata:  1}\ndata\n\n'],
      events: [event('{"a":\n 1}\n')],
    },
    {
      name: 'a blank line without data dispatches nothing; the event name resets',
      chunks: ['event: a\n\n\ndata: 1\n\n'],
      events: [event('1')],
    },
    {
      name: 'an empty data line is an event with empty data',
      chunks: ['data:\n\n'],
      events: [event('')],
    },
    {
      name: 'ids carry over; an id with NUL is ignored',
      chunks: ['id: 7\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\n'],
      events: [event('a', 'message', '7'), event('b', 'message', '7'), event('c', 'message', '7')],
    },
    {
      name: 'a byte order mark at the start is dropped',
      chunks: ['\uFEFFdata: a\n\n'],
      events: [event('a')],
    },
    {
      name: 'bytes, with a character split between pieces',
      chunks: [
        new TextEncoder().encode('data: caf').slice(),
        new Uint8Array([0xc3]),
        new Uint8Array([0xa9, 0x0a, 0x0a]),
      ],
      events: [event('café')],
    },
    {
      name: '[DONE] is data like any other',
      chunks: ['data: [DONE]\n\n'],
      events: [event('[DONE]')],
    },
    {
      name: 'the last event without its blank line comes from end()',
      chunks: ['data: a\n\ndata: {"cut'],
      events: [event('a'), event('{"cut')],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const parser = createSseParser();
      assert.deepEqual(
        [...c.chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()],
        c.events,
      );
    });
  }

  test('after end() it reads a new body', () => {
    const parser = createSseParser();
    parser.push('id: 1\ndata: a');
    assert.deepEqual(parser.end(), [event('a', 'message', '1')]);
    assert.deepEqual([...parser.push('data: b\n\n'), ...parser.end()], [event('b')]);
  });

  test('a line sent in many pieces, its line end split between two, is one line whole', () => {
    const sse = createSseParser();
    const pieces = ['data: ', ...Array.from({ length: 5_000 }, (_, i) => `${i % 10}`), '\r'];
    const events = [...pieces.flatMap((piece) => sse.push(piece)), ...sse.push('\n\r\n')];
    const digits = Array.from({ length: 5_000 }, (_, i) => i % 10).join('');
    assert.deepEqual(events, [event(digits)]);
    assert.deepEqual(sse.end(), []);
  });
});
