import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Db, type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { employees, reconciliationExceptions, users } from '../../core/db/schema/index.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { addDays } from '../../core/time/dates.ts';
import { isPlannedLine } from '../publishing/repository.ts';

/** SQL of reconciliation: planned shifts matched with attendance, the exceptions kept, the figures. */

/**
 * Each planned shift between two dates with what attendance says of it. A shift ending at or before its
 * start time is overnight and ends the next day; records cannot cross midnight, so its clock-in is on its
 * own date's record (one starting at 00:00 is the previous night's tail, not an arrival) and its clock-out
 * on the next date's record when that starts at 00:00, else on its own date's. Present: clocked in, or a
 * tail the next morning proves the night was worked.
 */
const attendedShifts = (buId: string, from: string, to: string) => sql`
  select published_roster_lines.employee_id, published_roster_lines.date,
         published_roster_lines.shift_template_id, published_roster_lines.shift_code,
         published_roster_lines.shift_name_en, published_roster_lines.shift_name_ar,
         published_roster_lines.terminal_id, published_roster_lines.terminal_code,
         published_roster_lines.terminal_name_en, published_roster_lines.terminal_name_ar,
         published_roster_lines.start_time, published_roster_lines.end_time,
         published_rosters.department_id, published_rosters.plan_id,
         s.overnight, s.starts_at, s.ends_at,
         a.time_in, coalesce(tail.time_out, a.time_out) as time_out,
         published_roster_lines.date + a.time_in as arrived_at,
         case when tail.employee_id is not null then published_roster_lines.date + 1 + tail.time_out
              else published_roster_lines.date + a.time_out end as left_at,
         (a.time_in is not null or tail.employee_id is not null) as present
    from published_roster_lines
    join published_rosters on published_rosters.id = published_roster_lines.roster_id
    cross join lateral (
      select published_roster_lines.end_time <= published_roster_lines.start_time as overnight,
             published_roster_lines.date + published_roster_lines.start_time::time as starts_at,
             published_roster_lines.date + published_roster_lines.end_time::time
               + case when published_roster_lines.end_time <= published_roster_lines.start_time
                      then interval '1 day' else interval '0 days' end as ends_at) s
    left join attendance_records a
      on a.bu_id = ${buId} and a.employee_id = published_roster_lines.employee_id
     and a.date = published_roster_lines.date and not (s.overnight and a.time_in = time '00:00')
    left join attendance_records tail
      on s.overnight and tail.bu_id = ${buId} and tail.employee_id = published_roster_lines.employee_id
     and tail.date = published_roster_lines.date + 1 and tail.time_in = time '00:00'
   where published_rosters.bu_id = ${buId}
     and published_rosters.period_from <= ${to} and published_rosters.period_to >= ${from}
     and published_roster_lines.date between ${from} and ${to}
     and ${isPlannedLine}`;

/**
 * Records of [from, to] with a clock-in on no planned shift: neither on a shift of their date nor the
 * 00:00 tail of an overnight shift of the day before. Reads a \`shifts\` CTE covering [from - 1, to].
 */
const unplannedRecords = (buId: string, from: string, to: string) => sql`
  select a.employee_id, e.department_id, a.date, a.time_in, a.time_out
    from attendance_records a
    join employees e on e.id = a.employee_id
    join (select employee_id, date from attendance_records
           where bu_id = ${buId} and date between ${from} and ${to} and time_in is not null
          except select employee_id, date from shifts
          except (select employee_id, date + 1 from shifts where overnight
                  intersect select employee_id, date from attendance_records
                             where bu_id = ${buId} and date between ${from} and ${to} and time_in = time '00:00')
         ) unplanned on unplanned.employee_id = a.employee_id and unplanned.date = a.date
   where a.bu_id = ${buId}`;

/**
 * Runs a whole-month matching query with hash joins only. Right after a bulk import or a publish the
 * tables have no statistics yet, and the planner then chose per-line index loops: 12 s instead of 0.6 s
 * for a month of 2,000 staff (docs/benchmarks.md). These queries always match most of the rows they read,
 * which is what hash joins are for.
 */
export async function withHashJoins<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return work(tx);
  });
}

const minutesBetween = (later: string, earlier: string) =>
  sql.raw(`(extract(epoch from ${later} - ${earlier}) / 60)::int`);

