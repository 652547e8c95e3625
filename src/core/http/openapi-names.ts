import type { TSchema } from '@sinclair/typebox';
import { isObject, type Json, type JsonObject } from './openapi-compact.ts';

/**
 * Names for small shapes that recur across the API (a business date, a name, a code, free text): the
 * document writes each once in `components.schemas` and refers to it. A TypeBox `$id` cannot do this:
 * Ajv refuses one `$id` twice in one schema (a `from` and a `to` date), so the name is kept here and the
 * document recognises the shape by what it says.
 */

/** Keywords that describe one use of a shape; a use that words them differently keeps its own. */
const ANNOTATIONS = ['description', 'title', 'examples', 'default'];

/** The shape's identity: its keywords in a fixed order, without its annotations, literals as the plugin writes them. */
function keyOf(schema: JsonObject): string {
  const canonical = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(canonical);
    if (!isObject(node)) return node;
    // @fastify/swagger writes a literal's `const` as a one-value `enum`.
    const { const: literal, ...rest } = node;
    const written: JsonObject = literal === undefined || 'enum' in rest ? node : { ...rest, enum: [literal] };
    const out: JsonObject = {};
    for (const key of Object.keys(written).sort()) out[key] = canonical(written[key] ?? null);
    return out;
  };
  const body = Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.includes(key)));
  return JSON.stringify(canonical(body));
}

const shapes = new Map<string, { name: string; schema: JsonObject }>();
/** A cheap first look (the keywords a schema uses) that spares most subtrees the full comparison. */
const outlineOf = (schema: JsonObject): string =>
  Object.keys(schema)
    .filter((key) => !ANNOTATIONS.includes(key))
    .map((key) => (key === 'const' ? 'enum' : key))
    .sort()
    .join(' ');
const outlines = new Set<string>();

/** Gives a recurring shape its component name in the document; the schema itself is returned unchanged. */
export function named<T extends TSchema>(name: string, schema: T): T {
  const json = JSON.parse(JSON.stringify(schema)) as JsonObject;
  const key = keyOf(json);
  const known = shapes.get(key);
  if (known && known.name !== name) throw new Error(`${name} has the shape of ${known.name}: use that one`);
  if (![...shapes.values()].every((shape) => shape.name !== name || keyOf(shape.schema) === key))
    throw new Error(`Two different shapes are named ${name}`);
  shapes.set(key, { name, schema: json });
  outlines.add(outlineOf(json));
  return schema;
}

/**
 * Every use of a named shape inside the document's schemas becomes a `$ref` to it (with the use's own
 * annotations beside it when they differ), and the shape joins `components.schemas`. `roots` says that
 * the node is a map of component schemas, whose own bodies are not uses.
 */
export function referNamedShapes(node: Json, schemas: JsonObject, roots = false): Json {
  const visit = (value: Json, root: boolean): Json => {
    if (Array.isArray(value)) return value.map((item) => visit(item, false));
    if (!isObject(value)) return value;
    const candidate = !root && !('$ref' in value) && outlines.has(outlineOf(value));
    const shape = candidate ? shapes.get(keyOf(value)) : undefined;
    if (shape) {
      schemas[shape.name] ??= visit(shape.schema, true);
      const use: JsonObject = { $ref: `#/components/schemas/${shape.name}` };
      for (const key of ANNOTATIONS)
        if (value[key] !== undefined && JSON.stringify(value[key]) !== JSON.stringify(shape.schema[key]))
          use[key] = value[key];
      return use;
    }
    const out: JsonObject = {};
    // Examples and enums are data, not schemas; a property map's values are schemas, its keys are not.
    for (const [key, item] of Object.entries(value))
      out[key] = key === 'examples' || key === 'enum' || key === 'required' ? item : visit(item, false);
    return out;
  };
  if (!roots || !isObject(node)) return visit(node, false);
  // Shapes met on the way join the map as they are found, already visited.
  for (const [name, schema] of Object.entries(node)) node[name] = visit(schema, true);
  return node;
}
