import { type SQL, sql } from 'drizzle-orm';
import type { ChangeWindow } from '../../core/db/change-window.ts';
import { auditEvents } from '../../core/db/tables/index.ts';

const ADDED = 'shift_assignment.create';
const REMOVED = 'shift_assignment.delete';

/**
 * Shifts put on or taken off the live roster by hand for the window's staff and period after `since`, as SQL
 * fragments of the caller's statement (issue 53). The live roster deletes its rows, so its audit entries are
 * what remembers both (each with `employeeId` and `date`); a shift that approved leave took off is told as
 * the leave itself.
 */
export function liveRosterChangesSince(window: ChangeWindow): SQL {
  const { buId, from, to, since, staff } = window;
  const employee = sql`(case when a.action in (${ADDED}, ${REMOVED}) then (a.details->>'employeeId')::uuid end)`;
  const audited = (action: string) => sql`a.bu_id = ${buId} and a.at > ${since} and a.action = ${action}
    and a.details->>'date' between ${from}::text and ${to}::text and ${staff(employee)}`;
  return sql`
    (select 'shiftsAdded'::text as kind, count(*)::int as n, max(a.at) as latest_at
       from ${auditEvents} a where ${audited(ADDED)})
    union all
    (select 'shiftsRemoved', count(*)::int, max(a.at)
       from ${auditEvents} a
      where ${audited(REMOVED)} and coalesce(a.details->>'reason', '') <> 'leave_approved')`;
}