export interface DayToReconcile {
  date: string;
  /** The input version read before computing: stored as reconciled, so later writes leave it stale. */
  seen: number;
}

/** Dates of [from, to] whose exceptions are missing or older than their inputs or the tolerance. */
export async function daysToReconcile(
  executor: Executor,
  buId: string,
  from: string,
  to: string,
  toleranceMinutes: number,
): Promise<DayToReconcile[]> {
  return queryRows<DayToReconcile>(
    executor,
    sql`select to_char(d, 'YYYY-MM-DD') as date, coalesce(r.input_version, 0)::int as seen
          from generate_series(${from}::date, ${to}::date, interval '1 day') d
          left join reconciliation_days r on r.bu_id = ${buId} and r.date = d::date
         where r.date is null or r.reconciled_version is distinct from r.input_version
            or r.tolerance_minutes is distinct from ${toleranceMinutes}
         order by 1`,
  );
}

/**
 * Recomputes the exceptions of the given dates in one statement: new ones are added, open ones that no
 * longer hold are dropped, those still holding get their current figures; validated ones keep their
 * validation. The dates are then marked reconciled at the input version read before.
 */
export async function reconcileDays(
  executor: Executor,
  buId: string,
  days: DayToReconcile[],
  toleranceMinutes: number,
): Promise<void> {
  const dates = days.map((day) => day.date);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const dateList = sql`(select unnest(${`{${dates.join(',')}}`}::date[]))`;
  const tolerance = sql`make_interval(mins => ${toleranceMinutes})`;
  await executor.execute(sql`
    with shifts as (${attendedShifts(buId, addDays(from, -1), to)}),
    found as (
      select employee_id, department_id, date, 'NO_SHOW' as kind, shift_template_id, shift_code, terminal_code,
             start_time, end_time, null::text as time_in, null::text as time_out, null::int as minutes
        from shifts where not present
      union all
      select employee_id, department_id, date, 'LATE_ARRIVAL', shift_template_id, shift_code, terminal_code,
             start_time, end_time, to_char(time_in, 'HH24:MI'), to_char(time_out, 'HH24:MI'),
             ${minutesBetween('arrived_at', 'starts_at')}
        from shifts where arrived_at > starts_at + ${tolerance}
      union all
      select employee_id, department_id, date, 'EARLY_DEPARTURE', shift_template_id, shift_code, terminal_code,
             start_time, end_time, to_char(time_in, 'HH24:MI'), to_char(time_out, 'HH24:MI'),
             ${minutesBetween('ends_at', 'left_at')}
        from shifts where left_at < ends_at - ${tolerance}
      union all
      select employee_id, department_id, date, 'UNPLANNED_ATTENDANCE', null, null, null, null, null,
             to_char(time_in, 'HH24:MI'), to_char(time_out, 'HH24:MI'), null
        from (${unplannedRecords(buId, from, to)}) unplanned
    ),
    fresh as (
      -- One line per employee and date planned twice (two departments' rosters) keeps one exception.
      select distinct on (employee_id, date, kind) * from found
       where date in ${dateList}
       order by employee_id, date, kind, start_time
    ),
    dropped as (
      delete from reconciliation_exceptions x
       where x.bu_id = ${buId} and x.date in ${dateList} and x.status = 'OPEN'
         and not exists (select 1 from fresh f
                          where f.employee_id = x.employee_id and f.date = x.date and f.kind = x.kind)
    ),
    kept as (
      insert into reconciliation_exceptions (bu_id, employee_id, department_id, date, kind, shift_template_id,
        shift_code, terminal_code, planned_start, planned_end, time_in, time_out, minutes)
      select ${buId}, employee_id, department_id, date, kind, shift_template_id, shift_code, terminal_code,
             start_time, end_time, time_in, time_out, minutes
        from fresh
      on conflict (bu_id, employee_id, date, kind) do update set
        department_id = excluded.department_id, shift_template_id = excluded.shift_template_id,
        shift_code = excluded.shift_code, terminal_code = excluded.terminal_code,
        planned_start = excluded.planned_start, planned_end = excluded.planned_end,
        time_in = excluded.time_in, time_out = excluded.time_out, minutes = excluded.minutes, updated_at = now()
      where (reconciliation_exceptions.department_id, reconciliation_exceptions.shift_template_id,
             reconciliation_exceptions.terminal_code, reconciliation_exceptions.planned_start,
             reconciliation_exceptions.planned_end, reconciliation_exceptions.time_in,
             reconciliation_exceptions.time_out, reconciliation_exceptions.minutes)
        is distinct from
            (excluded.department_id, excluded.shift_template_id, excluded.terminal_code, excluded.planned_start,
             excluded.planned_end, excluded.time_in, excluded.time_out, excluded.minutes)
    )
    insert into reconciliation_days (bu_id, date, input_version, reconciled_version, tolerance_minutes, reconciled_at)
    select ${buId}, d.date::date, 0, d.seen, ${toleranceMinutes}, now()
      from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as d(date text, seen bigint)
    on conflict (bu_id, date) do update set reconciled_version = excluded.reconciled_version,
      tolerance_minutes = excluded.tolerance_minutes, reconciled_at = excluded.reconciled_at`);
}

