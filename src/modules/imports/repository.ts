import { type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';

/** All SQL of the import area; every query filters by `bu_id` (jobs carry their unit). */

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
    sheet: string;
    column: string | null;
    value: string | null;
    reason: string;
  }>(
    executor,
    sql`select row_number, sheet, "column", value, reason from job_row_errors where job_id = ${jobId}
         order by sheet, row_number, id`,
  );

// ---------------------------------------------------------------- the codes a workbook may use

export interface CodeMaps {
  departments: Map<string, string>;
  grades: Map<string, string>;
  statuses: Set<string>;
  skills: Map<string, string>;
  levels: Map<string, string>;
  /** Pools by code, with the department each belongs to (a home pool must be of the employee's). */
  pools: Map<string, { id: string; departmentId: string }>;
  /** Department of each existing employee, by number (scope checks of department-scoped importers). */
  existing: Map<string, string | null>;
}

const pairs = (executor: Executor, query: SQL) => queryRows<{ code: string; id: string }>(executor, query);

export async function codeMaps(executor: Executor, buId: string, withExisting: boolean): Promise<CodeMaps> {
  const [departments, grades, statuses, skills, levels, pools] = await Promise.all([
    pairs(
      executor,
      sql`select n.code, n.id from org_nodes n join node_types t on t.id = n.node_type_id
           where n.bu_id = ${buId} and t.code = 'DEPARTMENT' order by n.code`,
    ),
    pairs(executor, sql`select code, id from grades where bu_id = ${buId} order by code`),
    pairs(executor, sql`select code, id from employee_statuses where bu_id = ${buId} order by code`),
    pairs(executor, sql`select code, id from skills where bu_id = ${buId} order by code`),
    pairs(executor, sql`select code, id from skill_levels where bu_id = ${buId} order by rank, code`),
    queryRows<{ code: string; id: string; department_id: string }>(
      executor,
      sql`select code, id, department_id from pools where bu_id = ${buId} order by code`,
    ),
  ]);
  const existing = new Map<string, string | null>();
  if (withExisting) {
    const rows = await queryRows<{ employee_number: string; department_id: string | null }>(
      executor,
      sql`select employee_number, department_id from employees where bu_id = ${buId}`,
    );
    for (const row of rows) existing.set(row.employee_number, row.department_id);
  }
  const toMap = (rows: { code: string; id: string }[]) => new Map(rows.map((r) => [r.code, r.id]));
  return {
    departments: toMap(departments),
    grades: toMap(grades),
    statuses: new Set(statuses.map((r) => r.code)),
    skills: toMap(skills),
    levels: toMap(levels),
    pools: new Map(pools.map((r) => [r.code, { id: r.id, departmentId: r.department_id }])),
    existing,
  };
}

// ---------------------------------------------------------------- one row, one statement

export interface EmployeeValues {
  employeeNumber: string;
  nameEn: string;
  nameAr: string;
  departmentId: string | null;
  gradeId: string | null;
  status: string;
  hireDate: string | null;
  endDate: string | null;
  /** null: the workbook lists no skills for the employee, whose skills stay as they are. */
  skills: { skillId: string; levelId: string | null }[] | null;
  /** undefined: no home pool column, memberships stay; null: the department's default; else the pool. */
  homePoolId?: string | null;
}

/**
 * The row's statement commits without waiting for its WAL flush (`synchronous_commit = off` for this
 * transaction only): a crash of the database server may lose the last fraction of a second of rows, but
 * each row commits together with the cursor, so the resume does exactly those rows again. Waiting for a
 * flush per row costs ~4 ms here, more than the row itself (docs/decisions.md). Only on the PostgreSQL
 * server: PGlite has no WAL writer process, so there an unflushed commit would wait for the next one.
 */
const commitMode = (asyncCommit: boolean) =>
  asyncCommit
    ? sql`async_commit as (select set_config('synchronous_commit', 'off', true) as setting)`
    : sql`async_commit as (select 'on'::text as setting)`;

const uuidArray = (ids: (string | null)[]) => `{${ids.map((id) => (id === null ? 'NULL' : id)).join(',')}}`;

/**
 * The statement that applies one employee row: the upsert by number (changing nothing when nothing
 * differs), the skills replacement, and `advance` (the job's cursor, guarded on ownership) together. One
 * statement is one transaction: the row and the cursor commit together or not at all. When the worker
 * no longer owns the job, `1 / 0` makes the whole statement fail (SQLSTATE 22012) and nothing lands.
 */
