import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../../core/auth/caller.ts';
import type { Permission } from '../../../core/auth/catalog.ts';
import { callerOf } from '../../../core/auth/guard.ts';
import { problemResponse } from '../../../core/http/openapi.ts';
import { pdfResponse, sendPdf } from '../../../core/http/pdf.ts';
import { sendWorkbook, workbookResponse } from '../../../core/http/workbooks.ts';
import { depsOf, type ModuleContext } from '../../../core/module-context.ts';
import { Variance } from '../../reconciliation/schemas.ts';
import * as documents from '../documents.ts';
import {
  DailyRosterQuery,
  DailyRosterReport,
  MonthlyRosterQuery,
  MonthlyRosterReport,
  RangeReportQuery,
  UtilizationQuery,
  UtilizationReport,
} from '../schemas.ts';
import * as reports from '../service.ts';

const tags = ['reports'];
const rangeProblems = {
  422: problemResponse(
    ['INVALID_DATE_RANGE', 'RANGE_TOO_LONG'],
    'A reversed range, or one longer than 92 days',
  ),
};
const fromPublished =
  'From the published roster (the latest version covering each date and department) in the caller’s ' +
  '`roster.view` scope; `lang=ar` gives Arabic words and names, and files laid out right to left.';
const draftProblems = {
  404: problemResponse(['NOT_FOUND'], 'The run given as `runId` is not one the caller may read'),
  409: problemResponse(['RUN_NOT_EXECUTED'], 'The run given as `runId` has not been executed'),
};
const fromRoster =
  `${fromPublished} With \`runId\`, the proposal of that run instead, marked as a draft in \`draft\` and ` +
  'in the title of every form.';
/** The file's language in its name: the English and the Arabic copy of a report are two files. */
const languageOf = (query: unknown) => ((query as { lang?: string }).lang === 'ar' ? 'ar' : 'en');
const draftSuffix = (report: { draft: unknown }) => (report.draft ? '-draft' : '');
const variance =
  'Required (the demand plan each published roster came from), planned (its lines) and actual (planned ' +
  'people who came) heads per date × terminal × shift, as `/api/admin/reconciliation/variance`.';

/**
 * One report in its three forms: JSON at `path`, a workbook at `path.xlsx` and a PDF at `path.pdf`, each
 * drawn from the same report, so the files always show the JSON's figures.
 */
interface ReportForms<Query extends TSchema, Report> {
  path: string;
  permission: Permission;
  /** The operations are getNameReport, downloadNameWorkbook and downloadNamePdf. */
  name: string;
  summary: string;
  /** The report's name in the files' summaries, "The daily roster". */
  title: string;
  pdfSummary?: string;
  description: string;
  querystring: Query;
  response: TSchema;
  problems?: Record<number, TSchema>;
  build: (caller: Caller, query: Static<Query>) => Promise<Report>;
  /** The download's file name without its extension. */
  fileName: (report: Report) => string;
  workbook: (report: Report, query: Static<Query>) => Promise<Buffer>;
  pdf: (report: Report, query: Static<Query>) => Promise<Buffer>;
}

