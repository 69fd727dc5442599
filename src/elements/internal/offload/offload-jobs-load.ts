/**
 * The offload jobs, loaded when a job runs on the page: a page whose worker runs does not
 * download the jobs' core code twice, and an element that offloads one kind of job does not
 * carry every other kind. The one-file bundles hold them anyway (offload-jobs-load.bundle.ts).
 */
export const loadOffloadJobs = (): Promise<OffloadJobs> => import('./offload-jobs.js');

export type OffloadJobs = Pick<typeof import('./offload-jobs.js'), 'runOffloadJob'>;
