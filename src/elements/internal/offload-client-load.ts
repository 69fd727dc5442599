import type { OffloadClient } from './offload-client.js';

/**
 * The offload client, loaded the first time an element offloads a job (a large input): the
 * elements' first load carries only the size checks. The one-file bundles hold it anyway
 * (offload-client-load.bundle.ts).
 */
export const loadOffloadClient = (): Promise<{ OffloadClient: typeof OffloadClient }> =>
  import('./offload-client.js');
