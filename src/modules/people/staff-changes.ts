import { type SQL, sql } from 'drizzle-orm';
import type { ChangeWindow } from '../../core/db/change-window.ts';
import { certifications, employees } from '../../core/db/tables/index.ts';

/*
 * What changed in a department's staff after an instant (issue 53: a run that went stale), as SQL fragments
 * of the caller's statement. Employees are written by the import, which stamps `updated_at` when their
 * record (department, grade, status, dates, names) changes; certificates carry their own. A change of skills
 * alone stamps neither, so it is not seen here.
 */

/**
 * Whether an employee is of the staff: one of `staffIds` (the staff as they were taken; null when unknown)
 * or in the department now.
 */
export const staffMember =
  (departmentId: SQL, staffIds: SQL) =>
  (employeeId: SQL): SQL =>
    // The department first: one key lookup, where the staff's array is unpacked anew at each reading.
    sql`(exists (select 1 from ${employees} m where m.id = ${employeeId} and m.department_id = ${departmentId})
         or ${employeeId} = any(coalesce(${staffIds}, '{}'::uuid[])))`;

/**
 * Who joined the department (active, not among `staffIds`), who left it or was deactivated (among them),
 * and whose record or certificates changed (still there and active), each after `since`. Joining and
 * leaving need the staff as they were: with `staffIds` null only the changes of today's staff are told.
 * One pass over the few records and certificates written since (their `(bu_id, updated_at)` indexes), each
 * employee told once under one kind.
 */
export function staffChangesSince(window: ChangeWindow, staffIds: SQL): SQL {
  const { buId, departmentId, since } = window;
  const here = sql`e.department_id = ${departmentId} and e.status = 'ACTIVE'`;
  return sql`
    (select w.kind, count(distinct w.id)::int as n, max(w.at) as latest_at
       from (select e.id, t.at,
                    case when t.was and e.department_id is distinct from ${departmentId} then 'staffLeft'
                         when t.was and e.status <> 'ACTIVE' then 'staffDeactivated'
                         when ${here} and (t.was or ${staffIds} is null) then 'staffChanged'
                         when ${here} and t.record then 'staffJoined'
                    end as kind
               from (select c.id, c.at, c.record, s.id is not null as was
                       from (select u.id, u.updated_at as at, true as record from ${employees} u
                              where u.bu_id = ${buId} and u.updated_at > ${since}
                             union all
                             select c.employee_id, c.updated_at, false from ${certifications} c
                              where c.bu_id = ${buId} and c.updated_at > ${since}) c
                       -- The staff as a relation the plan hashes once: an array is unpacked at each reading.
                       left join unnest(coalesce(${staffIds}, '{}'::uuid[])) s(id) on s.id = c.id) t
               join ${employees} e on e.id = t.id) w
      where w.kind is not null
      group by w.kind)`;
}
