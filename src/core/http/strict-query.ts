import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Query parameters every operation tolerates without declaring them: `_`, the cache-buster some HTTP
 * clients and proxies append (`?_=1700000000000`). Anything else not declared is refused.
 */
export const IGNORED_QUERY_PARAMETERS: ReadonlySet<string> = new Set(['_']);

interface SchemaShape {
  type?: unknown;
  properties?: Record<string, unknown>;
  allOf?: unknown[];
  anyOf?: unknown[];
  oneOf?: unknown[];
}

/**
 * The parameter names a querystring schema declares: an object's properties, or the union of its parts'
 * (TypeBox `Intersect`, `Union`; `Composite` is already a plain object). A schema whose names cannot be
 * read (a `$ref`, `Type.Any()`) fails at start-up rather than letting every parameter through.
 */
export function queryParameterNames(schema: unknown, where: string): string[] {
  const shape = schema as SchemaShape;
  const parts = [...(shape.allOf ?? []), ...(shape.anyOf ?? []), ...(shape.oneOf ?? [])];
  if (!shape.properties && !parts.length) {
    throw new Error(
      `${where}: its querystring schema names no properties, so unknown parameters cannot be told`,
    );
  }
  const names = new Set(Object.keys(shape.properties ?? {}));
  for (const part of parts) for (const name of queryParameterNames(part, where)) names.add(name);
  return [...names].sort();
}

const list = (names: readonly string[]) => names.map((name) => `"${name}"`).join(', ');

/**
 * An unknown query parameter is a 400 naming it and listing the ones the operation accepts: a misspelt
 * filter (`?search=` for `?q=`) must not look like a result. Added to every API route by its declaration
 * (`registerRouteDeclarations`), so no route can forget it.
 */
export function refuseUnknownQueryParameters(route: RouteOptions, where: string): void {
  const querystring = route.schema?.querystring;
  const accepted = querystring ? queryParameterNames(querystring, where) : [];
  const known = new Set(accepted);
  const check = async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | null | undefined;
    if (!query || typeof query !== 'object') return;
    const unknown = Object.keys(query).filter(
      (name) => !known.has(name) && !IGNORED_QUERY_PARAMETERS.has(name),
    );
    if (!unknown.length) return;
    const accepts = accepted.length ? `it accepts ${list(accepted)}` : 'it accepts no query parameters';
    throw new AppError(
      400,
      'UNKNOWN_QUERY_PARAMETER',
      `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${list(unknown)}: ${accepts}`,
      {
        errors: unknown.map((name) => ({
          path: `querystring/${name}`,
          message: 'is not a parameter of this operation',
        })),
        acceptedParameters: accepted,
      },
    );
  };
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
}
