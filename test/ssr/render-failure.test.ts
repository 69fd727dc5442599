// renderEnvelopeHTML when Lit's server renderer cannot render: it rejects (a build or a request
// fails) instead of returning an error sentence as the page's HTML; and it renders when another
// copy of Lit in the same process (Next.js bundles Lit once per layer) has patched this copy's
// directives first, as Lit's server renderer does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderEnvelopeHTML } from 'prompt-envelope/ssr';
import { demoEnvelopes } from 'prompt-envelope/demos';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('a failing render rejects, naming Lit and the cause, and returns no HTML', async () => {
  const chat = customElements.get('envelope-chat')!;
  const render = Object.getOwnPropertyDescriptor(chat.prototype, 'render')!;
  Object.defineProperty(chat.prototype, 'render', {
    configurable: true,
    value() {
      throw new Error('the element broke');
    },
  });
  try {
    await assert.rejects(renderEnvelopeHTML(demoEnvelopes.a), (error: Error) => {
      assert.match(error.message, /^prompt-envelope: Lit's server renderer failed: /);
      assert.match(error.message, /the element broke/);
      assert.equal((error.cause as Error).message, 'the element broke');
      return true;
    });
  } finally {
    Object.defineProperty(chat.prototype, 'render', render);
  }
  assert.match(
    await renderEnvelopeHTML(demoEnvelopes.a),
    /<envelope-chat[^>]*>\s*<template[^>]*shadowrootmode="open"/,
  );
});

test('invalid input still renders the error panel, without rejecting', async () => {
  assert.match(
    await renderEnvelopeHTML({ version: 42 }),
    /<envelope-chat[^>]*>\s*<template[^>]*shadowrootmode="open"[\s\S]*role="alert"/,
  );
});

// A fresh process: Lit keeps the name of the method it patches in module state.
test('renders after another copy of Lit patched its directives with a renamed function', () => {
  const script = `
    import { Directive } from 'lit/directive.js';
    import { _$LH } from 'lit-html/private-ssr-support.js';
    const { renderEnvelopeHTML } = await import('prompt-envelope/ssr');
    const { demoEnvelopes } = await import('prompt-envelope/demos');
    // What another copy's server renderer does to this copy's Directive when it renders an
    // element this copy defined: its own resolve function, whose name a minifier shortened.
    class Any extends Directive { render() {} }
    const method = Object.getOwnPropertyNames(
      _$LH.overrideDirectiveResolve(Any, () => {}).prototype,
    ).find((name) => name !== 'constructor');
    Directive.prototype[method] = function bT(_part, values) { return this.render(...values); };
    process.stdout.write(await renderEnvelopeHTML(demoEnvelopes.a));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(child.stderr, '');
  assert.equal(child.status, 0);
  assert.match(child.stdout, /<envelope-chat[^>]*>\s*<template[^>]*shadowrootmode="open"/);
  assert.doesNotMatch(child.stdout, /could not be rendered/);
});
