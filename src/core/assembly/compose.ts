/**
 * Prompt composition (SPEC §3.7, seed 003): user components applied to the assembled prompt.
 * Native components are found in the assembly, never declared; supplements add system sections
 * or messages in three gaps, and a supplement whose `origin` names a native component replaces
 * it (enabled) or removes it (disabled).
 */
import { assemble, type AssembleOptions, type Assembly } from './assemble.js';
import { documentText, partsText, type ExportWarning, type Turn } from './conversation.js';
import type { EnvelopeError } from '../protocol/issues.js';
import { stringifyJson } from '../protocol/json-value.js';
import type { Envelope, Message } from '../protocol/types.js';
import { ownValue } from '../protocol/own-value.js';

export type ComponentRole = 'system' | 'user' | 'assistant';
export type ComponentPosition = 'after_system' | 'anchored' | 'tail';
export const COMPONENT_ROLES: readonly ComponentRole[] = ['system', 'user', 'assistant'];
export const COMPONENT_POSITIONS: readonly ComponentPosition[] = [
  'after_system',
  'anchored',
  'tail',
];

export interface PromptComponent {
  id: string;
  kind: 'native' | 'supplement';
  role: ComponentRole;
  /** The gap of a user or assistant component; never set for system ones. */
  position?: ComponentPosition;
  /** System: place among all system sections (ascending). Messages: place inside the gap. */
  order: number;
  enabled: boolean;
  template: string;
  /** A native component's id: this supplement replaces it (enabled) or removes it (disabled). */
  origin?: string;
}

export interface NativeComponent extends PromptComponent {
  kind: 'native';
  /** What it is, for people: "System prompt of message a-1". */
  label: string;
  place: 'system' | 'message';
  /** The envelope message it comes from, when there is one. */
  messageId?: string;
}

export interface ComponentIssue {
  /** Index in the list checked (-1: the list itself). */
  index: number;
  id?: string;
  /** The field to show the message next to; '' for the component as a whole. */
  field: keyof PromptComponent | '';
  code: string;
  message: string;
}

export interface ComposedMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  /** The text the model gets; '' for a message of tool calls only. */
  content: string;
  toolCalls?: { id: string; name: string; arguments: Record<string, unknown> }[];
  toolCallId?: string;
  /** Ids of the supplements in this message (for an editor's own markers, never in `content`). */
  components: string[];
  /** The gap those supplements were placed in. */
  gap?: ComponentPosition;
}

export interface ComposeResult {
  system: string | null;
  messages: ComposedMessage[];
  /** The whole prompt as plain text: the system text, then each message, blank-line separated. */
  preview: string;
  warnings: ExportWarning[];
  /** The envelope's validation errors (then there is nothing else). */
  errors: EnvelopeError[];
}

// ---------------------------------------------------------------------------------------------
// Validation.

const FIELDS = ['id', 'kind', 'role', 'position', 'order', 'enabled', 'template', 'origin'];

/**
 * Checks a component list: errors for what cannot be composed (a system component with a
 * position, a user or assistant one without, duplicate ids, wrong types), warnings for an
 * `origin` that names no native component (it changes nothing). Never throws.
 *
 * @example
 * ```ts
 * const { valid, errors } = validateComponents([
 *   { id: 'tone', kind: 'supplement', role: 'user', order: 0, enabled: true, template: 'Answer briefly.' },
 * ]);
 * console.log(valid, errors[0]?.message); // false: a user component needs a position
 * ```
 */
