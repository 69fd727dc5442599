import { OffloadClient } from './offload-client.js';

/** offload-client-load.ts in the one-file bundles, which hold the client anyway. */
export const loadOffloadClient = () => Promise.resolve({ OffloadClient });
