/**
 * The baseline of the rendering benchmark: a hand-written builder of the same markup that
 * `<envelope-message>` and its segment elements produce for the kinds in bench/data.ts (same
 * shadow roots, elements, attributes, text and constructed style sheets; Markdown as the usual
 * `DOMPurify.sanitize(marked.parse(text))` into innerHTML), with plain DOM calls and cloned icon
 * templates: what a careful person would write without a framework. It builds everything at
 * once and keeps no state, so it is a floor, not a competitor.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { Message, Segment } from '../src/core/protocol/types.js';

type Sheets = Record<string, CSSStyleSheet[]>;

const ICONS: Record<string, string> = {
  chevron: '<path d="M9 6l6 6-6 6" />',
  variable:
    '<path d="M8 4c-2 0-3 1-3 3v2c0 1.5-1 3-2 3 1 0 2 1.5 2 3v2c0 2 1 3 3 3M16 4c2 0 3 1 3 3v2c0 1.5 1 3 2 3-1 0-2 1.5-2 3v2c0 2-1 3-3 3M10 10l4 4M14 10l-4 4" />',
  memory:
    '<path d="M12 5a3 3 0 0 0-5.9-.8A3 3 0 0 0 4 9a3 3 0 0 0 .6 5.4A3 3 0 0 0 9 19a3 3 0 0 0 3-1M12 5a3 3 0 0 1 5.9-.8A3 3 0 0 1 20 9a3 3 0 0 1-.6 5.4A3 3 0 0 1 15 19a3 3 0 0 1-3-1M12 5v13" />',
  call: '<path d="M4 17l6-5-6-5M12 19h8" />',
  success: '<circle cx="12" cy="12" r="9" /><path d="M8 12.5l2.5 2.5L16 9.5" />',
};

const iconTemplates = new Map<string, SVGElement>();

function icon(name: string, className: string): SVGElement {
  let template = iconTemplates.get(`${name} ${className}`);
  if (!template) {
    const holder = document.createElement('template');
    holder.innerHTML = `<svg class="${className}" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
    template = holder.content.firstElementChild as SVGElement;
    iconTemplates.set(`${name} ${className}`, template);
  }
  return template.cloneNode(true) as SVGElement;
}

function el(tag: string, attributes: Record<string, string>, ...children: (Node | string)[]) {
  const element = document.createElement(tag);
  for (const name in attributes) element.setAttribute(name, attributes[name]!);
  element.append(...children);
  return element;
}

function host(tag: string, sheets: CSSStyleSheet[], content: Node): HTMLElement {
  const element = document.createElement(tag);
  const root = element.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets;
  root.append(content);
  return element;
}

const TIME = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const LONG_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const ROLE: Record<string, string> = {
  system: 'System',
  user: 'User',
  assistant: 'Assistant',
  tool: 'Tool',
};

function disclosure(
  kindClass: string,
  iconName: string,
  label: string,
  summary: (Node | string)[],
  expanded: boolean,
  body: Node[],
): HTMLElement {
  const header = el(
    'button',
    {
      part: 'header',
      class: 'disclosure-header',
      type: 'button',
      'aria-controls': 'body',
      'aria-expanded': String(expanded),
    },
    icon('chevron', 'disclosure-chevron'),
    ' ',
    icon(iconName, 'kind-icon'),
    el('span', { part: 'label', class: 'disclosure-label' }, label),
    el('span', { part: 'summary', class: 'disclosure-summary' }, ...summary),
  );
  const bodyElement = el('div', { part: 'body', class: 'disclosure-body', id: 'body' }, ...body);
  if (!expanded) bodyElement.hidden = true;
  return el('section', { part: 'panel', class: `disclosure ${kindClass}` }, header, bodyElement);
}

function segment(s: Segment, messageId: string, index: number, sheets: Sheets): HTMLElement {
  let content: HTMLElement;
  switch (s.kind) {
    case 'text': {
      const markdown = el('div', { part: 'content', class: 'content markdown' });
      markdown.innerHTML = DOMPurify.sanitize(marked.parse(s.content, { async: false }));
      content = markdown;
      break;
    }
    case 'static_var':
      content = el(
        'span',
        { part: 'pill', class: 'pill' },
        icon('variable', 'kind-icon'),
        el('span', { class: 'visually-hidden' }, 'Variable:'),
        el('code', { part: 'name', class: 'name' }, s.name),
        el('span', { class: 'equals' }, '='),
        el('span', { part: 'value', class: 'value' }, s.value),
      );
      break;
    case 'memory':
      content = disclosure(
        'kind-memory',
        'memory',
        'Memory',
        [`${s.items.length} items`],
        !s.collapsed,
        [],
      );
      break;
    case 'tool_call_request': {
      const rows = Object.entries(s.arguments).map(([key, value]) => argumentRow(key, value));
      content = disclosure(
        'terminal',
        'call',
        'Tool call',
        [el('code', { part: 'tool-name', class: 'tool-name' }, s.toolName)],
        !s.collapsed,
        [el('dl', { part: 'arguments', class: 'arguments', 'aria-label': 'Arguments' }, ...rows)],
      );
      break;
    }
    case 'tool_call_result':
      content = disclosure(
        'kind-success',
        'success',
        'Tool result',
        [
          el('code', { part: 'tool-name', class: 'tool-name' }, s.toolName),
          el('span', { part: 'status', class: 'status' }, 'Succeeded'),
        ],
        !s.collapsed,
        [],
      );
      break;
    default:
      throw new Error(`The baseline does not build ${s.kind} segments.`);
  }
  const tag = TAGS[s.kind]!;
  const element = host(tag, sheets[tag]!, el('div', { part: 'base', class: 'base auto' }, content));
  element.setAttribute('part', 'segment');
  element.setAttribute('message-id', messageId);
  element.setAttribute('segment-index', String(index));
  element.setAttribute('theme', 'auto');
  element.setAttribute('lang', 'en');
  return element;
}

function argumentRow(key: string, value: unknown): HTMLElement {
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const entries = Object.entries(value);
    const count = Array.isArray(value)
      ? [el('span', { class: 'count' }, `[${entries.length}]`)]
      : [];
    return el(
      'div',
      { part: 'argument', class: 'row compound' },
      el('dt', { part: 'key', class: 'key' }, key, ...count),
      el(
        'dd',
        { part: 'value' },
        el(
          'dl',
          { part: 'arguments', class: 'arguments' },
          ...entries.map(([k, v]) => argumentRow(k, v)),
        ),
      ),
    );
  }
  const scalar =
    typeof value === 'string'
      ? el('span', { class: 'string' }, value)
      : el(
          'span',
          { class: typeof value === 'number' ? 'json-number' : 'json-literal' },
          String(value),
        );
  return el(
    'div',
    { part: 'argument', class: 'row' },
    el('dt', { part: 'key', class: 'key' }, key),
    el('dd', { part: 'value' }, scalar),
  );
}

const TAGS: Partial<Record<Segment['kind'], string>> = {
  text: 'segment-text',
  static_var: 'segment-static-var',
  memory: 'segment-memory',
  tool_call_request: 'tool-call-request',
  tool_call_result: 'tool-call-result',
};

/** The bubble of one message, as `<envelope-message>` draws it. */
export function buildMessage(message: Message, sheets: Sheets): HTMLElement {
  const segments = el('div', { part: 'segments', class: 'segments' });
  let variables: HTMLElement | null = null;
  message.segments.forEach((s, index) => {
    const built = segment(s, message.id, index, sheets);
    if (s.kind === 'static_var') {
      if (!variables) segments.append((variables = el('div', { class: 'variables' })));
      variables.append(built);
    } else {
      variables = null;
      segments.append(built);
    }
  });
  const date = new Date(message.timestamp);
  const bubble = el(
    'article',
    {
      part: 'bubble',
      class: 'bubble',
      'aria-label': `${ROLE[message.role]} ${LONG_TIME.format(date)}`,
    },
    el(
      'header',
      { part: 'header', class: 'header' },
      el('span', { part: 'role', class: 'role' }, ROLE[message.role]!),
      el('time', { part: 'time', datetime: date.toISOString() }, TIME.format(date)),
    ),
    segments,
  );
  return host(
    'envelope-message-baseline',
    sheets['envelope-message']!,
    el('div', { part: 'base', class: `base auto role-${message.role}` }, bubble),
  );
}
