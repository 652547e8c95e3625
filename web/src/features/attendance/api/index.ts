import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas, uploadForm } from '../../../lib/api/client';
import { invalidate } from '../../../lib/api/invalidate';
import { keys } from '../../../lib/api/keys';
import { useMutation } from '../../../lib/api/mutation';

export type AttendanceReview = Schemas['AttendanceReview'];
export type AttendanceRecord = Schemas['AttendanceRecord'];
export type AttendanceChange = Schemas['AttendanceChange'];
export type ImportPreview = Schemas['AttendanceImportPreview'];
export type ImportRow = Schemas['AttendanceImportRow'];
export type ImportResult = Schemas['AttendanceImportResult'];

/** The bell's count of attendance edits awaiting review, every 30 s. */
export function usePendingAttendanceReviewCount(enabled: boolean) {
  return useQuery({
    queryKey: keys.attendance.pendingCount(),
    queryFn: async () => (await call(api.GET('/api/admin/attendance/pending-reviews/count'))).count,
    enabled,
    refetchInterval: 30_000,
  });
}

export function usePendingAttendanceReviews() {
  return useQuery({
    queryKey: keys.attendance.reviews(),
    queryFn: () =>
      call(api.GET('/api/admin/attendance/pending-reviews', { params: { query: { pageSize: 200 } } })),
  });
}

/** Acknowledges or reverts a review; the queue, its count, the records and what is reconciled from them. */
export function useDecideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      comment,
    }: {
      id: string;
      decision: 'acknowledge' | 'revert';
      comment: string;
    }) => {
      const options = { params: { path: { id } }, body: { comment: comment.trim() || null } };
      return call(
        decision === 'acknowledge'
          ? api.POST('/api/admin/attendance/pending-reviews/{id}/acknowledge', options)
          : api.POST('/api/admin/attendance/pending-reviews/{id}/revert', options),
      );
    },
    onSettled: () => invalidate(client, ['attendance']),
  });
}

export interface RecordFilters {
  from?: string;
  to?: string;
  departmentId?: string;
  statusCode?: string;
  employeeId?: string;
}

export const RECORDS_PAGE_SIZE = 50;

/** The unit's records for a holder of `attendance.view.all`, else those of the caller's departments. */
export function useAttendanceRecords(filters: RecordFilters, page: number, all: boolean) {
  return useQuery({
    queryKey: keys.attendance.records(all ? 'all' : 'scoped', filters, page),
    queryFn: () => {
      const query = { ...filters, page, pageSize: RECORDS_PAGE_SIZE };
      return call(
        all
          ? api.GET('/api/attendance/all', { params: { query } })
          : api.GET('/api/attendance/scoped', { params: { query } }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useAttendanceRecord(id: string) {
  return useQuery({
    queryKey: keys.attendance.record(id),
    queryFn: () => call(api.GET('/api/attendance/{id}', { params: { path: { id } } })),
  });
}

export function useAttendanceTrail(id: string) {
  return useQuery({
    queryKey: keys.attendance.trail(id),
    queryFn: () =>
      call(
        api.GET('/api/attendance/{id}/audit', {
          params: { path: { id }, query: { pageSize: 200 } },
        }),
      ),
  });
}

/** The admin edit, sent with the version read (`If-Match`): a stale edit answers 412. */
export function useEditAttendanceRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ record, body }: { record: AttendanceRecord; body: Schemas['AttendanceEdit'] }) =>
      call(
        api.PUT('/api/admin/attendance/{id}', {
          params: { path: { id: record.id }, header: { 'If-Match': `"${record.version}"` } },
          body,
        }),
      ),
    onSettled: () => invalidate(client, ['attendance']),
  });
}

export function useAttendanceStatuses() {
  return useQuery({
    queryKey: keys.lookups.every('attendance-statuses'),
    queryFn: async () =>
      (await call(api.GET('/api/admin/attendance-statuses', { params: { query: { pageSize: 200 } } }))).items,
    staleTime: 10 * 60_000,
    select: (statuses) => statuses.filter((status) => status.isActive),
  });
}

/** The blank workbook, as a download the browser keeps. */
export async function downloadTemplate(): Promise<void> {
  const { data, response } = await api.GET('/api/admin/attendance/template', { parseAs: 'blob' });
  if (!response.ok || !data) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'attendance-import-template.xlsx';
  link.click();
  URL.revokeObjectURL(url);
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (file: File) =>
      call(api.POST('/api/admin/attendance/import/preview', { body: { file }, bodySerializer: uploadForm })),
  });
}

export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) =>
      call(api.POST('/api/admin/attendance/import/commit', { body: { previewId } })),
    onSettled: () => {
      void invalidate(client, ['attendance']);
    },
  });
}
