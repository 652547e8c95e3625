import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  certifications,
  employeeSkills,
  employees,
  grades,
  jobRowErrors,
  jobs,
  nodeTypes,
  orgNodes,
  poolMembers,
  pools,
  skillLevels,
  skills,
  users,
} from '../../core/db/tables/index.ts';
import type { ImportNotice } from './schemas.ts';

/** The queries of the import jobs and of the export; every query filters by unit (jobs carry their unit). */

export const EMPLOYEE_IMPORT = 'employee-import';

/** An import job as the API answers it. */
const jobColumns = {
  id: jobs.id,
  status: jobs.status,
  fileName: jobs.fileName,
  sha256: jobs.fileSha256,
  sizeBytes: jobs.sizeBytes,
  rowsTotal: jobs.rowsTotal,
  rowsDone: jobs.rowsDone,
  rowsFailed: jobs.rowsFailed,
  rowsChanged: jobs.rowsChanged,
  cancelRequested: jobs.cancelRequested,
  error: jobs.error,
  createdBy: jobs.createdByUsername,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
  notices: sql<ImportNotice[]>`coalesce(${jobs.payload} -> 'notices', '[]'::jsonb)`,
};

export type JobRow = Awaited<ReturnType<typeof findJob>> & {};

export async function insertJob(
  executor: Executor,
  values: {
    buId: string;
    fileName: string | null;
    sha256: string;
    input: Buffer;
    rowsTotal: number;
    payload: Record<string, unknown>;
    createdBy: string;
    createdByUsername: string;
  },
) {
  const [row] = await executor
    .insert(jobs)
    .values({
      buId: values.buId,
      kind: EMPLOYEE_IMPORT,
      fileName: values.fileName,
      fileSha256: values.sha256,
      input: values.input,
      sizeBytes: values.input.length,
      rowsTotal: values.rowsTotal,
      payload: values.payload,
      createdBy: values.createdBy,
      createdByUsername: values.createdByUsername,
    })
    .returning(jobColumns);
  return row!;
}

const importJobsOf = (buId: string) => and(eq(jobs.buId, buId), eq(jobs.kind, EMPLOYEE_IMPORT));

