import type { Envelope, Message, Segment } from '../src/core/protocol/types.js';

/**
 * A realistic mixed conversation of `count` messages: Markdown from the user and the assistant,
 * tool calls with their results, and now and then a system message with a variable and memory.
 * `seed` goes into every text, so that no Markdown cache is warm from an earlier run.
 */
export function mixedEnvelope(count: number, seed = 0): Envelope {
  const messages: Message[] = [];
  const start = Date.UTC(2026, 5, 7, 9, 0);
  for (let i = 0; i < count; i++) {
    const id = `m${i}`;
    const timestamp = start + i * 20_000;
    const tag = `${seed}.${i}`;
    let role: Message['role'];
    let segments: Segment[];
    if (i % 100 === 0) {
      role = 'system';
      segments = [
        { kind: 'static_var', name: 'user_name', value: `Maya ${tag}` },
        {
          kind: 'memory',
          description: 'What the assistant remembers.',
          items: [
            { title: 'Background', content: `Interaction design student (${tag}).` },
            { title: 'Project', content: 'A browser extension that shows the context of answers.' },
          ],
          collapsed: true,
        },
      ];
    } else if (i % 4 === 1) {
      role = 'user';
      segments = [
        {
          kind: 'text',
          content: `Can you look up row **${tag}** and tell me what the \`status\` field says?`,
        },
      ];
    } else if (i % 4 === 2) {
      role = 'assistant';
      segments = [
        { kind: 'text', content: `Looking it up (${tag}).` },
        {
          kind: 'tool_call_request',
          toolName: 'lookup_row',
          arguments: { table: 'orders', row: i, fields: ['status', 'owner'] },
          collapsed: false,
        },
      ];
    } else if (i % 4 === 3) {
      role = 'tool';
      segments = [
        {
          kind: 'tool_call_result',
          toolName: 'lookup_row',
          result: JSON.stringify({ row: i, status: 'shipped', owner: `team-${tag}` }),
          success: true,
          collapsed: true,
        },
      ];
    } else {
      role = 'assistant';
      segments = [
        {
          kind: 'text',
          content: `Row ${tag} is **shipped**. What you can do next:\n\n- check the owner in the \`owner\` field\n- ask me to compare it with the previous row\n- export the table as CSV`,
        },
      ];
    }
    messages.push({ id, role, timestamp, segments });
  }
  return { version: '1.0', model: 'gpt-4.1', messages };
}

/** One chat message as every contestant of the side-by-side bench gets it: a role and Markdown. */
export interface MarkdownMessage {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * The token that ends message `index` of `seed`: the side-by-side bench finds it in the drawn
 * DOM to know that the message is shown. `-end` keeps `7-1-end` from matching inside `7-10-end`.
 */
export const endToken = (seed: number, index: number) => `msg-${seed}-${index}-end`;

/**
 * `count` messages of mixed Markdown, user and assistant in turn: paragraphs, emphasis, inline
 * code, links, bullet and numbered lists, a fenced code block and a table. The side-by-side
 * bench gives the same texts to our elements, to marked + DOMPurify and to deep-chat.
 */
export function markdownMessages(count: number, seed = 0): MarkdownMessage[] {
  const messages: MarkdownMessage[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${seed}.${i}`;
    const end = endToken(seed, i);
    let text: string;
    switch (i % 6) {
      case 0:
        text = `Can you check order **${tag}** and tell me what the \`status\` field says? The spec is on [the wiki](https://example.com/wiki/orders). ${end}`;
        break;
      case 1:
        text = `Order ${tag} is *shipped*. What you can do next:\n\n- check the owner in the \`owner\` field\n- compare it with [the previous order](https://example.com/orders/${i - 1})\n- export the table as CSV\n\nTell me which one. ${end}`;
        break;
      case 2:
        text = `Compare it with the previous one, please, and keep it short: I only need the fields that changed since ${tag}. ${end}`;
        break;
      case 3:
        text = `Two fields changed. Here is how to read them:\n\n\`\`\`ts\nconst changed = diff(previous, current); // ${tag}\nfor (const field of changed) console.log(field.name, field.before, field.after);\n\`\`\`\n\nThe \`owner\` moved to another team. ${end}`;
        break;
      case 4:
        text = `Thanks. Next:\n\n1. list the orders of that team\n2. sort them by date\n3. mark the late ones (${tag})\n\n${end}`;
        break;
      default:
        text = `Here are the orders of **team ${tag}**:\n\n| order | date | late |\n| --- | --- | --- |\n| ${i - 2} | 2026-06-01 | no |\n| ${i - 1} | 2026-06-03 | yes |\n| ${i} | 2026-06-07 | no |\n\nSee [the board](https://example.com/board?team=${i}) for more. ${end}`;
    }
    messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', text });
  }
  return messages;
}

/** `messages` as an envelope, each a message of one text segment: how ours is given them. */
export const envelopeOf = (messages: MarkdownMessage[]): Envelope => ({
  version: '1.0',
  model: 'gpt-4.1',
  messages: messages.map((m, i) => ({
    id: `m${i}`,
    role: m.role,
    timestamp: Date.UTC(2026, 5, 7, 9, 0) + i * 20_000,
    segments: [{ kind: 'text', content: m.text }],
  })),
});

/** `messages` as deep-chat's `history`, whose roles are `user` and `ai`. */
export const deepChatHistory = (messages: MarkdownMessage[]) =>
  messages.map((m) => ({ role: m.role === 'assistant' ? 'ai' : 'user', text: m.text }));

/**
 * The text deltas of a streamed answer, `count` in all: each a word with the spaces or line ends
 * before it, as a model's tokens come (one delta per token). The answer is the bench's Markdown
 * (the texts of `markdownMessages`, one after the other: paragraphs, lists, code blocks, tables),
 * filled up with plain words that end in `fillEnd(seed)`; then at least `window` deltas of
 * whole texts of another run of the same Markdown, the same for every `count` (so that answers
 * of two lengths end with the same deltas), then `answerEnd(seed)`.
 */
export function answerDeltas(count: number, seed: number, window = 0): string[] {
  const words = (text: string) => text.match(/\s*\S+/g) ?? [];
  const tail: string[] = [];
  for (let i = 0; tail.length < window; i++)
    tail.push(...words(`\n\n${markdownMessages(i + 1, 7_000_000)[i]!.text}`));
  const room = count - tail.length - 1;
  const fill: string[] = [];
  for (let i = 0; ; i++) {
    const text = words(`${i > 0 ? '\n\n' : ''}${markdownMessages(i + 1, seed)[i]!.text}`);
    if (fill.length + text.length > room - 2) break;
    fill.push(...text);
  }
  fill.push('\n\nAnd');
  while (fill.length < room - 1) fill.push(` word${fill.length % 97}`);
  fill.push(` ${fillEnd(seed)}`);
  return [...fill, ...tail, `\n\n${answerEnd(seed)}`];
}

/** The last filling word of `answerDeltas(…, seed)`: drawn once its filling is. */
export const fillEnd = (seed: number) => `fill-${seed}-end`;
/** The last delta of `answerDeltas(…, seed)`: drawn once the whole answer is. */
export const answerEnd = (seed: number) => `answer-${seed}-end`;
