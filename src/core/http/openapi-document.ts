import { isDeepStrictEqual } from 'node:util';

/** The functional areas as OpenAPI tags; a route's tag must be one of these. */
export const API_TAGS: Record<string, string> = {
  auth: 'Logging in, development tokens and changing one’s own password.',
  me: 'The signed-in caller’s own profile, login history, roster and attendance.',
  users: 'Administration of user accounts, lockout and role grants.',
  roles: 'Roles of the business unit and the global permission catalog.',
  platform: 'Health, business unit settings and the dashboard.',
  audit: 'The append-only audit log of explicitly recorded actions.',
  lookups: 'Reference data: the eight administered lookup groups and the read-only catalog.',
  calendar: 'The resolved working calendar: weekends, holidays and working-hour modifiers.',
  shifts: 'Shift templates, types and patterns (read only).',
  people: 'Employees (read only), production skills, certifications and employee groups.',
  imports: 'The employee spreadsheet import: template, upload, jobs, error reports and export.',
  pools: 'Pools of staff per department, explicit pool members and directional pool-lending rules.',
  demand:
    'Demand plans (required headcount by date, terminal and shift) and reusable weekly demand templates.',
  allocation:
    'Allocation runs (the engine behind a roster proposal), their candidates and equalization scores.',
  rosters: 'The live roster: shift assignments, by hand or from a locked run, and each employee’s schedule.',
  publishing: 'Published rosters (immutable versions of a locked run’s roster) and their approval queue.',
  leave: 'Leave requests and their two-step approval chain (manager or supervisor, then HR).',
  attendance:
    'Attendance records (all, scoped, own) and their trail, admin edits and their review queue, and the ' +
    'spreadsheet import (template, preview, commit).',
  reconciliation:
    'Planned against actual: the exception queue (no-shows, unplanned attendance, late arrivals, early ' +
    'departures) and its validation, and the variance of required, planned and actual heads.',
  reports:
    'Daily and monthly roster, variance (JSON, xlsx and PDF, in English or Arabic laid out right to left) ' +
    'and utilization (JSON) reports.',
  diagnostics: 'Development-only helpers; not part of the supported interface (404 in production).',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
interface Operation {
  parameters?: JsonObject[];
  responses?: Record<string, JsonObject>;
  requestBody?: JsonObject;
  security?: Json[];
  'x-permission'?: string;
}

/** A component name: what `$id` a schema carries to become `#/components/schemas/<name>`. */
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;
/** Keywords that describe a use of a schema rather than the schema: they may differ between uses. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a schema's component name travels through the OpenAPI plugin, which consumes `$id`. */
const MARK = 'x-component';

/** A copy of a route's schema with each `$id` turned into the mark that `hoistNamedSchemas` reads. */
export function markComponents<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema ?? null), function (key, value) {
    if (key === '$id' && typeof value === 'string' && COMPONENT_NAME.test(value)) {
      (this as JsonObject)[MARK] = value;
      return undefined;
    }
    return value;
  });
}

/**
 * Moves every schema that carries a component name into `components.schemas` and refers to it by
 * `$ref`, so generated clients get named types. Two different schemas under one name are a bug.
 */
function hoistNamedSchemas(node: Json, components: JsonObject): Json {
  if (Array.isArray(node)) return node.map((item) => hoistNamedSchemas(item, components));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = hoistNamedSchemas(value, components);
  const name = out[MARK];
  if (typeof name !== 'string') return out;
  const schema = { ...out };
  delete schema[MARK];
  const body = Object.fromEntries(Object.entries(schema).filter(([key]) => !ANNOTATIONS.has(key)));
  const existing = components[name];
  if (existing === undefined) {
    components[name] = schema;
  } else {
    const existingBody = Object.fromEntries(
      Object.entries(existing as JsonObject).filter(([key]) => !ANNOTATIONS.has(key)),
    );
    if (!isDeepStrictEqual(existingBody, body)) {
      throw new Error(`Two different schemas are named ${name}: give one of them another $id`);
    }
  }
  const use: JsonObject = { $ref: `#/components/schemas/${name}` };
  // A use that describes itself differently from the component keeps its own words beside the $ref.
  if (schema.description !== undefined && schema.description !== (components[name] as JsonObject).description)
    use.description = schema.description;
  return use;
}

const header = (description: string): JsonObject => ({ description, schema: { type: 'string' } });

function finishOperation(operation: Operation, method: string): void {
  if (operation['x-permission'] === 'open') operation.security = [];
  // The server fills in a query parameter's default, so a client need not send it.
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && isObject(parameter.schema) && parameter.schema.default !== undefined)
      parameter.required = false;
  }
  const responses = operation.responses ?? {};
  let versioned = false;
  for (const [status, response] of Object.entries(responses)) {
    const content = isObject(response.content) ? response.content : undefined;
    const code = Number(status);
    if (code >= 400 && content) {
      response.content = { 'application/problem+json': Object.values(content)[0] ?? {} };
    }
    const headers: JsonObject = isObject(response.headers) ? response.headers : {};
    const schema =
      content && isObject(content['application/json']) ? content['application/json'].schema : null;
    if (
      code >= 200 &&
      code < 300 &&
      isObject(schema) &&
      isObject(schema.properties) &&
      schema.properties.version
    ) {
      versioned = true;
      headers.ETag = header('The version of the resource, to send back as If-Match');
    }
    if (code === 201) headers.Location = header('Where the created resource is read');
    if (code === 429 || code === 503) headers['Retry-After'] = header('Seconds to wait before trying again');
    if (Object.keys(headers).length) response.headers = headers;
  }
  if (versioned && (method === 'put' || method === 'patch')) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: 'If-Match',
        required: false,
        description: 'The ETag last read (e.g. "3"); a change of another version answers 412',
        schema: { type: 'string' },
      },
    ];
  }
}

/** Turns what the route declarations produced into the published document. */
export function finishDocument(document: object): object {
  const doc = document as JsonObject & { paths?: Record<string, Record<string, Operation>> };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) if (item[method]) finishOperation(item[method], method);
  }
  const components = (isObject(doc.components) ? doc.components : {}) as JsonObject;
  const schemas: JsonObject = isObject(components.schemas) ? components.schemas : {};
  doc.paths = hoistNamedSchemas(doc.paths as unknown as Json, schemas) as unknown as typeof doc.paths;
  components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  doc.components = components;
  doc.tags = Object.entries(API_TAGS).map(([name, description]) => ({ name, description }));
  return doc;
}
