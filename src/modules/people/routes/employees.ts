import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { keptAnswers } from '../../../core/http/kept-answers.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pageSchema } from '../../../core/http/pagination.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import * as employees from '../employees-service.ts';
import { Employee, EmployeeDetail, EmployeeListQuery, IdParams } from '../schemas.ts';
import { tags } from './shared.ts';

/** Employees (read only): the list, the detail and the caller's own record. */
export function employeeRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    const sendPage = keptAnswers();
    app.get(
      '/employees',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'listEmployees',
          summary:
            'List employees in scope (filters: text, department, grade, status, skill, active on a date)',
          tags,
          querystring: EmployeeListQuery,
          response: { 200: pageSchema(Employee) },
        },
      },
      async (request, reply) =>
        sendPage(
          reply,
          await employees.listEmployees(deps, callerOf(request), request.query, app.accessCache),
        ),
    );
    app.get(
      '/employees/my',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'getMyEmployee',
          summary: "The caller's own employee record (404 when the account has none)",
          tags,
          response: {
            200: EmployeeDetail,
            404: problemResponse(['NOT_FOUND'], 'The account has no employee record'),
          },
        },
      },
      async (request) => employees.myEmployee(deps, callerOf(request)),
    );
    app.get(
      '/employees/:id',
      {
        config: { auth: 'employee.view' },
        schema: {
          operationId: 'getEmployee',
          summary: 'Employee detail with skills and levels, certifications and groups',
          tags,
          params: IdParams,
          response: { 200: EmployeeDetail },
        },
      },
      async (request) => employees.getEmployee(deps, callerOf(request), request.params.id),
    );
  };
}
