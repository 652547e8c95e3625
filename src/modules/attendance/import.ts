import { createHash } from 'node:crypto';
import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { lockUntilCommit } from '../../core/db/database.ts';
import { AppError, conflict, notFound } from '../../core/http/errors.ts';
import { uploadGate } from '../../core/http/upload-gate.ts';
import { type Upload, workbookRefusal } from '../../core/http/workbooks.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import {
  cellOf,
  dateOf,
  headerMap,
  isBlankRow,
  openXlsx,
  type SchemaProblem,
  type SheetRow,
  timeOf,
  writeXlsx,
  type XlsxWorkbook,
} from '../../core/xlsx/index.ts';
import { activeAttendanceStatuses } from '../lookups/reads.ts';
import * as importRepo from './import-repository.ts';
import type { ImportPreview, ImportResult, ImportRowVerdict } from './schemas.ts';

import { attendanceLock, type Segment, segmentLabel, segmentsOverlap } from './segments.ts';
import { timesProblem } from './times.ts';

/**
 * The attendance workbook: one sheet `Attendance`, a row per segment of presence (employee, date and
 * Time_In; a night is two rows, 22:00–24:00 and 00:00–06:00 the next date). Preview checks every row and
 * keeps the valid ones (resolved to ids) in the database; commit writes them in one transaction.
 */
export const SHEET = 'Attendance';
export const COLUMNS = ['employeeNumber', 'date', 'Time_In', 'Time_Out', 'statusCode'] as const;
type Column = (typeof COLUMNS)[number];

/** A preview may be committed within the hour after it was made. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;
/** Previews (committed or not) are kept a day, so a late commit hears 409 rather than 404. */
const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;
/** Business dates keep to the years 1900–2199 (docs/decisions.md, "Reference data"). */
const EARLIEST = '1900-01-01';

const list = (codes: Iterable<string>) => [...codes].join(', ') || '(none)';

export async function template(deps: ServiceDeps, caller: Caller): Promise<Buffer> {
  const statuses = await activeAttendanceStatuses(deps.db, caller.principal.buId);
  const notes: Record<Column, string> = {
    employeeNumber:
      'Required. The employee’s number; a record (a segment of presence) is matched (upserted) by employee, date and Time_In.',
    date: 'Required. The business date, YYYY-MM-DD, today or earlier.',
    Time_In:
      'Optional. Clock-in time, HH:mm: the segment’s key (several segments a date; without one, the row is a status for the whole date).',
    Time_Out:
      'Optional. Clock-out time, HH:mm, on the same date (24:00 for midnight): earlier than Time_In (crossing midnight) is rejected; a night is two rows, 22:00–24:00 and 00:00–06:00 on the next date. Segments of one person must not overlap.',
    statusCode: `Optional when Time_In is given (PRESENT). Attendance status: ${list(statuses.keys())}`,
  };
  return (await writeXlsx([
    { name: SHEET, columns: COLUMNS.map((header) => ({ header, note: notes[header], width: 18 })), rows: [] },
  ]))!;
}

/** A row's verdict and, while it is valid, the row resolved to ids. */
interface Checked {
  verdict: ImportRowVerdict;
  row: importRepo.ImportRow | null;
}

/** Reads the sheet's rows and checks the headers; 422 IMPORT_SCHEMA_INVALID lists what does not match. */
async function readSheet(
  workbook: XlsxWorkbook,
): Promise<{ rows: SheetRow[]; columns: Record<Column, number> }> {
  const problems: SchemaProblem[] = [];
  if (!workbook.sheetNames.includes(SHEET)) {
    problems.push({ path: SHEET, message: `missing sheet ${SHEET}` });
  } else {
    const all = await workbook.readAll(SHEET);
    const columns = headerMap<Column>(SHEET, all[0], COLUMNS, problems);
    if (columns) return { rows: all.slice(1).filter((row) => !isBlankRow(row)), columns };
  }
  throw new AppError(422, 'IMPORT_SCHEMA_INVALID', 'The workbook does not match the template', {
    errors: problems,
  });
}

