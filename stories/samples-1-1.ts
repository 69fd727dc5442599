/**
 * Protocol 1.1 segments the stories show: the model's thinking as each provider returns it,
 * calls and results the provider ran itself, citations and cache markers. Realistic shapes of
 * the APIs' own blocks (Anthropic Messages, OpenAI Responses, Gemini), one trail-planning
 * conversation. Not a stories file (the glob only takes `*.stories.ts`).
 */
import type {
  SystemPromptSegment,
  TextSegment,
  ThinkingSegment,
  ToolCallRequestSegment,
  ToolCallResultSegment,
  ToolOverviewSegment,
} from '../src/core/protocol/types.js';

/** Anthropic extended thinking: the text and its signature. */
export const thinking: ThinkingSegment = {
  kind: 'thinking',
  content: [
    'The user wants a shaded hike near Boulder on a July afternoon, under three hours.',
    '',
    'Candidates:',
    '- **Mesa Trail** (south section): mostly ponderosa forest, but parts are closed for restoration. I should check current closures before recommending it.',
    '- **Royal Arch**: steep, exposed on the last stretch, and busy at weekends.',
    '- **Anemone Trail**: short and shaded, a good fallback.',
    '',
    'Afternoon storms are common in July, so I should suggest starting before noon and mention the weather.',
  ].join('\n'),
  collapsed: true,
  signature:
    'EqQBCkYIBxgCKkCQ2x8Gm0s7vZ1nHm5Q9f3mY4e2b8Zt0pWcRk1u3QwS1o5hZV9u7tJ1g2yX4Rk8lQ0sY3nP5aE2mB7dC9fXEgwz',
};

/** Anthropic redacted thinking: only encrypted data. */
export const redacted: ThinkingSegment = {
  kind: 'thinking',
  content: '',
  collapsed: true,
  redactedData:
    'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQeEgX7lqKkRb3nCM8yJ8zqLVLmKo4BW1Y',
};

/** An OpenAI Responses reasoning item: summary parts and encrypted content. */
export const summaryOnly: ThinkingSegment = {
  kind: 'thinking',
  content: '',
  collapsed: true,
  itemId: 'rs_68b2f0a1c3d4',
  summary: [
    '**Checking trail closures.** The user asked for a shaded route, so I looked for current closures on Mesa Trail before suggesting it.',
    '**Weighing the weather.** July afternoons bring storms on the Front Range; an early start matters more than the route.',
  ],
  encryptedContent:
    'gAAAAABoss8wXkZ2b3F0c2Vjb25kcGFydG9mdGhlZW5jcnlwdGVkcmVhc29uaW5naXRlbWZvcnRoZXRyYWlscXVlc3Rpb24=',
};

/** A Responses reasoning item sent back encrypted, without a summary. */
export const encryptedOnly: ThinkingSegment = {
  kind: 'thinking',
  content: '',
  collapsed: true,
  itemId: 'rs_68b2f0a1c3d5',
  encryptedContent: 'gAAAAABoss9x'.repeat(24),
};

/** Anthropic's web search, run by the provider (a `server_tool_use` block). */
export const serverSearch: ToolCallRequestSegment = {
  kind: 'tool_call_request',
  toolName: 'web_search',
  arguments: { query: 'Boulder Mesa Trail closures July 2026' },
  collapsed: false,
  callId: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
  runBy: 'provider',
};

/** Its `web_search_tool_result` block. */
export const searchResults: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'web_search',
  result:
    'Trail closures | City of Boulder (https://bouldercolorado.gov/trail-closures)\nMesa Trail – Boulder OSMP (https://bouldercolorado.gov/trail/mesa-trail)',
  success: true,
  collapsed: false,
  callId: 'srvtoolu_01WYG3ziw53XMcoyKL4XcZmE',
  runBy: 'provider',
  resultType: 'web_search_tool_result',
  structured: [
    {
      type: 'web_search_result',
      url: 'https://bouldercolorado.gov/trail-closures',
      title: 'Trail closures | City of Boulder',
      page_age: 'July 1, 2026',
      encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1hNDA0LTQ4ZjItYjQ4MS1h',
    },
    {
      type: 'web_search_result',
      url: 'https://bouldercolorado.gov/trail/mesa-trail',
      title: 'Mesa Trail – Boulder OSMP',
      page_age: 'June 12, 2026',
      encrypted_content: 'Eo8BCioIARgBIiQ5ZjE4YjYxZC0wYjQ2LTRkNWUtOGE2',
    },
    {
      type: 'web_search_result',
      url: 'https://www.weather.gov/bou/',
      title: 'Boulder, CO – National Weather Service',
      encrypted_content: 'EpMBCioIBhgCIiQ0NTJiMzE0Yi05ODNl',
    },
  ],
};

/** An OpenAI Responses `web_search_call` item. */
export const responsesSearch: ToolCallRequestSegment = {
  kind: 'tool_call_request',
  toolName: 'web_search',
  arguments: {},
  collapsed: false,
  runBy: 'provider',
  item: {
    type: 'web_search_call',
    id: 'ws_68b2f0c9e1f0',
    status: 'completed',
    action: {
      type: 'search',
      query: 'Boulder shaded hikes under 3 hours',
      sources: [
        { type: 'url', url: 'https://www.alltrails.com/parks/us/colorado/boulder' },
        { type: 'url', url: 'https://bouldercolorado.gov/trail/mesa-trail' },
      ],
    },
  },
};

