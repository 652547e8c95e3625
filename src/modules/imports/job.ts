import { recordAudit } from '../../core/audit/record.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Database, type Executor, queryRows } from '../../core/db/database.ts';
import { causeChain } from '../../core/db/errors.ts';
import { createBatcher, JobStopped } from '../../core/jobs/batches.ts';
import type { ClaimedJob, JobControl, JobHandler, JobStatus } from '../../core/jobs/runner.ts';
import { businessDate } from '../../core/time/dates.ts';
import { openXlsx, readSheet, type SchemaProblem, type SheetRow } from '../../core/xlsx/index.ts';
import { gradesWithRates } from '../costs/reads.ts';
import { openEmployeeAccounts } from '../identity/first-accounts.ts';
import { gradesByIds } from '../lookups/reads.ts';
import { notify } from '../notifications/service.ts';
import { readSettings } from '../settings/service.ts';
import * as batchRepo from './batch-repository.ts';
import { planNodes, type Unit } from './plan.ts';
import { createCertificationIndex, failOverlappingCertifications } from './plan-certifications.ts';
import { planEmployee } from './plan-employees.ts';
import { createSkillIndex } from './plan-skills.ts';
import * as repo from './repository.ts';
import type { ImportNotice } from './schemas.ts';
import { SHEET_COLUMNS, SHEETS } from './workbook.ts';

/** What the upload stores with the job for the worker. */
export interface ImportPayload {
  scope: DepartmentScope;
  actor: { userId: string; username: string };
  /** The importer's certifications.manage grant (null or absent: none): it gates the certification rows. */
  certificationScope?: DepartmentScope | null;
}

export interface ImportJobOptions {
  /** Rows applied per statement or transaction (`IMPORT_BATCH_ROWS`). */
  batchRows: number;
  /** The service's clock: an import's "today" (effective dates) is the one every request sees. */
  now: () => Date;
}

/** The driver's own message (the query wrapper's names the whole statement), first line only. */
const refusal = (error: unknown) => {
  const messages = causeChain(error).flatMap(({ message }) => (typeof message === 'string' ? [message] : []));
  return `The database refused the row: ${(messages.at(-1) ?? String(error)).split('\n')[0]}`;
};

/**
 * What the import took but its author should know: a grade it named that has no labour rate, so that the
 * hours of its employees are priced at nothing until one is set (the import itself is right to take it).
 */
async function noticesOf(
  executor: Executor,
  buId: string,
  gradeIds: ReadonlySet<string>,
): Promise<ImportNotice[]> {
  const rated = await gradesWithRates(executor, buId, [...gradeIds]);
  const unrated = [...gradeIds].filter((id) => !rated.has(id));
  return (await gradesByIds(executor, buId, unrated))
    .map((grade) => ({ code: 'GRADE_WITHOUT_RATE' as const, gradeCode: grade.code }))
    .sort((a, b) => a.gradeCode.localeCompare(b.gradeCode));
}

/**
 * The employee import as a job of the core runner. The workbook is streamed into batches of units
 * (`batches.ts`): the OrgNodes rows first, then, with the codes read again so that a department of the
 * same file is known, the Employees rows (the EmployeeSkills sheet is read before them, by employee
 * number), then the EmployeeSkills rows that have no employee on the sheet.
 */