function checkRow(
  sheetRow: SheetRow,
  columns: Record<Column, number>,
  context: { employees: Map<string, string>; statuses: Map<string, string>; today: string },
): Checked {
  const cell = (column: Column) => cellOf(sheetRow, columns, column);
  const errors: ImportRowVerdict['errors'] = [];
  const fail = (column: Column, code: string, message: string) => errors.push({ column, code, message });

  const employeeNumber = cell('employeeNumber');
  const employeeId = context.employees.get(employeeNumber);
  if (employeeNumber === '') fail('employeeNumber', 'REQUIRED', 'The employee number is required');
  else if (!employeeId)
    fail('employeeNumber', 'EMPLOYEE_UNKNOWN', `No employee ${employeeNumber} in your scope`);

  const parsedDate = dateOf(cell('date'));
  let date: string | null = null;
  if (parsedDate === null) fail('date', 'REQUIRED', 'The date is required');
  else if (parsedDate === 'invalid' || parsedDate < EARLIEST || parsedDate > '2199-12-31') {
    fail('date', 'DATE_INVALID', `"${cell('date')}" is not a date (YYYY-MM-DD)`);
  } else {
    date = parsedDate;
    if (date > context.today) fail('date', 'DATE_IN_FUTURE', `${date} is after today (${context.today})`);
  }

  const times = {
    Time_In: timeOf(cell('Time_In')),
    Time_Out: timeOf(cell('Time_Out'), { endOfDay: true }),
  };
  for (const column of ['Time_In', 'Time_Out'] as const) {
    if (times[column] === 'invalid') fail(column, 'TIME_INVALID', `"${cell(column)}" is not a time (HH:mm)`);
  }
  const timeIn = times.Time_In === 'invalid' ? null : times.Time_In;
  const timeOut = times.Time_Out === 'invalid' ? null : times.Time_Out;
  if (times.Time_In !== 'invalid' && times.Time_Out !== 'invalid') {
    const problem = timesProblem(timeIn, timeOut);
    if (problem) fail('Time_Out', problem.code, problem.message);
  }

  let statusCode: string | null = cell('statusCode').toUpperCase() || null;
  if (statusCode === null && timeIn !== null) statusCode = 'PRESENT';
  const statusId = statusCode === null ? undefined : context.statuses.get(statusCode);
  if (statusCode === null) fail('statusCode', 'REQUIRED', 'The status is required when there is no Time_In');
  else if (!statusId)
    fail('statusCode', 'ATTENDANCE_STATUS_UNKNOWN', `No active attendance status ${statusCode}`);

  const verdict: ImportRowVerdict = {
    rowNumber: sheetRow.rowNumber,
    employeeNumber,
    date,
    Time_In: timeIn,
    Time_Out: timeOut,
    statusCode,
    verdict: errors.length ? 'rejected' : 'new',
    errors,
    before: null,
  };
  if (errors.length) return { verdict, row: null };
  return { verdict, row: { e: employeeId!, d: date!, i: timeIn, o: timeOut, s: statusId! } };
}

const reject = (item: Checked, column: Column, code: string, message: string) => {
  item.verdict.verdict = 'rejected';
  item.verdict.errors.push({ column, code, message });
  item.row = null;
};

const dayKey = (row: importRepo.ImportRow) => `${row.e}|${row.d}`;
const segmentKey = (row: importRepo.ImportRow) => `${row.e}|${row.d}|${row.i ?? ''}`;
const asSegment = (row: importRepo.ImportRow): Segment => ({ Time_In: row.i, Time_Out: row.o });

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * Rows naming the same segment twice (employee, date and Time_In): all of them are rejected (which one is
 * right?).
 */
function rejectDuplicates(checked: Checked[]): void {
  const valid = checked.filter((item) => item.row);
  for (const items of groupBy(valid, (item) => segmentKey(item.row!)).values()) {
    if (items.length < 2) continue;
    const rowNumbers = items.map((item) => item.verdict.rowNumber).join(', ');
    for (const item of items) {
      reject(item, 'Time_In', 'DUPLICATE_ROW', `Rows ${rowNumbers} name the same employee, date and Time_In`);
    }
  }
}

