// Editor data written from custom-elements.json by scripts/generate.mjs: JetBrains' web-types
// (found through package.json's "web-types" field), so that WebStorm and the other JetBrains
// IDEs complete the tags, attributes, properties, events, parts and custom properties in plain
// HTML files. VS Code's custom data (vscode.html-custom-data.json) is written beside it.

const elementsOf = (manifest) =>
  manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));

/** A type as editors read it: without the `| undefined` of an optional property. */
const typeText = (type) => type?.text?.replace(/\s*\|\s*undefined\b/g, '');

const publicFields = (d) =>
  (d.members ?? []).filter(
    (m) => m.kind === 'field' && !m.privacy && !m.static && !m.name.startsWith('#'),
  );

/** JetBrains web-types 2.0 (https://github.com/JetBrains/web-types). */
export function webTypes(manifest, { name, version }) {
  const elements = elementsOf(manifest).map((d) => {
    const attributeFields = new Map(
      publicFields(d)
        .filter((f) => f.attribute)
        .map((f) => [f.attribute, f]),
    );
    const events = (d.events ?? []).map((e) => ({
      name: e.name,
      description: e.description ?? '',
      value: { type: e.type.text },
    }));
    return {
      name: d.tagName,
      description: d.summary ?? d.description ?? '',
      source: { module: `${name}/elements/${d.tagName}.js`, symbol: d.name },
      attributes: (d.attributes ?? []).map((a) => {
        const type = typeText(a.type ?? attributeFields.get(a.name)?.type);
        return {
          name: a.name,
          description: a.description ?? '',
          value: {
            // A boolean attribute is set by being there (`<envelope-chat matches-only>`).
            ...(type === 'boolean' ? { kind: 'no-value' } : {}),
            ...(type ? { type } : {}),
            ...(a.default ? { default: a.default } : {}),
          },
        };
      }),
      slots: (d.slots ?? []).map((s) => ({ name: s.name, description: s.description ?? '' })),
      events,
      js: {
        properties: publicFields(d).map((f) => ({
          name: f.name,
          description: f.description ?? '',
          ...(typeText(f.type) ? { value: { type: typeText(f.type) } } : {}),
        })),
        events,
      },
      css: {
        properties: (d.cssProperties ?? []).map((p) => ({
          name: p.name,
          description: `${p.description ?? ''} Default: \`${p.default}\`.`.trim(),
        })),
        parts: (d.cssParts ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
      },
    };
  });
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/web-types',
      name,
      version,
      'description-markup': 'markdown',
      'js-types-syntax': 'typescript',
      contributions: { html: { elements } },
    },
    null,
    2,
  );
}
