import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.js';
import { entityNamesLoaded } from '../../src/elements/internal/markdown/html-entities.js';
import { envelope, msg, text } from '../fixtures/envelopes.js';
import {
  deepText,
  painted,
  searchStatus as status,
  settle,
  typeSearch as type,
} from './helpers.js';

// A chat whose Markdown holds rare character references, on a page where HTML's list of names
// has not loaded: the chat shows the characters once it is settled, and its search finds them.

describe('envelope-chat: character references', () => {
  it('a search typed while the list of names loads finds the characters once it is here', async () => {
    expect(entityNamesLoaded()).to.equal(false);
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([msg('u1', 'user', text('Un th&eacute; &clubs;'))])}
      ></envelope-chat>`,
    );
    const input = chat.shadowRoot!.querySelector<HTMLInputElement>('[part~="search-input"]')!;
    input.value = 'th';
    input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await settle(chat);
    expect(deepText(chat)).to.include('Un thé ♣');
    await type(chat, 'thé ♣');
    expect(status(chat)).to.equal('1 of 1');
  });

  it('shows caf&eacute; as café once settled, and search finds é where the text drew it', async () => {
    const chat = await fixture<EnvelopeChat>(
      html`<envelope-chat
        .envelope=${envelope([
          msg('u1', 'user', text('Un caf&eacute; &hearts; and `caf&eacute;` in code')),
        ])}
      ></envelope-chat>`,
    );
    await settle(chat);
    expect(deepText(chat)).to.include('Un café ♥ and caf&eacute; in code');
    await type(chat, 'café ♥');
    expect(status(chat)).to.equal('1 of 1');
    expect(painted('pe-search-current')).to.deep.equal(['café ♥']);
    await type(chat, 'eacute');
    // Only the code span shows the reference as written.
    expect(status(chat)).to.equal('1 of 1');
  });
});
