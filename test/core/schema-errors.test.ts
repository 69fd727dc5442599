import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateEnvelope } from '../../src/core/validate.js';
import { everyKindEnvelope } from '../fixtures/envelopes.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- cases break the types on purpose */

interface Case {
  rule: string;
  mutate: (e: any) => unknown;
  path: string;
  message: RegExp;
}

// Segment indexes in everyKindEnvelope: m-1: static_var 0, system_prompt 1, memory 2, skills 3,
// tool_overview 4; m-2: text 0, document 1, long_text 2, media 3; m-3 request 0; m-4 result 0.
const seg = (m: number, s: number) => `/messages/${m}/segments/${s}`;

const cases: Case[] = [
  {
    rule: 'envelope is an object',
    mutate: () => [1, 2],
    path: '',
    message: /^The envelope must be a JSON object, but it is a list\.$/,
  },
  {
    rule: 'envelope is not null',
    mutate: () => null,
    path: '',
    message: /must be a JSON object, but it is null/,
  },
  {
    rule: 'version is required',
    mutate: (e) => (delete e.version, e),
    path: '/version',
    message: /^The envelope is missing required field 'version' \("1\.0" \| "1\.1"\)\.$/,
  },
  {
    rule: 'version is "1.0" or "1.1"',
    mutate: (e) => ((e.version = '2.0'), e),
    path: '/version',
    message:
      /^Field 'version' of the envelope must be one of 1\.0, 1\.1, but it is the text "2\.0"\. Did you mean '1\.0'\?$/,
  },
  {
    rule: 'version is a string',
    mutate: (e) => ((e.version = 1), e),
    path: '/version',
    message: /must be one of 1\.0, 1\.1, but it is the number 1/,
  },
  {
    rule: 'messages is required',
    mutate: (e) => (delete e.messages, e),
    path: '/messages',
    message:
      /missing required field 'messages' \(list of Message\)|missing required field 'messages'/,
  },
  {
    rule: 'messages is a list',
    mutate: (e) => ((e.messages = {}), e),
    path: '/messages',
    message: /^Field 'messages' of the envelope must be a list, but it is an object\.$/,
  },
  {
    rule: 'messages is not empty',
    mutate: (e) => ((e.messages = []), e),
    path: '/messages',
    message: /is an empty list; it needs at least 1 message/,
  },
  {
    rule: 'model is a string',
    mutate: (e) => ((e.model = 4), e),
    path: '/model',
    message: /Field 'model' of the envelope must be a string, but it is the number 4/,
  },
  {
    rule: '$schema is a string',
    mutate: (e) => ((e.$schema = true), e),
    path: '/$schema',
    message: /Field '\$schema' of the envelope must be a string/,
  },
  {
    rule: 'no unknown envelope field',
    mutate: (e) => ((e.modle = 'x'), e),
    path: '/modle',
    message:
      /unknown field 'modle' \(did you mean 'model'\?\); allowed fields are \$schema, version, model, scene, messages/,
  },
  {
    rule: 'message is an object',
    mutate: (e) => ((e.messages[1] = 'hi'), e),
    path: '/messages/1',
    message: /^Message 1 must be a JSON object, but it is the text "hi"\.$/,
  },
  {
    rule: 'message id is required',
    mutate: (e) => (delete e.messages[1].id, e),
    path: '/messages/1/id',
    message: /^Message 1 is missing required field 'id' \(string\)\.$/,
  },
  {
    rule: 'message id is a string',
    mutate: (e) => ((e.messages[1].id = 7), e),
    path: '/messages/1/id',
    message: /Field 'id' of message 1 must be a string, but it is the number 7/,
  },
  {
    rule: 'message id is not empty',
    mutate: (e) => ((e.messages[1].id = ''), e),
    path: '/messages/1/id',
    message: /Field 'id' of message 1 must not be empty/,
  },
  {
    rule: 'role is required',
    mutate: (e) => (delete e.messages[1].role, e),
    path: '/messages/1/role',
    message:
      /message 'm-2' is missing required field 'role' \("system" \| "user" \| "assistant" \| "tool" \| "event"\)/i,
  },
  {
    rule: 'role is one of five',
    mutate: (e) => ((e.messages[1].role = 'usr'), e),
    path: '/messages/1/role',
    message:
      /must be one of system, user, assistant, tool, event, but it is the text "usr"\. Did you mean 'user'\?/,
  },
  {
    rule: 'segments is required',
    mutate: (e) => (delete e.messages[1].segments, e),
    path: '/messages/1/segments',
    message: /missing required field 'segments' \(list of \{kind\}\)/,
  },
  {
    rule: 'segments is not empty',
    mutate: (e) => ((e.messages[1].segments = []), e),
    path: '/messages/1/segments',
    message: /Field 'segments' of message 'm-2' is an empty list; it needs at least 1 segment/,
  },
  {
    rule: 'timestamp is required',
    mutate: (e) => (delete e.messages[1].timestamp, e),
    path: '/messages/1/timestamp',
    message: /missing required field 'timestamp' \(number\)/,
  },
  {
    rule: 'timestamp is a number',
    mutate: (e) => ((e.messages[1].timestamp = '2026-06-08'), e),
    path: '/messages/1/timestamp',
    message: /Field 'timestamp' of message 'm-2' must be a number, but it is the text "2026-06-08"/,
  },
  {
    rule: 'timestamp is finite',
    mutate: (e) => ((e.messages[1].timestamp = Number.NaN), e),
    path: '/messages/1/timestamp',
    message: /must be a number, but it is the number NaN/,
  },
  {
    rule: 'timestamp is not negative',
    mutate: (e) => ((e.messages[1].timestamp = -1), e),
    path: '/messages/1/timestamp',
    message: /must be 0 or more, but it is the number -1/,
  },
  {
    rule: 'no unknown message field',
    mutate: (e) => ((e.messages[1].name = 'Maya'), e),
    path: '/messages/1/name',
    message:
      /Message 'm-2' has unknown field 'name'; allowed fields are id, role, segments, timestamp/,
  },
  {
    rule: 'segment is an object',
    mutate: (e) => ((e.messages[1].segments[0] = 'hello'), e),
    path: seg(1, 0),
    message: /^Segment 0 of message 'm-2' must be a JSON object, but it is the text "hello"\.$/,
  },
  {
    rule: 'kind is required',
    mutate: (e) => (delete e.messages[1].segments[0].kind, e),
    path: `${seg(1, 0)}/kind`,
    message: /Segment 0 of message 'm-2' is missing required field 'kind'/,
  },
  {
    rule: 'kind is one of twelve',
    mutate: (e) => ((e.messages[1].segments[0].kind = 'txt'), e),
    path: `${seg(1, 0)}/kind`,
    message:
      /has unknown kind "txt"; the kind must be one of text, static_var, .*media, state_change\. Did you mean 'text'\?/,
  },
  {
    rule: 'text needs content',
    mutate: (e) => (delete e.messages[1].segments[0].content, e),
    path: `${seg(1, 0)}/content`,
    message:
      /^Segment 0 of message 'm-2' \(text\) is missing required field 'content' \(string\)\.$/,
  },
  {
    rule: 'text content is a string',
    mutate: (e) => ((e.messages[1].segments[0].content = ['a']), e),
    path: `${seg(1, 0)}/content`,
    message:
      /Field 'content' of segment 0 of message 'm-2' \(text\) must be a string, but it is a list/,
  },
  {
    rule: 'static_var needs a name',
    mutate: (e) => (delete e.messages[0].segments[0].name, e),
    path: `${seg(0, 0)}/name`,
    message: /\(static_var\) is missing required field 'name' \(string\)/,
  },
  {
    rule: 'static_var name is not empty',
    mutate: (e) => ((e.messages[0].segments[0].name = ''), e),
    path: `${seg(0, 0)}/name`,
    message: /Field 'name' of segment 0 of message 'm-1' \(static_var\) must not be empty/,
  },
  {
    rule: 'static_var value is a string',
    mutate: (e) => ((e.messages[0].segments[0].value = 3), e),
    path: `${seg(0, 0)}/value`,
    message: /Field 'value' .*\(static_var\) must be a string, but it is the number 3/,
  },
  {
    rule: 'system_prompt needs collapsed',
    mutate: (e) => (delete e.messages[0].segments[1].collapsed, e),
    path: `${seg(0, 1)}/collapsed`,
    message: /\(system_prompt\) is missing required field 'collapsed' \(boolean\)/,
  },
  {
    rule: 'collapsed is a boolean',
    mutate: (e) => ((e.messages[0].segments[1].collapsed = 'yes'), e),
    path: `${seg(0, 1)}/collapsed`,
    message: /must be a boolean \(true or false\), but it is the text "yes"/,
  },
  {
    rule: 'memory needs items',
    mutate: (e) => (delete e.messages[0].segments[2].items, e),
    path: `${seg(0, 2)}/items`,
    message: /\(memory\) is missing required field 'items' \(list of \{title, content\}\)/,
  },
  {
    rule: 'memory items are not empty',
    mutate: (e) => ((e.messages[0].segments[2].items = []), e),
    path: `${seg(0, 2)}/items`,
    message:
      /Field 'items' of segment 2 of message 'm-1' \(memory\) is an empty list; it needs at least 1 item/,
  },
  {
    rule: 'memory item needs a title',
    mutate: (e) => (delete e.messages[0].segments[2].items[0].title, e),
    path: `${seg(0, 2)}/items/0/title`,
    message:
      /^Item 0 of segment 2 of message 'm-1' \(memory\) is missing required field 'title' \(string\)\.$/,
  },
  {
    rule: 'no unknown memory item field',
    mutate: (e) => ((e.messages[0].segments[2].items[0].contents = 'x'), e),
    path: `${seg(0, 2)}/items/0/contents`,
    message:
      /unknown field 'contents' \(did you mean 'content'\?\); allowed fields are title, content/,
  },
  {
    rule: 'skill needs a description',
    mutate: (e) => (delete e.messages[0].segments[3].items[0].description, e),
    path: `${seg(0, 3)}/items/0/description`,
    message: /\(skills\) is missing required field 'description' \(string\)/,
  },
  {
    rule: 'skills items are not empty',
    mutate: (e) => ((e.messages[0].segments[3].items = []), e),
    path: `${seg(0, 3)}/items`,
    message: /\(skills\) is an empty list/,
  },
  {
    rule: 'tool needs parameters',
    mutate: (e) => (delete e.messages[0].segments[4].items[0].parameters, e),
    path: `${seg(0, 4)}/items/0/parameters`,
    message: /\(tool_overview\) is missing required field 'parameters' \(string\)/,
  },
  {
    rule: 'tool schema is an object',
    mutate: (e) => ((e.messages[0].segments[4].items[0].schema = 'object'), e),
    path: `${seg(0, 4)}/items/0/schema`,
    message: /Field 'schema' of item 0 .*must be a JSON object, but it is the text "object"/,
  },
  {
    rule: 'request needs a toolName',
    mutate: (e) => (delete e.messages[2].segments[0].toolName, e),
    path: `${seg(2, 0)}/toolName`,
    message: /\(tool_call_request\) is missing required field 'toolName' \(string\)/,
  },
  {
    rule: 'request arguments are an object',
    mutate: (e) => ((e.messages[2].segments[0].arguments = ['cats']), e),
    path: `${seg(2, 0)}/arguments`,
    message: /Field 'arguments' .*\(tool_call_request\) must be a JSON object, but it is a list/,
  },
  {
    rule: 'result needs success',
    mutate: (e) => (delete e.messages[3].segments[0].success, e),
    path: `${seg(3, 0)}/success`,
    message:
      /^Segment 0 of message 'm-4' \(tool_call_result\) is missing required field 'success' \(boolean\)\.$/,
  },
  {
    rule: 'result is a string',
    mutate: (e) => ((e.messages[3].segments[0].result = { hits: 3 }), e),
    path: `${seg(3, 0)}/result`,
    message: /Field 'result' .*must be a string, but it is an object/,
  },
  {
    rule: 'document needs a snippet',
    mutate: (e) => (delete e.messages[1].segments[1].snippet, e),
    path: `${seg(1, 1)}/snippet`,
    message: /\(document\) is missing required field 'snippet' \(string\)/,
  },
  {
    rule: 'document size is whole',
    mutate: (e) => ((e.messages[1].segments[1].sizeBytes = 2.5), e),
    path: `${seg(1, 1)}/sizeBytes`,
    message: /Field 'sizeBytes' .*must be a whole number, but it is the number 2\.5/,
  },
  {
    rule: 'document size is not negative',
    mutate: (e) => ((e.messages[1].segments[1].sizeBytes = -3), e),
    path: `${seg(1, 1)}/sizeBytes`,
    message: /must be 0 or more, but it is the number -3/,
  },
  {
    rule: 'long_text needs charCount',
    mutate: (e) => (delete e.messages[1].segments[2].charCount, e),
    path: `${seg(1, 2)}/charCount`,
    message: /\(long_text\) is missing required field 'charCount' \(whole number\)/,
  },
  {
    rule: 'mediaType is image, audio or video',
    mutate: (e) => ((e.messages[1].segments[3].mediaType = 'picture'), e),
    path: `${seg(1, 3)}/mediaType`,
    message: /must be one of image, audio, video, but it is the text "picture"/,
  },
  {
    rule: 'media needs a url',
    mutate: (e) => (delete e.messages[1].segments[3].url, e),
    path: `${seg(1, 3)}/url`,
    message: /\(media\) is missing required field 'url' \(string\)/,
  },
  {
    rule: 'no unknown segment field',
    mutate: (e) => ((e.messages[1].segments[0].colapsed = true), e),
    path: `${seg(1, 0)}/colapsed`,
    message:
      /^Segment 0 of message 'm-2' \(text\) has unknown field 'colapsed'; allowed fields are kind, content\.$/,
  },
  {
    rule: 'arguments are plain JSON (no cycles)',
    mutate: (e) => {
      const a = e.messages[2].segments[0].arguments;
      a.self = a;
      return e;
    },
    path: `${seg(2, 0)}/arguments/self`,
    message:
      /refers back to one of its own parents \(a cycle\); an envelope must be plain JSON data/,
  },
  {
    rule: 'tool schema is plain JSON (no functions)',
    mutate: (e) => ((e.messages[0].segments[4].items[0].schema.check = () => true), e),
    path: `${seg(0, 4)}/items/0/schema/check`,
    message: /is a function; an envelope must be plain JSON data/,
  },
];

describe('validateEnvelope: one invalid document per schema rule', () => {
  test('the base document is valid, so each case breaks exactly one rule', () => {
    assert.deepEqual(validateEnvelope(everyKindEnvelope()), {
      valid: true,
      errors: [],
      warnings: [],
    });
  });
  assert.ok(cases.length >= 30);
  for (const c of cases) {
    test(c.rule, () => {
      const result = validateEnvelope(c.mutate(everyKindEnvelope()));
      assert.equal(result.valid, false);
      assert.equal(
        result.errors.length,
        1,
        `exactly one error, got ${JSON.stringify(result.errors, null, 2)}`,
      );
      assert.equal(result.errors[0].path, c.path);
      assert.match(result.errors[0].message, c.message);
    });
  }
});
