import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { causeChain, FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../db/errors.ts';
import { type ErrorCode, isErrorCode } from './error-codes.ts';
import { AppError, type FieldError } from './errors.ts';
import { problemBody } from './problem.ts';

/** SQLSTATE classes and socket codes that mean "the database cannot be reached", not "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function databaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' &&
        /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)),
  );
}

/**
 * Input the schemas let through but the database cannot store (a NUL character, a value out of a
 * column's range) is the caller's mistake, not a server fault; likewise a uniqueness or reference race
 * that a service's own check could not see.
 */
function databaseRefusal(state: string | undefined): [number, ErrorCode, string] | undefined {
  if (!state) return undefined;
  if (state.startsWith('22')) return [400, 'VALIDATION_FAILED', 'A value in the request cannot be stored'];
  if (state === UNIQUE_VIOLATION)
    return [409, 'ALREADY_EXISTS', 'Something with the same unique value exists already'];
  if (state === FOREIGN_KEY_VIOLATION)
    return [409, 'REFERENCE_CONFLICT', 'The change conflicts with rows that refer to each other'];
  if (state === '40001' || state === '40P01') {
    return [409, 'CONCURRENT_UPDATE', 'Another change got in the way; try again'];
  }
  return undefined;
}

/** Where a rule's bound sits among the validator's parameters, by keyword. */
const LIMITS: Record<string, string> = {
  minLength: 'limit',
  maxLength: 'limit',
  minimum: 'limit',
  maximum: 'limit',
  exclusiveMinimum: 'limit',
  exclusiveMaximum: 'limit',
  minItems: 'limit',
  maxItems: 'limit',
  format: 'format',
  type: 'type',
};

function validationErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const params = (issue.params ?? {}) as Record<string, unknown>;
    const missing = params.missingProperty as string | undefined;
    const base = issue.instancePath || '';
    const path = `${error.validationContext ?? 'body'}${base}${missing ? `/${missing}` : ''}`;
    const bound = LIMITS[issue.keyword] ? params[LIMITS[issue.keyword]!] : undefined;
    const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : undefined;
    return {
      path,
      message: issue.message ?? 'is invalid',
      rule: issue.keyword,
      ...(typeof bound === 'number' || typeof bound === 'string' ? { limit: bound } : {}),
      ...(allowed ? { allowed } : {}),
    };
  });
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  detail: string,
  extra: Record<string, unknown> = {},
) {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(
      problemBody(status, code, detail, request.url.split('?')[0] ?? request.url, String(request.id), extra),
    );
}

const FRAMEWORK_CODES: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_FAILED'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_FAILED'],
  FST_ERR_BAD_URL: [400, 'VALIDATION_FAILED'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'VALIDATION_FAILED'],
};

/** Every error path of every module ends here as RFC 9457 problem details. */
export function registerErrorHandling(app: FastifyInstance, exposeStacks: boolean): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return sendProblem(request, reply, error.status, error.code, error.message, error.extra);
    }
    if (error.validation) {
      return sendProblem(request, reply, 400, 'VALIDATION_FAILED', 'The request does not match the schema', {
        errors: validationErrors(error),
      });
    }
    const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
    if (known) return sendProblem(request, reply, known[0], known[1], error.message);
    if (error instanceof SyntaxError) {
      return sendProblem(request, reply, 400, 'VALIDATION_FAILED', `Malformed JSON: ${error.message}`);
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendProblem(
        request,
        reply,
        503,
        'DATABASE_UNAVAILABLE',
        'The database cannot be reached; try again shortly',
      );
    }
    const refusal = databaseRefusal(sqlState(error));
    if (refusal) {
      request.log.info({ err: error }, 'database refused the input');
      return sendProblem(request, reply, ...refusal);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(
        request,
        reply,
        status,
        isErrorCode(error.code) ? error.code : 'BAD_REQUEST',
        error.message,
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(
      request,
      reply,
      500,
      'INTERNAL_ERROR',
      'An unexpected error occurred; it has been logged with this traceId',
      exposeStacks ? { stack: error.stack } : {},
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
}
