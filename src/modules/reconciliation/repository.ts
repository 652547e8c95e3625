import { and, asc, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Db, type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import { isPlannedLine } from '../../core/db/planned-roster.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { type ExceptionStatus, employees, reconciliationExceptions } from '../../core/db/tables/index.ts';
import { addDays } from '../../core/time/dates.ts';

/** SQL of reconciliation: planned shifts matched with attendance, the exceptions kept, the figures. */

/**
 * How far before a shift's start a clock-in with no clock-out still counts as arriving for it: such a
 * presence overlaps nothing, so it is matched by its arrival alone.
 */
const EARLY_ARRIVAL = sql`interval '2 hours'`;

/**
 * The matching of planned shifts with attendance, as common table expressions ending in:
 * - `shifts`: each planned line of [from, to] with `present`, the first arrival and last departure of the
 *   presence counted for it (`arrived_at` null when unknown: a presence that begins at 00:00, a night's
 *   tail whose start was not recorded; `left_at` null when the last segment has no Time_Out), its
 *   `starts_at` and `ends_at` (a shift ending at or before its start time ends the next day);
 * - `wrong`: planned lines of [from - 2, to + 1] nobody attended while their employee's presence that day
 *   was on another planned shift (WRONG_SHIFT), with that shift;
 * - `unplanned`: presences starting in [from, to] counted for no planned line and no wrong shift.
 *
 * Records are segments of presence (DESIGN §12) and cannot cross midnight, so an employee's segments are
 * first joined into presences: a segment starting at 00:00 continues the previous date's last segment
 * when that one ends at 23:59 or 24:00 or has no Time_Out (a night: 22:00–24:00, then 00:00–06:00). A
 * presence then belongs to the planned shift of the unit it overlaps most (a tie goes to one of the
 * employee's own, then to the nearest start; a clock-in alone overlaps nothing and is matched to a shift
 * starting at most two hours later or already running). It is counted for the employee's own planned line
 * when that is the shift it belongs to, or when it covers at least half of it (a double shift). A planned
 * line with no presence counted is a wrong shift when a presence of the employee belongs to another
 * planned shift of the line's date and to no planned line of theirs; otherwise it is a no-show.
 */
const matching = (buId: string, from: string, to: string) => {
  const first = addDays(from, -2);
  const last = addDays(to, 1);
  return sql`
  lines as (
    select published_roster_lines.employee_id, published_roster_lines.date,
           published_roster_lines.shift_template_id, published_roster_lines.shift_code,
           published_roster_lines.shift_name_en, published_roster_lines.shift_name_ar,
           published_roster_lines.terminal_id, published_roster_lines.terminal_code,
           published_roster_lines.terminal_name_en, published_roster_lines.terminal_name_ar,
           published_roster_lines.start_time, published_roster_lines.end_time,
           published_rosters.department_id, published_rosters.plan_id,
           published_roster_lines.date + published_roster_lines.start_time::time as starts_at,
           published_roster_lines.date + published_roster_lines.end_time::time
             + case when published_roster_lines.end_time <= published_roster_lines.start_time
                    then interval '1 day' else interval '0 days' end as ends_at
      from published_roster_lines
      join published_rosters on published_rosters.id = published_roster_lines.roster_id
     where published_rosters.bu_id = ${buId}
       and published_rosters.period_from <= ${last} and published_rosters.period_to >= ${first}
       and published_roster_lines.date between ${first} and ${last}
       and ${isPlannedLine}),
  instances as (
    select distinct date, shift_template_id, shift_code, start_time, end_time, starts_at, ends_at from lines),
  own_lines as (select distinct employee_id, date, shift_template_id from lines),
  segments as (
    select a.employee_id, a.date, a.time_in, a.time_out, a.date + a.time_in as seg_start,
           a.date + a.time_out as seg_end,
           case when a.time_in = time '00:00' and lag(a.date) over w = a.date - 1
                     and coalesce(lag(a.time_out) over w >= time '23:59', true)
                then 0 else 1 end as opens
      from attendance_records a
     where a.bu_id = ${buId} and a.date between ${first} and ${last} and a.time_in is not null
    window w as (partition by a.employee_id order by a.date, a.time_in)),
  numbered as (
    select *, sum(opens) over w as presence_no, coalesce(lead(opens) over w, 1) = 1 as closes
      from segments
    window w as (partition by employee_id order by date, time_in rows between unbounded preceding and current row)),
  -- A presence: from its first segment's start to its last segment's end (unknown without a Time_Out).
  presences as (
    select f.employee_id, f.presence_no, f.date, f.seg_start as started_at,
           case when f.time_in = time '00:00' then null else f.seg_start end as arrived_at,
           l.seg_end as left_at, coalesce(l.seg_end, l.seg_start) as known_until, f.time_in, l.time_out
      from numbered f
      join numbered l on l.employee_id = f.employee_id and l.presence_no = f.presence_no and l.closes
     where f.opens = 1),
  candidates as (
    select p.employee_id, p.presence_no, i.date, i.shift_template_id, i.shift_code, i.start_time, i.end_time,
           greatest(interval '0', least(p.known_until, i.ends_at) - greatest(p.started_at, i.starts_at)) as overlap,
           i.ends_at - i.starts_at as length,
           greatest(p.started_at - i.starts_at, i.starts_at - p.started_at) as distance
      from (select *, unnest(array[date - 1, date, date + 1]) as near from presences) p
      join instances i on i.date = p.near
     where (p.started_at < i.ends_at and p.known_until > i.starts_at)
        or (p.left_at is null and p.started_at >= i.starts_at - ${EARLY_ARRIVAL} and p.started_at < i.ends_at)),
  ranked as (
    select c.*, o.employee_id is not null as own,
           row_number() over (partition by c.employee_id, c.presence_no
                              order by c.overlap desc, (o.employee_id is not null) desc, c.distance, c.date)
             as rank
      from candidates c
      left join own_lines o
        on o.employee_id = c.employee_id and o.date = c.date and o.shift_template_id = c.shift_template_id),
  counted as (
    select employee_id, presence_no, date, shift_template_id from ranked
     where own and (rank = 1 or overlap * 2 >= length)),
  counted_presences as (
    select c.employee_id, c.date, c.shift_template_id, p.started_at, p.arrived_at, p.time_in, p.left_at,
           p.time_out
      from counted c join presences p on p.employee_id = c.employee_id and p.presence_no = c.presence_no),
  -- Arrival from the first presence counted for a line, departure from the last.
  attended as (
    select f.employee_id, f.date, f.shift_template_id, f.arrived_at, f.time_in, l.left_at, l.time_out
      from (select distinct on (employee_id, date, shift_template_id) * from counted_presences
             order by employee_id, date, shift_template_id, started_at) f
      join (select distinct on (employee_id, date, shift_template_id) * from counted_presences
             order by employee_id, date, shift_template_id, started_at desc) l
        on l.employee_id = f.employee_id and l.date = f.date and l.shift_template_id = f.shift_template_id),
  matched as (
    select l.*, a.arrived_at, a.time_in, a.left_at, a.time_out, a.employee_id is not null as present
      from lines l
      left join attended a
        on a.employee_id = l.employee_id and a.date = l.date and a.shift_template_id = l.shift_template_id),
  wrong as (
    select distinct on (m.employee_id, m.date, m.shift_template_id)
           m.employee_id, m.date, m.shift_template_id, r.presence_no,
           r.shift_template_id as worked_shift_template_id, r.shift_code as worked_shift_code,
           r.start_time as worked_start, r.end_time as worked_end
      from matched m
      join ranked r on r.employee_id = m.employee_id and r.date = m.date and r.rank = 1 and not r.own
     where not m.present
       and not exists (select 1 from counted c
                        where c.employee_id = r.employee_id and c.presence_no = r.presence_no)
     order by m.employee_id, m.date, m.shift_template_id, r.overlap desc, r.presence_no),
  shifts as (select * from matched where date between ${from} and ${to}),
  unplanned as (
    select p.employee_id, e.department_id, p.date, p.time_in, p.time_out, p.started_at, p.left_at
      from presences p
      join employees e on e.id = p.employee_id
     where p.date between ${from} and ${to}
       and not exists (select 1 from counted c
                        where c.employee_id = p.employee_id and c.presence_no = p.presence_no)
       and not exists (select 1 from wrong w
                        where w.employee_id = p.employee_id and w.presence_no = p.presence_no))`;
};

/**
 * Runs a whole-month matching query with hash joins only. Right after a bulk import or a publish the
 * tables have no statistics yet, and the planner then chose per-line index loops: 12 s instead of 0.6 s
 * for a month of 2,000 staff (docs/benchmarks.md). These queries always match most of the rows they read,
 * which is what hash joins are for. Without JIT: the statement is large and runs for well under a second,
 * while compiling it took seconds once its estimated cost passed PostgreSQL's JIT thresholds.
 */
export async function withHashJoins<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    await tx.execute(sql`set local jit = off`);
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
    with ${matching(buId, from, to)},
    found as (
      select employee_id, department_id, date, 'NO_SHOW' as kind, shift_template_id, shift_code, terminal_code,
             start_time, end_time, null::text as time_in, null::text as time_out, null::int as minutes,
             null::uuid as worked_shift_template_id, null::text as worked_shift_code, null::text as worked_start,
             null::text as worked_end
        from shifts s where not present
         and not exists (select 1 from wrong w where w.employee_id = s.employee_id and w.date = s.date
                           and w.shift_template_id = s.shift_template_id)
      union all
      select s.employee_id, s.department_id, s.date, 'WRONG_SHIFT', s.shift_template_id, s.shift_code,
             s.terminal_code, s.start_time, s.end_time, to_char(p.time_in, 'HH24:MI'), to_char(p.time_out, 'HH24:MI'),
             null, w.worked_shift_template_id, w.worked_shift_code, w.worked_start, w.worked_end
        from shifts s
        join wrong w on w.employee_id = s.employee_id and w.date = s.date and w.shift_template_id = s.shift_template_id
        join presences p on p.employee_id = w.employee_id and p.presence_no = w.presence_no
      union all
      select employee_id, department_id, date, 'LATE_ARRIVAL', shift_template_id, shift_code, terminal_code,
             start_time, end_time, to_char(time_in, 'HH24:MI'), to_char(time_out, 'HH24:MI'),
             ${minutesBetween('arrived_at', 'starts_at')}, null, null, null, null
        from shifts where arrived_at > starts_at + ${tolerance}
      union all
      select employee_id, department_id, date, 'EARLY_DEPARTURE', shift_template_id, shift_code, terminal_code,
             start_time, end_time, to_char(time_in, 'HH24:MI'), to_char(time_out, 'HH24:MI'),
             ${minutesBetween('ends_at', 'left_at')}, null, null, null, null
        from shifts where left_at < ends_at - ${tolerance}
      union all
      -- Several unplanned presences of one date are one exception: first clock-in, last clock-out.
      select employee_id, department_id, date, 'UNPLANNED_ATTENDANCE', null, null, null, null, null,
             to_char((array_agg(time_in order by started_at))[1], 'HH24:MI'),
             to_char((array_agg(time_out order by started_at desc))[1], 'HH24:MI'), null, null, null, null, null
        from unplanned group by employee_id, department_id, date
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
        shift_code, terminal_code, planned_start, planned_end, time_in, time_out, minutes,
        worked_shift_template_id, worked_shift_code, worked_start, worked_end)
      select ${buId}, employee_id, department_id, date, kind, shift_template_id, shift_code, terminal_code,
             start_time, end_time, time_in, time_out, minutes,
             worked_shift_template_id, worked_shift_code, worked_start, worked_end
        from fresh
      on conflict (bu_id, employee_id, date, kind) do update set
        department_id = excluded.department_id, shift_template_id = excluded.shift_template_id,
        shift_code = excluded.shift_code, terminal_code = excluded.terminal_code,
        planned_start = excluded.planned_start, planned_end = excluded.planned_end,
        time_in = excluded.time_in, time_out = excluded.time_out, minutes = excluded.minutes,
        worked_shift_template_id = excluded.worked_shift_template_id,
        worked_shift_code = excluded.worked_shift_code, worked_start = excluded.worked_start,
        worked_end = excluded.worked_end, updated_at = now()
      where (reconciliation_exceptions.department_id, reconciliation_exceptions.shift_template_id,
             reconciliation_exceptions.terminal_code, reconciliation_exceptions.planned_start,
             reconciliation_exceptions.planned_end, reconciliation_exceptions.time_in,
             reconciliation_exceptions.time_out, reconciliation_exceptions.minutes,
             reconciliation_exceptions.worked_shift_template_id, reconciliation_exceptions.worked_start,
             reconciliation_exceptions.worked_end)
        is distinct from
            (excluded.department_id, excluded.shift_template_id, excluded.terminal_code, excluded.planned_start,
             excluded.planned_end, excluded.time_in, excluded.time_out, excluded.minutes,
             excluded.worked_shift_template_id, excluded.worked_start, excluded.worked_end)
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
  status?: ExceptionStatus;
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
};

