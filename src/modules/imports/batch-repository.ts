/**
 * The SQL an import's batches run: the codes a workbook may use, the organisation tree, the employees'
 * rows in one statement. Every query filters by `bu_id`.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { accountsOf } from '../identity/first-accounts.ts';

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
  /** The certification catalogue: active certification types and the codes skills require. */
  certifications: Set<string>;
  /** Accounts as the `username` column meets them: usernames taken (lower case) and employees with one. */
  accounts: { byUsername: Set<string>; byEmployeeNumber: Map<string, string> };
}

const pairs = (executor: Executor, query: SQL) => queryRows<{ code: string; id: string }>(executor, query);

export async function codeMaps(executor: Executor, buId: string, withExisting: boolean): Promise<CodeMaps> {
  const [departments, grades, statuses, skills, levels, pools, certifications] = await Promise.all([
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
    queryRows<{ code: string }>(
      executor,
      sql`select code from certification_types where bu_id = ${buId} and is_active
          union select certification_code from skill_certification_requirements where bu_id = ${buId}
          order by 1`,
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
  const accounts = await accountsOf(executor, buId);
  const toMap = (rows: { code: string; id: string }[]) => new Map(rows.map((r) => [r.code, r.id]));
  return {
    departments: toMap(departments),
    grades: toMap(grades),
    statuses: new Set(statuses.map((r) => r.code)),
    skills: toMap(skills),
    levels: toMap(levels),
    pools: new Map(pools.map((r) => [r.code, { id: r.id, departmentId: r.department_id }])),
    existing,
    certifications: new Set(certifications.map((r) => r.code)),
    accounts,
  };
}

// ---------------------------------------------------------------- the organisation tree

export interface OrgMaps {
  nodeTypes: Map<string, string>;
  /** The unit's nodes by code: their type and their parent's code. */
  nodes: Map<string, { typeId: string; parentCode: string | null }>;
}

export async function orgMaps(executor: Executor, buId: string): Promise<OrgMaps> {
  const [types, nodes] = await Promise.all([
    pairs(executor, sql`select code, id from node_types where bu_id = ${buId} order by code`),
    queryRows<{ code: string; node_type_id: string; parent_code: string | null }>(
      executor,
      sql`select n.code, n.node_type_id, p.code as parent_code
            from org_nodes n left join org_nodes p on p.id = n.parent_id
           where n.bu_id = ${buId} order by n.code`,
    ),
  ]);
  return {
    nodeTypes: new Map(types.map((r) => [r.code, r.id])),
    nodes: new Map(nodes.map((r) => [r.code, { typeId: r.node_type_id, parentCode: r.parent_code }])),
  };
}

export interface NodeValues {
  code: string;
  nameEn: string;
  nameAr: string;
  nodeTypeId: string;
  /** Resolved when the row is applied: the parent may be a node created earlier in the same job. */
  parentCode: string | null;
}

/**
 * Upserts one node by code (its type is set only when the node is new); answers whether anything
 * changed. A new DEPARTMENT node gets its default pool from the database's trigger.
 */
export async function upsertNode(executor: Executor, buId: string, node: NodeValues): Promise<boolean> {
  const rows = await queryRows(
    executor,
    sql`insert into org_nodes as n (bu_id, code, name_en, name_ar, node_type_id, parent_id)
        values (${buId}, ${node.code}, ${node.nameEn}, ${node.nameAr}, ${node.nodeTypeId},
                (select p.id from org_nodes p where p.bu_id = ${buId} and p.code = ${node.parentCode}))
        on conflict (bu_id, code) do update
           set name_en = excluded.name_en, name_ar = excluded.name_ar, parent_id = excluded.parent_id,
               updated_at = now()
         where (n.name_en, n.name_ar, n.parent_id)
               is distinct from (excluded.name_en, excluded.name_ar, excluded.parent_id)
        returning 1`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- a batch of employees, one statement

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
  /** null: the workbook lists no certifications for the employee (theirs stay as they are). */
  certifications?: CertificationValues[] | null;
  /** An account to open for the employee, who has none (the `username` column). */
  username?: string;
}

/** One EmployeeCertifications row: matched to a stored row by employee, code and issuedOn. */
export interface CertificationValues {
  rowNumber: number;
  code: string;
  issuedOn: string;
  expiresOn: string | null;
  notes: string | null;
  /**
   * Whether the code is in the catalogue. One that is not passes only on a row matching a stored one (a
   * type deactivated since, as `PUT` allows): judged when the batch is applied.
   */
  known: boolean;
}

export interface RowError {
  rowNumber: number;
  /** The employee the row is about (null on the OrgNodes sheet): the error report names it. */
  employeeNumber: string | null;
  sheet: string;
  column: string | null;
  value: string | null;
  reason: string;
}

/** The job's guard, last in a statement: no row when the worker lost the job, so `1 / 0` fails it. */
const guarded = (advance: SQL) => sql`
    adv as (${advance})
    select (select cancel_requested from adv) as cancel_requested, 1 / (select count(*)::int from adv) as owned`;

const errorRows = (jobId: string, errors: readonly RowError[]) => sql`
    insert into job_row_errors (job_id, row_number, employee_number, sheet, "column", value, reason)
    select ${jobId}::uuid, (x->>'rowNumber')::int, x->>'employeeNumber', x->>'sheet', x->>'column', x->>'value',
           x->>'reason'
      from jsonb_array_elements(${JSON.stringify(errors)}::jsonb) as x`;

/**
 * The statement that applies a batch of employee rows set-based, records the batch's failed rows, and
 * `advance`s the job's cursor past them, guarded on ownership: one statement is one transaction, so the
 * rows and the cursor commit together or not at all, and a worker that lost the job writes nothing
 * (SQLSTATE 22012). An employee whose values are all as stored is not written (not even `version`);
 * `changed` counts the employees whose row, skills or home pool differed.
 */
export function employeeBatchStatement(
  buId: string,
  jobId: string,
  employees: readonly EmployeeValues[],
  errors: readonly RowError[],
  advance: (changed: SQL) => SQL,
  /** The unit's business date (a renewal revives an Expired row); the database's date when left out. */
  today?: string,
): SQL {
  const todayDate = today ? sql`${today}::date` : sql`current_date`;
  const input = employees.map((row) => ({
    number: row.employeeNumber,
    name_en: row.nameEn,
    name_ar: row.nameAr,
    department_id: row.departmentId,
    grade_id: row.gradeId,
    status: row.status,
    hire_date: row.hireDate,
    end_date: row.endDate,
    skills: row.skills?.map((s) => ({ skill_id: s.skillId, level_id: s.levelId })) ?? null,
    set_pool: row.homePoolId !== undefined,
    pool_id: row.homePoolId ?? null,
    certs:
      row.certifications?.map((c) => ({
        code: c.code,
        issued_on: c.issuedOn,
        expires_on: c.expiresOn,
        notes: c.notes,
      })) ?? null,
  }));
  return sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as r(
        number text, name_en text, name_ar text, department_id uuid, grade_id uuid, status text,
        hire_date date, end_date date, skills jsonb, set_pool boolean, pool_id uuid, certs jsonb)),
    up as (
      insert into employees as e (bu_id, employee_number, name_en, name_ar, department_id, grade_id, status,
                                  hire_date, end_date)
      select ${buId}::uuid, number, name_en, name_ar, department_id, grade_id, status, hire_date, end_date
        from input
      on conflict (bu_id, employee_number) do update
         set name_en = excluded.name_en, name_ar = excluded.name_ar, department_id = excluded.department_id,
             grade_id = excluded.grade_id, status = excluded.status, hire_date = excluded.hire_date,
             end_date = excluded.end_date, version = e.version + 1, updated_at = now()
       where (e.name_en, e.name_ar, e.department_id, e.grade_id, e.status, e.hire_date, e.end_date)
             is distinct from (excluded.name_en, excluded.name_ar, excluded.department_id, excluded.grade_id,
                               excluded.status, excluded.hire_date, excluded.end_date)
      returning e.id, e.employee_number),
    target as (
      -- A row written above is in up; an unchanged one only in the statement's snapshot.
      select coalesce(up.id, e.id) as id, i.skills, i.set_pool, i.pool_id, i.certs
        from input i
        left join up on up.employee_number = i.number
        left join employees e on e.bu_id = ${buId} and e.employee_number = i.number),
    wanted as (
      select t.id as employee_id, w.skill_id, w.level_id
        from target t, jsonb_to_recordset(t.skills) as w(skill_id uuid, level_id uuid)
       where t.skills is not null),
    skill_out as (
      delete from employee_skills es using target t
       where t.skills is not null and es.employee_id = t.id
         and not exists (select 1 from wanted w where w.employee_id = es.employee_id and w.skill_id = es.skill_id)
      returning es.employee_id),
    skill_in as (
      insert into employee_skills (bu_id, employee_id, skill_id, level_id)
      select ${buId}::uuid, employee_id, skill_id, level_id from wanted
      on conflict (employee_id, skill_id) do update set level_id = excluded.level_id
       where employee_skills.level_id is distinct from excluded.level_id
      returning employee_id),
    pool_out as (
      delete from pool_members pm using target t
       where t.set_pool and t.pool_id is null and pm.employee_id = t.id
      returning pm.employee_id),
    pool_in as (
      insert into pool_members (bu_id, employee_id, pool_id)
      select ${buId}::uuid, id, pool_id from target where set_pool and pool_id is not null
      on conflict (employee_id) do update set pool_id = excluded.pool_id
       where pool_members.pool_id is distinct from excluded.pool_id
      returning employee_id),
    cert_wanted as (
      select t.id as employee_id, w.code, w.issued_on, w.expires_on, w.notes
        from target t, jsonb_to_recordset(t.certs) as w(code text, issued_on date, expires_on date, notes text)
       where t.certs is not null),
    cert_set as (
      -- A listed row matching a stored one (employee, code, issuedOn) takes its expiry and notes; a renewal
      -- brings a swept (Expired) row back to Active, as the API's PUT does.
      update certifications c
         set expires_on = w.expires_on, notes = w.notes,
             status = case when c.status = 'Expired' and (w.expires_on is null or w.expires_on >= ${todayDate})
                           then 'Active' else c.status end,
             version = c.version + 1, updated_at = now()
        from cert_wanted w
       where c.employee_id = w.employee_id and c.certification_code = w.code and c.issued_on = w.issued_on
         and (c.expires_on, c.notes) is distinct from (w.expires_on, w.notes)
      returning c.employee_id),
    cert_in as (
      insert into certifications (bu_id, employee_id, certification_code, issued_on, expires_on, notes, status)
      select ${buId}::uuid, w.employee_id, w.code, w.issued_on, w.expires_on, w.notes, 'Active'
        from cert_wanted w
       where not exists (select 1 from certifications c where c.employee_id = w.employee_id
                            and c.certification_code = w.code and c.issued_on = w.issued_on)
      returning employee_id),
    changed as (
      select id from up union select employee_id from skill_out union select employee_id from skill_in
      union select employee_id from pool_out union select employee_id from pool_in
      union select employee_id from cert_set union select employee_id from cert_in),
    err as (${errorRows(jobId, errors)} returning 1),
    ${guarded(advance(sql`(select count(*)::int from changed)`))}`;
}

/** Records failed rows and `advance`s the cursor, in one statement guarded like the batch's. */
export function failedRowsStatement(jobId: string, errors: readonly RowError[], advance: SQL): SQL {
  return sql`
    with err as (${errorRows(jobId, errors)} returning 1),
    ${guarded(advance)}`;
}

/**
 * Takes the row locks of the stored employees among `numbers` (in id order, so two writers cannot
 * deadlock) and answers their certifications: the import checks overlaps under the same lock the API's
 * writes take, so neither can slip a row past the other.
 */
export async function lockedCertificationsOf(executor: Executor, buId: string, numbers: readonly string[]) {
  await queryRows(
    executor,
    sql`select id from employees where bu_id = ${buId}
           and employee_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
         order by id for update`,
  );
  return queryRows<{
    employee_number: string;
    code: string;
    issued_on: string;
    expires_on: string | null;
    status: string;
  }>(
    executor,
    sql`select e.employee_number, c.certification_code as code, c.issued_on::text as issued_on,
               c.expires_on::text as expires_on, c.status
          from certifications c join employees e on e.id = c.employee_id
         where c.bu_id = ${buId}
           and e.employee_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
         order by e.employee_number, c.certification_code, c.issued_on`,
  );
}
