import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../../core/auth/guard.ts';
import { pdfResponse, sendPdf } from '../../../core/http/pdf.ts';
import { sendWorkbook, workbookResponse } from '../../../core/http/workbooks.ts';
import type { ServiceDeps } from '../../../core/module-context.ts';
import { costPdf, costWorkbook } from '../report.ts';
import {
  CostReportQuery,
  DepartmentMonthCost,
  IdParams,
  LabourCostTotals,
  MonthCostOverview,
  MonthQuery,
  PublishedRosterCost,
} from '../schemas.ts';
import * as costs from '../service.ts';

const tags = ['costs'];

/** What rosters cost: a run's proposal, a published version, a department's month against its budget. */
export function costRoutes(deps: ServiceDeps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/admin/published-rosters/:id/cost',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getPublishedRosterCost',
          summary: 'What a published roster version costs',
          tags,
          params: IdParams,
          response: { 200: PublishedRosterCost },
        },
      },
      async (request) => costs.publishedRosterCost(deps, callerOf(request), request.params.id),
    );
    app.get(
      '/departments/:id/labour-cost',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getDepartmentLabourCost',
          summary: 'A department’s month: its budget, the planned roster’s cost and attendance’s (actual)',
          tags,
          params: IdParams,
          querystring: MonthQuery,
          response: { 200: DepartmentMonthCost },
        },
      },
      async (request) =>
        costs.departmentMonthCost(deps, callerOf(request), request.params.id, request.query.month),
    );
    app.get(
      '/labour-cost',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getLabourCostMonth',
          summary: 'Budget, planned and actual of a month for each department in your scope with any of them',
          tags,
          querystring: MonthQuery,
          response: { 200: MonthCostOverview },
        },
      },
      async (request) => costs.monthOverview(deps, callerOf(request), request.query.month),
    );
    app.get(
      '/labour-cost/totals',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'getLabourCostTotals',
          summary: 'Budget, planned and actual of a month summed over the departments in your scope',
          description:
            'What the dashboard’s labour-cost tile shows. Its own read, apart from the dashboard’s counts: ' +
            'pricing a month is the slowest figure there is (about 0.5 s for 2,000 employees).',
          tags,
          querystring: MonthQuery,
          response: { 200: LabourCostTotals },
        },
      },
      async (request) => costs.monthTotals(deps, callerOf(request), request.query.month),
    );
    app.get(
      '/reports/labour-cost.xlsx',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'downloadLabourCostWorkbook',
          summary: 'The month’s labour cost against budget per department, as a workbook',
          tags: ['costs', 'reports'],
          querystring: CostReportQuery,
          response: { 200: workbookResponse('The labour cost report') },
        },
      },
      async (request, reply) => {
        const report = await costs.monthOverview(deps, callerOf(request), request.query.month);
        const bytes = await costWorkbook(report, request.query.lang ?? 'en');
        return sendWorkbook(reply, `labour-cost-${report.month}-${request.query.lang ?? 'en'}.xlsx`, bytes);
      },
    );
    app.get(
      '/reports/labour-cost.pdf',
      {
        config: { auth: 'labour_cost.view' },
        schema: {
          operationId: 'downloadLabourCostPdf',
          summary: 'The month’s labour cost against budget per department, as a landscape PDF',
          tags: ['costs', 'reports'],
          querystring: CostReportQuery,
          response: { 200: pdfResponse('The labour cost report') },
        },
      },
      async (request, reply) => {
        const report = await costs.monthOverview(deps, callerOf(request), request.query.month);
        const bytes = await costPdf(report, request.query.lang ?? 'en');
        return sendPdf(reply, `labour-cost-${report.month}-${request.query.lang ?? 'en'}.pdf`, bytes);
      },
    );
  };
}
