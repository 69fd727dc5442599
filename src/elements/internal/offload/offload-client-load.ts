/**
 * The offload client, loaded with the first job: most pages never have an envelope large
 * enough to offload. The one-file bundles hold it anyway (offload-client-load.bundle.ts).
 */
export const loadOffloadClient = (): Promise<OffloadClientModule> => import('./offload-client.js');

export type OffloadClientModule = Pick<
  typeof import('./offload-client.js'),
  'runOffload' | 'offloadMode'
>;
