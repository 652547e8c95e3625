import { type SQL, sql } from 'drizzle-orm';
import { jsonList } from '../../core/db/json.ts';
import { leaveRequests } from '../../core/db/tables/index.ts';
import { approvedLeaveTouching } from '../roster/approved-leave.ts';

/* What other modules read of the leave: SQL of their statements over leave's tables. */

const approvedLeaveFields = { id: leaveRequests.id, from: leaveRequests.fromDate, to: leaveRequests.toDate };

export type ApprovedLeaveFields = typeof approvedLeaveFields;

/**
 * The employee's approved leave touching the dates, as one JSON list of the caller's statement (the own
 * roster's); all given as SQL, nothing bound, so a prepared read can use it.
 */
export const approvedLeaveJson = (buId: SQL, employeeId: SQL, from: SQL, to: SQL): SQL =>
  jsonList(
    approvedLeaveFields,
    sql`from ${leaveRequests}
            where ${leaveRequests.buId} = ${buId} and ${leaveRequests.employeeId} = ${employeeId}
              and ${approvedLeaveTouching(from, to)}`,
  );
