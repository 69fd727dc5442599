import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
import { EnvelopeHTML } from 'prompt-envelope/react/envelope-html';
import { demoEnvelopes } from 'prompt-envelope/demos';
import { Panel } from './panel';

// The chat rendered in this server component, the protocol panel's wrapper in a client one.
export default async function ServerWithPanelPage() {
  const html = await renderEnvelopeHTML(demoEnvelopes.a, { id: 'chat' });
  return (
    <main className="layout">
      <EnvelopeHTML html={html} />
      <Panel />
    </main>
  );
}