export function validateComponents(
  list: unknown,
  natives?: readonly NativeComponent[],
): { valid: boolean; errors: ComponentIssue[]; warnings: ComponentIssue[] } {
  const errors: ComponentIssue[] = [];
  const warnings: ComponentIssue[] = [];
  if (!Array.isArray(list)) {
    errors.push({
      index: -1,
      field: '',
      code: 'not-a-list',
      message: 'Components must be a list.',
    });
    return { valid: false, errors, warnings };
  }
  const seen = new Map<string, number>();
  const nativeIds = natives ? new Set(natives.map((n) => n.id)) : null;
  list.forEach((item: unknown, index) => {
    const add = (field: ComponentIssue['field'], code: string, message: string, to = errors) =>
      to.push({ index, ...(typeof c?.id === 'string' ? { id: c.id } : {}), field, code, message });
    const c = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : null;
    if (!c) {
      add('', 'not-an-object', `Component ${index} must be an object.`);
      return;
    }
    const name = typeof c.id === 'string' && c.id !== '' ? `'${c.id}'` : `${index}`;
    /** The sentence of every `<field>-invalid`. */
    const invalid = (field: keyof PromptComponent, what: string) =>
      add(field, `${field}-invalid`, `The ${field} of component ${name} must be ${what}.`);
    if (typeof c.id !== 'string' || c.id.trim() === '')
      add('id', 'id-missing', `Component ${index} needs an id.`);
    else if (seen.has(c.id))
      add(
        'id',
        'id-duplicate',
        `The id '${c.id}' is already used by component ${seen.get(c.id)}; ids must be unique.`,
      );
    else seen.set(c.id, index);
    if (c.kind === 'native')
      add(
        'kind',
        'kind-native',
        `Component ${name} is native: native components are found in the envelope; to change one, add a supplement whose origin is its id.`,
      );
    else if (c.kind !== 'supplement')
      add('kind', 'kind-invalid', `Component ${name} must have kind "supplement".`);
    const role = c.role;
    if (!COMPONENT_ROLES.includes(role as ComponentRole))
      invalid('role', 'system, user or assistant');
    if (role === 'system' && c.position !== undefined)
      add(
        'position',
        'position-on-system',
        `Component ${name} is a system component, so it has no position: system components are placed by order among the system sections.`,
      );
    if ((role === 'user' || role === 'assistant') && c.position === undefined)
      add(
        'position',
        'position-missing',
        `Component ${name} is a ${role} message, so it needs a position: after_system, anchored or tail.`,
      );
    else if (
      c.position !== undefined &&
      !COMPONENT_POSITIONS.includes(c.position as ComponentPosition)
    )
      invalid('position', 'after_system, anchored or tail');
    if (!Number.isFinite(c.order)) invalid('order', 'a number');
    if (typeof c.enabled !== 'boolean')
      add(
        'enabled',
        'enabled-invalid',
        `Component ${name} must say whether it is enabled (true or false).`,
      );
    if (typeof c.template !== 'string') invalid('template', 'text');
    if (c.origin !== undefined && (typeof c.origin !== 'string' || c.origin === ''))
      invalid('origin', 'a native component id');
    else if (typeof c.origin === 'string' && nativeIds && !nativeIds.has(c.origin))
      add(
        'origin',
        'origin-unknown',
        `Component ${name} overrides '${c.origin}', which this envelope does not have; it changes nothing.`,
        warnings,
      );
    for (const key of Object.keys(c)) {
      if (!FIELDS.includes(key))
        add('', 'field-unknown', `Component ${name} has an unknown field '${key}'.`, warnings);
    }
  });
  return { valid: errors.length === 0, errors, warnings };
}

// ---------------------------------------------------------------------------------------------
// The native catalog.

const KIND_LABELS: Record<string, string> = {
  system_prompt: 'System prompt',
  memory: 'Memory',
  skills: 'Skills',
  tool_overview: 'Tools',
  system_text: 'Text',
  state_change_note: 'Note on state changes',
  scene: 'Scene line',
};

/**
 * The native components of a valid envelope's assembled prompt, found automatically: each part
 * of the system text (`native:system_prompt:0` …, order = 10 × its place) and each context
 * segment injected into a message (documents and long texts, `native:document:0` …).
 */
export function nativeComponents(envelope: Envelope, options: AssembleOptions): NativeComponent[] {
  return catalog(envelope, assemble(envelope, options), nativeLabel);
}

/**
 * What a native is, for people: "System prompt of message a-1", "Document report.pdf in message
 * u-2". `detail`: a host segment's kind, a document's file name.
 */
