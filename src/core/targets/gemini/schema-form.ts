/**
 * Gemini function declarations take their schema either as JSON Schema (`parametersJsonSchema`)
 * or in `parameters`, an OpenAPI subset: type names in capitals (`"OBJECT"`; the Python SDK's
 * logs even write the enum's numbers, 6), `nullable` instead of a null type. The envelope keeps
 * JSON Schema, which every target takes; these two functions convert between the forms.
 */
import { isJsonObject, type JsonObject } from '../request-check.js';

/** Gemini's `Type` enum, by number. */
const TYPE_NAMES = ['', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'];
const OPENAPI_TYPES = new Set(TYPE_NAMES.slice(1));
const JSON_TYPES = new Set(TYPE_NAMES.slice(1).map((t) => t.toLowerCase()));

/** What converting an OpenAPI schema changed, in words (empty when it was JSON Schema already). */
export type SchemaChange = 'numbered types' | 'type names in capitals' | 'nullable' | 'type lists';

/** The forms Gemini exports write a `parameters` schema in (ToolItem.schemaForm). */
export type SchemaForm = 'parameters' | 'openapi' | 'numbered';

/**
 * The JSON Schema of a `parameters` schema, the changes made, and the form Gemini exports write
 * it back in: `numbered` (the enum's numbers) or `openapi` (names in capitals) when it was
 * written so, else `parameters` (as it is).
 */
export function schemaFromOpenApi(value: JsonObject): {
  schema: JsonObject;
  changes: SchemaChange[];
  form: SchemaForm;
} {
  const changes = new Set<SchemaChange>();
  const schema = mapSchemas(value, (node) => {
    const out = { ...node };
    const type = node.type;
    if (typeof type === 'number' && Number.isInteger(type) && type >= 0 && type < 8) {
      changes.add('numbered types');
      if (type === 0) delete out.type;
      else out.type = TYPE_NAMES[type]!.toLowerCase();
    } else if (typeof type === 'string' && OPENAPI_TYPES.has(type)) {
      changes.add('type names in capitals');
      out.type = type.toLowerCase();
    } else if (type === 'TYPE_UNSPECIFIED') {
      changes.add('type names in capitals');
      delete out.type;
    }
    // The subset has no type lists: exports write a null type as nullable.
    if (Array.isArray(type)) changes.add('type lists');
    if (node.nullable === true && typeof out.type === 'string' && out.type !== 'null') {
      changes.add('nullable');
      out.type = [out.type, 'null'];
      delete out.nullable;
    }
    return out;
  });
  const form = changes.has('type names in capitals')
    ? 'openapi'
    : changes.has('numbered types')
      ? 'numbered'
      : 'parameters';
  return { schema, changes: [...changes], form };
}

/**
 * A JSON Schema in the form `parameters` takes: a null type becomes `nullable`, and for the
 * `openapi` form the type names are written in capitals.
 */
export function schemaToOpenApi(schema: JsonObject, form: SchemaForm): JsonObject {
  const name = (type: unknown) =>
    form === 'parameters' || typeof type !== 'string' || !JSON_TYPES.has(type)
      ? type
      : form === 'openapi'
        ? type.toUpperCase()
        : TYPE_NAMES.indexOf(type.toUpperCase());
  return mapSchemas(schema, (node) => {
    const out = { ...node };
    const type = node.type;
    if (Array.isArray(type) && type.length === 2 && type.includes('null')) {
      out.type = name(type.find((t) => t !== 'null'));
      out.nullable = true;
    } else if (type !== undefined) out.type = name(type);
    return out;
  });
}

/**
 * A copy of a schema with `convert` applied to every schema in it (the root, `properties`,
 * `items`, `anyOf`), without recursion: schemas may nest thousands of levels deep.
 */
function mapSchemas(root: JsonObject, convert: (node: JsonObject) => JsonObject): JsonObject {
  const top = convert(root);
  const stack: JsonObject[] = [top];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const child = (value: unknown): unknown => {
      if (!isJsonObject(value)) return value;
      const copy = convert(value);
      stack.push(copy);
      return copy;
    };
    if (isJsonObject(node.properties)) {
      const properties: JsonObject = {};
      for (const [key, value] of Object.entries(node.properties))
        Object.defineProperty(properties, key, {
          value: child(value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      node.properties = properties;
    }
    if (node.items !== undefined) node.items = child(node.items);
    if (Array.isArray(node.anyOf)) node.anyOf = node.anyOf.map(child);
  }
  return top;
}
