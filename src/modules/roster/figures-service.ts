import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { notFound } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import { costByEmployee } from '../costs/service.ts';
import { isDepartment } from '../lookups/reads.ts';
import { readSettings } from '../settings/service.ts';
import { complianceByPerson } from './compliance.ts';
import type { PersonFigures, PersonFiguresQuery, RosterPersonFigures } from './figures-schemas.ts';
import { departmentStaffWorking } from './repository.ts';
import { buildSnapshot, liveRosterOf } from './snapshot.ts';

/** The longest period one read of the figures covers, as the other reads of the live roster. */
const MAX_FIGURE_DAYS = 92;

interface Tally {
  shifts: number;
  paidHours: number;
  nights: number;
  weekendShifts: number;
}

/**
 * Per person of a department, over a period of the live roster: shifts, paid hours, nights, weekend
 * shifts, what they cost, and what the engine's checker finds (rules broken, limits come near). One
 * snapshot of the department's people with work in the period, checked and priced once (issue 53).
 */
export async function personFigures(
  deps: ServiceDeps,
  caller: Caller,
  query: PersonFiguresQuery,
): Promise<RosterPersonFigures> {
  const { buId } = caller.principal;
  const { departmentId, from, to } = query;
  assertDateRange(from, to, { days: MAX_FIGURE_DAYS, what: 'One request' });
  if (
    !scopeReaches(scopeOf(caller, 'roster.view'), departmentId) ||
    !(await isDepartment(deps.db, buId, departmentId))
  )
    throw notFound('The department');
  const { settings } = await readSettings(deps.db, buId);
  const answer = {
    departmentId,
    from,
    to,
    currency: settings.currency,
    limits: {
      maxWeeklyHours: settings.maxWeeklyHours,
      minRestHours: settings.minRestHours,
      maxConsecutiveDays: settings.maxConsecutiveDays,
      maxConsecutiveNights: settings.maxConsecutiveNights,
    },
  };
  const employeeIds = await departmentStaffWorking(deps.db, buId, departmentId, from, to);
  if (!employeeIds.length) return { ...answer, people: [] };
  // No demand lines: every live shift of these people is checked as it stands, wherever it is worked.
  const { instance } = await buildSnapshot(deps.db, {
    buId,
    departmentId,
    from,
    to,
    lines: [],
    employeeIds,
    keepBrokenLiveWork: true,
  });
  const roster = liveRosterOf(instance);
  const findings = complianceByPerson(instance, from, to);
  const costs = caller.principal.can('labour_cost.view')
    ? await costByEmployee(deps.db, buId, instance, { assignments: roster }, { from, to })
    : null;

  const lines = new Map(instance.demandLines.map((line) => [line.id, line]));
  const templates = new Map(instance.shiftTemplates.map((template) => [template.id, template]));
  const weekend = new Set(settings.weekendDays.map((day) => WEEKDAY_NAMES.indexOf(day)));
  const tallies = new Map<string, Tally>();
  for (const assignment of roster) {
    if (assignment.date < from || assignment.date > to) continue;
    const template = templates.get(lines.get(assignment.lineId)!.shiftTemplateId)!;
    let tally = tallies.get(assignment.employeeId);
    if (!tally) {
      tally = { shifts: 0, paidHours: 0, nights: 0, weekendShifts: 0 };
      tallies.set(assignment.employeeId, tally);
    }
    tally.shifts++;
    tally.paidHours += template.paidHours;
    // Nights as the checker counts them for nights in a row: the shift type's.
    if (template.shiftType === 'night') tally.nights++;
    if (weekend.has(weekdayOf(assignment.date))) tally.weekendShifts++;
  }
  const refs = await employeeRefsOf(deps.db, buId, [...tallies.keys()]);
  const people: PersonFigures[] = refs
    .sort((a, b) => a.employeeNumber.localeCompare(b.employeeNumber))
    .map((employee) => {
      const tally = tallies.get(employee.id)!;
      const cost = costs?.get(employee.id);
      const found = findings.get(employee.id);
      return {
        employee,
        ...tally,
        paidHours: Math.round(tally.paidHours * 100) / 100,
        cost: cost ? { total: cost.total, unratedHours: cost.unratedHours } : null,
        broken: found?.broken ?? [],
        warnings: (found?.warnings ?? []).map(({ certificationId, ...warning }) => ({
          ...warning,
          certification: certificationId,
        })),
      };
    });
  return { ...answer, people };
}