function exceptionsQuery(executor: Executor, where: SQL | undefined) {
  return executor
    .select(exceptionColumns)
    .from(reconciliationExceptions)
    .innerJoin(employees, eq(employees.id, reconciliationExceptions.employeeId))
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
        sql`${reconciliationExceptions.id} = any(${uuidList(ids)})`,
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
    sql`with ${matching(buId, range.from, range.to)},
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
    sql`with ${matching(buId, from, to)},
      worked as (
        select department_id, extract(epoch from ends_at - starts_at) / 3600 as planned,
               case when present then greatest(0, extract(epoch from
                 coalesce(left_at, ends_at) - coalesce(arrived_at, starts_at)) / 3600) else 0 end as actual
          from shifts
        union all
        -- Hours worked on another shift than the planned one count for the planned line's department.
        select s.department_id, 0, extract(epoch from p.left_at - p.started_at) / 3600
          from shifts s
          join wrong w on w.employee_id = s.employee_id and w.date = s.date and w.shift_template_id = s.shift_template_id
          join presences p on p.employee_id = w.employee_id and p.presence_no = w.presence_no
         where p.left_at is not null
        union all
        select department_id, 0, extract(epoch from left_at - started_at) / 3600
          from unplanned where left_at is not null)
      select department_id as "departmentId", round(sum(planned)::numeric, 2)::float8 as "plannedHours",
             round(sum(actual)::numeric, 2)::float8 as "actualHours"
        from worked where ${inDepartmentScope(sql`department_id`, scope)}
         ${departmentId ? sql`and department_id = ${departmentId}` : sql``}
       group by department_id order by department_id`,
  );
}
