import { and, gte, lte, type SQL, sql } from 'drizzle-orm';
import { leaveRequests } from '../../core/db/tables/index.ts';

/**
 * Leave that keeps its employee off the roster on some date of a range: approved (both steps), from
 * `fromDate` to `toDate` touching it. The live roster, the leave module and the own roster apply this one
 * rule (here, beside the live roster, which leave already depends on); the caller says whose. Nothing is
 * bound here, so a prepared read can use it.
 */
export const approvedLeaveTouching = (from: string | SQL, to: string | SQL): SQL =>
  and(
    sql`${leaveRequests.status} = 'Approved'`,
    lte(leaveRequests.fromDate, to),
    gte(leaveRequests.toDate, from),
  )!;

/**
 * Whether the employee is on approved leave on the date, both given as SQL of the caller's query (the
 * dashboard counts live shifts that meet it).
 */
export const onApprovedLeave = (employeeId: SQL, date: SQL): SQL =>
  sql`exists (select 1 from ${leaveRequests}
    where ${leaveRequests.employeeId} = ${employeeId} and ${approvedLeaveTouching(date, date)})`;