function nativeLabel(kind: string, messageId: string | undefined, detail: string): string {
  if (kind.startsWith('host:')) return `Host segment ${kind.slice(5)} (${detail})`;
  if (kind === 'document') return `Document ${detail} in message ${messageId}`;
  if (kind === 'long_text') return `Long text in message ${messageId}`;
  const name = ownValue(KIND_LABELS, kind) ?? kind;
  return messageId === undefined ? name : `${name} of message ${messageId}`;
}

interface Located extends NativeComponent {
  /** Message natives: the segment to leave out when overridden. */
  segment?: { message: number; index: number };
}

/** The natives; without `labelOf` their labels are empty (composition never shows them). */
function catalog(envelope: Envelope, assembly: Assembly, labelOf?: typeof nativeLabel): Located[] {
  const natives: Located[] = [];
  const counters = new Map<string, number>();
  const nextId = (kind: string) => {
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    return `native:${kind}:${n}`;
  };
  const byId = new Map(envelope.messages.map((m) => [m.id, m]));
  assembly.systemParts.forEach((part, place) => {
    let kind: string;
    let messageId: string | undefined;
    const own = /^envelope:(.*):(\d+|text)$/.exec(part.id);
    if (own) {
      messageId = own[1]!;
      const segment = own[2] === 'text' ? undefined : byId.get(messageId)?.segments[Number(own[2])];
      kind = segment ? segment.kind : 'system_text';
    } else if (part.id === 'builtin:scene') kind = 'scene';
    else if (part.id === 'builtin:state-change-note') kind = 'state_change_note';
    else kind = `host:${part.id}`;
    natives.push({
      id: kind.startsWith('host:') ? `native:${kind}` : nextId(kind),
      kind: 'native',
      role: 'system',
      order: place * 10,
      enabled: true,
      template: part.text,
      label: labelOf?.(kind, messageId, part.kind) ?? '',
      place: 'system',
      ...(messageId === undefined ? {} : { messageId }),
    });
  });
  let inMessages = 0;
  const leading = new Set(assembly.systemSourceIds);
  envelope.messages.forEach((message, m) => {
    // A leading system message's texts are already in the system text.
    if (message.role === 'system' && leading.has(message.id) && !sendsTurn(assembly, message))
      return;
    message.segments.forEach((segment, index) => {
      if (segment.kind !== 'document' && segment.kind !== 'long_text') return;
      natives.push({
        id: nextId(segment.kind),
        kind: 'native',
        role: message.role === 'assistant' ? 'assistant' : 'user',
        order: 10 * inMessages++,
        enabled: true,
        template: segment.kind === 'document' ? documentText(segment) : segment.content,
        label:
          labelOf?.(
            segment.kind,
            message.id,
            segment.kind === 'document' ? segment.fileName : '',
          ) ?? '',
        place: 'message',
        messageId: message.id,
        segment: { message: m, index },
      });
    });
  });
  return natives;
}

