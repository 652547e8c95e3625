import SwaggerParser from '@apidevtools/swagger-parser';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
}

const hostile = fc.oneof(
  fc.constant('x'.repeat(100_000)),
  fc.constant("'; drop table users; --"),
  fc.constant('%00\u0000\uFFFF'),
  fc.constant('٣٤٥ عربي'),
  fc.constant(-1),
  fc.constant(1e308),
  // Coerced from a query string to Infinity, which schema range checks let through.
  fc.constant('1e309'),
  fc.constant(null),
  fc.constant({ nested: { deep: [1, 2, 3] } }),
  fc.uuid(),
);

/** Values shaped by the schema most of the time, and anything at all (wrong types, huge strings) otherwise. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 }));
  const shaped = shapedValue(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 3 }, { arbitrary: hostile, weight: 1 });
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = Object.fromEntries(properties.map(([key, value]) => [key, valueFor(value, depth + 1)]));
      return fc.record(record, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constant(0));
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date')
        return fc.constantFrom('2026-11-23', '2026-02-30', '1999-01-01', '2026-13-01');
      if (schema.format === 'date-time') return fc.constantFrom('2026-11-23T00:00:00Z', 'yesterday');
      return fc.string({ maxLength: 40 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

describeEachDatabase('bad input', (t) => {
  it('never makes any route answer 5xx, and every failure is a problem', async () => {
    // Schemas are named components: resolve the $refs so values can be shaped by them.
    const document = await SwaggerParser.dereference(
      (await t.request(null, { method: 'GET', url: '/swagger/json' })).json(),
    );
    const failures: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    )) {
      // The unit's changes stream never ends under inject; it takes no input (change-feed.test.ts).
      if (!path.startsWith('/api/') || path.startsWith('/api/diagnostics') || path === '/api/changes')
        continue;
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        const parameters = operation.parameters ?? [];
        const pathParams = parameters.filter((p) => p.in === 'path');
        const queryParams = parameters.filter((p) => p.in === 'query');
        const body = operation.requestBody?.content?.['application/json']?.schema;
        const input = fc.record({
          path: fc.tuple(
            ...pathParams.map(() => fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }), hostile)),
          ),
          query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema)])), {
            requiredKeys: [],
          }),
          body: valueFor(body),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ path: values, query, body: payload }) => {
            let url = path;
            pathParams.forEach((param, index) => {
              url = url.replace(`{${param.name}}`, encodeURIComponent(String(values[index])));
            });
            const search = new URLSearchParams(
              Object.entries(query).map(([key, value]): [string, string] => [
                key,
                typeof value === 'string' ? value : JSON.stringify(value),
              ]),
            );
            const response = await t.request('sysadmin', {
              method: method.toUpperCase() as 'GET',
              url: `${url}${search.size ? `?${search}` : ''}`,
              ...(['post', 'put', 'patch'].includes(method)
                ? {
                    payload: JSON.stringify(payload ?? null),
                    headers: { 'content-type': 'application/json' },
                  }
                : {}),
            });
            if (response.statusCode >= 500) {
              failures.push(
                `${method.toUpperCase()} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`,
              );
            } else if (
              response.statusCode >= 400 &&
              !String(response.headers['content-type']).includes('problem+json')
            ) {
              failures.push(`${method.toUpperCase()} ${url}: ${response.statusCode} is not a problem`);
            }
          }),
          { numRuns: 12, seed: 20261123 },
        );
      }
    }
    expect(operations).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
