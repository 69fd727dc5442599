import assert from 'node:assert/strict';
import { test } from 'node:test';

// scripts/css-literals.mjs minifies the element styles of the script-tag builds;
// test/elements/cdn.test.ts compares the bundle's computed styles with the source modules'.
const script = new URL('../../scripts/css-literals.mjs', import.meta.url).href;
const { minifyCssSource } = (await import(script)) as {
  minifyCssSource: (source: string) => Promise<string>;
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

test('a literal whose expression is not a value, or that holds an escape, is left as written', async () => {
  const declarations = 'const t = css`\n  :host {\n    ${declarations(light)}\n  }\n`;';
  assert.equal(await minifyCssSource(declarations), declarations);
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
