import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, setViewport } from '@web/test-runner-commands';
import '../../src/elements/envelope-chat/envelope-chat.js';
import type { EnvelopeChat } from '../../src/elements/envelope-chat/envelope-chat.component.js';
import type { Envelope } from '../../src/core/protocol/types.js';
import { loadDemo, settle } from './helpers.js';

// `theme="auto"` (the default) on the documentation sites people put the elements on: each test
// sets the document up the way the site does (its attribute or class, and the colours its own
// stylesheet paints), checks the chat's theme and a colour inside its shadow root, then flips
// the site's switch at run time, as its toggle does, and checks again.

const LIGHT_TEXT = 'rgb(17, 24, 39)';
const DARK_TEXT = 'rgb(229, 231, 235)';
const root = document.documentElement;
const body = document.body;

/** Each site's own dark colours, as its stylesheet sets them (trimmed to the page background). */
const sites = document.createElement('style');
sites.textContent = `
  body[data-md-color-scheme='slate'] { background: hsl(232, 15%, 14%); color: #e2e4e9; }
  body[data-theme='dark'] { background: #131416; }
  @media (prefers-color-scheme: dark) { body[data-theme='auto'] { background: #131416; } }
  html[data-theme='dark'] { background: #1b1b1d; }
  html.dark { background: #1b1b1f; }
  html.dark body.tailwind { background: oklch(0.21 0.034 264.665); }
`;
document.head.append(sites);

let demo: Envelope;
before(async () => {
  demo = await loadDemo('a');
  await setViewport({ width: 900, height: 700 });
});

async function chat(): Promise<EnvelopeChat> {
  const el = await fixture<EnvelopeChat>(
    html`<envelope-chat style="height: 600px; overflow: auto" .envelope=${demo}></envelope-chat>`,
  );
  await settle(el);
  return el;
}

/** The chat's theme (the class on its root part) and its text colour, as the person sees it. */
async function seen(el: EnvelopeChat): Promise<[string, string]> {
  // The page observer re-renders on the next microtasks; two frames leave room for it.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await settle(el);
  const base = el.shadowRoot!.querySelector('[part="base"]')!;
  const theme = base.classList.contains('dark') ? 'dark' : 'light';
  return [theme, getComputedStyle(base).color];
}

const DARK: [string, string] = ['dark', DARK_TEXT];
const LIGHT: [string, string] = ['light', LIGHT_TEXT];

/** A picture of the chat in the site's dark mode, in screenshots/ for a person to look at. */
const photograph = (site: string) =>
  executeServerCommand('screenshot', { selector: 'envelope-chat', name: `theme-${site}-dark` });

describe('theme="auto" follows the dark switch of documentation sites', () => {
  afterEach(async () => {
    root.classList.remove('dark', 'light');
    root.removeAttribute('data-theme');
    body.removeAttribute('data-theme');
    body.removeAttribute('data-md-color-scheme');
    body.removeAttribute('style');
    body.classList.remove('tailwind');
    await emulateMedia({ colorScheme: 'light' });
  });

  it('Material for MkDocs: data-md-color-scheme="slate" on <body>, and "default"', async () => {
    body.dataset.mdColorScheme = 'default';
    const el = await chat();
    expect(await seen(el)).to.deep.equal(LIGHT);
    body.dataset.mdColorScheme = 'slate';
    expect(await seen(el)).to.deep.equal(DARK);
    await photograph('material-for-mkdocs');
    // The default scheme is light even where the system prefers dark.
    await emulateMedia({ colorScheme: 'dark' });
    body.dataset.mdColorScheme = 'default';
    expect(await seen(el)).to.deep.equal(LIGHT);
  });

  it('Furo: data-theme on <body>, and its "auto" follows the system', async () => {
    body.dataset.theme = 'dark';
    const el = await chat();
    expect(await seen(el)).to.deep.equal(DARK);
    await photograph('furo');
    body.dataset.theme = 'light';
    expect(await seen(el)).to.deep.equal(LIGHT);
    body.dataset.theme = 'auto';
    await emulateMedia({ colorScheme: 'dark' });
    expect(await seen(el)).to.deep.equal(DARK);
    await emulateMedia({ colorScheme: 'light' });
    expect(await seen(el)).to.deep.equal(LIGHT);
  });

  for (const site of ['Docusaurus', 'Starlight']) {
    it(`${site}: data-theme on <html>`, async () => {
      root.dataset.theme = 'light';
      const el = await chat();
      expect(await seen(el)).to.deep.equal(LIGHT);
      root.dataset.theme = 'dark';
      expect(await seen(el)).to.deep.equal(DARK);
      await photograph(site.toLowerCase());
      root.dataset.theme = 'light';
      expect(await seen(el)).to.deep.equal(LIGHT);
    });
  }

  it('VitePress: the class dark on <html>, none when light', async () => {
    const el = await chat();
    expect(await seen(el)).to.deep.equal(LIGHT);
    root.classList.add('dark');
    expect(await seen(el)).to.deep.equal(DARK);
    await photograph('vitepress');
    root.classList.remove('dark');
    expect(await seen(el)).to.deep.equal(LIGHT);
  });

  it('Tailwind: the class dark on <html> over an oklch() background', async () => {
    body.classList.add('tailwind');
    root.classList.add('dark');
    const el = await chat();
    expect(await seen(el)).to.deep.equal(DARK);
    await photograph('tailwind');
    root.classList.remove('dark');
    expect(await seen(el)).to.deep.equal(LIGHT);
  });

  it('a page that only paints itself dark, in rgb() or oklch()', async () => {
    body.style.background = '#0f172a';
    const el = await chat();
    expect(await seen(el)).to.deep.equal(DARK);
    await photograph('dark-background');
    body.style.background = '#ffffff';
    expect(await seen(el)).to.deep.equal(LIGHT);
    body.style.background = 'oklch(0.2 0.02 260)';
    expect(await seen(el)).to.deep.equal(DARK);
    // A light page stays light where the system prefers dark: the page is what it sits on.
    body.style.background = 'oklch(0.98 0 0)';
    await emulateMedia({ colorScheme: 'dark' });
    expect(await seen(el)).to.deep.equal(LIGHT);
  });

  it('a dark panel on a light page: the nearest opaque background decides', async () => {
    body.style.background = '#ffffff';
    const panel = await fixture<HTMLElement>(
      html`<div style="background: rgba(0, 0, 0, 0.1)">
        <div style="background: #1e1e2e; padding: 1rem">
          <envelope-chat .envelope=${demo}></envelope-chat>
        </div>
      </div>`,
    );
    const el = panel.querySelector('envelope-chat')!;
    await settle(el);
    expect(await seen(el)).to.deep.equal(DARK);
  });

  it('no switch and no background: the system decides', async () => {
    const el = await chat();
    expect(await seen(el)).to.deep.equal(LIGHT);
    await emulateMedia({ colorScheme: 'dark' });
    expect(await seen(el)).to.deep.equal(DARK);
  });
});