export async function recentDuplicate(executor: Executor, buId: string, sha256: string, since: Date) {
  const [row] = await executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(importJobsOf(buId), eq(jobs.fileSha256, sha256), gte(jobs.createdAt, since)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row?.id;
}

export function listJobs(
  executor: Executor,
  buId: string,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  const condition = and(importJobsOf(buId), status ? eq(jobs.status, status) : undefined);
  return paged(
    executor
      .select(jobColumns)
      .from(jobs)
      .where(condition)
      .orderBy(desc(jobs.createdAt), asc(jobs.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(jobs).where(condition),
  );
}

export async function findJob(executor: Executor, buId: string, id: string, forUpdate = false) {
  const query = executor
    .select(jobColumns)
    .from(jobs)
    .where(and(importJobsOf(buId), eq(jobs.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** A queued job cancelled before it ran: finished now, its file dropped. */
export const cancelQueued = (executor: Executor, id: string, at: Date) =>
  executor
    .update(jobs)
    .set({ status: 'Cancelled', cancelRequested: true, finishedAt: at, input: null })
    .where(eq(jobs.id, id));

export const requestCancel = (executor: Executor, id: string) =>
  executor.update(jobs).set({ cancelRequested: true }).where(eq(jobs.id, id));

export const errorsOf = (executor: Executor, jobId: string) =>
  executor
    .select({
      rowNumber: jobRowErrors.rowNumber,
      employeeNumber: jobRowErrors.employeeNumber,
      sheet: jobRowErrors.sheet,
      column: jobRowErrors.column,
      value: jobRowErrors.value,
      reason: jobRowErrors.reason,
    })
    .from(jobRowErrors)
    .where(eq(jobRowErrors.jobId, jobId))
    .orderBy(asc(jobRowErrors.sheet), asc(jobRowErrors.rowNumber), asc(jobRowErrors.id));

export async function jobCounts(executor: Executor, jobId: string) {
  const [row] = await executor
    .select({
      rowsTotal: jobs.rowsTotal,
      rowsDone: jobs.rowsDone,
      rowsFailed: jobs.rowsFailed,
      rowsChanged: jobs.rowsChanged,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return row!;
}

// ---------------------------------------------------------------- export

const parents = alias(orgNodes, 'parent');

export const exportOrgNodes = (executor: Executor, buId: string) =>
  executor
    .select({
      code: orgNodes.code,
      nameEn: orgNodes.nameEn,
      nameAr: orgNodes.nameAr,
      typeCode: nodeTypes.code,
      parentCode: parents.code,
    })
    .from(orgNodes)
    .innerJoin(nodeTypes, eq(nodeTypes.id, orgNodes.nodeTypeId))
    .leftJoin(parents, eq(parents.id, orgNodes.parentId))
    .where(eq(orgNodes.buId, buId))
    .orderBy(asc(orgNodes.code));

export const exportEmployees = (executor: Executor, buId: string, scope: DepartmentScope) =>
  executor
    .select({
      employeeNumber: employees.employeeNumber,
      nameEn: employees.nameEn,
      nameAr: employees.nameAr,
      departmentCode: orgNodes.code,
      gradeCode: grades.code,
      status: employees.status,
      hireDate: employees.hireDate,
      endDate: employees.endDate,
      homePoolCode: pools.code,
      // An exported file imported again opens nothing: the employee's account is already theirs.
      username: users.username,
    })
    .from(employees)
    .leftJoin(orgNodes, eq(orgNodes.id, employees.departmentId))
    .leftJoin(grades, eq(grades.id, employees.gradeId))
    .leftJoin(poolMembers, eq(poolMembers.employeeId, employees.id))
    .leftJoin(pools, eq(pools.id, poolMembers.poolId))
    .leftJoin(users, and(eq(users.employeeId, employees.id), isNull(users.deletedAt)))
    .where(and(eq(employees.buId, buId), inDepartmentScope(employees.departmentId, scope)))
    .orderBy(asc(employees.employeeNumber));

/** Certifications of the employees in both scopes (imports.run's and certifications.manage's). */
export const exportCertifications = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  certificationScope: DepartmentScope,
) =>
  executor
    .select({
      employeeNumber: employees.employeeNumber,
      certificationCode: certifications.certificationCode,
      issuedOn: certifications.issuedOn,
      expiresOn: certifications.expiresOn,
      notes: certifications.notes,
    })
    .from(certifications)
    .innerJoin(employees, eq(employees.id, certifications.employeeId))
    .where(
      and(
        eq(certifications.buId, buId),
        inDepartmentScope(employees.departmentId, scope),
        inDepartmentScope(employees.departmentId, certificationScope),
      ),
    )
    .orderBy(
      asc(employees.employeeNumber),
      asc(certifications.certificationCode),
      asc(certifications.issuedOn),
      asc(certifications.id),
    );

export const exportSkills = (executor: Executor, buId: string, scope: DepartmentScope) =>
  executor
    .select({ employeeNumber: employees.employeeNumber, skillCode: skills.code, levelCode: skillLevels.code })
    .from(employeeSkills)
    .innerJoin(employees, eq(employees.id, employeeSkills.employeeId))
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .leftJoin(skillLevels, eq(skillLevels.id, employeeSkills.levelId))
    .where(and(eq(employeeSkills.buId, buId), inDepartmentScope(employees.departmentId, scope)))
    .orderBy(asc(employees.employeeNumber), asc(skills.code));

/** Keeps what the import should tell its author beside the job's input (read back as `notices`). */
export async function setJobNotices(
  executor: Executor,
  jobId: string,
  notices: ImportNotice[],
): Promise<void> {
  await executor
    .update(jobs)
    .set({ payload: sql`coalesce(${jobs.payload}, '{}'::jsonb) || ${JSON.stringify({ notices })}::jsonb` })
    .where(eq(jobs.id, jobId));
}
