/**
 * Issue 54: where the OpenAPI document's bytes go, and the least document that documents the same
 * operations. Builds the service's document (`GET /swagger/json`, as served) and prints its size by
 * top-level part, by kind of node, the biggest repeated subtrees, and two stripped forms:
 *
 *   - "without words": every `description` and `summary` removed (tags and info too);
 *   - "structure alone": that, with every problem answer of an operation folded into one `default`
 *     answer referring to the shared `Problem` schema: what remains is the operations, their parameters,
 *     success answers and the named schemas, which no document of the same operations can leave out;
 *   - "operations alone": each operation with its operationId, tag and one empty answer, nothing else:
 *     not a contract, only the yardstick of what Swagger UI takes to list that many operations.
 *
 *   npx tsx bench/api/contract-bytes.ts [--write DIR]   (DIR gets served.json, without-words.json,
 *                                                        structure.json and operations.json, for
 *                                                        bench/api/swagger-ui.ts)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { fromPglite } from '../../src/core/db/database.ts';
import { createPglite } from '../../src/core/db/pglite.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const size = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;
const row = (label: string, bytes: number, total: number): string =>
  `  ${label.padEnd(44)} ${String(bytes).padStart(8)}  ${((100 * bytes) / total).toFixed(1).padStart(5)} %`;

async function servedDocument(): Promise<JsonObject> {
  const database = fromPglite(await createPglite());
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  try {
    const answer = await app.inject({ method: 'GET', url: '/swagger/json' });
    return answer.json() as JsonObject;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Bytes by top-level part, with `components` and `paths` one level further. */
function byPart(document: JsonObject): [string, number][] {
  const parts: [string, number][] = [];
  for (const [key, value] of Object.entries(document)) {
    if (key === 'components' && isObject(value))
      for (const [kind, inner] of Object.entries(value)) parts.push([`components.${kind}`, size(inner)]);
    else parts.push([key, size(value)]);
  }
  return parts.sort((a, b) => b[1] - a[1]);
}

/**
 * Bytes by the key that holds them (each member `"key":value` counted once, where it sits, its value's
 * own members apart): `description` and `summary` are the words, the rest structure.
 */
function byKey(document: Json): [string, number][] {
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => bytes.set(key, (bytes.get(key) ?? 0) + n);
  const visit = (node: Json, parent: string) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, parent);
      return;
    }
    if (!isObject(node)) return;
    // Property names, status codes, paths and component names are data: counted under one label.
    const named = [
      'properties',
      'paths',
      'responses',
      'schemas',
      'parameters',
      'headers',
      'content',
    ].includes(parent);
    for (const [key, value] of Object.entries(node)) {
      const label = named ? `(${parent} keys)` : key;
      const own = isObject(value) || Array.isArray(value) ? size(key) + 1 : size(key) + 1 + size(value);
      add(label, own);
      if (isObject(value) || Array.isArray(value)) visit(value, named ? '' : key);
    }
  };
  visit(document, '');
  return [...bytes].sort((a, b) => b[1] - a[1]);
}

/** Subtrees met more than once (at least 60 bytes), by the bytes their repeats take. */
function repeated(document: Json): { text: string; count: number; bytes: number }[] {
  const seen = new Map<string, number>();
  const visit = (node: Json) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    const text = JSON.stringify(node);
    if (text.length >= 60) seen.set(text, (seen.get(text) ?? 0) + 1);
    for (const value of Array.isArray(node) ? node : Object.values(node)) visit(value);
  };
  visit(document);
  return [...seen]
    .filter(([, count]) => count > 1)
    .map(([text, count]) => ({ text, count, bytes: Buffer.byteLength(text) * (count - 1) }))
    .sort((a, b) => b.bytes - a.bytes);
}

/**
 * The document without a word of prose: `description` and `summary` removed wherever they are, but for an
 * answer's, which OpenAPI requires: that one is left empty, so the stripped document is still valid.
 */
