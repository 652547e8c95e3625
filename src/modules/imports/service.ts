import { createHash } from 'node:crypto';
import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Db } from '../../core/db/database.ts';
import { AppError, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { uploadGate } from '../../core/http/upload-gate.ts';
import { workbookRefusal } from '../../core/http/workbooks.ts';
import { openXlsx, writeXlsx, type XlsxWorkbook } from '../../core/xlsx/index.ts';
import * as batchRepo from './batch-repository.ts';
import type { ImportPayload } from './job.ts';
import * as repo from './repository.ts';
import type { ImportJob, ImportJobCreated, JobListQuery } from './schemas.ts';
import { checkWorkbook, columnsOf, SHEETS } from './workbook.ts';

export interface ImportDeps {
  db: Db;
  now: () => Date;
  /** Tells the in-process job runner there is work (it also polls). */
  wake: () => void;
}

const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

const jobView = ({ createdAt, startedAt, finishedAt, ...row }: repo.JobRow): ImportJob => ({
  ...row,
  createdAt: createdAt.toISOString(),
  startedAt: startedAt?.toISOString() ?? null,
  finishedAt: finishedAt?.toISOString() ?? null,
});

/** The caller's certifications.manage grant: it gates the EmployeeCertifications sheet both ways. */
const certificationScopeOf = (caller: Caller): DepartmentScope | null =>
  caller.principal.scopeOf('certifications.manage') ?? null;

/**
 * Checks the upload synchronously (an xlsx by content, within the zip and row caps, sheets and headers
 * as the template's, the optional OrgNodes sheet's too when present), then queues the job with the file
 * and answers at once.
 */
export async function startImport(
  deps: ImportDeps,
  caller: Caller,
  file: { fileName: string | null; bytes: Buffer },
): Promise<ImportJobCreated> {
  const { buId } = caller.principal;
  // One upload parsed at a time in the process (upload-gate.ts); the others wait their turn or get 503.
  const rowsTotal = await uploadGate.run(async () => {
    let workbook: XlsxWorkbook | null = null;
    try {
      workbook = await openXlsx(file.bytes);
      const checked = await checkWorkbook(workbook);
      if (!checked.ok) {
        throw new AppError(422, 'IMPORT_SCHEMA_INVALID', 'The workbook does not match the template', {
          errors: checked.problems,
        });
      }
      return checked.rowsTotal;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw workbookRefusal(error);
    } finally {
      workbook?.close();
    }
  });
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const payload: ImportPayload = {
    scope: scopeOf(caller, 'imports.run'),
    actor: { userId: caller.principal.userId, username: caller.principal.username },
    certificationScope: certificationScopeOf(caller),
  };
  const created = await deps.db.transaction(async (tx) => {
    const duplicateOf = await repo.recentDuplicate(
      tx,
      buId,
      sha256,
      new Date(deps.now().getTime() - DUPLICATE_WINDOW_MS),
    );
    const job = await repo.insertJob(tx, {
      buId,
      fileName: file.fileName,
      sha256,
      input: file.bytes,
      rowsTotal,
      payload: payload as unknown as Record<string, unknown>,
      createdBy: caller.principal.userId,
      createdByUsername: caller.principal.username,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'import.started',
      entityType: 'import_job',
      entityId: job.id,
      details: {
        fileName: file.fileName,
        sha256,
        sizeBytes: file.bytes.length,
        rowsTotal,
        duplicateOf: duplicateOf ?? null,
      },
    });
    return { job: jobView(job), duplicateOf };
  });
  deps.wake();
  return created.duplicateOf
    ? { job: created.job, warning: 'DUPLICATE_FILE', duplicateOfJobId: created.duplicateOf }
    : { job: created.job };
}

export async function listJobs(
  deps: ImportDeps,
  caller: Caller,
  query: JobListQuery,
): Promise<Page<ImportJob>> {
  const { rows, total } = await repo.listJobs(
    deps.db,
    caller.principal.buId,
    query.status,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(jobView), total, query);
}

export async function getJob(deps: ImportDeps, caller: Caller, id: string): Promise<ImportJob> {
  const row = await repo.findJob(deps.db, caller.principal.buId, id);
  if (!row) throw notFound('Import job');
  return jobView(row);
}

/** A Queued job is cancelled at once; a Running one between two batches (its worker reads the flag). */
export async function cancelJob(deps: ImportDeps, caller: Caller, id: string): Promise<ImportJob> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const row = await repo.findJob(tx, buId, id, true);
    if (!row) throw notFound('Import job');
    if (row.status !== 'Queued' && row.status !== 'Running') {
      throw conflict('IMPORT_JOB_FINISHED', `The job is ${row.status} already`, { status: row.status });
    }
    if (row.status === 'Queued') await repo.cancelQueued(tx, id, deps.now());
    else await repo.requestCancel(tx, id);
    await recordAudit(tx, actorOf(caller), {
      action: row.status === 'Queued' ? 'import.cancelled' : 'import.cancel_requested',
      entityType: 'import_job',
      entityId: id,
      details: { status: row.status, rowsDone: row.rowsDone },
    });
    return jobView((await repo.findJob(tx, buId, id))!);
  });
}

