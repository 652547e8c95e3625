import { isDeepStrictEqual } from 'node:util';
import { compactUnions, isObject, type Json, type JsonObject } from './openapi-compact.ts';
import { referNamedShapes } from './openapi-names.ts';

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
  'open-shifts':
    'Open shifts: gaps of the live roster a planner offers, claimed by eligible employees and approved onto it.',
  swaps:
    'Shift swaps and give-aways between colleagues: proposed, accepted by the colleague, approved by a ' +
    'manager, checked by the engine’s rules at proposal and at approval (issue 35).',
  diagnostics: 'Development-only helpers; not part of the supported interface (404 in production).',
  availability:
    'Availability and wishes: the days employees cannot work (the engine’s UNAVAILABLE) and their ' +
    'preferences (weighed after coverage), within the unit’s limits; planners read them per department.',
  costs:
    'Labour cost: hourly rates per grade, premiums, monthly budgets, and what runs, published rosters and ' +
    'departments’ months cost (planned and actual), in the unit’s currency.',
};

interface Operation {
  operationId?: string;
  parameters?: JsonObject[];
  responses?: Record<string, JsonObject>;
  requestBody?: JsonObject;
  security?: Json[];
  'x-permission'?: string;
  /** Set by the route declarations on a write declared `versioned`: it reads `If-Match`. */
  'x-if-match'?: boolean;
  /** Set on a POST that honours `Idempotency-Key` (core/http/idempotency.ts). */
  'x-idempotent'?: boolean;
}

/** A component name: what `$id` a schema carries to become `#/components/schemas/<name>`. */
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;
/** Keywords that describe a use of a schema rather than the schema: they may differ between uses. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', 'default']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

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

/** Response headers several operations send, written once in `components.headers`. */
const HEADERS: JsonObject = {
  ETag: { description: 'The version of the resource, to send back as If-Match', schema: { type: 'string' } },
  Location: { description: 'Where the created resource is read', schema: { type: 'string' } },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'string' } },
};
const header = (name: keyof typeof HEADERS): JsonObject => ({ $ref: `#/components/headers/${name}` });

/** What the plugin calls every answer it has no words for ("Default Response"), by its status. */
const SUCCESS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
};

/**
 * A problem answer's schema narrows the shared `Problem` with `allOf`: saying again what `Problem` says
 * (an object, whose `code` is a required string) changes nothing, so the narrowing part lists the codes.
 */
function narrowingOnly(schema: Json): void {
  if (!isObject(schema) || !Array.isArray(schema.allOf)) return;
  delete schema.type;
  for (const part of schema.allOf) {
    if (!isObject(part) || !isObject(part.properties)) continue;
    if (part.type === 'object') delete part.type;
    if (JSON.stringify(part.required) === '["code"]') delete part.required;
    const code = part.properties.code;
    if (isObject(code) && Array.isArray(code.enum) && code.type === 'string') delete code.type;
  }
}

const pascal = (code: string): string =>
  code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The codes a problem answer narrows `code` to (see `problemResponse`). */
function problemCodes(schema: Json): string[] {
  const parts = isObject(schema) && Array.isArray(schema.allOf) ? schema.allOf : [];
  return parts.flatMap((part) => {
    const code = isObject(part) && isObject(part.properties) ? part.properties.code : undefined;
    return isObject(code) && Array.isArray(code.enum) ? (code.enum as string[]) : [];
  });
}

/**
 * An answer that can carry many codes is named after the first operation that gives it and what its
 * status means (`SubmitLeaveRequestRefused`), not after its codes spelt out: a generated type name stays
 * one a person would choose.
 */
const MAX_CODES_NAME = 40;
const STATUS_WORDS: Record<string, string> = {
  '400': 'Invalid',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'TooLarge',
  '422': 'Refused',
  '429': 'Limited',
  '503': 'Unavailable',
};

/** Names of the answers most operations share, shorter than the codes spelt out. */
const COMMON_PROBLEMS: Record<string, string> = {
  'VALIDATION_FAILED UNKNOWN_QUERY_PARAMETER': 'BadRequest',
  'UNAUTHENTICATED TOKEN_EXPIRED': 'Unauthenticated',
  'FORBIDDEN PASSWORD_CHANGE_REQUIRED': 'Forbidden',
  'DATABASE_UNAVAILABLE SHUTTING_DOWN': 'ServiceUnavailable',
};

/**
 * Parameters that recur across operations (paging, the path `id`, `If-Match`, filters) are written once
 * in `components.parameters`, named after the parameter, and referred to. Where operations give one name
 * several meanings (a `status` of leave requests and one of swaps, a `from` described otherwise), the
 * meaning most operations share takes the name; another takes the name of its own schema when it has one
 * (`ShiftSwapStatus`), and otherwise stays written in its operations: never a numbered name, which client
 * generators would print as `Status2`.
 */
