import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  employeeSkills,
  employees,
  leaveRequests,
  orgNodes,
  publishedRosters,
  skills,
} from '../../core/db/schema/index.ts';

/** The departments a report names, by code. */
export async function departmentsByIds(executor: Executor, buId: string, ids: string[]) {
  if (!ids.length) return [];
  return executor
    .select({ id: orgNodes.id, code: orgNodes.code, nameEn: orgNodes.nameEn, nameAr: orgNodes.nameAr })
    .from(orgNodes)
    .where(and(eq(orgNodes.buId, buId), inArray(orgNodes.id, ids)))
    .orderBy(asc(orgNodes.code));
}

/** Each employee's own (home) department, to tell staff lent to another department's roster. */
export async function homeDepartments(executor: Executor, buId: string, employeeIds: string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({ employeeId: employees.id, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.buId, buId), inArray(employees.id, employeeIds)));
}

/** Approved leave of these employees that overlaps the period. */
export async function approvedLeave(
  executor: Executor,
  buId: string,
  employeeIds: string[],
  from: string,
  to: string,
) {
  if (!employeeIds.length) return [];
  return executor
    .select({ employeeId: leaveRequests.employeeId, from: leaveRequests.fromDate, to: leaveRequests.toDate })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.buId, buId),
        inArray(leaveRequests.employeeId, employeeIds),
        eq(leaveRequests.status, 'Approved'),
        lte(leaveRequests.fromDate, to),
        gte(leaveRequests.toDate, from),
      ),
    );
}

/**
 * The periods that published rosters of these departments cover within the dates: a date covered with
 * no shift for a person on it is that person's day off; an uncovered one is simply not planned yet.
 */
export async function publishedPeriods(
  executor: Executor,
  buId: string,
  departmentIds: string[],
  from: string,
  to: string,
) {
  if (!departmentIds.length) return [];
  return executor
    .selectDistinct({
      departmentId: publishedRosters.departmentId,
      from: publishedRosters.periodFrom,
      to: publishedRosters.periodTo,
    })
    .from(publishedRosters)
    .where(
      and(
        eq(publishedRosters.buId, buId),
        inArray(publishedRosters.departmentId, departmentIds),
        lte(publishedRosters.periodFrom, to),
        gte(publishedRosters.periodTo, from),
      ),
    );
}

/** Skills by code, for their names in the report's language. */
export async function skillsByCodes(executor: Executor, buId: string, codes: string[]) {
  if (!codes.length) return [];
  return executor
    .select({ code: skills.code, nameEn: skills.nameEn, nameAr: skills.nameAr })
    .from(skills)
    .where(and(eq(skills.buId, buId), inArray(skills.code, codes)));
}

/** The skills each of these employees holds, by code. */
export async function employeeSkillsOf(executor: Executor, buId: string, employeeIds: string[]) {
  if (!employeeIds.length) return [];
  return executor
    .select({
      employeeId: employeeSkills.employeeId,
      code: skills.code,
      nameEn: skills.nameEn,
      nameAr: skills.nameAr,
    })
    .from(employeeSkills)
    .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
    .where(and(eq(employeeSkills.buId, buId), inArray(employeeSkills.employeeId, employeeIds)))
    .orderBy(asc(skills.code));
}
