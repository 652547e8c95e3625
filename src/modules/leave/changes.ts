import { type SQL, sql } from 'drizzle-orm';
import type { ChangeWindow } from '../../core/db/change-window.ts';
import { leaveRequestSteps, leaveRequests } from '../../core/db/tables/index.ts';
import { LEAVE_CHAIN } from './approval-chain.ts';

const FINAL_STEP = LEAVE_CHAIN[LEAVE_CHAIN.length - 1]!.step;

/**
 * Leave of the window's staff touching its period that came into force (approved) or went out of it
 * (cancelled after its last step approved it) after `since`, as SQL fragments of the caller's statement
 * (issue 53). A request only pending or rejected never kept anyone off a roster, so it is not a change.
 */
export function leaveChangesSince(window: ChangeWindow): SQL {
  const { from, to, since, staff } = window;
  const touching = sql`l.from_date <= ${to} and l.to_date >= ${from} and l.updated_at > ${since}
    and ${staff(sql`l.employee_id`)}`;
  return sql`
    (select 'leaveApproved'::text as kind, count(*)::int as n, max(l.updated_at) as latest_at
       from ${leaveRequests} l
      where l.bu_id = ${window.buId} and l.status = 'Approved' and ${touching})
    union all
    (select 'leaveCancelled', count(*)::int, max(l.updated_at)
       from ${leaveRequests} l
      where l.bu_id = ${window.buId} and l.status = 'Cancelled' and ${touching}
        and exists (select 1 from ${leaveRequestSteps} s
                     where s.request_id = l.id and s.step = ${FINAL_STEP} and s.decision = 'Approved'))`;
}
