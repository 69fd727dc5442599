import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
import { EnvelopeHTML } from 'prompt-envelope/react/envelope-html';
import { demoEnvelopes } from 'prompt-envelope/demos';

// A server component: the chat's HTML, shadow DOM included, is rendered here (at build time for
// this static page, or per request), and EnvelopeHTML puts it in the page and loads the elements.
export default async function ServerPage() {
  const html = await renderEnvelopeHTML(demoEnvelopes.a, { id: 'chat' });
  return (
    <main>
      <EnvelopeHTML html={html} />
    </main>
  );
}
