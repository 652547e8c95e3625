import type { Schemas } from '../../lib/api/client';

export type ImportJob = Schemas['ImportJob'];
export type JobStatus = ImportJob['status'];

/** The upload limit the service enforces (10 MB); checked here too, so a person learns it before sending. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const JOB_STATUSES: readonly JobStatus[] = [
  'Queued',
  'Running',
  'Completed',
  'CompletedWithErrors',
  'Failed',
  'Cancelled',
];

export const isActive = (status: JobStatus) => status === 'Queued' || status === 'Running';

/** How far a job is, 0–100, from the rows done of the rows counted at upload. */
export function progressPercent(job: Pick<ImportJob, 'status' | 'rowsTotal' | 'rowsDone'>): number {
  if (!isActive(job.status)) return 100;
  if (job.rowsTotal <= 0) return 0;
  return Math.min(100, Math.floor((job.rowsDone / job.rowsTotal) * 100));
}

export const statusColor = (status: JobStatus): string =>
  ({
    Queued: 'gray',
    Running: 'blue',
    Completed: 'green',
    CompletedWithErrors: 'orange',
    Failed: 'red',
    Cancelled: 'gray',
  })[status] ?? 'gray';

/** Why an upload was refused before any job, as the screen words it. */
export type Refusal =
  | { kind: 'tooLarge' }
  | { kind: 'notSpreadsheet' }
  | { kind: 'wrongHeaders'; problems: SchemaProblem[] }
  | { kind: 'tooManyRows' }
  | { kind: 'unsafe' }
  | { kind: 'unreadable' }
  | { kind: 'busy'; retryAfter: number | null }
  | { kind: 'other'; detail: string | null };

/** One mismatch of the workbook with the template, read from the service's English message. */
export type SchemaProblem =
  | { kind: 'missingSheet'; sheet: string }
  | { kind: 'missingHeader'; sheet: string; header: string }
  | { kind: 'unknownHeader'; sheet: string; header: string; column: number }
  | { kind: 'other'; path: string; message: string };

export function describeSchemaProblem(problem: { path: string; message: string }): SchemaProblem {
  const sheet = problem.path.split('/')[0] ?? problem.path;
  let match = /^missing sheet (.+)$/.exec(problem.message);
  if (match) return { kind: 'missingSheet', sheet: match[1]! };
  match = /^missing header (.+)$/.exec(problem.message);
  if (match) return { kind: 'missingHeader', sheet, header: match[1]! };
  match = /^unknown header (.*) \(column (\d+)\)$/.exec(problem.message);
  if (match) return { kind: 'unknownHeader', sheet, header: match[1]!, column: Number(match[2]) };
  return { kind: 'other', path: problem.path, message: problem.message };
}

/** Reads a refused upload: the status and problem code the service answered, and `Retry-After` when busy. */
export function refusalOf(
  status: number,
  problem: { code?: string; detail?: string; errors?: unknown } | undefined,
  retryAfter: string | null,
): Refusal {
  const code = problem?.code;
  if (status === 413 || code === 'PAYLOAD_TOO_LARGE') return { kind: 'tooLarge' };
  if (status === 415 || code === 'UNSUPPORTED_MEDIA_TYPE') return { kind: 'notSpreadsheet' };
  if (code === 'IMPORT_SCHEMA_INVALID') {
    const errors = Array.isArray(problem?.errors)
      ? (problem.errors as { path: string; message: string }[])
      : [];
    return { kind: 'wrongHeaders', problems: errors.map(describeSchemaProblem) };
  }
  if (code === 'IMPORT_TOO_MANY_ROWS') return { kind: 'tooManyRows' };
  if (code === 'IMPORT_FILE_UNSAFE') return { kind: 'unsafe' };
  if (code === 'IMPORT_FILE_UNREADABLE') return { kind: 'unreadable' };
  if (status === 503 && code === 'UPLOADS_BUSY') {
    const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
    return { kind: 'busy', retryAfter: Number.isFinite(seconds) ? seconds : null };
  }
  return { kind: 'other', detail: problem?.detail ?? null };
}

/**
 * What the browser can tell before sending: over the size limit. Whether it is a spreadsheet the service
 * judges by content (a renamed file can fool a name), so that refusal comes from the service.
 */
export const localRefusal = (file: { size: number }): Refusal | null =>
  file.size > MAX_UPLOAD_BYTES ? { kind: 'tooLarge' } : null;

/** The file name a download is saved under: the service's `Content-Disposition`, else the fallback. */
export function fileNameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(contentDisposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain ? plain[1]!.trim() : fallback;
}