export interface ExceptionFilters {
  from: string;
  to: string;
  kind?: string;
  status?: string;
  employeeId?: string;
  departmentId?: string;
}

const exceptionsWhere = (buId: string, scope: DepartmentScope | null, filters: ExceptionFilters) =>
  and(
    eq(reconciliationExceptions.buId, buId),
    inDepartmentScope(reconciliationExceptions.departmentId, scope),
    gte(reconciliationExceptions.date, filters.from),
    lte(reconciliationExceptions.date, filters.to),
    filters.kind ? eq(reconciliationExceptions.kind, filters.kind) : undefined,
    filters.status ? eq(reconciliationExceptions.status, filters.status) : undefined,
    filters.employeeId ? eq(reconciliationExceptions.employeeId, filters.employeeId) : undefined,
    filters.departmentId ? eq(reconciliationExceptions.departmentId, filters.departmentId) : undefined,
  );

const exceptionColumns = {
  exception: reconciliationExceptions,
  employeeNumber: employees.employeeNumber,
  nameEn: employees.nameEn,
  nameAr: employees.nameAr,
  validatedByUsername: users.username,
};

function exceptionsQuery(executor: Executor, where: SQL | undefined) {
  return executor
    .select(exceptionColumns)
    .from(reconciliationExceptions)
    .innerJoin(employees, eq(employees.id, reconciliationExceptions.employeeId))
    .leftJoin(users, eq(users.id, reconciliationExceptions.validatedBy))
    .where(where);
}

export type ExceptionRow = Awaited<ReturnType<typeof exceptionsQuery>>[number];

/** Exceptions are listed by date, employee number and kind. */
const exceptionOrder = [
  asc(reconciliationExceptions.date),
  asc(employees.employeeNumber),
  asc(reconciliationExceptions.kind),
];

export async function listExceptions(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: ExceptionFilters,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    exceptionsQuery(executor, exceptionsWhere(buId, scope, filters))
      .orderBy(...exceptionOrder)
      .limit(limit)
      .offset(offset),
    countExceptions(executor, buId, scope, filters),
  ]);
  return { rows, total };
}

export async function countExceptions(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  filters: ExceptionFilters,
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(reconciliationExceptions)
    .where(exceptionsWhere(buId, scope, filters));
  return row?.n ?? 0;
}

/** The exceptions of the ids the caller may see, locked for the validation. */
export async function exceptionsForValidation(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  ids: string[],
) {
  return executor
    .select({ id: reconciliationExceptions.id, status: reconciliationExceptions.status })
    .from(reconciliationExceptions)
    .where(
      and(
        eq(reconciliationExceptions.buId, buId),
        inDepartmentScope(reconciliationExceptions.departmentId, scope),
        sql`${reconciliationExceptions.id} in ${uuidList(ids)}`,
      ),
    )
    .for('update');
}

export async function validateExceptions(
  executor: Executor,
  ids: string[],
  values: { resolution: string; comment: string | null; validatedBy: string; validatedAt: Date },
) {
  await executor
    .update(reconciliationExceptions)
    .set({ ...values, status: 'VALIDATED', updatedAt: values.validatedAt })
    .where(inArray(reconciliationExceptions.id, ids));
  return exceptionsQuery(executor, inArray(reconciliationExceptions.id, ids)).orderBy(...exceptionOrder);
}