export function employeeImportJob(database: Database, options: ImportJobOptions): JobHandler {
  const db = database.db;

  const apply = async (
    job: ClaimedJob,
    control: JobControl,
    planned: readonly Unit[],
    from: number,
    today: string,
  ) => {
    const to = from + planned.length;
    const withCertifications = planned.filter(
      (unit) => unit.kind === 'employee' && unit.values.certifications?.length,
    );
    const withAccounts = planned.some((unit) => unit.kind === 'employee' && unit.values.username);
    if (withCertifications.length || withAccounts) {
      // Certifications are checked against the stored rows under their lock, and accounts open with
      // their employees: the batch is one transaction.
      return db.transaction(async (tx) => {
        const numbers = withCertifications.map((unit) =>
          unit.kind === 'employee' ? unit.values.employeeNumber : '',
        );
        const stored = numbers.length ? await batchRepo.lockedCertificationsOf(tx, job.buId, numbers) : [];
        const units = numbers.length ? failOverlappingCertifications(planned, stored) : planned;
        const errors = units.flatMap((unit) => (unit.kind === 'failed' ? unit.errors : []));
        const failed = units.filter((unit) => unit.kind === 'failed').length;
        const employees = units.flatMap((unit) => (unit.kind === 'employee' ? [unit.values] : []));
        const [answer] = await queryRows<{ cancel_requested: boolean }>(
          tx,
          batchRepo.employeeBatchStatement(
            job.buId,
            job.id,
            employees,
            errors,
            (changed) => control.advance(from, to, { failed, changed }),
            today,
          ),
        );
        const { actor } = job.payload as unknown as ImportPayload;
        await openEmployeeAccounts(
          tx,
          { buId: job.buId, userId: actor.userId, username: actor.username, traceId: null },
          employees.flatMap((values) =>
            values.username ? [{ username: values.username, employeeNumber: values.employeeNumber }] : [],
          ),
        );
        return answer?.cancel_requested === true;
      });
    }
    const units = planned;
    const errors = units.flatMap((unit) => (unit.kind === 'failed' ? unit.errors : []));
    const failed = units.filter((unit) => unit.kind === 'failed').length;
    if (units.some((unit) => unit.kind === 'node')) {
      // Nodes go one statement each, in order, so that a child finds the parent created before it.
      return db.transaction(async (tx) => {
        let changed = 0;
        for (const unit of units) {
          if (unit.kind === 'node' && (await batchRepo.upsertNode(tx, job.buId, unit.values))) changed += 1;
        }
        const [answer] = await queryRows<{ cancel_requested: boolean }>(
          tx,
          batchRepo.failedRowsStatement(job.id, errors, control.advance(from, to, { failed, changed })),
        );
        return answer?.cancel_requested === true;
      });
    }
    const employees = units.flatMap((unit) => (unit.kind === 'employee' ? [unit.values] : []));
    const [answer] = await queryRows<{ cancel_requested: boolean }>(
      db,
      batchRepo.employeeBatchStatement(
        job.buId,
        job.id,
        employees,
        errors,
        (changed) => control.advance(from, to, { failed, changed }),
        today,
      ),
    );
    return answer?.cancel_requested === true;
  };

  /** A unit the database refused (e.g. a code deleted since the upload): reported, and the job goes on. */
  const refuse = async (job: ClaimedJob, control: JobControl, unit: Unit, index: number, error: unknown) => {
    if (unit.kind === 'failed') throw error; // recording its errors failed: nothing left to fall back on
    const [sheet, value, employeeNumber] =
      unit.kind === 'node'
        ? [SHEETS.orgNodes, unit.values.code, null]
        : [SHEETS.employees, unit.values.employeeNumber, unit.values.employeeNumber];
    const [answer] = await queryRows<{ cancel_requested: boolean }>(
      db,
      batchRepo.failedRowsStatement(
        job.id,
        [{ rowNumber: unit.rowNumber, employeeNumber, sheet, column: null, value, reason: refusal(error) }],
        control.advance(index, index + 1, { failed: 1, changed: 0 }),
      ),
    );
    return answer?.cancel_requested === true;
  };

  return {
    kind: repo.EMPLOYEE_IMPORT,
    async run(job: ClaimedJob, control: JobControl) {
      const { scope, certificationScope } = job.payload as unknown as ImportPayload;
      const { settings } = await readSettings(db, job.buId);
      const today = businessDate(options.now(), settings.timezone);
      const batcher = createBatcher<Unit>({
        control,
        size: options.batchRows,
        cursor: job.cursor,
        apply: (units, from) => apply(job, control, units, from, today),
        refuse: (unit, index, error) => refuse(job, control, unit, index, error),
      });
      const problems: SchemaProblem[] = [];
      const namedGrades = new Set<string>();
      const failed = () => ({
        status: 'Failed' as const,
        error: problems.map((problem) => problem.message).join('; '),
      });
      const workbook = await openXlsx(job.input ?? Buffer.alloc(0));
      try {
        if (workbook.sheetNames.includes(SHEETS.orgNodes)) {
          // The tree is small: its rows are held to order parents before children.
          const rows: SheetRow[] = [];
          const columns = await readSheet(
            workbook,
            SHEETS.orgNodes,
            SHEET_COLUMNS.orgNodes,
            problems,
            (row) => {
              rows.push(row);
            },
          );
          if (!columns) return failed();
          for (const unit of planNodes(rows, columns, await batchRepo.orgMaps(db, job.buId), scope)) {
            await batcher.push(unit);
          }
          await batcher.flush();
        }
        const maps = await batchRepo.codeMaps(db, job.buId, scope.kind === 'departments');
        const skills = createSkillIndex(maps);
        const skillColumns = await readSheet(
          workbook,
          SHEETS.skills,
          SHEET_COLUMNS.skills,
          problems,
          (row, c) => skills.add(row, c),
        );
        if (!skillColumns) return failed();
        const certifications = createCertificationIndex(maps, certificationScope ?? null);
        if (workbook.sheetNames.includes(SHEETS.certifications)) {
          const certificationColumns = await readSheet(
            workbook,
            SHEETS.certifications,
            SHEET_COLUMNS.certifications,
            problems,
            (row, c) => certifications.add(row, c),
          );
          if (!certificationColumns) return failed();
        }
        const seen = new Set<string>();
        const usernames = new Set<string>();
        const employeeColumns = await readSheet(
          workbook,
          SHEETS.employees,
          SHEET_COLUMNS.employees,
          problems,
          (row, columns) => {
            const unit = planEmployee(row, columns, maps, scope, skills, seen, certifications, usernames);
            if (unit.kind === 'employee' && unit.values.gradeId) namedGrades.add(unit.values.gradeId);
            return batcher.push(unit);
          },
        );
        if (!employeeColumns) return failed();
        for (const unit of skills.orphans()) await batcher.push(unit);
        for (const unit of certifications.orphans()) await batcher.push(unit);
        await batcher.flush();
      } catch (error) {
        if (error instanceof JobStopped) return { status: error.status };
        throw error;
      } finally {
        workbook.close();
      }
      await repo.setJobNotices(db, job.id, await noticesOf(db, job.buId, namedGrades));
      const counts = await repo.jobCounts(db, job.id);
      return { status: counts.rowsFailed > 0 ? 'CompletedWithErrors' : 'Completed' };
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
            ...counts,
            error: error ?? null,
          },
        },
      );
      // Its author is told how it ended (issue 55).
      await notify(executor, [
        {
          buId: job.buId,
          employeeIds: [],
          userIds: [payload.actor.userId],
          kind: 'IMPORT_FINISHED',
          data: {
            jobId: job.id,
            outcome: status === 'Running' || status === 'Queued' ? 'Failed' : status,
            rowsTotal: counts.rowsTotal,
            rowsFailed: counts.rowsFailed,
          },
          key: `import:${job.id}`,
        },
      ]);
    },
  };
}
