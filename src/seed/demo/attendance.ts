import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { addDays, businessDate, DEFAULT_TIMEZONE } from '../../core/time/dates.ts';
import type { DemoStep } from './index.ts';

const DAYS = 14;

/**
 * Attendance of MAIN's staff for the past two weeks (set-based, so a large demo loads as fast): no record
 * on Fridays and Saturdays (the default weekend), even numbers on the morning shift (06:00–14:00), odd
 * ones on the evening shift (14:00–22:00), and by a fixed spread about 4 % absent, 8 % late and 6 % leaving
 * early. Two of the demo employee's days were edited by the HR director and wait for review.
 */
export const attendanceStep: DemoStep = {
  name: 'attendance',
  async run(tx: Executor, context) {
    const buId = context.units.MAIN;
    const today = businessDate(new Date(), DEFAULT_TIMEZONE);
    const from = addDays(today, -DAYS);
    const to = addDays(today, -1);
    await tx.execute(sql`
      with days as (
        select d::date as date, (d::date - ${from}::date) as k
          from generate_series(${from}::date, ${to}::date, interval '1 day') d
         where extract(dow from d) not in (5, 6)),
      staff as (
        select id, substring(employee_number from 2)::int as n,
               case when substring(employee_number from 2)::int % 2 = 0 then time '06:00' else time '14:00' end as start
          from employees where bu_id = ${buId} and status = 'ACTIVE'),
      planned as (
        select s.id as employee_id, d.date, s.start, (s.n * 31 + d.k * 17) % 100 as h from staff s cross join days d),
      shaped as (
        select employee_id, date,
               case when h < 4 then 'ABSENT' when h < 12 then 'LATE' when h < 18 then 'EARLY_LEAVE' else 'PRESENT' end
                 as status,
               case when h < 4 then null
                    when h < 12 then start + make_interval(mins => 10 + h * 3)
                    else start - make_interval(mins => h % 7) end as time_in,
               case when h < 4 then null
                    when h < 12 then start + interval '8 hours'
                    when h < 18 then start + interval '8 hours' - make_interval(mins => 30 + h * 5)
                    else start + interval '8 hours' + make_interval(mins => h % 5) end as time_out
          from planned),
      written as (
        insert into attendance_records (bu_id, employee_id, date, time_in, time_out, status_id, source)
        select ${buId}, p.employee_id, p.date, p.time_in, p.time_out, st.id, 'import'
          from shaped p join attendance_statuses st on st.bu_id = ${buId} and st.code = p.status
        returning id, time_in, time_out, status_id)
      insert into attendance_record_changes (bu_id, record_id, at, action, before, after)
      select ${buId}, w.id, now(), 'import', null,
             jsonb_build_object('Time_In', to_char(w.time_in, 'HH24:MI'), 'Time_Out', to_char(w.time_out, 'HH24:MI'),
               'statusCode', (select code from attendance_statuses where id = w.status_id), 'source', 'import')
        from written w`);
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