function sendsTurn(assembly: Assembly, message: Message): boolean {
  return assembly.turns.some((t) => t.sourceId === message.id && t.parts.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Composition.

/**
 * Applies components to a valid envelope's assembled prompt (SPEC §3.7). Invalid components are
 * left out with a warning each. Never throws.
 */
export function composeValid(
  envelope: Envelope,
  components: readonly PromptComponent[],
  options: AssembleOptions,
): ComposeResult {
  const { conversation, placed } = composeAssembly(envelope, components, options);
  const messages = composedMessages(conversation, placed);
  const preview = [conversation.system ?? '', ...messages.map(previewText)]
    .filter((text) => text !== '')
    .join('\n\n');
  return {
    system: conversation.system,
    messages,
    preview,
    warnings: conversation.warnings,
    errors: [],
  };
}

interface Placement {
  components: string[];
  gap: ComponentPosition;
}

/**
 * The composed assembly a target renders (`exportEnvelope(envelope, { target, components })`),
 * with the turns that hold supplements. The envelope must be valid.
 */
export function composeAssembly(
  envelope: Envelope,
  components: readonly PromptComponent[],
  options: AssembleOptions,
): { conversation: Assembly; placed: Map<Turn, Placement> } {
  const natives = catalog(envelope, assemble(envelope, options));
  const warnings: ExportWarning[] = [];
  const check = validateComponents(components, natives);
  const broken = new Set(check.errors.map((e) => e.index));
  for (const issue of [...check.errors, ...check.warnings]) {
    if (issue.index < 0) continue;
    warnings.push({
      code: `component-${issue.code}`,
      message: check.errors.includes(issue)
        ? `${issue.message.replace(/\.$/, '')}; the component is left out.`
        : issue.message,
      messageIds: [],
    });
  }
  const list = Array.isArray(components) ? components : [];
  const active = list
    .map((component, declared) => ({ component, declared }))
    .filter(({ declared }) => !broken.has(declared));
  const nativeById = new Map(natives.map((n) => [n.id, n]));
  const overridden = new Set(
    active
      .map(({ component }) => component.origin)
      .filter((id): id is string => !!id && nativeById.has(id)),
  );

  // Message natives that are overridden are left out of the envelope before assembling.
  const dropped = new Map<number, Set<number>>();
  for (const id of overridden) {
    const at = (nativeById.get(id) as Located).segment;
    if (!at) continue;
    if (!dropped.has(at.message)) dropped.set(at.message, new Set());
    dropped.get(at.message)!.add(at.index);
  }
  const composed: Envelope =
    dropped.size === 0
      ? envelope
      : {
          ...envelope,
          messages: envelope.messages.map((message, m) =>
            dropped.has(m)
              ? { ...message, segments: message.segments.filter((_, s) => !dropped.get(m)!.has(s)) }
              : message,
          ),
        };
  const assembly = assemble(composed, options);
  const userInput = lastUserInput(envelope);
  const fill = (template: string) => template.replace(/\{\{\s*user_input\s*\}\}/g, () => userInput);

  // System: native sections and system components by ascending order (natives first on ties).
  const sections: { order: number; rank: number; text: string }[] = [];
  for (const native of natives) {
    if (native.place === 'system' && !overridden.has(native.id))
      sections.push({ order: native.order, rank: -1, text: native.template });
  }
  const messageComponents: { component: PromptComponent; declared: number; text: string }[] = [];
  for (const { component, declared } of active) {
    if (!component.enabled) continue;
    const replaces = component.origin ? nativeById.get(component.origin) : undefined;
    if (component.origin && !replaces) continue;
    const text = fill(component.template);
    if (component.role === 'system') {
      const order = replaces?.place === 'system' ? replaces.order : component.order;
      sections.push({ order, rank: declared, text });
    } else messageComponents.push({ component, declared, text });
  }
  sections.sort((a, b) => a.order - b.order || a.rank - b.rank);
  const system = sections.length > 0 ? sections.map((s) => s.text).join('\n\n') : null;

  const turns = assembly.turns;
  const placed = new Map<Turn, Placement>();
  const roleOf = new Map(composed.messages.map((m) => [m.id, m.role]));
  let anchor = -1;
  turns.forEach((t, i) => {
    if (t.role === 'user' && roleOf.get(t.sourceId) === 'user') anchor = i + 1;
  });
  const gapIndex: Record<ComponentPosition, number> = {
    after_system: 0,
    anchored: anchor,
    tail: turns.length,
  };
  // From the end, so that earlier gaps keep their indexes; at one index anchored goes first.
  for (const gap of ['tail', 'anchored', 'after_system'] as const) {
    const index = gapIndex[gap];
    const items = messageComponents
      .filter((c) => c.component.position === gap)
      .sort((a, b) => a.component.order - b.component.order || a.declared - b.declared);
    if (items.length === 0) continue;
    if (index < 0) {
      warnings.push({
        code: 'component-anchor-missing',
        message: `There is no user message to anchor to, so ${items.map((i) => `'${i.component.id}'`).join(', ')} ${items.length > 1 ? 'are' : 'is'} left out.`,
        messageIds: [],
      });
      continue;
    }
    insertGap(turns, index, items, gap, placed);
  }
  return {
    conversation: { ...assembly, system, turns, warnings: [...assembly.warnings, ...warnings] },
    placed,
  };
}

/** The text of the last message a person typed (its text and long texts), '' when there is none. */
function lastUserInput(envelope: Envelope): string {
  for (let m = envelope.messages.length - 1; m >= 0; m--) {
    const message = envelope.messages[m]!;
    if (message.role !== 'user') continue;
    const texts = message.segments.flatMap((s) =>
      s.kind === 'text' || s.kind === 'long_text' ? [s.content] : [],
    );
    if (texts.length > 0) return texts.join('\n\n');
  }
  return '';
}

/**
 * Puts one gap's components at `index`: runs of one role merge; the first run joins the message
 * on its left when it has that role (after its text), the last the message on its right
 * (before its text); other runs become messages of their own.
 */
function insertGap(
  turns: Turn[],
  index: number,
  items: { component: PromptComponent; text: string }[],
  gap: ComponentPosition,
  placed: Map<Turn, Placement>,
) {
  const runs: { role: 'user' | 'assistant'; ids: string[]; texts: string[] }[] = [];
  for (const { component, text } of items) {
    const role = component.role as 'user' | 'assistant';
    const last = runs.at(-1);
    if (last && last.role === role) {
      last.ids.push(component.id);
      last.texts.push(text);
    } else runs.push({ role, ids: [component.id], texts: [text] });
  }
  const left = turns[index - 1];
  const right = turns[index];
  const mark = (t: Turn, ids: string[]) => {
    const entry = placed.get(t) ?? { components: [], gap };
    entry.components.push(...ids);
    placed.set(t, entry);
  };
  const created: Turn[] = [];
  runs.forEach((run, r) => {
    const text = run.texts.join('\n\n');
    if (r === 0 && left && left.role === run.role) {
      appendText(left, text);
      mark(left, run.ids);
      return;
    }
    if (
      r === runs.length - 1 &&
      right &&
      right.role === run.role &&
      !(r === 0 && left?.role === run.role)
    ) {
      right.parts = [{ type: 'text', text }, ...right.parts];
      mergeLeadingTexts(right);
      mark(right, run.ids);
      return;
    }
    const t: Turn = {
      role: run.role,
      sourceId: `component:${run.ids[0]}`,
      parts: [{ type: 'text', text }],
      toolCalls: [],
    };
    mark(t, run.ids);
    created.push(t);
  });
  turns.splice(index, 0, ...created);
}

function appendText(t: Turn, text: string) {
  const last = t.parts.at(-1);
  if (last?.type === 'text') last.text = last.text === '' ? text : `${last.text}\n\n${text}`;
  else t.parts.push({ type: 'text', text });
}

function mergeLeadingTexts(t: Turn) {
  const [first, second] = t.parts;
  if (first?.type === 'text' && second?.type === 'text') {
    t.parts = [{ type: 'text', text: `${first.text}\n\n${second.text}` }, ...t.parts.slice(2)];
  }
}

function composedMessages(conversation: Assembly, placed: Map<Turn, Placement>): ComposedMessage[] {
  const laterSystem = conversation.midConversationSystem === 'developer' ? 'developer' : 'system';
  return conversation.turns.map((t) => {
    const where = placed.get(t);
    const extra = where ? { components: where.components, gap: where.gap } : { components: [] };
    const content = partsText(t.parts);
    switch (t.role) {
      case 'tool':
        return {
          role: 'tool',
          content: t.toolResult!.result,
          toolCallId: t.toolResult!.callId,
          ...extra,
        };
      case 'assistant':
        return t.toolCalls.length > 0
          ? { role: 'assistant', content, toolCalls: t.toolCalls, ...extra }
          : { role: 'assistant', content, ...extra };
      case 'system':
        return { role: laterSystem, content, ...extra };
      default:
        return { role: 'user', content, ...extra };
    }
  });
}

function previewText(message: ComposedMessage): string {
  const calls = (message.toolCalls ?? []).map((c) => `${c.name}(${stringifyJson(c.arguments)})`);
  return [message.content, ...calls].filter((text) => text !== '').join('\n');
}
