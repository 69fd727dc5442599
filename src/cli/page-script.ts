/**
 * The script of an interactive page (`render --interactive`): a script-tag bundle with the parts
 * it would load from dist/lazy/ held inside, so that it loads nothing else. Made from the files
 * the package ships beside this module, so that no third copy of the library ships for it.
 */
import { readFileSync } from 'node:fs';

const dist = new URL('../', import.meta.url);

/** `export{a as load,b as dump};` (how esbuild and terser end a module) as its exported names. */
const EXPORTS = /\bexport\s*\{([^{}]*)\};?(\s*\/\*[^]*?\*\/)?\s*$/;

/**
 * A part of dist/lazy/ (an ES module that imports nothing) as a function returning what it exports:
 * the function runs the module's code the first time the bundle asks for it, as `import()` would.
 */
function partFunction(name: string): string {
  const code = readFileSync(new URL(`lazy/${name}.js`, dist), 'utf8');
  const found = EXPORTS.exec(code);
  // The parts are bundled with what they import (scripts/build.mjs): only the exports are left.
  if (!found) throw new Error(`dist/lazy/${name}.js does not end with its exports.`);
  const members = found[1]!.split(',').map((entry) => {
    const [local, exported = local] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported)}:${local}`;
  });
  return `()=>{${code.slice(0, found.index)};return{${members.join(',')}}}`;
}

/**
 * `module`: the ES module bundle, for a script inside the page. `classic`: the classic-script
 * bundle, for a file beside the page: a page opened from disk may not load a module script from
 * a file (Chromium refuses it as cross-origin), a classic one it may.
 */
export function pageScript(kind: 'module' | 'classic'): string {
  const file = kind === 'module' ? 'prompt-envelope.js' : 'prompt-envelope.iife.js';
  const bundle = readFileSync(new URL(file, dist), 'utf8');
  const parts = new Map<string, string>();
  const code = bundle.replace(/\bimport\("\.\/lazy\/([\w-]+)\.js"\)/g, (_, name: string) => {
    if (!parts.has(name)) parts.set(name, partFunction(name));
    return `promptEnvelopePart(${JSON.stringify(name)})`;
  });
  const table = [...parts].map(([name, part]) => `${JSON.stringify(name)}:${part}`).join(',\n');
  // Each part runs once; what it exported is kept, as a module's namespace is.
  return `const promptEnvelopeParts={${table}},promptEnvelopeLoaded=new Map(),promptEnvelopePart=(name)=>Promise.resolve().then(()=>{if(!promptEnvelopeLoaded.has(name))promptEnvelopeLoaded.set(name,promptEnvelopeParts[name]());return promptEnvelopeLoaded.get(name)});\n${code}`;
}
