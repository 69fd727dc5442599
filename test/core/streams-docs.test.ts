import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// The provider recipes of the live conversations guide (stories/guides/live.mdx) run as written against the built package, with
// `fetch` answering from a recorded stream (sent in uneven pieces) instead of the provider.

const root = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('stories/guides/live.mdx', root), 'utf8');
const recipes = new Map(
  [...doc.matchAll(/\{\/\* recipe: (.+?) \*\/\}\n+```js\n([\s\S]*?)```/g)].map((m) => [m[1], m[2]]),
);

/** The thought signature the recorded Gemini stream ends with. */
const SIGNATURE =
  'EqsFCqgFAb4+9vvtAF5n87lB4OGDOoTRMOqp35jW65XsYXh6BySMwl9nvrbAvPcl2U0xITaYUyV4CmREEDB1z0ZPpCg7iEwiZcj40Eh1jXoL8Y/BbPqxdgZKvKxdBsJx92y2ML5ytajQHVFQb9ohEMMnjs9uNadLAhDEsOU1nC5tl3FQkx94uaGfWvg61bJT3Y9OxFdo/kbpm4RBngvYhVkBzHKkHBj72T2bUd8J4HPssi7ORC5iPosPRIOyH/CAVHEtMzFYMwb7OhRu+CW8Z9u7gDieME5iJjXtJtLrNGDxgR7XtWfRRyGjsj6uDS+KvjR3SUSWPdn5eeH6w+LXZm1X///Hvhhcx+NHxsuGjF3fGhyzTVAoIzk0lxyB4+/A9I4Xa0o/T4coVDiewMzGZDwmket//ig8x9UC8cyWr/hy1joZWUO7ooJlLncv8gy4Ng+y1JdievZokSFDNWfMMNAQr3kgUwJDucqDp44C1xMtgR3lhJ75IBBnprHCE/ThgvNXujmqNkwAjp5dS4PjVbrw8fqSylfE80tvU0g9dXqg4pEyG+hGIxbANLhsWjAKLqh69hyqvVLg2Ds3wppphf61IfC4VoeLWj85CjBZMf+k85NsUIJQ6+DQS9IPNbM29ZOzpUbHoWKJB6VzNCSJse7Pi07L+pd6skl77km00y4lJdHIGHfEgi8PaOonakBcxbRqKzGJAA/urlP0tiWya2fTWrvNZOybJHyyofNNSI4s5y76yKEjP1wnPqC7ujrQk6xb7eyCeqH9ekByy3vv0JfgERFptoSUoG2toIr9M3lS/LKpnwfCvZh+z3J0iMb83d4MaPKhGhE49J4660XUsEmjygAZNi9HnjfC3KtaU/07Sx4JCezMtpsLKUxBgy4xaNqwew3FwAG37eeWcow=';

const cases = [
  {
    recipe: 'openai-chat',
    fixture: 'openai-chat-text.sse',
    url: 'https://api.openai.com/v1/chat/completions',
    auth: ['authorization', 'Bearer sk-test'],
    segments: [
      {
        kind: 'text',
        content:
          'Paris is the capital of France.\n\nIt has about **2.1 million** residents — «la Ville Lumière».',
      },
    ],
  },
  {
    recipe: 'openai-responses',
    fixture: 'openai-responses-tool-call.sse',
    url: 'https://api.openai.com/v1/responses',
    auth: ['authorization', 'Bearer sk-test'],
    segments: [
      { kind: 'text', content: "I'll look up the weather in Oslo." },
      {
        kind: 'tool_call_request',
        toolName: 'get_weather',
        arguments: { city: 'Oslo', unit: 'celsius' },
        collapsed: false,
      },
    ],
  },
  {
    recipe: 'anthropic',
    fixture: 'anthropic-tool-use.sse',
    url: 'https://api.anthropic.com/v1/messages',
    auth: ['x-api-key', 'sk-ant-test'],
    segments: [
      { kind: 'text', content: "Okay, let's check the weather for San Francisco, CA:" },
      {
        kind: 'tool_call_request',
        toolName: 'get_weather',
        arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' },
        collapsed: false,
      },
    ],
  },
  {
    recipe: 'gemini',
    // A recorded Gemini stream (see the folder's README), sent as Google sends it.
    fixture: '../recordings/streams/google--google-text.jsonl',
    url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    auth: ['x-goog-api-key', 'gemini-test'],
    segments: [
      { kind: 'text', content: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y' },
      // Gemini ends its answer with an empty text that carries only a thought signature: kept,
      // byte for byte, as thinking without text (it goes back in the next request).
      { kind: 'thinking', content: '', collapsed: true, thoughtSignature: SIGNATURE },
    ],
  },
];

test('the guide has one recipe per provider', () => {
  assert.deepEqual(
    [...recipes.keys()],
    cases.map((c) => c.recipe),
  );
});

for (const c of cases) {
  test(`the ${c.recipe} recipe runs as written`, () => {
    const file = readFileSync(new URL(`test/fixtures/streams/${c.fixture}`, root), 'utf8');
    const body = c.fixture.endsWith('.jsonl')
      ? file
          .split('\n')
          .filter(Boolean)
          .map((line) => `data: ${line}\r\n\r\n`)
          .join('')
      : file;
    const prelude = `
const __body = ${JSON.stringify(body)};
const __requests = [];
globalThis.fetch = async (url, init) => {
  __requests.push({ url: String(url), headers: init.headers, body: JSON.parse(init.body) });
  const bytes = new TextEncoder().encode(__body);
  let at = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const size = 1 + ((at * 7919) % 97);
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
};
process.env.OPENAI_API_KEY = 'sk-test';
process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
process.env.GEMINI_API_KEY = 'gemini-test';
const __shown = [];
const show = (update) => __shown.push(update.type);
`;
    const epilogue = `
console.log(JSON.stringify({ requests: __requests, message: stream.message(), shown: __shown }));
`;
    const folder = fileURLToPath(new URL('node_modules/.cache/stream-recipes/', root));
    mkdirSync(folder, { recursive: true });
    const script = `${folder}${c.recipe}.mjs`;
    writeFileSync(script, prelude + recipes.get(c.recipe) + epilogue);
    const out = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' }));
    const [request] = out.requests;
    assert.equal(out.requests.length, 1);
    assert.equal(request.url, c.url);
    // Gemini streams by its URL (`:streamGenerateContent`), the others by `stream: true`.
    if (c.recipe !== 'gemini') assert.equal(request.body.stream, true);
    const headers = Object.fromEntries(
      Object.entries(request.headers as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    assert.equal(headers[c.auth[0]], c.auth[1]);
    assert.deepEqual(out.message.segments, c.segments);
    assert.equal(out.shown[0], 'append');
    assert.equal(out.shown.at(-1), 'end');
  });
}