export function upsertEmployeeStatement(
  buId: string,
  row: EmployeeValues,
  advance: (changed: SQL) => SQL,
  asyncCommit: boolean,
): SQL {
  const replace = row.skills !== null;
  const skillIds = uuidArray((row.skills ?? []).map((s) => s.skillId));
  const levelIds = uuidArray((row.skills ?? []).map((s) => s.levelId));
  const setPool = row.homePoolId !== undefined;
  const poolId = row.homePoolId ?? null;
  const changed = sql`(exists (select 1 from up) or exists (select 1 from del) or exists (select 1 from ins)
                       or exists (select 1 from pool_out) or exists (select 1 from pool_in))`;
  return sql`
    with up as (
      insert into employees as e (bu_id, employee_number, name_en, name_ar, department_id, grade_id, status,
                                  hire_date, end_date)
      values (${buId}, ${row.employeeNumber}, ${row.nameEn}, ${row.nameAr}, ${row.departmentId}, ${row.gradeId},
              ${row.status}, ${row.hireDate}, ${row.endDate})
      on conflict (bu_id, employee_number) do update
         set name_en = excluded.name_en, name_ar = excluded.name_ar, department_id = excluded.department_id,
             grade_id = excluded.grade_id, status = excluded.status, hire_date = excluded.hire_date,
             end_date = excluded.end_date, version = e.version + 1, updated_at = now()
       where (e.name_en, e.name_ar, e.department_id, e.grade_id, e.status, e.hire_date, e.end_date)
             is distinct from (excluded.name_en, excluded.name_ar, excluded.department_id, excluded.grade_id,
                               excluded.status, excluded.hire_date, excluded.end_date)
      returning e.id),
    target as (
      select id from up
      union all
      select id from employees where bu_id = ${buId} and employee_number = ${row.employeeNumber}
      limit 1),
    del as (
      delete from employee_skills es using target
       where ${replace} and es.employee_id = target.id and not (es.skill_id = any(${skillIds}::uuid[]))
      returning 1),
    ins as (
      insert into employee_skills (bu_id, employee_id, skill_id, level_id)
      select ${buId}, target.id, w.skill_id, w.level_id
        from target, unnest(${skillIds}::uuid[], ${levelIds}::uuid[]) as w(skill_id, level_id)
       where ${replace}
      on conflict (employee_id, skill_id) do update set level_id = excluded.level_id
       where employee_skills.level_id is distinct from excluded.level_id
      returning 1),
    pool_out as (
      delete from pool_members pm using target
       where ${setPool} and ${poolId}::uuid is null and pm.employee_id = target.id
      returning 1),
    pool_in as (
      insert into pool_members (bu_id, employee_id, pool_id)
      select ${buId}, target.id, ${poolId}::uuid from target where ${setPool} and ${poolId}::uuid is not null
      on conflict (employee_id) do update set pool_id = excluded.pool_id
       where pool_members.pool_id is distinct from excluded.pool_id
      returning 1),
    adv as (${advance(changed)}),
    ${commitMode(asyncCommit)}
    select (select cancel_requested from adv) as cancel_requested, 1 / (select count(*)::int from adv) as owned,
           (select setting from async_commit) as commit_mode`;
}

export interface RowError {
  rowNumber: number;
  sheet: string;
  column: string | null;
  value: string | null;
  reason: string;
}

/** Records a failed row's errors and advances the cursor, in one statement (guarded like the upsert). */
export function failedRowStatement(
  jobId: string,
  errors: RowError[],
  advance: SQL,
  asyncCommit: boolean,
): SQL {
  return sql`
    with err as (
      insert into job_row_errors (job_id, row_number, sheet, "column", value, reason)
      select ${jobId}, (x->>'rowNumber')::int, x->>'sheet', x->>'column', x->>'value', x->>'reason'
        from jsonb_array_elements(${JSON.stringify(errors)}::jsonb) as x
      returning 1),
    adv as (${advance}),
    ${commitMode(asyncCommit)}
    select (select cancel_requested from adv) as cancel_requested, 1 / (select count(*)::int from adv) as owned,
           (select count(*) from err) as errors, (select setting from async_commit) as commit_mode`;
}

export const jobCounts = async (executor: Executor, jobId: string) =>
  (
    await queryRows<{ rows_total: number; rows_done: number; rows_failed: number; rows_changed: number }>(
      executor,
      sql`select rows_total, rows_done, rows_failed, rows_changed from jobs where id = ${jobId}`,
    )
  )[0]!;

// ---------------------------------------------------------------- export

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
