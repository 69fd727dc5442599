import { readFileSync } from 'node:fs';

// The event classes of src/events.ts by class name, with the event name each fires.
const eventNames = new Map(
  [
    ...readFileSync(new URL('../src/events.ts', import.meta.url), 'utf8').matchAll(
      /class (\w+) extends Event \{\s*static readonly eventName = '([^']+)'/g,
    ),
  ].map(([, type, name]) => [type, name]),
);

/**
 * The analyzer lists a `this.dispatchEvent(new SomeEvent(…))` it finds in a method as an event
 * without a name (the class holds it); the JSDoc's `@event {SomeEvent} some-event` names it.
 * One event per name: the JSDoc's, with the class as its type.
 */
function namedEvents() {
  return {
    name: 'named-events',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules)
        for (const declaration of module.declarations ?? []) {
          if (!declaration.events) continue;
          const byName = new Map();
          for (const event of declaration.events) {
            const name = event.name || eventNames.get(event.type?.text);
            if (!name) throw new Error(`${declaration.name}: an event without a name`);
            byName.set(name, { ...event, ...byName.get(name), name });
          }
          declaration.events = [...byName.values()];
        }
    },
  };
}

// packagejson: false, or the analyzer would point package.json's `customElements` at the cache
// that scripts/generate.mjs has it write into; the package ships ./custom-elements.json.
export default { packagejson: false, plugins: [namedEvents()] };