/**
 * Segments of one person and date must not overlap (`SEGMENT_OVERLAP`): rows of the file that overlap each
 * other are all rejected; a row overlapping a recorded segment the file does not replace is rejected. A
 * rejected row leaves the segment it would have replaced in place, so the check runs again until it holds.
 */
function rejectOverlaps(checked: Checked[], recorded: importRepo.ImportRow[]): void {
  const recordedByDay = groupBy(recorded, dayKey);
  const valid = checked.filter((item) => item.row);
  for (const [day, items] of groupBy(valid, (item) => dayKey(item.row!))) {
    let rows = items;
    for (;;) {
      const keys = new Set(rows.map((item) => segmentKey(item.row!)));
      const kept = (recordedByDay.get(day) ?? []).filter((record) => !keys.has(segmentKey(record)));
      const problems = new Map<Checked, string[]>();
      for (const item of rows) {
        const segment = asSegment(item.row!);
        const found = [
          ...rows
            .filter((other) => other !== item && segmentsOverlap(segment, asSegment(other.row!)))
            .map((other) => `row ${other.verdict.rowNumber} (${segmentLabel(asSegment(other.row!))})`),
          ...kept
            .filter((record) => segmentsOverlap(segment, asSegment(record)))
            .map((record) => `the recorded segment ${segmentLabel(asSegment(record))}`),
        ];
        if (found.length) problems.set(item, found);
      }
      if (!problems.size) break;
      for (const [item, found] of problems) {
        reject(
          item,
          'Time_In',
          'SEGMENT_OVERLAP',
          `${segmentLabel(asSegment(item.row!))} overlaps ${found.join(' and ')} of the same person and date`,
        );
      }
      rows = rows.filter((item) => item.row);
    }
  }
}

/**
 * Checks an uploaded workbook (the same guard as the employee import: an xlsx by content, zip and row
 * caps) and answers a verdict per row; the valid rows wait in the database for the commit.
 */
export async function previewImport(
  deps: ServiceDeps,
  caller: Caller,
  upload: Upload,
): Promise<ImportPreview> {
  const { principal } = caller;
  // One upload parsed at a time in the process (upload-gate.ts); the others wait their turn or get 503.
  const sheet = await uploadGate.run(async () => {
    let workbook: XlsxWorkbook | null = null;
    try {
      workbook = await openXlsx(upload.bytes);
      return await readSheet(workbook);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw workbookRefusal(error);
    } finally {
      workbook?.close();
    }
  });
  const [employees, statuses] = await Promise.all([
    importRepo.employeesByNumber(deps.db, principal.buId, principal.scopeOf('attendance.import')),
    activeAttendanceStatuses(deps.db, principal.buId),
  ]);
  const checked = sheet.rows.map((row) =>
    checkRow(row, sheet.columns, { employees, statuses, today: principal.today }),
  );
  rejectDuplicates(checked);
  const recorded = await importRepo.segmentsOf(
    deps.db,
    principal.buId,
    checked.flatMap((item) => (item.row ? [item.row] : [])),
  );
  rejectOverlaps(checked, recorded);
  const valid = checked.flatMap(({ row, verdict }) => (row ? [{ row, verdict }] : []));
  const current = new Map(recorded.map((record) => [segmentKey(record), record]));
  for (const { row, verdict } of valid) {
    const now = current.get(segmentKey(row));
    if (!now) continue;
    verdict.verdict = now.o === row.o && now.s === row.s ? 'unchanged' : 'changed';
    verdict.before = { Time_In: now.i, Time_Out: now.o, statusCode: now.c };
  }
  const verdicts = checked.map((item) => item.verdict);
  const count = (kind: ImportRowVerdict['verdict']) => verdicts.filter((v) => v.verdict === kind).length;
  const summary = {
    rows: verdicts.length,
    new: count('new'),
    changed: count('changed'),
    unchanged: count('unchanged'),
    rejected: count('rejected'),
  };
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const createdAt = deps.now();
  const previewId = await deps.db.transaction(async (tx) => {
    await importRepo.purgeImports(tx, principal.buId, new Date(createdAt.getTime() - PREVIEW_KEPT_MS));
    const id = await importRepo.insertImport(tx, {
      buId: principal.buId,
      createdBy: principal.userId,
      createdAt,
      fileName: upload.fileName,
      sha256,
      rowsTotal: summary.rows,
      rowsRejected: summary.rejected,
      // Only what the preview lists as new or changed is written: an unchanged row leaves its record (and
      // its source, say an edit under review) as it is.
      validRows: valid.flatMap((item) => (item.verdict.verdict === 'unchanged' ? [] : [item.row])),
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'attendance.import.preview',
      entityType: 'attendance_import',
      entityId: id,
      details: { fileName: upload.fileName, sha256, sizeBytes: upload.bytes.length, ...summary },
    });
    return id;
  });
  return {
    previewId,
    expiresAt: new Date(createdAt.getTime() + PREVIEW_TTL_MS).toISOString(),
    fileName: upload.fileName,
    sha256,
    summary,
    rows: verdicts,
  };
}

