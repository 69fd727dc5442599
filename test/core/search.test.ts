import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HEADER_MATCH,
  headerSearchText,
  searchEnvelope,
  searchPattern,
  segmentSearchTexts,
} from '../../src/core/insight/search.js';
import { demoEnvelopes } from '../../src/data/demos/index.js';
import {
  call,
  envelope,
  msg,
  result,
  staticVar,
  systemPrompt,
  text,
} from '../fixtures/envelopes.js';

describe('searchEnvelope', () => {
  it('searches the fields drawn as Markdown as markdownText gives them, and nothing else', () => {
    const chat = envelope([
      msg(
        'a1',
        'assistant',
        text('a **star** here'),
        {
          kind: 'thinking',
          content: 'think **star**',
          summary: ['sum **star**'],
          collapsed: false,
        },
        {
          kind: 'memory',
          items: [{ title: 'k **star**', content: 'mem **star**' }],
          collapsed: false,
        },
        {
          kind: 'skills',
          items: [{ name: 'n **star**', description: 'd', body: 'body **star**' }],
          collapsed: false,
        },
        call('lookup', { q: 'arg **star**' }),
      ),
    ]);
    const stars = (options = {}) =>
      searchEnvelope(chat, '**star**', options).matches.map((m) => m.segmentIndex);
    assert.deepEqual(stars(), [0, 1, 1, 2, 2, 3, 3, 4], 'as written by default');
    const markdownText = (markdown: string) => markdown.replaceAll('**', '');
    // The memory key, the skill name and the call's argument are not drawn as Markdown.
    assert.deepEqual(stars({ markdownText }), [2, 3, 4]);
    assert.deepEqual(
      searchEnvelope(chat, 'think star', { markdownText }).matches.map((m) => m.segmentIndex),
      [1],
    );
    // One cache per function: the default search is unchanged by the other.
    assert.deepEqual(stars(), [0, 1, 1, 2, 2, 3, 3, 4]);
  });

  it('finds thinking text and summary (1.1), never its signature or encrypted data', () => {
    const chat = {
      ...envelope([
        msg('u1', 'user', text('Plan the route')),
        msg(
          'a1',
          'assistant',
          {
            kind: 'thinking',
            content: 'The user wants a route through Lyon.',
            collapsed: true,
            signature: 'EqQBCkYIARgCKkD Lyon',
            field: 'reasoning_content',
          },
          {
            kind: 'thinking',
            content: '',
            summary: ['Considered the **Lyon** detour.'],
            encryptedContent: 'gAAAALyonLyon',
            itemId: 'rs_Lyon',
            collapsed: true,
          },
          { kind: 'thinking', content: '', redactedData: 'Lyon', collapsed: true },
        ),
      ]),
      version: '1.1' as const,
    };
    assert.deepEqual(searchEnvelope(chat, 'lyon').matches, [
      { messageIndex: 1, segmentIndex: 0, occurrence: 0 },
      { messageIndex: 1, segmentIndex: 1, occurrence: 0 },
    ]);
    assert.deepEqual(searchEnvelope(chat, 'reasoning_content').matches, []);
  });

  it('skips the opaque parts of provider results and citations', () => {
    const chat = {
      ...envelope([
        msg('a1', 'assistant', {
          kind: 'text',
          content: 'Lyon is in France.',
          citations: [
            {
              type: 'web_search_result_location',
              url: 'https://example.org/lyon',
              title: 'Lyon guide',
              cited_text: 'Lyon is a city',
              encrypted_index: 'Lyonxyz',
            },
          ],
        }),
        msg('t1', 'tool', {
          kind: 'tool_call_result',
          toolName: 'web_search',
          result: '',
          success: true,
          collapsed: true,
          runBy: 'provider',
          structured: [
            {
              type: 'web_search_result',
              url: 'https://example.org/lyon',
              title: 'Lyon',
              encrypted_content: 'Lyon',
            },
          ],
        }),
      ]),
      version: '1.1' as const,
    };
    const found = searchEnvelope(chat, 'lyon').matches;
    // Text 1, cited title 1, cited text 1, URL 1; result title 1 and URL 1: no encrypted ones.
    assert.equal(found.filter((m) => m.messageIndex === 0).length, 4);
    assert.equal(found.filter((m) => m.messageIndex === 1).length, 2);
  });

  it('finds every occurrence, case-insensitively, in reading order', () => {
    const found = searchEnvelope(
      envelope([msg('u1', 'user', text('Apple and apple')), msg('a1', 'assistant', text('APPLE'))]),
      'apple',
    );
    assert.deepEqual(found, {
      matches: [
        { messageIndex: 0, segmentIndex: 0, occurrence: 0 },
        { messageIndex: 0, segmentIndex: 0, occurrence: 1 },
        { messageIndex: 1, segmentIndex: 0, occurrence: 0 },
      ],
      truncated: false,
    });
  });

  it("finds a speaker's facts (protocol 1.1 actor) as header matches, before the segments", () => {
    const chat = {
      ...envelope([
        {
          ...msg('u1', 'user', text('Dana here, leading Saturday.')),
          actor: {
            userId: 'u-77',
            name: 'Dana Whitaker',
            roles: ['owner'],
            groupNickname: 'Trail Boss',
            groupTitle: 'Founder',
          },
        },
        msg('a1', 'assistant', text('Hi Dana!')),
      ]),
      version: '1.1' as const,
    };
    assert.equal(
      headerSearchText(chat.messages[0]),
      'u-77\nDana Whitaker\nowner\nTrail Boss\nFounder',
    );
    assert.equal(headerSearchText(chat.messages[1]), '');
    assert.deepEqual(searchEnvelope(chat, 'dana').matches, [
      { messageIndex: 0, segmentIndex: HEADER_MATCH, occurrence: 0 },
      { messageIndex: 0, segmentIndex: 0, occurrence: 0 },
      { messageIndex: 1, segmentIndex: 0, occurrence: 0 },
    ]);
    assert.deepEqual(searchEnvelope(chat, 'trail boss').matches, [
      { messageIndex: 0, segmentIndex: HEADER_MATCH, occurrence: 0 },
    ]);
    assert.equal(searchEnvelope(chat, 'u-77', { limit: 0 }).truncated, true);
  });

  it('treats the query literally: regular expression characters are text', () => {
    const env = envelope([msg('u1', 'user', text('a+b (c) [d] *e* $f ^g \\h'))]);
    for (const query of ['a+b', '(c)', '[d]', '*e*', '$f', '^g', '\\h'])
      assert.equal(searchEnvelope(env, query).matches.length, 1, query);
    assert.equal(searchEnvelope(env, '.').matches.length, 0);
  });

  it('looks into collapsed structures: memory items, tool arguments and results, variables', () => {
    const demo = demoEnvelopes.a!;
    const found = searchEnvelope(demo, 'beginner in Python');
    assert.equal(found.matches.length, 1);
    const { messageIndex, segmentIndex } = found.matches[0]!;
    assert.equal(demo.messages[messageIndex]!.segments[segmentIndex]!.kind, 'memory');

    const tools = envelope([
      msg('a1', 'assistant', call('weather', { city: 'Lisbon', days: 3 })),
      msg('t1', 'tool', result('weather', '{"forecast":"sunny"}')),
    ]);
    assert.equal(searchEnvelope(tools, 'lisbon').matches.length, 1);
    assert.equal(searchEnvelope(tools, 'days').matches.length, 1, 'argument names are shown too');
    assert.equal(searchEnvelope(tools, 'sunny').matches.length, 1);
  });

  it('finds system prompt text as sent, with variables filled in', () => {
    const env = envelope([
      msg('s1', 'system', staticVar('user_name', 'Maya'), systemPrompt('Hello {{user_name}}.')),
    ]);
    const found = searchEnvelope(env, 'Hello Maya');
    assert.deepEqual(found.matches, [{ messageIndex: 0, segmentIndex: 1, occurrence: 0 }]);
  });

  it('does not match the protocol words kind and collapsed', () => {
    const env = envelope([msg('u1', 'user', text('nothing here'))]);
    assert.equal(searchEnvelope(env, 'text').matches.length, 0);
    assert.equal(searchEnvelope(env, 'collapsed').matches.length, 0);
  });

  it('stops counting at the limit and says so', () => {
    const env = envelope([msg('u1', 'user', text('a'.repeat(50)))]);
    assert.deepEqual(searchEnvelope(env, 'a', { limit: 10 }).matches.length, 10);
    assert.equal(searchEnvelope(env, 'a', { limit: 10 }).truncated, true);
  });

  it('gives nothing for a blank query, and copes with arguments nested 10,000 deep', () => {
    assert.equal(searchPattern('  '), null);
    assert.deepEqual(searchEnvelope(demoEnvelopes.a!, ''), { matches: [], truncated: false });
    let deep: Record<string, unknown> = { needle: 'found' };
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    const env = envelope([msg('a1', 'assistant', call('deep', deep))]);
    assert.equal(searchEnvelope(env, 'found').matches.length, 1);
  });

  it('indexes each envelope object once', () => {
    const env = envelope([msg('u1', 'user', text('x'))]);
    assert.equal(segmentSearchTexts(env), segmentSearchTexts(env));
  });
});
