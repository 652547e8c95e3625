import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the plugin.
const addFormats = ajvFormats.default;

/**
 * Checks every JSON answer of the app against the response its route documents, so the OpenAPI document
 * cannot drift from what the service really sends: a 2xx body against its schema, and an error answer's
 * status, `code` and body against the documented ones (a status or code answered but not listed on the
 * route fails the test file). Violations are collected for the test file to assert on at its end.
 */
export function watchResponseContract(app: FastifyInstance): string[] {
  // Named schemas ($id) recur across routes: each route's schema is compiled on its own.
  const ajv = new Ajv({ strict: false, allErrors: true, addUsedSchema: false });
  addFormats(ajv);
  const validators = new Map<object, ValidateFunction>();
  const violations: string[] = [];
  const validatorOf = (schema: object): ValidateFunction => {
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const responses = request.routeOptions.schema?.response as Record<string, object> | undefined;
    const schema = responses?.[status];
    const type = String(reply.getHeader('content-type') ?? '');
    // Only the API's own routes: a route without declared responses (Swagger UI's) is not the contract.
    if (!responses || typeof payload !== 'string' || !payload || !type.includes('json')) return payload;
    const body: unknown = JSON.parse(payload);
    if (status >= 400) {
      const where = `${request.method} ${request.routeOptions.url} ${status}`;
      const code = (body as { code?: string }).code;
      if (!schema) violations.push(`${where}: status not documented (code ${code})`);
      else if (code !== undefined && !documentedCodes(schema).includes(code))
        violations.push(`${where}: code ${code} not documented (${documentedCodes(schema).join(', ')})`);
      else if (!validatorOf(schema)(body))
        violations.push(`${where}: ${ajv.errorsText(validatorOf(schema).errors)}`);
      return payload;
    }
    if (status < 200 || status >= 300 || !schema) return payload;
    const validate = validatorOf(schema);
    if (!validate(body)) {
      violations.push(
        `${request.method} ${request.routeOptions.url} ${status}: ${ajv.errorsText(validate.errors)}`,
      );
    }
    return payload;
  });
  return violations;
}

/** The `code` values a documented problem answer lists (`problemResponse` narrows `code` to an enum). */
function documentedCodes(schema: object): string[] {
  const parts = (schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] }).allOf ?? [];
  return parts.flatMap((part) => part.properties?.code?.enum ?? []);
}