function registerReport<Query extends TSchema, Report>(
  app: FastifyInstance,
  forms: ReportForms<Query, Report>,
) {
  const { path, querystring, description, problems = {} } = forms;
  const config = { auth: forms.permission };
  // The type provider cannot see through this function's generic schema: the query is validated against it.
  const queryOf = (request: { query: unknown }) => request.query as Static<Query>;
  app.get(
    path,
    {
      config,
      schema: {
        operationId: `get${forms.name}Report`,
        summary: forms.summary,
        description,
        tags,
        querystring,
        response: { 200: forms.response, ...problems },
      },
    },
    async (request) => forms.build(callerOf(request), queryOf(request)),
  );
  app.get(
    `${path}.xlsx`,
    {
      config,
      schema: {
        operationId: `download${forms.name}Workbook`,
        summary: `${forms.title} report as a workbook`,
        description,
        tags,
        querystring,
        response: { 200: workbookResponse(forms.title), ...problems },
      },
    },
    async (request, reply) => {
      const report = await forms.build(callerOf(request), queryOf(request));
      const bytes = await forms.workbook(report, queryOf(request));
      return sendWorkbook(reply, `${forms.fileName(report)}-${languageOf(queryOf(request))}.xlsx`, bytes);
    },
  );
  app.get(
    `${path}.pdf`,
    {
      config,
      schema: {
        operationId: `download${forms.name}Pdf`,
        summary: forms.pdfSummary ?? `${forms.title} report as a PDF`,
        description,
        tags,
        querystring,
        response: { 200: pdfResponse(forms.title), ...problems },
      },
    },
    async (request, reply) => {
      const report = await forms.build(callerOf(request), queryOf(request));
      const bytes = await forms.pdf(report, queryOf(request));
      return sendPdf(reply, `${forms.fileName(report)}-${languageOf(queryOf(request))}.pdf`, bytes);
    },
  );
}

/** Daily and monthly roster, variance and utilization reports, as JSON, xlsx and PDF (DESIGN §12–13). */
export function reportRoutes(context: ModuleContext): FastifyPluginAsyncTypebox {
  const deps = depsOf(context);
  return async (app) => {
    registerReport(app, {
      path: '/reports/daily-roster',
      permission: 'roster.view',
      name: 'DailyRoster',
      summary: 'The roster of one day: who works which shift where, heads and hours per shift',
      title: 'The daily roster',
      description: fromRoster,
      querystring: DailyRosterQuery,
      response: DailyRosterReport,
      problems: draftProblems,
      build: (caller, query) => reports.dailyRoster(deps, caller, query),
      fileName: (report) => `daily-roster-${report.date}${draftSuffix(report)}`,
      workbook: documents.dailyRosterWorkbook,
      pdf: documents.dailyRosterPdf,
    });
    registerReport(app, {
      path: '/reports/monthly-roster',
      permission: 'roster.view',
      name: 'MonthlyRoster',
      summary: 'The roster of one month: one line per employee, a shift code per day, and the legend',
      title: 'The monthly roster',
      pdfSummary: 'The monthly roster report as a landscape PDF grid',
      description: fromRoster,
      querystring: MonthlyRosterQuery,
      response: MonthlyRosterReport,
      problems: draftProblems,
      build: (caller, query) => reports.monthlyRoster(deps, caller, query),
      fileName: (report) => `monthly-roster-${report.month}${draftSuffix(report)}`,
      workbook: documents.monthlyRosterWorkbook,
      pdf: documents.monthlyRosterPdf,
    });
    registerReport(app, {
      path: '/reports/variance',
      permission: 'reconciliation.view',
      name: 'Variance',
      summary: 'Required against planned against actual heads over a range',
      title: 'The variance',
      description: variance,
      querystring: RangeReportQuery,
      response: Variance,
      problems: rangeProblems,
      build: (caller, query) => reports.variance(deps, caller, query),
      fileName: (report) => `variance-${report.from}-${report.to}`,
      workbook: (report, query) => documents.varianceWorkbook(report, query.lang ?? 'en'),
      pdf: (report, query) => documents.variancePdf(report, query.lang ?? 'en'),
    });
    app.get(
      '/reports/utilization',
      {
        config: { auth: 'reconciliation.view' },
        schema: {
          operationId: 'getUtilizationReport',
          summary: 'Actual ÷ planned hours over a range, per department and overall',
          description:
            'Planned hours: each published shift’s length; actual: clock-in to clock-out on planned shifts ' +
            '(an unknown clock-out counted at the planned end, a no-show 0) plus unplanned attendance.',
          tags,
          querystring: UtilizationQuery,
          response: { 200: UtilizationReport, ...rangeProblems },
        },
      },
      async (request) => reports.utilization(deps, callerOf(request), request.query),
    );
  };
}
