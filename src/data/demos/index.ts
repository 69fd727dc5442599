import type { ScenarioManifest } from '../../core/protocol/manifest.js';
import type { Envelope } from '../../core/protocol/types.js';
import demoA from './demo-a.json' with { type: 'json' };
import demoB from './demo-b.json' with { type: 'json' };
import demoC from './demo-c.json' with { type: 'json' };
import demoD from './demo-d.json' with { type: 'json' };
import demoE from './demo-e.json' with { type: 'json' };
import demoF from './demo-f.json' with { type: 'json' };
import demoG from './demo-g.json' with { type: 'json' };
import manifest from './manifest.json' with { type: 'json' };

/** The scenario switcher's entries (SPEC §5): A, B, C, D, F, E, G; F first. */
export const demoManifest: ScenarioManifest = manifest;

/** The demo envelopes by scenario id. They are checked valid by the test suite. */
/** The ids of the demo scenarios. */
export type DemoId = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g';

export const demoEnvelopes: Readonly<Record<DemoId, Envelope>> = {
  a: demoA as Envelope,
  b: demoB as Envelope,
  c: demoC as Envelope,
  d: demoD as Envelope,
  e: demoE as Envelope,
  f: demoF as Envelope,
  g: demoG as Envelope,
};
