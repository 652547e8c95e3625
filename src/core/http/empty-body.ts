import type { FastifyInstance } from 'fastify';

/**
 * A POST without a body meets its schema as `{}`, so optional bodies need no special casing and a
 * missing required field is named rather than "body must be object".
 */
export function registerEmptyBodyDefault(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
}
