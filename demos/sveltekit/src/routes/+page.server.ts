import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
import { demoEnvelopes } from 'prompt-envelope/demos';

// Rendered at build time, in Node: the page shows the whole conversation before any script runs.
export const prerender = true;

export async function load() {
  return { chat: await renderEnvelopeHTML(demoEnvelopes.a, { id: 'chat' }) };
}
