import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the plugin.
const addFormats = ajvFormats.default;

/**
 * Checks every 2xx JSON answer of the app against the response schema its route documents, so the
 * OpenAPI document cannot drift from what the service really sends. Violations are collected for the
 * test file to assert on at its end.
 */
export function watchResponseContract(app: FastifyInstance): string[] {
  // Named schemas ($id) recur across routes: each route's schema is compiled on its own.
  const ajv = new Ajv({ strict: false, allErrors: true, addUsedSchema: false });
  addFormats(ajv);
  const validators = new Map<object, ValidateFunction>();
  const violations: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    const schema = (request.routeOptions.schema?.response as Record<string, object> | undefined)?.[status];
    const type = String(reply.getHeader('content-type') ?? '');
    if (status < 200 || status >= 300 || !schema || !type.includes('json') || typeof payload !== 'string')
      return payload;
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    if (!validate(JSON.parse(payload))) {
      violations.push(
        `${request.method} ${request.routeOptions.url} ${status}: ${ajv.errorsText(validate.errors)}`,
      );
    }
    return payload;
  });
  return violations;
}
