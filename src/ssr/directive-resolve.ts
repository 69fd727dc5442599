/**
 * One Node process can hold several copies of Lit and of this package at once: Next.js bundles
 * them once per layer (server components, and the server render of client components), and all
 * of them share the one custom element registry of Lit's DOM shim. Lit's server renderer in one
 * copy then renders the elements another copy defined, and patches that copy's Directive class
 * to render its directives. It finds the method to patch by the function name it reads there the
 * first time (lit/lit#4527): when another copy has patched it before, with a function whose name
 * a minifier shortened, it looks for a method of that name, finds none and throws ("both dev
 * mode and production mode Lit was mixed together"). Patching a directive of this copy's own
 * first fixes the name it looks for to the real one: call this before Lit renders on the server.
 */
import { Directive } from 'lit/directive.js';
import { _$LH } from 'lit-html/private-ssr-support.js';

class NameProbe extends Directive {
  render(): undefined {
    return undefined;
  }
}

let fixed = false;

export function fixDirectiveResolveName(): void {
  if (fixed) return;
  fixed = true;
  _$LH.patchDirectiveResolve(
    _$LH.overrideDirectiveResolve(NameProbe, () => undefined),
    function probe() {
      return undefined;
    },
  );
}
