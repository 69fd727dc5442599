import { adoptStyles, html, isServer } from 'lit';
import type { Message, Segment, SegmentKind } from '../../../core/protocol/types.js';
import type { AmbientController } from '../strings/localize.js';
import type { SegmentNaming, SegmentView, SegmentViewHost } from './segment-view.js';
import { loadSegmentStyles } from './segment-styles-load.js';
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
      // import() gives the styles' module once, however often it is asked for.
      loading = Promise.all([viewLoaders[kind](), loadSegmentStyles()]).then(
        ([view, styles]) => {
          loadedViews.set(kind, view);
          segmentStyles = styles;
        },
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

/**
 * Gives every view and the segment styles at once (a server entry that imports them statically):
 * nothing to load.
 */
export function provideSegmentViews(
  views: Record<SegmentKind, ViewClass>,
  styles: typeof import('./segment-kind-styles.js'),
): void {
  for (const kind of SEGMENT_KINDS) loadedViews.set(kind, views[kind]);
  segmentStyles = styles;
}

// A server render draws in one pass and cannot wait: there every view loads at once
// (renderEnvelopeHTML awaits them).
if (isServer) void loadSegmentViews(SEGMENT_KINDS);

/**
 * A new view of `kind` drawn by a message, or undefined while its code loads (loadSegmentViews).
 * The message's shadow root takes the segment styles with its first view.
 */
export function createSegmentView(
  kind: SegmentKind,
  host: SegmentViewHost,
  ambient: AmbientController,
  naming: SegmentNaming,
): SegmentView<Segment> | undefined {
  const View = loadedViews.get(kind);
  if (!View) return undefined;
  const root = host.shadowRoot;
  if (root && !styledRoots.has(root)) {
    styledRoots.add(root);
    // Lit's adoptStyles sets the sheets, or adds `<style>`s where a browser cannot adopt.
    const own = (root.adoptedStyleSheets as CSSStyleSheet[] | undefined) ?? [];
    adoptStyles(root, [...own, ...segmentStyles!.SEGMENT_STYLES]);
  }
  return new View(host, ambient, naming);
}

/**
 * The styles of segments inside a message (segment-kind-styles.ts), loaded with the first view:
 * a message's shadow root adopts them with its first view; a server render writes those of the
 * kinds a message draws (ssr/render.ts).
 */
export let segmentStyles: typeof import('./segment-kind-styles.js') | undefined;
const styledRoots = new WeakSet<ShadowRoot>();

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
