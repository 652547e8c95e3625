import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Problem, uploadForm } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';
import { fileNameOf, type ImportJob, isActive, type JobStatus } from '../logic';

export const JOBS_PAGE_SIZE = 20;

export function useImportJobs(status: string, page: number) {
  return useQuery({
    queryKey: keys.imports.jobPage(status, page),
    queryFn: () =>
      call(
        api.GET('/api/imports/jobs', {
          params: {
            query: { page, pageSize: JOBS_PAGE_SIZE, ...(status ? { status: status as JobStatus } : {}) },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    // The history shows running jobs moving too, more slowly than the job's own screen.
    refetchInterval: (query) => (query.state.data?.items.some((job) => isActive(job.status)) ? 3000 : false),
  });
}

/** One job; while it is queued or running it is read again every second, then no more. */
export function useImportJob(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: keys.imports.job(id),
    queryFn: async () => {
      const job = await call(api.GET('/api/imports/jobs/{id}', { params: { path: { id } } }));
      if (!isActive(job.status)) {
        // The imported people change the people screens' lists.
        void invalidate(client, ['people', 'imports']);
      }
      return job;
    },
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.status) ? false : 1000),
  });
}

/** A refused upload: the answer's status, its problem details and `Retry-After`, for the screen to word. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly problem: (Problem & { errors?: unknown }) | undefined,
    readonly retryAfter: string | null,
  ) {
    super(`upload refused: ${status}`);
  }
}

export function useUploadWorkbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const { data, error, response } = await api.POST('/api/imports/employees', {
        body: { file },
        bodySerializer: uploadForm,
      });
      if (!response.ok || !data)
        throw new UploadRefused(
          response.status,
          error as Problem | undefined,
          response.headers.get('retry-after'),
        );
      return data;
    },
    onSuccess: () => invalidate(client, ['imports']),
  });
}

export function useCancelJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/api/imports/jobs/{id}', { params: { path: { id } } })),
    onSuccess: (job: ImportJob) => client.setQueryData(keys.imports.job(job.id), job),
    onSettled: () => invalidate(client, ['imports']),
  });
}

/** The three workbooks the service offers: the blank template, today's data, a job's failed rows. */
export type Download = { kind: 'template' } | { kind: 'current' } | { kind: 'errors'; jobId: string };

const fetchWorkbook = (what: Download) => {
  if (what.kind === 'errors')
    return api.GET('/api/imports/jobs/{id}/error-report', {
      params: { path: { id: what.jobId } },
      parseAs: 'blob',
    });
  return api.GET(what.kind === 'template' ? '/api/imports/template' : '/api/imports/export-current', {
    parseAs: 'blob',
  });
};

const FALLBACK_NAMES: Record<Download['kind'], string> = {
  template: 'employee-import-template.xlsx',
  current: 'employees-current.xlsx',
  errors: 'import-errors.xlsx',
};

/**
 * Downloads a workbook with the session's bearer token (a plain link would carry none): fetched as a blob,
 * then saved under the service's file name through a temporary link.
 */
export async function downloadWorkbook(what: Download): Promise<void> {
  const { data, error, response } = await fetchWorkbook(what);
  if (!response.ok || !data) await call(Promise.resolve({ error, response }));
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), FALLBACK_NAMES[what.kind]);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownload() {
  return useMutation({ mutationFn: downloadWorkbook });
}