/**
 * Writes the valid rows of a preview in one transaction (upsert by employee, date and Time_In). A preview
 * is committed once, by whoever made it, within the hour; otherwise 409 (or 404 for someone else's). The
 * unit's attendance lock is held throughout, and segments that would overlap once written (records
 * changed since the preview) refuse the whole commit: 409 `SEGMENT_OVERLAP`.
 */
export async function commitImport(
  deps: ServiceDeps,
  caller: Caller,
  previewId: string,
): Promise<ImportResult> {
  const { principal } = caller;
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, attendanceLock(principal.buId));
    const preview = await importRepo.findImport(tx, principal.buId, previewId);
    if (!preview || preview.createdBy !== principal.userId) throw notFound('Attendance import preview');
    if (preview.committedAt) {
      throw conflict(
        'IMPORT_PREVIEW_COMMITTED',
        `The preview was committed at ${preview.committedAt.toISOString()}`,
        {
          committedAt: preview.committedAt.toISOString(),
        },
      );
    }
    const expiresAt = new Date(preview.createdAt.getTime() + PREVIEW_TTL_MS);
    if (at >= expiresAt) {
      throw conflict(
        'IMPORT_PREVIEW_EXPIRED',
        `The preview expired at ${expiresAt.toISOString()} (an hour after it was made); preview the file again`,
        { expiresAt: expiresAt.toISOString() },
      );
    }
    const written = await importRepo.commitImport(tx, {
      buId: principal.buId,
      importId: previewId,
      at,
      actorUserId: principal.userId,
      actorUsername: principal.username,
    });
    const overlaps = await importRepo.overlapsOfImport(tx, principal.buId, previewId);
    if (overlaps.length) {
      throw conflict(
        'SEGMENT_OVERLAP',
        'Attendance recorded since the preview overlaps segments of the file; nothing was written. Preview the file again',
        {
          overlaps: overlaps.map((row) => ({
            employeeNumber: row.employeeNumber,
            date: row.date,
            segments: [row.first, row.second]
              .sort((a, b) => (a.Time_In ?? '').localeCompare(b.Time_In ?? ''))
              .map(segmentLabel),
          })),
        },
      );
    }
    const valid = preview.rowsTotal - preview.rowsRejected;
    const result = {
      inserted: written.inserted,
      updated: written.updated,
      unchanged: valid - written.inserted - written.updated,
      rejected: preview.rowsRejected,
    };
    await importRepo.markCommitted(tx, previewId, { by: principal.userId, at, result });
    await recordAudit(tx, actorOf(caller), {
      action: 'attendance.import.commit',
      entityType: 'attendance_import',
      entityId: previewId,
      details: result,
    });
    return { previewId, committedAt: at.toISOString(), ...result };
  });
}
