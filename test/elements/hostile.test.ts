import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-chat.js';
import type { Envelope } from '../../src/core/protocol.js';
import { deepQueryAll, expandAll, findUnsafe, settle } from './helpers.js';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

/** Hostile strings: scripts, handlers, URL schemes, SVG and MathML tricks, clobbering, CSS. */
const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1"></svg>',
  '<svg><script>window.__pwned=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__pwned=1"><text x="0" y="20">x</text></a></svg>',
  '<svg><animate onbegin="window.__pwned=1" attributeName="x" dur="1s"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=1">',
  '<math href="javascript:window.__pwned=1">click</math>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<object data="javascript:window.__pwned=1"></object>',
  '<embed src="javascript:window.__pwned=1">',
  '<form action="javascript:window.__pwned=1"><button>go</button></form>',
  '<button formaction="javascript:window.__pwned=1">x</button>',
  '<a href="javascript:window.__pwned=1">link</a>',
  '<a href="JaVaScRiPt:window.__pwned=1">link</a>',
  '<a href="&#106;avascript:window.__pwned=1">link</a>',
  '<a href="java\tscript:window.__pwned=1">tab</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html,<script>window.__pwned=1</script>">data</a>',
  '[md link](javascript:window.__pwned=1)',
  '[md link](  javascript:window.__pwned=1  )',
  '[md data](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZD0xPC9zY3JpcHQ+)',
  '![md img](javascript:window.__pwned=1)',
  '![x](x" onerror="window.__pwned=1)',
  '<details open ontoggle="window.__pwned=1">x</details>',
  '<video><source onerror="window.__pwned=1"></video>',
  '<audio src=x onerror="window.__pwned=1"></audio>',
  '<body onload="window.__pwned=1">',
  '<input autofocus onfocus="window.__pwned=1">',
  '<marquee onstart="window.__pwned=1">x</marquee>',
  '<style>*{background:url("javascript:window.__pwned=1")}</style>',
  '<div style="background:url(javascript:window.__pwned=1)">css</div>',
  '<p style="position:fixed;inset:0;background:red">overlay</p>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
  '<base href="javascript:/">',
  '<img id="__pwned" name="__pwned">',
  '<form id="document"><input name="cookie"></form>',
  '<a id="location" href="https://evil.example">clobber</a>',
  '<template><script>window.__pwned=1</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  '<!--<img src=x onerror=window.__pwned=1>-->',
  '"><img src=x onerror=window.__pwned=1>',
  "'-alert(1)-'",
  '{{constructor.constructor("window.__pwned=1")()}}',
  '${window.__pwned=1}',
  '<x onclick="window.__pwned=1">custom</x>',
  '<a href="https://ok.example" target="_self" rel="opener">ok link</a>',
];

function hostileEnvelope(p: string): Envelope {
  return {
    version: '1.0',
    model: p,
    messages: [
      {
        id: p,
        role: 'system',
        timestamp: 1780897800000,
        segments: [
          { kind: 'static_var', name: p, value: p, description: p },
          { kind: 'system_prompt', content: `${p} {{${p}}}`, collapsed: false },
          { kind: 'memory', description: p, items: [{ title: p, content: p }], collapsed: false },
          {
            kind: 'skills',
            description: p,
            items: [{ name: p, description: p, body: p }],
            collapsed: false,
          },
          {
            kind: 'tool_overview',
            items: [
              {
                name: p,
                description: p,
                parameters: p,
                schema: {
                  type: 'object',
                  description: p,
                  properties: { [p]: { type: 'string', description: p, enum: [p] } },
                  required: [p],
                },
              },
            ],
            collapsed: false,
          },
        ],
      },
      {
        id: `${p}-2`,
        role: 'user',
        timestamp: 1780897860000,
        segments: [
          { kind: 'text', content: p },
          {
            kind: 'document',
            fileName: p,
            mimeType: p,
            snippet: p,
            sizeBytes: 1,
            parsedContent: p,
          },
          { kind: 'long_text', content: p, charCount: p.length, collapsed: false },
          { kind: 'media', mediaType: 'image', url: p, altText: p },
          { kind: 'media', mediaType: 'audio', url: p, altText: p },
          { kind: 'media', mediaType: 'video', url: p, altText: p },
        ],
      },
      {
        id: `${p}-3`,
        role: 'assistant',
        timestamp: 1780897920000,
        segments: [
          {
            kind: 'tool_call_request',
            toolName: p,
            arguments: { [p]: p, nested: { list: [p, { [p]: p }] } },
            collapsed: false,
          },
        ],
      },
      {
        id: `${p}-4`,
        role: 'tool',
        timestamp: 1780897980000,
        segments: [
          { kind: 'tool_call_result', toolName: p, result: p, success: false, collapsed: false },
          {
            kind: 'tool_call_result',
            toolName: p,
            result: JSON.stringify({ [p]: p }),
            success: true,
            collapsed: false,
          },
        ],
      },
    ],
  };
}

describe('hostile input in every string field of every kind', () => {
  before(() => {
    window.__pwned = undefined;
  });

  it(`has at least 40 payloads`, () => {
    expect(PAYLOADS.length).to.be.at.least(40);
  });

  for (const payload of PAYLOADS) {
    it(`stays inert: ${payload.slice(0, 60)}`, async () => {
      const titleBefore = document.title;
      const chat = await fixture<HTMLElement>(
        html`<envelope-chat .envelope=${hostileEnvelope(payload)}></envelope-chat>`,
      );
      await settle(chat);
      expect(
        chat.shadowRoot!.querySelector('[part~="error"]'),
        'the envelope is valid and rendered',
      ).to.equal(null);
      await expandAll(chat);
      await new Promise((r) => setTimeout(r, 50));
      expect(window.__pwned, 'canary').to.equal(undefined);
      expect(findUnsafe(chat)).to.deep.equal([]);
      expect(typeof document.getElementById, 'no clobbering of document').to.equal('function');
      expect(document.title).to.equal(titleBefore);
      for (const link of deepQueryAll<HTMLAnchorElement>(chat, '.markdown a[href]')) {
        expect(link.rel).to.equal('noopener noreferrer');
        expect(link.target).to.equal('_blank');
      }
    });
  }
});
