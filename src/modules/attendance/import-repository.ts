/** The queries of the attendance import: its preview's lookups, the stored import, its commit. */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  attendanceImports,
  attendanceRecordChanges,
  attendanceRecords,
  attendanceStatuses,
  employees,
} from '../../core/db/tables/index.ts';
import { OVERLAP_SQL } from './segments.ts';

/** The values of a record as JSON, the shape the trail and the reviews keep (`AttendanceValues`). */
const valuesJson = (alias: string) =>
  sql.raw(`jsonb_build_object('Time_In', to_char(${alias}.time_in, 'HH24:MI'),
    'Time_Out', to_char(${alias}.time_out, 'HH24:MI'),
    'statusCode', (select s.code from attendance_statuses s where s.id = ${alias}.status_id),
    'source', ${alias}.source)`);

export interface EmployeeRef {
  id: string;
  departmentId: string | null;
}

/** The unit's employees within the scope, by employee number. */
export async function employeesByNumber(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
): Promise<Map<string, string>> {
  const rows = await executor
    .select({ id: employees.id, number: employees.employeeNumber })
    .from(employees)
    .where(and(eq(employees.buId, buId), inDepartmentScope(employees.departmentId, scope)));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/**
 * A valid import row, resolved: employee, date, times, status (short keys: it is stored as JSON). Employee,
 * date and Time_In (`i`) are the segment's key.
 */
export interface ImportRow {
  e: string;
  d: string;
  i: string | null;
  o: string | null;
  s: string;
}

/** A recorded segment with its status code (`c`), what a changed row of the preview replaces. */
export interface RecordedSegment extends ImportRow {
  c: string;
}

/** Every recorded segment of the employees and dates the rows name (all of a date, not only their keys). */
export async function segmentsOf(
  executor: Executor,
  buId: string,
  rows: readonly ImportRow[],
): Promise<RecordedSegment[]> {
  if (!rows.length) return [];
  const pairs = [...new Map(rows.map((row) => [`${row.e}|${row.d}`, { e: row.e, d: row.d }])).values()];
  return queryRows<RecordedSegment>(
    executor,
    sql`select a.employee_id as e, to_char(a.date, 'YYYY-MM-DD') as d, to_char(a.time_in, 'HH24:MI') as i,
               to_char(a.time_out, 'HH24:MI') as o, a.status_id as s, st.code as c
          from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as k(e uuid, d date)
          join ${attendanceRecords} a on a.bu_id = ${buId} and a.employee_id = k.e and a.date = k.d
          join ${attendanceStatuses} st on st.id = a.status_id`,
  );
}

export async function insertImport(
  tx: Executor,
  values: {
    buId: string;
    createdBy: string;
    createdAt: Date;
    fileName: string | null;
    sha256: string;
    rowsTotal: number;
    rowsRejected: number;
    validRows: ImportRow[];
  },
): Promise<string> {
  const [row] = await tx.insert(attendanceImports).values(values).returning({ id: attendanceImports.id });
  return row!.id;
}

/** Previews are kept a day for the 409 of a late commit, then dropped. */
export async function purgeImports(tx: Executor, buId: string, before: Date): Promise<void> {
  await tx
    .delete(attendanceImports)
    .where(and(eq(attendanceImports.buId, buId), lte(attendanceImports.createdAt, before)));
}

export async function findImport(tx: Executor, buId: string, id: string) {
  const [row] = await tx
    .select({
      id: attendanceImports.id,
      createdBy: attendanceImports.createdBy,
      createdAt: attendanceImports.createdAt,
      rowsTotal: attendanceImports.rowsTotal,
      rowsRejected: attendanceImports.rowsRejected,
      committedAt: attendanceImports.committedAt,
    })
    .from(attendanceImports)
    .where(and(eq(attendanceImports.buId, buId), eq(attendanceImports.id, id)))
    .for('update');
  return row ?? null;
}

/**
 * Writes the preview's valid rows: upserts by employee, date and Time_In (a row equal to the record changes nothing,
 * not even its version) and appends each change with its before and after to the trail. The records the
 * rows name are locked first, in id order; then the trail of the records about to change is written from
 * their current values, then the upsert, whose new records get their trail in the same statement.
 * (One statement joining the upsert's answer to the old values was quadratic: the planner nests loops
 * over two CTE scans it cannot estimate.)
 */
export async function commitImport(
  tx: Executor,
  values: { buId: string; importId: string; at: Date; actorUserId: string; actorUsername: string },
): Promise<{ inserted: number; updated: number }> {
  const { buId, importId, at, actorUserId, actorUsername } = values;
  const incoming = sql`select r.e as employee_id, r.d::date as date, r.i::time as time_in,
      r.o::time as time_out, r.s as status_id
    from ${attendanceImports} p, jsonb_to_recordset(p.valid_rows) as r(e uuid, d text, i text, o text, s uuid)
    where p.id = ${importId}`;
  const sameSegment = sql`a.bu_id = ${buId} and a.employee_id = n.employee_id and a.date = n.date
    and a.time_in is not distinct from n.time_in`;
  await tx.execute(sql`select a.id from ${attendanceRecords} a join (${incoming}) n on ${sameSegment}
    order by a.id for update of a`);
  const [updated] = await queryRows<{ n: number }>(
    tx,
    sql`with trail as (insert into ${attendanceRecordChanges}
        (bu_id, record_id, at, actor_user_id, actor_username, action, before, after, import_id)
      select ${buId}, a.id, ${at}, ${actorUserId}, ${actorUsername}, 'import', ${valuesJson('a')},
             jsonb_build_object('Time_In', to_char(n.time_in, 'HH24:MI'), 'Time_Out', to_char(n.time_out, 'HH24:MI'),
               'statusCode', s.code, 'source', 'import'),
             ${importId}
        from (${incoming}) n
        join ${attendanceRecords} a on ${sameSegment}
        join ${attendanceStatuses} s on s.id = n.status_id
       where (a.time_in, a.time_out, a.status_id) is distinct from (n.time_in, n.time_out, n.status_id)
      returning 1)
      select count(*)::int as n from trail`,
  );
  const [inserted] = await queryRows<{ n: number }>(
    tx,
    sql`with written as (
        insert into ${attendanceRecords} as a
          (bu_id, employee_id, date, time_in, time_out, status_id, source, created_at, updated_at)
        select ${buId}, employee_id, date, time_in, time_out, status_id, 'import', ${at}, ${at} from (${incoming}) n
        on conflict (bu_id, employee_id, date, time_in) do update
          set time_in = excluded.time_in, time_out = excluded.time_out, status_id = excluded.status_id,
              source = 'import', version = a.version + 1, updated_at = excluded.updated_at
          where (a.time_in, a.time_out, a.status_id)
            is distinct from (excluded.time_in, excluded.time_out, excluded.status_id)
        returning a.id, a.time_in, a.time_out, a.status_id, a.source, a.version),
      trail as (insert into ${attendanceRecordChanges}
        (bu_id, record_id, at, actor_user_id, actor_username, action, before, after, import_id)
      select ${buId}, w.id, ${at}, ${actorUserId}, ${actorUsername}, 'import', null, ${valuesJson('w')}, ${importId}
        from written w where w.version = 1
      returning 1)
      select count(*)::int as n from trail`,
  );
  return { inserted: inserted?.n ?? 0, updated: updated?.n ?? 0 };
}

export interface OverlapRow {
  employeeNumber: string;
  date: string;
  first: { id: string; Time_In: string | null; Time_Out: string | null };
  second: { id: string; Time_In: string | null; Time_Out: string | null };
}

/**
 * Segments of one person and date that overlap, among the employees and dates an import wrote (the
 * preview checked them against the records of its time; this is the check at the commit).
 */
export async function overlapsOfImport(tx: Executor, buId: string, importId: string): Promise<OverlapRow[]> {
  return queryRows<OverlapRow>(
    tx,
    sql`select e.employee_number as "employeeNumber", to_char(a.date, 'YYYY-MM-DD') as date,
               jsonb_build_object('id', a.id, 'Time_In', to_char(a.time_in, 'HH24:MI'), 'Time_Out', to_char(a.time_out, 'HH24:MI')) as first,
               jsonb_build_object('id', b.id, 'Time_In', to_char(b.time_in, 'HH24:MI'), 'Time_Out', to_char(b.time_out, 'HH24:MI')) as second
          from (select distinct r.e as employee_id, r.d::date as date
                  from ${attendanceImports} p, jsonb_to_recordset(p.valid_rows) as r(e uuid, d text)
                 where p.id = ${importId}) n
          join ${attendanceRecords} a on a.bu_id = ${buId} and a.employee_id = n.employee_id and a.date = n.date
          join ${attendanceRecords} b on b.bu_id = ${buId} and b.employee_id = n.employee_id and b.date = n.date
           and a.id < b.id
          join ${employees} e on e.id = n.employee_id
         where ${sql.raw(OVERLAP_SQL('a', 'b'))}
         order by 1, 2, a.time_in nulls first
         limit 20`,
  );
}

export async function markCommitted(
  tx: Executor,
  id: string,
  values: { by: string; at: Date; result: Record<string, number> },
): Promise<void> {
  await tx
    .update(attendanceImports)
    .set({ committedAt: values.at, committedBy: values.by, result: values.result })
    .where(eq(attendanceImports.id, id));
}
