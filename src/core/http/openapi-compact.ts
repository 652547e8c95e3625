/**
 * Shorter spellings of what TypeBox writes at length, each meaning exactly the same schema to a validator
 * and the same type to a generator: the document is read by Swagger UI and by client generators, and
 * its size is most of what they take to open it (issue 34).
 */

/** The document as JSON, as the OpenAPI plugin hands it over. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ type, const }` or `{ type, enum: [one] }`: a `Type.Literal`, as TypeBox or the plugin writes it. */
function literalOf(member: Json): { type: string; value: Json } | undefined {
  if (!isObject(member) || typeof member.type !== 'string' || Object.keys(member).length !== 2)
    return undefined;
  if (member.const !== undefined) return { type: member.type, value: member.const };
  if (!Array.isArray(member.enum) || member.enum.length !== 1) return undefined;
  return { type: member.type, value: member.enum[0] ?? null };
}

/** Keywords after which a nullable member cannot take `null` into its `type` unchanged. */
const COMPOSITE = ['$ref', 'enum', 'const', 'anyOf', 'allOf', 'oneOf', 'not'];

/**
 * One union, shorter: literals of one type become one `enum` (`Type.Union` of `Type.Literal`s), and a
 * plain schema or null becomes one schema whose `type` admits null (`Nullable(...)`).
 */
function compactUnion(schema: JsonObject): JsonObject {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length < 2) return schema;
  const { anyOf: _, ...rest } = schema;
  const literals = members.map(literalOf);
  const type = literals[0]?.type;
  if (literals.every((literal) => literal !== undefined && literal.type === type))
    return { ...rest, type: type ?? null, enum: literals.map((literal) => literal?.value ?? null) };
  if (members.length !== 2) return schema;
  const nullAt = members.findIndex((member) => isObject(member) && member.type === 'null');
  const other = members[1 - nullAt];
  if (nullAt < 0 || !isObject(members[nullAt]) || Object.keys(members[nullAt]).length !== 1) return schema;
  if (!isObject(other) || typeof other.type !== 'string' || COMPOSITE.some((key) => key in other))
    return schema;
  // The use's own words (description, default) win over the member's, as they did beside the anyOf.
  return { ...other, ...rest, type: [other.type, 'null'] };
}

/** Every union of the document, written in the shorter form where it has one (see `compactUnion`). */
export function compactUnions(node: Json): Json {
  if (Array.isArray(node)) return node.map(compactUnions);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  // Examples are data, not schemas: an example object with an `anyOf` member stays as written.
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'examples' || key === 'example' ? value : compactUnions(value);
  return compactUnion(out);
}
