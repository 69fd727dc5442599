import { html, isServer, unsafeCSS, type CSSResult } from 'lit';
import type { Message, Segment, SegmentKind } from '../../core/protocol/types.js';
import { segmentDocumentStyles } from '../segment-document.styles.js';
import { segmentLongTextStyles } from '../segment-long-text.styles.js';
import { segmentMediaStyles } from '../segment-media.styles.js';
import { segmentMemoryStyles } from '../segment-memory.styles.js';
import { segmentSkillsStyles } from '../segment-skills.styles.js';
import { segmentStateChangeStyles } from '../segment-state-change.styles.js';
import { segmentStaticVarStyles } from '../segment-static-var.styles.js';
import { segmentSystemPromptStyles } from '../segment-system-prompt.styles.js';
import { segmentTextStyles } from '../segment-text.styles.js';
import { segmentToolOverviewStyles } from '../segment-tool-overview.styles.js';
import { toolCallRequestStyles } from '../tool-call-request.styles.js';
import { toolCallResultStyles } from '../tool-call-result.styles.js';
import type { AmbientController } from './localize.js';
import { jsonStyles } from './json-view.js';
import { segmentSharedStyles } from './segment-styles.js';
import type { SegmentNaming, SegmentView, SegmentViewHost } from './segment-view.js';
import { viewLoaders, type ViewClass } from './segment-view-loaders.js';

/** Parts prefixed with `segment-` and ids with `key` (unique in the message), for its views. */
export function messageNaming(key: string): SegmentNaming {
  return {
    part: (names) =>
      names
        .split(' ')
        .map((name) => `segment-${name}`)
        .join(' '),
    id: (name) => `segment-${key}-${name}`,
  };
}

/**
 * The styles of every kind are in the message's shadow root from the start (a server render
 * writes those of the kinds it draws, and hydrating adopts the rest); the view of each kind
 * loads the first time a message draws that kind (segment-view-loaders.ts).
 */
const STYLES: Record<SegmentKind, CSSResult> = {
  text: segmentTextStyles,
  static_var: segmentStaticVarStyles,
  system_prompt: segmentSystemPromptStyles,
  memory: segmentMemoryStyles,
  skills: segmentSkillsStyles,
  tool_overview: segmentToolOverviewStyles,
  tool_call_request: toolCallRequestStyles,
  tool_call_result: toolCallResultStyles,
  document: segmentDocumentStyles,
  long_text: segmentLongTextStyles,
  media: segmentMediaStyles,
  state_change: segmentStateChangeStyles,
};

/** Every segment kind. */
export const SEGMENT_KINDS = Object.keys(viewLoaders) as SegmentKind[];

const loadedViews = new Map<SegmentKind, ViewClass>();
const loadingViews = new Map<SegmentKind, Promise<void>>();

/**
 * Loads the views of `kinds` that are not here yet: a promise that settles when they are, or
 * undefined when there is nothing to wait for. A view that cannot be loaded (the chunk is
 * missing, the network failed) is said on the console and asked for again at the next draw.
 */
export function loadSegmentViews(kinds: Iterable<SegmentKind>): Promise<void> | undefined {
  const pending: Promise<void>[] = [];
  for (const kind of kinds) {
    if (loadedViews.has(kind)) continue;
    let loading = loadingViews.get(kind);
    if (!loading) {
      loading = viewLoaders[kind]().then(
        (view) => void loadedViews.set(kind, view),
        (error: unknown) => {
          loadingViews.delete(kind);
          console.error(`prompt-envelope: could not load the view of ${kind} segments`, error);
        },
      );
      loadingViews.set(kind, loading);
    }
    pending.push(loading);
  }
  return pending.length > 0 ? Promise.all(pending).then(() => undefined) : undefined;
}

// A server render draws in one pass and cannot wait: there every view loads at once
// (renderEnvelopeHTML awaits them).
if (isServer) void loadSegmentViews(SEGMENT_KINDS);

/** A new view of `kind` drawn by a message, or undefined while its code loads (loadSegmentViews). */
export function createSegmentView(
  kind: SegmentKind,
  host: SegmentViewHost,
  ambient: AmbientController,
  naming: SegmentNaming,
): SegmentView<Segment> | undefined {
  const View = loadedViews.get(kind);
  return View && new View(host, ambient, naming);
}

/**
 * The styles of segments drawn inside a message's shadow root, beside the message's own markup:
 * the shared ones under `.segment` (the wrapper of each segment), each kind's under its wrapper
 * class (`.segment-memory`…), so that one kind's classes style neither another kind nor the
 * message. A kind's rules for its element's root (`.base`) apply to its wrapper.
 */
const sharedSegmentStyles = unsafeCSS(
  `.segment { ${[...segmentSharedStyles, jsonStyles].map((sheet) => sheet.cssText).join('\n')} }`,
);

/** Each kind's styles (a server render writes only those of the kinds a message draws). */
export const kindStyles = new Map(
  (Object.entries(STYLES) as [SegmentKind, CSSResult][]).map(([kind, sheet]) => [
    kind,
    unsafeCSS(`.segment-${kind} { ${sheet.cssText.replace(/\.base\b(?!-)/g, '&')} }`),
  ]),
);

/** The styles of every kind, for the message's shadow root. */
export const messageSegmentStyles = [sharedSegmentStyles, ...kindStyles.values()];

/** How many segments of a message given as an object have their views loaded before its first draw. */
const FIRST_SEGMENTS = 64;

/**
 * The kinds of the segments a message given as an object shows first (`first` of them), and of
 * its announced changes (a message given as JSON text has none yet: its views load as they are
 * met).
 */
export function kindsShownFirst(
  message: unknown,
  announced?: readonly unknown[],
  first = FIRST_SEGMENTS,
): Set<SegmentKind> {
  const kinds = new Set<SegmentKind>();
  const value = message as Partial<Message> | null;
  if (typeof value !== 'object' || !value || !Array.isArray(value.segments)) return kinds;
  for (const segment of value.segments.slice(0, first) as (Segment | undefined)[])
    if (segment && SEGMENT_KINDS.includes(segment.kind)) kinds.add(segment.kind);
  if (announced?.length || value.role === 'event') kinds.add('state_change');
  return kinds;
}

/** A segment whose view is on its way: its wrapper, busy and empty for a moment. */
export function renderLoadingSegment(part: string, kind: SegmentKind) {
  return html`<div part=${part} class="segment segment-${kind}" aria-busy="true"></div>`;
}
