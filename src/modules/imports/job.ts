import { recordAudit } from '../../core/audit/record.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Database, queryRows } from '../../core/db/database.ts';
import {
  type ClaimedJob,
  isJobLost,
  type JobControl,
  type JobHandler,
  type JobStatus,
} from '../../core/jobs/runner.ts';
import { cellOf, dateOf, openXlsx } from '../../core/xlsx/index.ts';
import * as repo from './repository.ts';
import { type EmployeeColumn, type ParsedWorkbook, parseWorkbook, SHEETS } from './workbook.ts';

/** What the upload stores with the job for the worker. */
export interface ImportPayload {
  scope: DepartmentScope;
  actor: { userId: string; username: string };
}

type Unit =
  | { kind: 'employee'; rowNumber: number; values: repo.EmployeeValues }
  | { kind: 'failed'; errors: repo.RowError[] };

const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Turns the workbook into work units, in a fixed order so a resume lands on the same row: one per
 * Employees row (valid or failed), then one per EmployeeSkills row whose employee is not on the
 * Employees sheet (always failed).
 */
export function planUnits(parsed: ParsedWorkbook, maps: repo.CodeMaps, scope: DepartmentScope): Unit[] {
  const { employeeColumns: ec, skillColumns: sc } = parsed;
  const numbers = new Set<string>();
  const skillsOf = new Map<
    string,
    { rows: number[]; skills: repo.EmployeeValues['skills']; errors: repo.RowError[] }
  >();
  const orphans: Unit[] = [];
  const employeeNumbers = new Set(parsed.employees.map((row) => cellOf(row, ec, 'employeeNumber')));
  for (const row of parsed.skills) {
    const number = cellOf(row, sc, 'employeeNumber');
    const err = (column: string | null, value: string | null, reason: string): repo.RowError => ({
      rowNumber: row.rowNumber,
      sheet: SHEETS.skills,
      column,
      value,
      reason,
    });
    if (!number || !employeeNumbers.has(number)) {
      orphans.push({
        kind: 'failed',
        errors: [
          err('employeeNumber', number, 'The employee is not on the Employees sheet of this workbook'),
        ],
      });
      continue;
    }
    const entry = skillsOf.get(number) ?? { rows: [], skills: [], errors: [] };
    skillsOf.set(number, entry);
    const skillCode = cellOf(row, sc, 'skillCode');
    const levelCode = cellOf(row, sc, 'levelCode');
    const skillId = maps.skills.get(skillCode);
    const levelId = levelCode === '' ? null : maps.levels.get(levelCode);
    if (!skillId)
      entry.errors.push(err('skillCode', skillCode, skillCode ? 'Unknown skill code' : 'Required'));
    else if (levelId === undefined)
      entry.errors.push(err('levelCode', levelCode, 'Unknown skill level code'));
    else if (entry.skills!.some((s) => s.skillId === skillId)) {
      entry.errors.push(err('skillCode', skillCode, 'The skill is listed twice for this employee'));
    } else entry.skills!.push({ skillId, levelId });
  }
  const units: Unit[] = [];
  for (const row of parsed.employees) {
    const errors: repo.RowError[] = [];
    const cell = (column: EmployeeColumn) => cellOf(row, ec, column);
    const err = (column: string, value: string, reason: string) =>
      errors.push({ rowNumber: row.rowNumber, sheet: SHEETS.employees, column, value, reason });
    const number = cell('employeeNumber');
    if (!number) err('employeeNumber', number, 'Required');
    else if (!CODE.test(number)) err('employeeNumber', number, 'Letters, digits, _ . - only (at most 64)');
    else if (numbers.has(number)) err('employeeNumber', number, 'The number appears twice on the sheet');
    numbers.add(number);
    const nameEn = cell('Name_1_English');
    const nameAr = cell('Name_2_Arabic');
    if (!nameEn) err('Name_1_English', nameEn, 'Required');
    else if (nameEn.length > 200) err('Name_1_English', nameEn.slice(0, 50), 'At most 200 characters');
    if (!nameAr) err('Name_2_Arabic', nameAr, 'Required');
    else if (nameAr.length > 200) err('Name_2_Arabic', nameAr.slice(0, 50), 'At most 200 characters');
    const departmentCode = cell('departmentCode');
    let departmentId: string | null = null;
    if (departmentCode) {
      departmentId = maps.departments.get(departmentCode) ?? null;
      if (!departmentId) err('departmentCode', departmentCode, 'Unknown department code');
    }
    if (scope.kind === 'departments') {
      const inScope = (id: string | null | undefined) => id != null && scope.departmentIds.includes(id);
      if (departmentId !== null && !inScope(departmentId)) {
        err('departmentCode', departmentCode, 'The department is outside your scope');
      } else if (departmentId === null && departmentCode === '') {
        err('departmentCode', departmentCode, 'Required for an importer whose grant covers some departments');
      } else if (maps.existing.has(number) && !inScope(maps.existing.get(number))) {
        err('employeeNumber', number, 'The employee belongs to a department outside your scope');
      }
    }
    const gradeCode = cell('gradeCode');
    let gradeId: string | null = null;
    if (gradeCode) {
      gradeId = maps.grades.get(gradeCode) ?? null;
      if (!gradeId) err('gradeCode', gradeCode, 'Unknown grade code');
    }
    const status = cell('Status') || 'ACTIVE';
    if (!maps.statuses.has(status)) err('Status', status, 'Unknown employee status code');
    const hire = dateOf(cell('hireDate'));
    const end = dateOf(cell('endDate'));
    if (hire === 'invalid') err('hireDate', cell('hireDate'), 'Not a date (YYYY-MM-DD)');
    if (end === 'invalid') err('endDate', cell('endDate'), 'Not a date (YYYY-MM-DD)');
    if (hire && end && hire !== 'invalid' && end !== 'invalid' && end < hire) {
      err('endDate', cell('endDate'), 'Before hireDate');
    }
    let homePoolId: string | null | undefined;
    if (ec.homePoolCode >= 0) {
      const poolCode = cell('homePoolCode');
      const pool = poolCode ? maps.pools.get(poolCode) : undefined;
      homePoolId = pool?.id ?? null;
      if (poolCode && !pool) err('homePoolCode', poolCode, 'Unknown pool code');
      else if (pool && pool.departmentId !== departmentId) {
        err('homePoolCode', poolCode, "The pool belongs to another department than the employee's");
      }
    }
    const skills = skillsOf.get(number);
    if (skills?.errors.length) errors.push(...skills.errors);
    if (errors.length) {
      units.push({ kind: 'failed', errors });
      continue;
    }
    units.push({
      kind: 'employee',
      rowNumber: row.rowNumber,
      values: {
        employeeNumber: number,
        nameEn,
        nameAr,
        departmentId,
        gradeId,
        status,
        hireDate: hire as string | null,
        endDate: end as string | null,
        skills: skills ? skills.skills : null,
        homePoolId,
      },
    });
  }
  return [...units, ...orphans];
}