function shareParameters(operations: Operation[]): JsonObject {
  const uses = new Map<string, number>();
  const keyOf = (parameter: Json) => JSON.stringify(parameter);
  for (const operation of operations)
    for (const parameter of operation.parameters ?? [])
      uses.set(keyOf(parameter), (uses.get(keyOf(parameter)) ?? 0) + 1);
  const baseOf = (name: string) =>
    name.charAt(0).toUpperCase() + name.slice(1).replace(/-(.)/g, (_, c: string) => c.toUpperCase());
  // Each name goes to the meaning most operations share (the first met, among equals).
  const owner = new Map<string, string>();
  for (const [key, count] of uses) {
    const parameter = JSON.parse(key) as JsonObject;
    if (count < 2 || typeof parameter.name !== 'string') continue;
    const base = baseOf(parameter.name);
    const held = owner.get(base);
    if (held === undefined || (uses.get(held) ?? 0) < count) owner.set(base, key);
  }
  const names = new Map<string, string>();
  for (const [base, key] of owner) names.set(key, base);
  for (const [key, count] of uses) {
    if (count < 2 || names.has(key)) continue;
    const reference = (JSON.parse(key) as JsonObject).schema;
    const named =
      isObject(reference) && typeof reference.$ref === 'string' ? reference.$ref.split('/').pop() : undefined;
    if (named && !owner.has(named) && ![...names.values()].includes(named)) names.set(key, named);
  }
  const shared: JsonObject = {};
  for (const operation of operations) {
    operation.parameters = operation.parameters?.map((parameter) => {
      const name = names.get(keyOf(parameter));
      if (name === undefined) return parameter;
      shared[name] = parameter;
      return { $ref: `#/components/parameters/${name}` };
    });
  }
  return shared;
}

/**
 * Problem answers recur in almost every operation (401, 403, 500, 503 and the 400 of strict queries):
 * each distinct answer is written once in `components.responses`, named after the codes it can carry,
 * and every operation refers to it; an operation that words it differently keeps its own description
 * beside the `$ref` (OpenAPI 3.1 lets a reference override its description).
 */
class SharedResponses {
  readonly responses: JsonObject = {};
  private readonly names = new Map<string, string>();

  refer(status: string, response: JsonObject, operationId: string): JsonObject {
    const { description, ...body } = response;
    // The plugin repeats the answer's description inside its schema: one place is enough.
    for (const media of isObject(body.content) ? Object.values(body.content) : [])
      if (isObject(media) && isObject(media.schema)) {
        delete media.schema.description;
        narrowingOnly(media.schema);
      }
    const key = `${status} ${JSON.stringify(body)}`;
    let name = this.names.get(key);
    if (name === undefined) {
      const content = isObject(body.content) ? Object.values(body.content)[0] : undefined;
      const codes = problemCodes(isObject(content) ? (content.schema ?? null) : null);
      const spelt = codes.map(pascal).join('Or');
      const base =
        COMMON_PROBLEMS[codes.join(' ')] ??
        (codes.length && spelt.length <= MAX_CODES_NAME
          ? spelt
          : `${pascal(operationId.replace(/[A-Z]/g, (c) => `_${c}`))}${STATUS_WORDS[status] ?? status}`);
      name = base;
      for (let n = 2; name in this.responses; n += 1) name = `${base}${n}`;
      this.names.set(key, name);
      this.responses[name] = { description: description ?? base, ...body };
    }
    const use: JsonObject = { $ref: `#/components/responses/${name}` };
    if (description !== undefined && description !== (this.responses[name] as JsonObject).description)
      use.description = description;
    return use;
  }
}

function finishOperation(operation: Operation, shared: SharedResponses): void {
  // The bearer token is the document's default requirement; an open operation says it needs none.
  if (operation['x-permission'] === 'open') operation.security = [];
  else delete operation.security;
  // The server fills in a query parameter's default, so a client need not send it (not required is
  // OpenAPI's default: it goes unsaid).
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && isObject(parameter.schema) && parameter.schema.default !== undefined)
      parameter.required = false;
    if (parameter.required === false) delete parameter.required;
  }
  const responses = operation.responses ?? {};
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
      headers.ETag = header('ETag');
    }
    if (code === 201) headers.Location = header('Location');
    if (code === 429 || code === 503) headers['Retry-After'] = header('RetryAfter');
    if (response.description === 'Default Response' && SUCCESS[status])
      response.description = SUCCESS[status];
    // The plugin repeats an answer's description inside its schema: one place is enough (a named
    // schema keeps its own, which is the component's).
    for (const media of content && code < 400 ? Object.values(content) : []) {
      const inner = isObject(media) ? media.schema : undefined;
      if (isObject(inner) && !(MARK in inner) && inner.description === response.description)
        delete inner.description;
    }
    if (Object.keys(headers).length) response.headers = headers;
    if (code >= 400) responses[status] = shared.refer(status, response, operation.operationId ?? '');
  }
  if (operation['x-idempotent']) {
    delete operation['x-idempotent'];
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        in: 'header',
        name: 'Idempotency-Key',
        required: false,
        description:
          'A key of your choice for this request: a retry with the same key and request gets the first answer again (`Idempotent-Replayed: true`) for a day, and writes nothing',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      },
    ];
  }
  if (operation['x-if-match']) {
    delete operation['x-if-match'];
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
  const shared = new SharedResponses();
  const operations: Operation[] = [];
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      finishOperation(operation, shared);
      operations.push(operation);
    }
  }
  const components = (isObject(doc.components) ? doc.components : {}) as JsonObject;
  const parameters = shareParameters(operations);
  const schemas: JsonObject = isObject(components.schemas) ? components.schemas : {};
  const finish = (node: Json) => compactUnions(referNamedShapes(hoistNamedSchemas(node, schemas), schemas));
  doc.paths = finish(doc.paths as unknown as Json) as unknown as typeof doc.paths;
  const responses = finish(shared.responses) as JsonObject;
  components.parameters = finish(parameters) as JsonObject;
  components.headers = HEADERS;
  const named = referNamedShapes(schemas, schemas, true) as JsonObject;
  components.schemas = compactUnions(
    Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b))),
  ) as JsonObject;
  components.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  doc.components = components;
  doc.security = [{ bearerAuth: [] }];
  doc.tags = Object.entries(API_TAGS).map(([name, description]) => ({ name, description }));
  return doc;
}