function withoutWords(node: Json, answer = false): Json {
  if (Array.isArray(node)) return node.map((item) => withoutWords(item));
  if (!isObject(node)) return node;
  const out: JsonObject = answer && typeof node.description === 'string' ? { description: '' } : {};
  for (const [key, value] of Object.entries(node)) {
    // A property called `description` or `summary` is data, not prose: kept.
    if ((key === 'description' || key === 'summary') && typeof value === 'string') continue;
    if (key === 'responses' && isObject(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([status, inner]) => [status, withoutWords(inner, true)]),
      );
    else out[key] = withoutWords(value);
  }
  return out;
}

/** Every error answer of every operation folded into one `default` referring to `Problem`. */
function foldErrors(document: JsonObject): JsonObject {
  const out = structuredClone(document);
  const paths = out.paths as Record<string, Record<string, JsonObject>>;
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      const responses = operation.responses;
      for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
      responses.default = { $ref: '#/components/responses/Problem' };
    }
  const components = out.components as JsonObject;
  components.responses = {
    Problem: {
      description: '',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    },
  };
  return out;
}

/** Each operation as its name and tag alone, answering an empty 200. */
function operationsAlone(document: JsonObject): JsonObject {
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(document.paths as Record<string, JsonObject>)) {
    const out: JsonObject = {};
    for (const [method, operation] of Object.entries(item))
      if (isObject(operation))
        out[method] = {
          operationId: operation.operationId ?? null,
          tags: operation.tags ?? [],
          responses: { '200': { description: '' } },
        };
    paths[path] = out;
  }
  const { openapi, info, tags } = document;
  return { openapi: openapi ?? null, info: info ?? null, tags: withoutWords(tags ?? []), paths };
}

const served = await servedDocument();
const total = size(served);
const operations = Object.values(served.paths as JsonObject).flatMap((item) =>
  Object.keys(item as JsonObject),
).length;
const components = served.components as Record<string, JsonObject>;
console.log(
  `Served document: ${total} bytes (${kb(total)}), ${operations} operations, ` +
    `${Object.keys(components.schemas ?? {}).length} schemas, ` +
    `${Object.keys(components.responses ?? {}).length} responses, ` +
    `${Object.keys(components.parameters ?? {}).length} parameters`,
);
console.log('\nBy part:');
for (const [label, bytes] of byPart(served)) console.log(row(label, bytes, total));
console.log('\nBy key (a member counted where it sits, its nested members apart):');
for (const [label, bytes] of byKey(served).slice(0, 24)) console.log(row(label, bytes, total));
console.log('\nBiggest repeated subtrees (bytes their repeats take):');
for (const { text, count, bytes } of repeated(served).slice(0, 15))
  console.log(
    `  ${String(bytes).padStart(7)}  ×${count}  ${text.length > 110 ? `${text.slice(0, 107)}...` : text}`,
  );
const words = withoutWords(served) as JsonObject;
const structure = foldErrors(words);
console.log('\nStripped forms:');
console.log(row('without words (no description, summary)', size(words), total));
console.log(row('errors folded, words kept', size(foldErrors(served)), total));
console.log(row('structure alone (no words, errors folded)', size(structure), total));
const skeleton = operationsAlone(served);
console.log(row('operations alone (name, tag, an empty answer)', size(skeleton), total));
const written = process.argv.indexOf('--write');
if (written > 0) {
  const dir = process.argv[written + 1] ?? '.tmp/contract';
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'served.json'), JSON.stringify(served));
  writeFileSync(join(dir, 'without-words.json'), JSON.stringify(words));
  writeFileSync(join(dir, 'structure.json'), JSON.stringify(structure));
  writeFileSync(join(dir, 'operations.json'), JSON.stringify(skeleton));
  console.log(`\nWritten to ${dir}/: served.json, without-words.json, structure.json, operations.json`);
}
