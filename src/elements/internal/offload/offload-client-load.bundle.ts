import { offloadMode, runOffload } from './offload-client.js';
import type { OffloadClientModule } from './offload-client-load.js';

/** offload-client-load.ts in the one-file bundles, which hold the client anyway. */
const inside: OffloadClientModule = { runOffload, offloadMode };
export const loadOffloadClient = () => Promise.resolve(inside);