export async function errorReport(deps: ImportDeps, caller: Caller, id: string): Promise<Buffer> {
  const row = await repo.findJob(deps.db, caller.principal.buId, id);
  if (!row) throw notFound('Import job');
  const errors = await repo.errorsOf(deps.db, id);
  return (await writeXlsx([
    {
      name: 'Errors',
      columns: [
        { header: 'rowNumber', note: 'Row of the uploaded sheet (the header is row 1)', width: 10 },
        {
          header: 'employeeNumber',
          note: 'The employee the row is about (blank on the OrgNodes sheet)',
          width: 16,
        },
        { header: 'sheet', width: 22 },
        { header: 'column', width: 18 },
        { header: 'value', width: 24 },
        { header: 'reason', width: 60 },
      ],
      rows: errors.map((e) => [e.rowNumber, e.employeeNumber, e.sheet, e.column, e.value, e.reason]),
    },
  ]))!;
}

/** The template's columns, their header comments listing the unit's codes. */
async function templateColumns(deps: ImportDeps, buId: string) {
  const [maps, org] = await Promise.all([
    batchRepo.codeMaps(deps.db, buId, false),
    batchRepo.orgMaps(deps.db, buId),
  ]);
  return columnsOf({
    departments: [...maps.departments.keys()],
    grades: [...maps.grades.keys()],
    statuses: [...maps.statuses],
    skills: [...maps.skills.keys()],
    levels: [...maps.levels.keys()],
    pools: [...maps.pools.keys()],
    nodeTypes: [...org.nodeTypes.keys()],
    nodes: [...org.nodes.keys()],
    certifications: [...maps.certifications],
  });
}

export async function template(deps: ImportDeps, caller: Caller): Promise<Buffer> {
  const columns = await templateColumns(deps, caller.principal.buId);
  return (await writeXlsx([
    { name: SHEETS.employees, columns: columns.employees, rows: [] },
    { name: SHEETS.skills, columns: columns.skills, rows: [] },
    { name: SHEETS.certifications, columns: columns.certifications, rows: [] },
    { name: SHEETS.orgNodes, columns: columns.orgNodes, rows: [] },
  ]))!;
}

/**
 * Today's data in the template's format: re-importing it changes nothing. The OrgNodes sheet is written
 * for a unit-wide caller only: a department-scoped importer may not change the tree. The
 * EmployeeCertifications sheet is written for a holder of certifications.manage, with the certifications
 * of the employees both grants cover (the import writes them back under the same two grants).
 */
export async function exportCurrent(deps: ImportDeps, caller: Caller): Promise<Buffer> {
  const { buId } = caller.principal;
  const scope = scopeOf(caller, 'imports.run');
  const columns = await templateColumns(deps, buId);
  const certificationScope = certificationScopeOf(caller);
  const [employees, skills, nodes, certifications] = await Promise.all([
    repo.exportEmployees(deps.db, buId, scope),
    repo.exportSkills(deps.db, buId, scope),
    scope.kind === 'unit' ? repo.exportOrgNodes(deps.db, buId) : null,
    certificationScope ? repo.exportCertifications(deps.db, buId, scope, certificationScope) : null,
  ]);
  return (await writeXlsx([
    {
      name: SHEETS.employees,
      columns: columns.employees,
      rows: employees.map((e) => [
        e.employeeNumber,
        e.nameEn,
        e.nameAr,
        e.departmentCode,
        e.gradeCode,
        e.status,
        e.hireDate,
        e.endDate,
        e.homePoolCode,
        e.username,
      ]),
    },
    {
      name: SHEETS.skills,
      columns: columns.skills,
      rows: skills.map((s) => [s.employeeNumber, s.skillCode, s.levelCode]),
    },
    ...(certifications
      ? [
          {
            name: SHEETS.certifications,
            columns: columns.certifications,
            rows: certifications.map((c) => [
              c.employeeNumber,
              c.certificationCode,
              c.issuedOn,
              c.expiresOn,
              c.notes,
            ]),
          },
        ]
      : []),
    ...(nodes
      ? [
          {
            name: SHEETS.orgNodes,
            columns: columns.orgNodes,
            rows: nodes.map((n) => [n.code, n.nameEn, n.nameAr, n.typeCode, n.parentCode]),
          },
        ]
      : []),
  ]))!;
}
