import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { addDays } from '../../core/time/dates.ts';
import type { DemoStep } from './index.ts';
import { PAST_DAYS } from './roster.ts';

/**
 * Attendance of the past two weeks, following the ramp's published roster (see the past roster step), and
 * two of the demo employee's days edited by the HR director, waiting for review.
 */
export const attendanceStep: DemoStep = {
  name: 'attendance',
  async run(tx: Executor, context) {
    const buId = context.units.MAIN;
    const { today } = context;
    // A few exceptions for the HR director to look at (about one record in 33), not a day's work of them.
    await attendanceOfRoster(tx, buId, addDays(today, -PAST_DAYS), addDays(today, -1), DEMO_SPREAD);
    // Two edits of the demo employee's latest days, waiting for review (the HR director edited them).
    const edited = await queryRows<{ id: string; before: Record<string, unknown> }>(
      tx,
      sql`select a.id, jsonb_build_object('Time_In', to_char(a.time_in, 'HH24:MI'),
                   'Time_Out', to_char(a.time_out, 'HH24:MI'), 'statusCode', s.code, 'source', a.source) as before
            from attendance_records a
            join attendance_statuses s on s.id = a.status_id
            join users u on u.employee_id = a.employee_id and u.username = 'employee'
           order by a.date desc limit 2`,
    );
    const [editor] = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where username = 'hrdirector'`,
    );
    if (!editor) return;
    for (const [index, record] of edited.entries()) {
      const after =
        index === 0
          ? { Time_In: '06:00', Time_Out: '14:00', statusCode: 'PRESENT', source: 'edit' }
          : { Time_In: null, Time_Out: null, statusCode: 'ON_LEAVE', source: 'edit' };
      const reason = index === 0 ? 'Clock-in terminal at gate 4 was down' : 'Approved leave recorded late';
      await tx.execute(sql`update attendance_records
          set time_in = ${after.Time_In}::time, time_out = ${after.Time_Out}::time, source = 'edit', version = 2,
              status_id = (select id from attendance_statuses where bu_id = ${buId} and code = ${after.statusCode})
        where id = ${record.id}`);
      const [review] = await queryRows<{ id: string }>(
        tx,
        sql`insert into attendance_reviews (bu_id, record_id, before, after, after_version, reason, editor_ids,
              first_edited_by, first_edited_at, last_edited_by, last_edited_at)
            values (${buId}, ${record.id}, ${JSON.stringify(record.before)}::jsonb, ${JSON.stringify(after)}::jsonb, 2,
              ${reason}, array[${editor.id}::uuid], ${editor.id}, now(), ${editor.id}, now())
            returning id`,
      );
      await tx.execute(sql`insert into attendance_record_changes
          (bu_id, record_id, at, actor_user_id, actor_username, action, before, after, review_id)
        values (${buId}, ${record.id}, now(), ${editor.id}, 'hrdirector', 'edit', ${JSON.stringify(record.before)}::jsonb,
          ${JSON.stringify(after)}::jsonb, ${review!.id})`);
    }
  },
};

/** Percent of records absent, late and leaving early: a busy day's spread, the benchmark's. */
export interface AttendanceSpread {
  absent: number;
  late: number;
  earlyLeave: number;
}
const BUSY_SPREAD: AttendanceSpread = { absent: 4, late: 8, earlyLeave: 6 };
const DEMO_SPREAD: AttendanceSpread = { absent: 1, late: 1, earlyLeave: 1 };

/**
 * Records following the published roster of a period (the reconciliation benchmark's too): by a fixed
 * spread (by default about 4 % absent, 8 % late and 6 % leaving early), the rest on time. A night shift is two segments,
 * as a record cannot cross midnight: from the clock-in to 24:00 on its date, and from 00:00 to the
 * clock-out on the next. Three cargo staff came in, a week into the period, though nobody planned them. Set-based, so a
 * large set loads as fast.
 */
export async function attendanceOfRoster(
  tx: Executor,
  buId: string,
  from: string,
  to: string,
  spread: AttendanceSpread = BUSY_SPREAD,
): Promise<void> {
  const absent = spread.absent;
  const late = absent + spread.late;
  const early = late + spread.earlyLeave;
  await tx.execute(sql`
    with planned as (
      select l.employee_id, l.date, l.start_time::time as start, l.end_time <= l.start_time as overnight,
             (substring(l.employee_number from 2)::int * 31 + (l.date - ${from}::date) * 17) % 100 as h
        from published_roster_lines l
        join published_rosters r on r.id = l.roster_id
       where r.bu_id = ${buId} and l.date between ${from} and ${to}),
    shaped as (
      select employee_id, date, start, overnight,
             case when h < ${absent} then 'ABSENT' when h < ${late} then 'LATE' when h < ${early} then 'EARLY_LEAVE'
                  else 'PRESENT' end as status,
             case when h < ${absent} then null
                  when h < ${late} then start + make_interval(mins => 10 + h * 3)
                  else start - make_interval(mins => h % 7) end as time_in,
             case when h < ${absent} then null
                  when h < ${late} then start + interval '8 hours'
                  when h < ${early} then start + interval '8 hours' - make_interval(mins => 30 + h * 5)
                  else start + interval '8 hours' + make_interval(mins => h % 5) end as time_out
        from planned),
    records as (
      select employee_id, date, time_in,
             case when not overnight then time_out when time_in is not null then time '24:00' end as time_out, status
        from shaped
      union all
      select employee_id, date + 1, time '00:00', time_out, status from shaped where overnight and time_in is not null
      union all
      select id, ${addDays(from, 7)}::date, time '08:00', time '16:00', 'PRESENT'
        from (select e.id from employees e join org_nodes o on o.id = e.department_id
               where e.bu_id = ${buId} and o.code = 'CARGO' and e.status = 'ACTIVE'
               order by e.employee_number limit 3) cargo),
    written as (
      insert into attendance_records (bu_id, employee_id, date, time_in, time_out, status_id, source)
      select ${buId}, p.employee_id, p.date, p.time_in, p.time_out, st.id, 'import'
        from records p join attendance_statuses st on st.bu_id = ${buId} and st.code = p.status
      returning id, time_in, time_out, status_id)
    insert into attendance_record_changes (bu_id, record_id, at, action, before, after)
    select ${buId}, w.id, now(), 'import', null,
           jsonb_build_object('Time_In', to_char(w.time_in, 'HH24:MI'), 'Time_Out', to_char(w.time_out, 'HH24:MI'),
             'statusCode', (select code from attendance_statuses where id = w.status_id), 'source', 'import')
      from written w`);
}
