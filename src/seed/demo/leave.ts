import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { employees, leaveRequestSteps, leaveRequests, users } from '../../core/db/tables/index.ts';
import { addDays } from '../../core/time/dates.ts';
import type { DemoStep } from './index.ts';

async function userIds(tx: Executor, usernames: string[]): Promise<Record<string, string>> {
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  return Object.fromEntries(rows.map((row) => [row.username, row.id]));
}

/**
 * A few leave requests in each state, in the ramp department that the demo manager and supervisor lead,
 * so the approval chain can be tried end to end: the demo employee's own request waits for step 1.
 */
export const leaveStep: DemoStep = {
  name: 'leave requests',
  async run(tx, context) {
    const buId = context.units.MAIN;
    const ids = await userIds(tx, ['employee', 'manager', 'supervisor', 'hradmin']);
    const [own] = await tx
      .select({ employeeId: users.employeeId })
      .from(users)
      .where(eq(users.id, ids.employee!));
    const ramp = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.buId, buId), eq(employees.departmentId, context.departments['MAIN/RAMP']!)))
      .orderBy(asc(employees.employeeNumber));
    const others = ramp
      .map((row) => row.id)
      .filter((id) => id !== own?.employeeId)
      .slice(-5);
    const requests = [
      { employeeId: own?.employeeId, from: 21, to: 25, status: 'Pending', steps: [] },
      { employeeId: others[0], from: 10, to: 12, status: 'Pending', steps: [] },
      {
        employeeId: others[1],
        from: 14,
        to: 18,
        status: 'ManagerApproved',
        steps: [['manager', 'Approved']],
      },
      {
        employeeId: others[2],
        from: 3,
        to: 4,
        status: 'Approved',
        steps: [
          ['supervisor', 'Approved'],
          ['hradmin', 'Approved'],
        ],
      },
      { employeeId: others[3], from: 7, to: 9, status: 'Rejected', steps: [['manager', 'Rejected']] },
      { employeeId: others[4], from: 30, to: 31, status: 'Cancelled', steps: [] },
    ] as const;
    for (const request of requests) {
      if (!request.employeeId) continue;
      const [row] = await tx
        .insert(leaveRequests)
        .values({
          buId,
          employeeId: request.employeeId,
          fromDate: addDays(context.today, request.from),
          toDate: addDays(context.today, request.to),
          comment: 'Family matters / ظروف عائلية',
          status: request.status,
          requestedBy: request.employeeId === own?.employeeId ? ids.employee! : ids.hradmin!,
        })
        .returning({ id: leaveRequests.id });
      for (const [index, [by, decision]] of request.steps.entries()) {
        await tx.insert(leaveRequestSteps).values({
          buId,
          requestId: row!.id,
          step: index + 1,
          role: by === 'hradmin' ? 'HR_ADMIN' : by.toUpperCase(),
          decision,
          decidedBy: ids[by]!,
        });
      }
    }
  },
};
