import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The public API of prompt-envelope/core is what src/core/index.ts exports, recorded in
// api/core.api.md (api-extractor, checked by npm test). Here: every exported function says how
// to use it with an example, and every example compiles against the built package as written.

const root = fileURLToPath(new URL('../../', import.meta.url));
const program = ts.createProgram([`${root}src/core/index.ts`], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const entry = program.getSourceFile(`${root}src/core/index.ts`)!;
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(entry)!);

interface PublicFunction {
  name: string;
  examples: string[];
}

const functions: PublicFunction[] = exported
  .map((symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  )
  .filter((symbol) => {
    if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) return false;
    const type = checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration!);
    if (type.getCallSignatures().length > 0) return true;
    // Objects used by calling their methods, like the tokenizer (lists and constants are data).
    return (
      !checker.isArrayLikeType(type) &&
      type.getProperties().some((p) => checker.getTypeOfSymbol(p).getCallSignatures().length > 0)
    );
  })
  .map((symbol) => ({
    name: symbol.getName(),
    examples: symbol
      .getJsDocTags()
      .filter((tag) => tag.name === 'example')
      .map((tag) => ts.displayPartsToString(tag.text)),
  }));

test('the public API has its functions', () => {
  const names = functions.map((f) => f.name);
  for (const name of [
    'validateEnvelope',
    'exportEnvelope',
    'importEnvelope',
    'measureEnvelope',
    'composePrompt',
  ])
    assert.ok(names.includes(name), name);
});

test('every exported function has a doc comment with an example in a fenced block', () => {
  const missing = functions
    .filter((f) => !f.examples.some((example) => /```ts\n[\s\S]+\n```/.test(example)))
    .map((f) => f.name);
  assert.deepEqual(missing, []);
});

test('every example compiles against the built package as written', () => {
  // Each example runs in a function of its own; what it assumes is declared once here.
  const values = exported
    .filter(
      (symbol) =>
        !(checker.getAliasedSymbol(symbol).flags & ts.SymbolFlags.Type) ||
        checker.getAliasedSymbol(symbol).flags & ts.SymbolFlags.Value,
    )
    .map((symbol) => symbol.getName());
  const source = [
    "import { readFile } from 'node:fs/promises';",
    `import { ${values.join(', ')} } from 'prompt-envelope/core';`,
    "import type { Envelope, SkillRegistry } from 'prompt-envelope/core';",
    'declare const text: string;',
    'declare const envelope: Envelope;',
    'declare const before: Envelope;',
    'declare const after: Envelope;',
    'declare const requestBody: unknown;',
    'declare const record: unknown;',
    'declare const registry: SkillRegistry;',
    ...functions.flatMap((f) =>
      f.examples.map(
        (example, i) =>
          `export async function ${f.name}Example${i}() {\n${/```ts\n([\s\S]*?)\n```/.exec(example)?.[1] ?? ''}\n}`,
      ),
    ),
    '',
  ].join('\n');
  const folder = `${root}node_modules/.cache/api-examples`;
  mkdirSync(folder, { recursive: true });
  const file = `${folder}/examples.ts`;
  writeFileSync(file, source);
  const examples = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [`${root}node_modules/@types`],
  });
  const problems = ts.getPreEmitDiagnostics(examples).map((d) => {
    const where =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const line = where ? source.split('\n')[where.line] : '';
    return `${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n    at: ${line}`;
  });
  assert.deepEqual(problems, []);
});
