import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import {
  ExceptionListQuery,
  ExceptionValidation,
  ExceptionValidationResult,
  PendingExceptionCount,
  PendingExceptionCountQuery,
  ReconciliationException,
  Variance,
  VarianceQuery,
} from '../schemas.ts';
import * as reconciliation from '../service.ts';

const tags = ['reconciliation'];
const view = { auth: 'reconciliation.view' } as const;
const rangeProblems = problemResponse(
  ['INVALID_DATE_RANGE', 'RANGE_TOO_LONG'],
  'A reversed range, or one longer than 92 days',
);
const computed =
  'Exceptions are computed from the latest published roster (planned) and attendance (actual) for dates ' +
  'before today in the unit’s time zone, and recomputed when either changes: `NO_SHOW`, ' +
  '`UNPLANNED_ATTENDANCE`, `LATE_ARRIVAL` and `EARLY_DEPARTURE` beyond the setting ' +
  '`reconciliation.toleranceMinutes`, and `WRONG_SHIFT` (extension: the person came, but on another ' +
  'planned shift of that day than theirs; `workedShift` names it). Attendance segments are joined across ' +
  'midnight into one presence (a night: 22:00–24:00, then 00:00–06:00 the next date) and matched to the ' +
  'planned shift they overlap; a night shift ends the next day. Validated exceptions stay validated.';

/** Reconciliation of planned against actual (DESIGN §12): the exception queue and the variance. */
export function reconciliationRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    app.get(
      '/admin/reconciliation/exceptions',
      {
        config: view,
        schema: {
          operationId: 'listReconciliationExceptions',
          summary: "The reconciliation exception queue in the caller's scope",
          description: `${computed} Filters: \`kind\`, \`status\`, \`employeeId\`, \`departmentId\`; by date and employee number.`,
          tags,
          querystring: ExceptionListQuery,
          response: { 200: pageSchema(ReconciliationException), 422: rangeProblems },
        },
      },
      async (request) => reconciliation.listExceptions(deps, callerOf(request), request.query),
    );
    app.get(
      '/admin/reconciliation/pending-count',
      {
        config: view,
        schema: {
          operationId: 'countPendingReconciliationExceptions',
          summary: 'How many exceptions wait for validation (cheap when nothing changed: clients poll it)',
          tags,
          querystring: PendingExceptionCountQuery,
          response: { 200: PendingExceptionCount, 422: rangeProblems },
        },
      },
      async (request) => reconciliation.pendingCount(deps, callerOf(request), request.query),
    );
    app.post(
      '/admin/reconciliation/exceptions/validate',
      {
        config: { auth: 'reconciliation.validate' },
        schema: {
          operationId: 'validateReconciliationExceptions',
          summary: 'Validate exceptions as justified or unjustified, all of them or none',
          tags,
          body: ExceptionValidation,
          response: {
            200: ExceptionValidationResult,
            404: problemResponse(['NOT_FOUND'], 'Ids the caller cannot see, listed in `ids`'),
            409: problemResponse(['EXCEPTION_ALREADY_VALIDATED'], 'Ids validated before, listed in `ids`'),
          },
        },
      },
      async (request) => reconciliation.validate(deps, callerOf(request), request.body),
    );
    app.get(
      '/admin/reconciliation/variance',
      {
        config: view,
        schema: {
          operationId: 'getReconciliationVariance',
          summary: 'Required against planned against actual heads per date × terminal × shift',
          description:
            'Required: the demand plan each published roster came from; planned: its lines; actual: planned ' +
            'people who clocked in (or whose night shift shows a 00:00 record the next date).',
          tags,
          querystring: VarianceQuery,
          response: { 200: Variance, 422: rangeProblems },
        },
      },
      async (request) => reconciliation.variance(deps, callerOf(request), request.query),
    );
  };
}
