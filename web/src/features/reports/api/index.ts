import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type ReportKind = 'daily' | 'monthly' | 'variance' | 'utilization';
export type FileFormat = 'pdf' | 'xlsx';
export type ReportLanguage = 'en' | 'ar';
export type AllocationRun = Schemas['AllocationRun'];
export type UtilizationReport = Schemas['UtilizationReport'];

export interface ReportRequest {
  kind: Exclude<ReportKind, 'utilization'>;
  format: FileFormat;
  lang: ReportLanguage;
  departmentId?: string;
  /** daily: the day. */
  date?: string;
  /** monthly: YYYY-MM. */
  month?: string;
  /** variance: the range. */
  from?: string;
  to?: string;
  /** daily and monthly: a run's proposal as a draft instead of the published roster. */
  runId?: string;
}

export interface ReportFile {
  blob: Blob;
  name: string;
  type: string;
}

const optional = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

const nameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * Fetches a report file with the bearer token (a plain link could not send it): the file comes back as a
 * `Blob` the screen hands to the browser through an object URL.
 */
export async function fetchReportFile(request: ReportRequest): Promise<ReportFile> {
  const { kind, format, lang, departmentId, runId } = request;
  const common = optional({ lang, departmentId });
  const answer = await (async () => {
    if (kind === 'daily') {
      const query = { ...common, date: request.date ?? '', ...optional({ runId }) };
      return format === 'pdf'
        ? api.GET('/api/reports/daily-roster.pdf', { params: { query }, parseAs: 'blob' })
        : api.GET('/api/reports/daily-roster.xlsx', { params: { query }, parseAs: 'blob' });
    }
    if (kind === 'monthly') {
      const query = { ...common, month: request.month ?? '', ...optional({ runId }) };
      return format === 'pdf'
        ? api.GET('/api/reports/monthly-roster.pdf', { params: { query }, parseAs: 'blob' })
        : api.GET('/api/reports/monthly-roster.xlsx', { params: { query }, parseAs: 'blob' });
    }
    const query = { ...common, ...optional({ from: request.from, to: request.to }) };
    return format === 'pdf'
      ? api.GET('/api/reports/variance.pdf', { params: { query }, parseAs: 'blob' })
      : api.GET('/api/reports/variance.xlsx', { params: { query }, parseAs: 'blob' });
  })();
  const blob = await call<Blob>(
    Promise.resolve(answer as { data?: Blob; error?: unknown; response: Response }),
  );
  return {
    blob,
    type: answer.response.headers.get('content-type') ?? blob.type,
    name: nameOf(answer.response, `${kind}.${format}`),
  };
}

export function useReportFile() {
  return useMutation({ mutationFn: fetchReportFile });
}

/** Runs whose proposal can be printed as a draft (executed, not archived). */
export function useDraftRuns(enabled: boolean) {
  return useQuery({
    queryKey: keys.allocation.drafts(),
    queryFn: async () =>
      (await call(api.GET('/api/allocation-runs', { params: { query: { pageSize: 100 } } }))).items.filter(
        (run) => run.Status === 'Executed' || run.Status === 'Reviewed' || run.Status === 'Locked',
      ),
    enabled,
  });
}

export function useUtilization(query: { from?: string; to?: string; departmentId?: string } | null) {
  return useQuery({
    queryKey: keys.reports.utilization(query),
    queryFn: () => call(api.GET('/api/reports/utilization', { params: { query: optional(query ?? {}) } })),
    enabled: query !== null,
  });
}
