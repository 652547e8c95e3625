import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../../core/auth/guard.ts';
import { problemResponse } from '../../core/http/openapi.ts';
import { pdfResponse, sendPdf } from '../../core/http/pdf.ts';
import { sendWorkbook, workbookResponse } from '../../core/http/workbooks.ts';
import type { ModuleContext } from '../../core/module-context.ts';
import { Variance } from '../reconciliation/schemas.ts';
import * as documents from './documents.ts';
import {
  DailyRosterQuery,
  DailyRosterReport,
  MonthlyRosterQuery,
  MonthlyRosterReport,
  RangeReportQuery,
  UtilizationQuery,
  UtilizationReport,
} from './schemas.ts';
import * as reports from './service.ts';

const tags = ['reports'];
const roster = { auth: 'roster.view' } as const;
const reconciled = { auth: 'reconciliation.view' } as const;
const rangeProblems = problemResponse(
  ['INVALID_DATE_RANGE', 'RANGE_TOO_LONG'],
  'A reversed range, or one longer than 92 days',
);
const fromPublished =
  'From the published roster (the latest version covering each date and department) in the caller’s ' +
  '`roster.view` scope; `lang=ar` gives Arabic words and names, and files laid out right to left.';
const variance =
  'Required (the demand plan each published roster came from), planned (its lines) and actual (planned ' +
  'people who came) heads per date × terminal × shift, as `/api/admin/reconciliation/variance`.';

/** Daily and monthly roster, variance and utilization reports, as JSON, xlsx and PDF (DESIGN §12–13). */
export function reportRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = { db: context.database.db, now: context.now };
  return async (app) => {
    app.get(
      '/reports/daily-roster',
      {
        config: roster,
        schema: {
          operationId: 'getDailyRosterReport',
          summary: 'The roster of one day: who works which shift where, heads and hours per shift',
          description: fromPublished,
          tags,
          querystring: DailyRosterQuery,
          response: { 200: DailyRosterReport },
        },
      },
      async (request) => reports.dailyRoster(deps, callerOf(request), request.query),
    );
    app.get(
      '/reports/daily-roster.xlsx',
      {
        config: roster,
        schema: {
          operationId: 'downloadDailyRosterWorkbook',
          summary: 'The daily roster report as a workbook',
          description: fromPublished,
          tags,
          querystring: DailyRosterQuery,
          response: { 200: workbookResponse('The daily roster') },
        },
      },
      async (request, reply) => {
        const report = await reports.dailyRoster(deps, callerOf(request), request.query);
        return sendWorkbook(
          reply,
          `daily-roster-${report.date}.xlsx`,
          await documents.dailyRosterWorkbook(report),
        );
      },
    );
    app.get(
      '/reports/daily-roster.pdf',
      {
        config: roster,
        schema: {
          operationId: 'downloadDailyRosterPdf',
          summary: 'The daily roster report as a PDF',
          description: fromPublished,
          tags,
          querystring: DailyRosterQuery,
          response: { 200: pdfResponse('The daily roster') },
        },
      },
      async (request, reply) => {
        const report = await reports.dailyRoster(deps, callerOf(request), request.query);
        return sendPdf(reply, `daily-roster-${report.date}.pdf`, await documents.dailyRosterPdf(report));
      },
    );
    app.get(
      '/reports/monthly-roster',
      {
        config: roster,
        schema: {
          operationId: 'getMonthlyRosterReport',
          summary: 'The roster of one month: one line per employee, a shift code per day, and the legend',
          description: fromPublished,
          tags,
          querystring: MonthlyRosterQuery,
          response: { 200: MonthlyRosterReport },
        },
      },
      async (request) => reports.monthlyRoster(deps, callerOf(request), request.query),
    );
    app.get(
      '/reports/monthly-roster.xlsx',
      {
        config: roster,
        schema: {
          operationId: 'downloadMonthlyRosterWorkbook',
          summary: 'The monthly roster report as a workbook',
          description: fromPublished,
          tags,
          querystring: MonthlyRosterQuery,
          response: { 200: workbookResponse('The monthly roster') },
        },
      },
      async (request, reply) => {
        const report = await reports.monthlyRoster(deps, callerOf(request), request.query);
        return sendWorkbook(
          reply,
          `monthly-roster-${report.month}.xlsx`,
          await documents.monthlyRosterWorkbook(report),
        );
      },
    );
    app.get(
      '/reports/monthly-roster.pdf',
      {
        config: roster,
        schema: {
          operationId: 'downloadMonthlyRosterPdf',
          summary: 'The monthly roster report as a landscape PDF grid',
          description: fromPublished,
          tags,
          querystring: MonthlyRosterQuery,
          response: { 200: pdfResponse('The monthly roster') },
        },
      },
      async (request, reply) => {
        const report = await reports.monthlyRoster(deps, callerOf(request), request.query);
        return sendPdf(reply, `monthly-roster-${report.month}.pdf`, await documents.monthlyRosterPdf(report));
      },
    );
    app.get(
      '/reports/variance',
      {
        config: reconciled,
        schema: {
          operationId: 'getVarianceReport',
          summary: 'Required against planned against actual heads over a range',
          description: variance,
          tags,
          querystring: RangeReportQuery,
          response: { 200: Variance, 422: rangeProblems },
        },
      },
      async (request) => reports.variance(deps, callerOf(request), request.query),
    );
    app.get(
      '/reports/variance.xlsx',
      {
        config: reconciled,
        schema: {
          operationId: 'downloadVarianceWorkbook',
          summary: 'The variance report as a workbook',
          description: variance,
          tags,
          querystring: RangeReportQuery,
          response: { 200: workbookResponse('The variance report'), 422: rangeProblems },
        },
      },
      async (request, reply) => {
        const report = await reports.variance(deps, callerOf(request), request.query);
        const bytes = await documents.varianceWorkbook(report, request.query.lang ?? 'en');
        return sendWorkbook(reply, `variance-${report.from}-${report.to}.xlsx`, bytes);
      },
    );
    app.get(
      '/reports/variance.pdf',
      {
        config: reconciled,
        schema: {
          operationId: 'downloadVariancePdf',
          summary: 'The variance report as a PDF',
          description: variance,
          tags,
          querystring: RangeReportQuery,
          response: { 200: pdfResponse('The variance report'), 422: rangeProblems },
        },
      },
      async (request, reply) => {
        const report = await reports.variance(deps, callerOf(request), request.query);
        const bytes = await documents.variancePdf(report, request.query.lang ?? 'en');
        return sendPdf(reply, `variance-${report.from}-${report.to}.pdf`, bytes);
      },
    );
    app.get(
      '/reports/utilization',
      {
        config: reconciled,
        schema: {
          operationId: 'getUtilizationReport',
          summary: 'Actual ÷ planned hours over a range, per department and overall',
          description:
            'Planned hours: each published shift’s length; actual: clock-in to clock-out on planned shifts ' +
            '(an unknown clock-out counted at the planned end, a no-show 0) plus unplanned attendance.',
          tags,
          querystring: UtilizationQuery,
          response: { 200: UtilizationReport, 422: rangeProblems },
        },
      },
      async (request) => reports.utilization(deps, callerOf(request), request.query),
    );
  };
}