/** The employee import as a job of the core runner: each row one statement (its own transaction). */
export function employeeImportJob(database: Database): JobHandler {
  const db = database.db;
  const asyncCommit = database.driver === 'postgres';
  return {
    kind: repo.EMPLOYEE_IMPORT,
    async run(job: ClaimedJob, control: JobControl) {
      const payload = job.payload as unknown as ImportPayload;
      const workbook = await openXlsx(job.input ?? Buffer.alloc(0));
      let units: Unit[];
      try {
        const read = await parseWorkbook(workbook);
        if (!read.ok) return { status: 'Failed', error: read.problems.map((p) => p.message).join('; ') };
        const maps = await repo.codeMaps(db, job.buId, payload.scope.kind === 'departments');
        units = planUnits(read.parsed, maps, payload.scope);
      } finally {
        workbook.close();
      }
      if (units.length !== job.rowsTotal) await control.setTotal(db, units.length);
      for (let index = job.cursor; index < units.length; index++) {
        if (control.lost || control.stopping) return { status: 'Running' };
        if (control.cancelled) return { status: 'Cancelled' };
        const unit = units[index]!;
        let answer: { cancel_requested: boolean | null }[];
        if (unit.kind === 'employee') {
          try {
            answer = await queryRows(
              db,
              repo.upsertEmployeeStatement(
                job.buId,
                unit.values,
                (changed) => control.advance(index, { changed }),
                asyncCommit,
              ),
            );
          } catch (error) {
            if (isJobLost(error)) throw error;
            // The database refused the row (e.g. a code deleted since the upload): report it and go on.
            answer = await queryRows(
              db,
              repo.failedRowStatement(
                job.id,
                [
                  {
                    rowNumber: unit.rowNumber,
                    sheet: SHEETS.employees,
                    column: null,
                    value: unit.values.employeeNumber,
                    reason: `The database refused the row: ${(error as Error).message.split('\n')[0]}`,
                  },
                ],
                control.advance(index, { failed: true }),
                asyncCommit,
              ),
            );
          }
        } else {
          answer = await queryRows(
            db,
            repo.failedRowStatement(
              job.id,
              unit.errors,
              control.advance(index, { failed: true }),
              asyncCommit,
            ),
          );
        }
        control.noteCancel(answer[0]?.cancel_requested === true);
        // Let requests in between rows: PGlite runs one query at a time, and a tight loop starves them.
        await new Promise((resolve) => setImmediate(resolve));
      }
      const counts = await repo.jobCounts(db, job.id);
      return { status: counts.rows_failed > 0 ? 'CompletedWithErrors' : 'Completed' };
    },
    async finished(executor, job, status: JobStatus, error) {
      const payload = job.payload as unknown as ImportPayload;
      const counts = await repo.jobCounts(executor, job.id);
      await recordAudit(
        executor,
        { buId: job.buId, userId: payload.actor.userId, username: payload.actor.username, traceId: null },
        {
          action: status === 'Cancelled' ? 'import.cancelled' : 'import.finished',
          entityType: 'import_job',
          entityId: job.id,
          details: {
            status,
            rowsTotal: counts.rows_total,
            rowsDone: counts.rows_done,
            rowsFailed: counts.rows_failed,
            rowsChanged: counts.rows_changed,
            error: error ?? null,
          },
        },
      );
    },
  };
}