export interface VarianceRow {
  date: string;
  departmentId: string;
  terminalId: string;
  terminalCode: string;
  terminalNameEn: string;
  terminalNameAr: string | null;
  shiftTemplateId: string;
  shiftCode: string;
  shiftNameEn: string;
  shiftNameAr: string | null;
  required: number;
  planned: number;
  actual: number;
}

/**
 * Per date × terminal × shift of the planned roster's departments: heads required by the plan the roster
 * was published from, heads planned, heads present. A demand cell nobody was planned on still shows.
 */
export async function varianceRows(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  range: { from: string; to: string; departmentId?: string },
): Promise<VarianceRow[]> {
  return queryRows<VarianceRow>(
    executor,
    sql`with shifts as (${attendedShifts(buId, range.from, range.to)}),
      in_scope as (select * from shifts where ${inDepartmentScope(sql`department_id`, scope)}
                     ${range.departmentId ? sql`and department_id = ${range.departmentId}` : sql``}),
      planned as (
        select date, department_id, plan_id, terminal_id, shift_template_id,
               count(*)::int as planned, count(*) filter (where present)::int as actual
          from in_scope group by 1, 2, 3, 4, 5),
      demand as (
        select l.date, p.department_id, l.plan_id, l.terminal_id, l.shift_template_id, sum(l.required)::int as required
          from demand_lines l
          join (select distinct date, department_id, plan_id from in_scope) p on p.plan_id = l.plan_id and p.date = l.date
         group by 1, 2, 3, 4, 5)
      select to_char(k.date, 'YYYY-MM-DD') as "date", k.department_id as "departmentId",
             k.terminal_id as "terminalId", t.code as "terminalCode", t.name_en as "terminalNameEn",
             t.name_ar as "terminalNameAr", k.shift_template_id as "shiftTemplateId", st.code as "shiftCode",
             st.name_en as "shiftNameEn", st.name_ar as "shiftNameAr",
             coalesce(d.required, 0) as "required", coalesce(p.planned, 0) as "planned", coalesce(p.actual, 0) as "actual"
        from (select date, department_id, plan_id, terminal_id, shift_template_id from planned
              union select date, department_id, plan_id, terminal_id, shift_template_id from demand) k
        left join planned p using (date, department_id, plan_id, terminal_id, shift_template_id)
        left join demand d using (date, department_id, plan_id, terminal_id, shift_template_id)
        join terminals t on t.id = k.terminal_id
        join shift_templates st on st.id = k.shift_template_id
       order by k.date, t.code, st.start_time, st.code, k.department_id`,
  );
}

export interface UtilizationRow {
  departmentId: string | null;
  plannedHours: number;
  actualHours: number;
}

/**
 * Planned hours (each planned shift's length) and actual hours (present on a planned shift: clock-in to
 * clock-out, an unknown end counted at the planned time; unplanned attendance with both times) per
 * department.
 */
export async function utilizationRows(
  executor: Executor,
  buId: string,
  scope: DepartmentScope | null,
  { from, to, departmentId }: { from: string; to: string; departmentId?: string },
): Promise<UtilizationRow[]> {
  return queryRows<UtilizationRow>(
    executor,
    sql`with shifts as (${attendedShifts(buId, addDays(from, -1), to)}),
      worked as (
        select department_id, extract(epoch from ends_at - starts_at) / 3600 as planned,
               case when present then greatest(0, extract(epoch from
                 coalesce(left_at, ends_at) - coalesce(arrived_at, starts_at)) / 3600) else 0 end as actual
          from shifts where date >= ${from}
        union all
        select department_id, 0, extract(epoch from time_out - time_in) / 3600
          from (${unplannedRecords(buId, from, to)}) unplanned where time_out is not null)
      select department_id as "departmentId", round(sum(planned)::numeric, 2)::float8 as "plannedHours",
             round(sum(actual)::numeric, 2)::float8 as "actualHours"
        from worked where ${inDepartmentScope(sql`department_id`, scope)}
         ${departmentId ? sql`and department_id = ${departmentId}` : sql``}
       group by department_id order by department_id`,
  );
}