/** An OpenAI Responses `code_interpreter_call` item. */
export const codeInterpreter: ToolCallRequestSegment = {
  kind: 'tool_call_request',
  toolName: 'code_interpreter',
  arguments: {},
  collapsed: false,
  runBy: 'provider',
  item: {
    type: 'code_interpreter_call',
    id: 'ci_68b2f0d4a7b2',
    status: 'completed',
    container_id: 'cntr_68b2f0d1c8e4',
    code: 'distance_km = 9.2\nclimb_m = 410\nhours = distance_km / 4 + climb_m / 600\nprint(f"{hours:.1f} hours")',
    outputs: [{ type: 'logs', logs: '3.0 hours' }],
  },
};

/** An OpenAI Responses `mcp_call` item. */
export const mcpCall: ToolCallRequestSegment = {
  kind: 'tool_call_request',
  toolName: 'get_forecast',
  arguments: { lat: 39.99, lon: -105.28 },
  collapsed: false,
  runBy: 'provider',
  server: 'weather',
  item: {
    type: 'mcp_call',
    id: 'mcp_68b2f0e2b9c1',
    name: 'get_forecast',
    server_label: 'weather',
    arguments: '{"lat":39.99,"lon":-105.28}',
    output: 'Sat: 31 °C, thunderstorms likely after 14:00 (60 %).',
    error: null,
  },
};

/** Anthropic's code execution result. */
export const codeResult: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'code_execution',
  result: '{"stdout":"3.0 hours\\n","stderr":"","return_code":0}',
  success: true,
  collapsed: false,
  runBy: 'provider',
  resultType: 'code_execution_tool_result',
  structured: {
    type: 'code_execution_result',
    stdout: 'Mesa Trail south loop: 9.2 km, 410 m climb\nEstimated time: 3.0 hours\n',
    stderr: '',
    return_code: 0,
    content: [],
  },
};

/** Anthropic's web search error. */
export const searchError: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'web_search',
  result: 'max_uses_exceeded',
  success: false,
  collapsed: false,
  runBy: 'provider',
  resultType: 'web_search_tool_result',
  structured: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
};

/** A Gemini `functionResponse.response` object. */
export const geminiResponse: ToolCallResultSegment = {
  kind: 'tool_call_result',
  toolName: 'get_trail_status',
  result: '{"trail":"Mesa Trail","open":false,"reopens":"2026-07-20"}',
  success: true,
  collapsed: false,
  structured: {
    trail: 'Mesa Trail',
    open: false,
    reopens: '2026-07-20',
    detour: { via: 'Big Bluestem Trail', extraKm: 1.4 },
  },
};

/** Tools declared only in the API's tools field, two of them run by the provider. */
export const providerTools: ToolOverviewSegment = {
  kind: 'tool_overview',
  collapsed: false,
  inSystemText: false,
  items: [
    {
      name: 'get_trail_status',
      description: 'Whether a trail is open, and its detour when it is not.',
      parameters: 'trail: string',
      schema: {
        type: 'object',
        properties: { trail: { type: 'string', description: 'Trail name.' } },
        required: ['trail'],
      },
    },
    {
      name: 'web_search',
      description: 'Searches the web; run by Anthropic.',
      parameters: '',
      runBy: 'provider',
      declaration: {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 3,
        user_location: { type: 'approximate', city: 'Boulder', country: 'US' },
      },
    },
    {
      name: 'weather',
      description: 'Remote MCP server weather.',
      parameters: '',
      runBy: 'provider',
      declaredIn: 'mcp_servers',
      declaration: { type: 'url', url: 'https://mcp.weather.example/sse', name: 'weather' },
    },
  ],
};

/** An answer with Anthropic web search citations and a cache marker. */
export const citedAnswer: TextSegment = {
  kind: 'text',
  content:
    'Take the **Anemone Trail** loop this Saturday: it is shaded and about 2 hours. The south Mesa Trail is closed for restoration until July 20, and thunderstorms are likely after 2 pm, so start before 10.',
  citations: [
    {
      type: 'web_search_result_location',
      url: 'https://bouldercolorado.gov/trail-closures',
      title: 'Trail closures | City of Boulder',
      cited_text:
        'Mesa Trail between NCAR and Bear Canyon is closed through July 20 for restoration.',
      encrypted_index: 'EpMBCioIBhgCIiQ0NTJiMzE0Yi05ODNl',
    },
    {
      type: 'web_search_result_location',
      url: 'https://www.weather.gov/bou/',
      title: 'Boulder, CO – National Weather Service',
      cited_text: 'Scattered thunderstorms, mainly after 2pm. Chance of precipitation is 60%.',
      encrypted_index: 'Eo8BCioIARgBIiQ5ZjE4',
    },
    {
      type: 'file_citation',
      file_id: 'file-6F2ksmvXxt4VdoqmHRw6kL',
      filename: 'osmp-trail-guide.pdf',
      index: 42,
    },
  ],
  cacheControl: { type: 'ephemeral' },
};

/** A system prompt with Anthropic's cache marker. */
export const cachedPrompt: SystemPromptSegment = {
  kind: 'system_prompt',
  content:
    'You are Trailhead, a hiking assistant for the Boulder area. Check closures and the weather before you recommend a route.',
  collapsed: true,
  cacheControl: { type: 'ephemeral', ttl: '1h' },
};
