import { sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';

/** The SQL of the import jobs and of the export; every query filters by `bu_id` (jobs carry their unit). */

export const EMPLOYEE_IMPORT = 'employee-import';

export interface JobRow {
  id: string;
  status: string;
  file_name: string | null;
  file_sha256: string | null;
  size_bytes: number | string | null;
  rows_total: number;
  rows_done: number;
  rows_failed: number;
  rows_changed: number;
  cancel_requested: boolean;
  error: string | null;
  created_by_username: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const jobColumns = sql`id, status, file_name, file_sha256, size_bytes, rows_total, rows_done, rows_failed,
  rows_changed, cancel_requested, error, created_by_username, created_at, started_at, finished_at`;

export const insertJob = async (
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
) =>
  (
    await queryRows<JobRow>(
      executor,
      sql`insert into jobs (bu_id, kind, file_name, file_sha256, input, size_bytes, rows_total, payload,
                            created_by, created_by_username)
          values (${values.buId}, ${EMPLOYEE_IMPORT}, ${values.fileName}, ${values.sha256}, ${values.input},
                  ${values.input.length}, ${values.rowsTotal}, ${JSON.stringify(values.payload)}::jsonb,
                  ${values.createdBy}, ${values.createdByUsername})
          returning ${jobColumns}`,
    )
  )[0]!;

export const recentDuplicate = async (executor: Executor, buId: string, sha256: string, since: Date) =>
  (
    await queryRows<{ id: string }>(
      executor,
      sql`select id from jobs where bu_id = ${buId} and kind = ${EMPLOYEE_IMPORT} and file_sha256 = ${sha256}
             and created_at >= ${since.toISOString()}::timestamptz
           order by created_at desc limit 1`,
    )
  )[0]?.id;

export async function listJobs(
  executor: Executor,
  buId: string,
  status: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: JobRow[]; total: number }> {
  const where = sql`bu_id = ${buId} and kind = ${EMPLOYEE_IMPORT} ${status ? sql`and status = ${status}` : sql``}`;
  const rows = await queryRows<JobRow>(
    executor,
    sql`select ${jobColumns} from jobs where ${where} order by created_at desc, id limit ${limit} offset ${offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    executor,
    sql`select count(*)::int as n from jobs where ${where}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const findJob = async (executor: Executor, buId: string, id: string, forUpdate = false) =>
  (
    await queryRows<JobRow>(
      executor,
      sql`select ${jobColumns} from jobs where bu_id = ${buId} and kind = ${EMPLOYEE_IMPORT} and id = ${id}
          ${forUpdate ? sql`for update` : sql``}`,
    )
  )[0];

export const cancelQueued = (executor: Executor, id: string) =>
  executor.execute(
    sql`update jobs set status = 'Cancelled', cancel_requested = true, finished_at = now(), input = null where id = ${id}`,
  );

export const requestCancel = (executor: Executor, id: string) =>
  executor.execute(sql`update jobs set cancel_requested = true where id = ${id}`);

export const errorsOf = (executor: Executor, jobId: string) =>
  queryRows<{
    row_number: number;
    employee_number: string | null;
    sheet: string;
    column: string | null;
    value: string | null;
    reason: string;
  }>(
    executor,
    sql`select row_number, employee_number, sheet, "column", value, reason from job_row_errors where job_id = ${jobId}
         order by sheet, row_number, id`,
  );

export const jobCounts = async (executor: Executor, jobId: string) =>
  (
    await queryRows<{ rows_total: number; rows_done: number; rows_failed: number; rows_changed: number }>(
      executor,
      sql`select rows_total, rows_done, rows_failed, rows_changed from jobs where id = ${jobId}`,
    )
  )[0]!;

// ---------------------------------------------------------------- export

export const exportOrgNodes = (executor: Executor, buId: string) =>
  queryRows<{
    code: string;
    name_en: string;
    name_ar: string;
    type_code: string;
    parent_code: string | null;
  }>(
    executor,
    sql`select n.code, n.name_en, n.name_ar, t.code as type_code, p.code as parent_code
          from org_nodes n
          join node_types t on t.id = n.node_type_id
          left join org_nodes p on p.id = n.parent_id
         where n.bu_id = ${buId}
         order by n.code`,
  );

export const exportEmployees = (executor: Executor, buId: string, scope: DepartmentScope) =>
  queryRows<{
    employee_number: string;
    name_en: string;
    name_ar: string;
    department_code: string | null;
    grade_code: string | null;
    status: string;
    hire_date: string | null;
    end_date: string | null;
    home_pool_code: string | null;
  }>(
    executor,
    sql`select e.employee_number, e.name_en, e.name_ar, d.code as department_code, g.code as grade_code, e.status,
               e.hire_date::text as hire_date, e.end_date::text as end_date, p.code as home_pool_code
          from employees e
          left join org_nodes d on d.id = e.department_id
          left join grades g on g.id = e.grade_id
          left join pool_members pm on pm.employee_id = e.id
          left join pools p on p.id = pm.pool_id
         where e.bu_id = ${buId} and ${inDepartmentScope(sql`e.department_id`, scope)}
         order by e.employee_number`,
  );

/** Certifications of the employees in both scopes (imports.run's and certifications.manage's). */
export const exportCertifications = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  certificationScope: DepartmentScope,
) =>
  queryRows<{
    employee_number: string;
    certification_code: string;
    issued_on: string;
    expires_on: string | null;
    notes: string | null;
  }>(
    executor,
    sql`select e.employee_number, c.certification_code, c.issued_on::text as issued_on,
               c.expires_on::text as expires_on, c.notes
          from certifications c
          join employees e on e.id = c.employee_id
         where c.bu_id = ${buId} and ${inDepartmentScope(sql`e.department_id`, scope)}
           and ${inDepartmentScope(sql`e.department_id`, certificationScope)}
         order by e.employee_number, c.certification_code, c.issued_on, c.id`,
  );

export const exportSkills = (executor: Executor, buId: string, scope: DepartmentScope) =>
  queryRows<{ employee_number: string; skill_code: string; level_code: string | null }>(
    executor,
    sql`select e.employee_number, s.code as skill_code, l.code as level_code
          from employee_skills es
          join employees e on e.id = es.employee_id
          join skills s on s.id = es.skill_id
          left join skill_levels l on l.id = es.level_id
         where es.bu_id = ${buId} and ${inDepartmentScope(sql`e.department_id`, scope)}
         order by e.employee_number, s.code`,
  );
