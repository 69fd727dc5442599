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
