import { createContext } from '@lit/context';
import type { SegmentRegistry } from '../../../core/assembly/registry.js';
import type { Envelope } from '../../../core/protocol/types.js';

/** The envelope an `<envelope-viewer>` shows, for the panels inside it. */
export const envelopeContext = createContext<Envelope | undefined>(
  Symbol('prompt-envelope/envelope'),
);

/**
 * The prompt segments a host adds to every export (SPEC §3.6): an `<envelope-viewer>` provides
 * its `registry`, and a `<protocol-panel>` inside it (or inside any host element that provides
 * this context) uses it unless its own `registry` was set.
 */
// Symbol.for: a host's own context provider (or a second copy of the bundle) finds the same key.
export const segmentRegistryContext = createContext<SegmentRegistry | undefined>(
  Symbol.for('prompt-envelope/segment-registry'),
);
