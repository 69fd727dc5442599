import assert from 'node:assert/strict';
import { test } from 'node:test';

// scripts/css-literals.mjs minifies the element styles of the script-tag builds;
// test/elements/cdn.test.ts compares the bundle's computed styles with the source modules'.
const script = new URL('../../scripts/css-literals.mjs', import.meta.url).href;
const { minifyCssSource, unindentHtmlSource } = (await import(script)) as {
  minifyCssSource: (source: string) => Promise<string>;
  unindentHtmlSource: (source: string) => string;
};

test('a css literal is minified and its value expressions stay where they stood', async () => {
  const source = [
    'const a = css`',
    '  /* why the card is a grid */',
    '  .card {',
    '    display: grid;',
    '    -webkit-line-clamp: ${LINES};',
    '    color: ${palette(0)};',
    '  }',
    '`;',
  ].join('\n');
  assert.equal(
    await minifyCssSource(source),
    'const a = css`.card{display:grid;-webkit-line-clamp:${LINES};color:${palette(0)}}`;',
  );
});

test('an expression that stands for declarations is put back where it stood, with its own `;`', async () => {
  const source = [
    'const t = css`',
    '  .base {',
    '    ${declarations(light)}',
    '    --_radius: var(--pe-radius, 8px);',
    '    color: red;',
    '  }',
    '  .base.dark {',
    '    ${declarations(dark)}',
    '  }',
    '  @media (prefers-color-scheme: dark) {',
    '    .base.auto {',
    '      color: blue;',
    '      ${declarations(dark)};',
    '    }',
    '  }',
    '`;',
  ].join('\n');
  assert.equal(
    await minifyCssSource(source),
    'const t = css`.base{${declarations(light)};--_radius: var(--pe-radius, 8px);color:red}' +
      '.base.dark{${declarations(dark)}}' +
      '@media(prefers-color-scheme:dark){.base.auto{color:#00f;${declarations(dark)}}}`;',
  );
});

test('a literal whose expression stands for rules, or that holds an escape, is left as written', async () => {
  const rules = [
    'const t = css`\n  ${base}\n  .a {\n    color: red;\n  }\n`;',
    'const t = css`\n  .a {\n    color: red;\n  }\n  ${more}\n`;',
    'const t = css`\n  @media (min-width: 30em) {\n    ${wide}\n  }\n`;',
    'const t = css`\n  .a {\n    color: red;\n  }\n  @supports (display: grid) {\n    ${grid}\n  }\n`;',
  ];
  for (const source of rules) assert.equal(await minifyCssSource(source), source);
  const escaped = "const e = css`\n  .x::before {\n    content: '\\\\2026';\n  }\n`;";
  assert.equal(await minifyCssSource(escaped), escaped);
});

test('other code and other templates are untouched', async () => {
  const source = 'const h = html`<p>  two  spaces </p>`;\nconst c = css` .a { color: red; } `;';
  assert.equal(
    await minifyCssSource(source),
    'const h = html`<p>  two  spaces </p>`;\nconst c = css`.a{color:red}`;',
  );
});

test('html and svg templates lose the indentation after their line breaks, nested ones too', () => {
  const source = [
    'const h = html`<ul>',
    '    <li title="a  b">${items.map((item) => html`',
    '      <span>${item}</span>`)}</li>',
    '  </ul>`;',
    'const s = svg`<g>',
    '\t<path d="M0 0"/></g>`;',
  ].join('\n');
  assert.equal(
    unindentHtmlSource(source),
    [
      'const h = html`<ul>',
      '<li title="a  b">${items.map((item) => html`',
      '<span>${item}</span>`)}</li>',
      '</ul>`;',
      'const s = svg`<g>',
      '<path d="M0 0"/></g>`;',
    ].join('\n'),
  );
});

test('code, other templates and templates with a pre or a textarea keep their indentation', () => {
  const source = [
    'const p = html`<pre>',
    '  kept</pre>`;',
    'const t = html`<textarea>',
    '  kept</textarea>`;',
    'const y = `key:',
    '  nested: value`;',
    'const c = css`',
    '  .a {}`;',
    'function f() {',
    '  return 1;',
    '}',
  ].join('\n');
  assert.equal(unindentHtmlSource(source), source);
});
