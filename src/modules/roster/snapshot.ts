import type { Executor } from '../../core/db/database.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import type {
  Assignment,
  CertificationStatus,
  DemandLine,
  EqualizationHistory,
  FixedAssignment,
  Instance,
  PreviousAssignment,
  PriorWork,
  Weekday,
} from '../../engine/index.ts';
import { wishesForEngine } from '../availability/service.ts';
import { shiftTemplatesOf, type TemplateRow } from '../lookups/reads.ts';
import {
  certificationRequirements,
  certificationsOf,
  employeesOf,
  skillsOf,
} from '../people/engine-staff.ts';
import { homePoolsOf, staffingOf } from '../pools/service.ts';
import { readSettings } from '../settings/service.ts';
import { LIVE_LINE_PREFIX, type Snapshot, withoutBrokenLiveWork } from './live-work.ts';
import * as q from './snapshot-queries.ts';

/*
 * The snapshot builder: from the database, exactly the engine's instance for a department's demand over a
 * period (DESIGN §9). Ids in the instance are the database's ids, so results map straight back.
 */

/** The demand lines of a plan between two dates, as a snapshot request takes them. */
export const planLines = q.planLines;

export { type DroppedLiveWork, LIVE_LINE_PREFIX, type Snapshot } from './live-work.ts';

export interface SnapshotRequest {
  buId: string;
  departmentId: string;
  from: string;
  to: string;
  /** The demand lines to staff (the plan's lines within the period, or one line for a manual check). */
  lines: q.LineRow[];
  /** When given, the only employees considered; otherwise the department's staff and who may be lent. */
  employeeIds?: readonly string[];
  previous?: PreviousAssignment[];
  /** Keeps live work that breaks a standing rule now as fixed work (to report it), instead of dropping it. */
  keepBrokenLiveWork?: boolean;
  /** The work of the period instead of the live roster's (a published version's lines), live work around it. */
  work?: readonly q.LiveRow[];
}

const FAR_PAST = '1900-01-01';
const FAR_FUTURE = '9999-12-31';
const CERTIFICATION_STATUS: Record<string, CertificationStatus> = {
  Active: 'active',
  // An Expired record is one whose date has passed: its dates say so to the engine.
  Expired: 'active',
  Suspended: 'suspended',
  Revoked: 'revoked',
};

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/** `YYYY-MM-DDTHH:mm` when a shift that starts on `date` ends (the next day when it crosses midnight). */
function shiftEnd(date: string, template: TemplateRow): string {
  return `${template.end <= template.start ? addDays(date, 1) : date}T${template.end}`;
}

function priorWorkOf(
  employeeId: string,
  before: q.LiveRow[],
  from: string,
  weekStart: number,
  templates: Map<string, TemplateRow>,
): PriorWork | null {
  if (!before.length) return null;
  const dates = new Set(before.map((row) => row.date));
  let consecutiveDays = 0;
  while (dates.has(addDays(from, -(consecutiveDays + 1)))) consecutiveDays++;
  const nights = new Set(
    before.filter((row) => isNight(templates.get(row.shiftTemplateId)!)).map((row) => row.date),
  );
  let consecutiveNights = 0;
  while (nights.has(addDays(from, -(consecutiveNights + 1)))) consecutiveNights++;
  const firstOfWeek = addDays(from, -((weekdayOf(from) - weekStart + 7) % 7));
  let hoursInFirstWeek = 0;
  let lastShiftEnd = '';
  for (const row of before) {
    const template = templates.get(row.shiftTemplateId)!;
    if (row.date >= firstOfWeek) hoursInFirstWeek += template.paidHours;
    const end = shiftEnd(row.date, template);
    if (end > lastShiftEnd) lastShiftEnd = end;
  }
  return { employeeId, consecutiveDays, hoursInFirstWeek, lastShiftEnd, consecutiveNights };
}

/** Days of [from, to] covered by any of the ranges (leave, or outside employment). */
function coveredDays(ranges: { from: string; to: string }[], from: string, to: string): number {
  const days = new Set<string>();
  for (const range of ranges) {
    const start = range.from > from ? range.from : from;
    const end = range.to < to ? range.to : to;
    for (let day = start; day <= end; day = addDays(day, 1)) days.add(day);
  }
  return days.size;
}

const isNight = (template: TemplateRow) => template.shiftType?.toLowerCase() === 'night';

/** Night shifts and work on the unit's weekend days are the unsocial work the engine shares out. */
const isUnsocial = (date: string, template: TemplateRow, weekend: ReadonlySet<number>) =>
  isNight(template) || weekend.has(weekdayOf(date));

/** The snapshot's live roster (its fixed assignments) as the engine's assignments, to check or explain. */
export function liveRosterOf(instance: Instance): Assignment[] {
  const lineDates = new Map(instance.demandLines.map((line) => [line.id, line.date]));
  return instance.fixedAssignments.map((pair) => ({
    ...pair,
    date: lineDates.get(pair.lineId)!,
    fixed: true,
  }));
}

export async function buildSnapshot(executor: Executor, request: SnapshotRequest): Promise<Snapshot> {
  const { buId, departmentId, from, to } = request;
  const { settings } = await readSettings(executor, buId);
  const windowDays = settings['equalization.windowDays'];
  const staffing = await staffingOf(executor, buId, departmentId, from, to);
  // The department's pools are one home for its own demand: its sub-teams staff it without lending.
  const home = staffing.defaultPoolId ?? `department:${departmentId}`;
  const poolKey = (poolId: string | undefined) =>
    poolId === undefined ? 'none' : staffing.poolIds.includes(poolId) ? home : poolId;

  const lineIds = request.lines.map((line) => line.id);
  const ruleIds = staffing.rules.map((rule) => rule.id);
  const employeeIds = request.employeeIds ?? [
    ...new Set([
      ...staffing.staffIds,
      ...(await q.employeesOnLines(executor, lineIds)),
      ...(await q.employeesLentThrough(executor, ruleIds, from, to)),
      ...(request.work ?? []).map((row) => row.employeeId),
    ]),
  ];
  const lookback = Math.max(windowDays, settings.maxConsecutiveDays + 1, 7);
  const historyFrom = addDays(from, -windowDays);
  // One after another: on a transaction's single connection, queries cannot overlap.
  const rows = await employeesOf(executor, buId, employeeIds);
  const skills = await skillsOf(executor, employeeIds);
  const certs = await certificationsOf(executor, employeeIds);
  const requirements = await certificationRequirements(executor, buId);
  const homes = await homePoolsOf(executor, buId, employeeIds);
  const leave = await q.approvedLeave(executor, employeeIds, addDays(from, -lookback), to);
  // Live work just after the period binds its last days (rest, consecutive days, the last week's hours).
  const tail = Math.max(6, settings.maxConsecutiveDays);
  const liveAround = await q.liveAssignmentsOf(
    executor,
    buId,
    employeeIds,
    addDays(from, -lookback),
    addDays(to, tail),
  );
  const live = request.work
    ? [...liveAround.filter((row) => row.date < from || row.date > to), ...request.work]
    : liveAround;
  const templateRows = await shiftTemplatesOf(executor, buId);
  // Stated unavailability and preferences over the period (issue 35).
  const wishes = await wishesForEngine(executor, buId, employeeIds, from, to);
  const templates = new Map(templateRows.map((row) => [row.id, row]));
  const skillsBy = groupBy(skills, (row) => row.employeeId);
  const certsBy = groupBy(certs, (row) => row.employeeId);
  const leaveBy = groupBy(leave, (row) => row.employeeId);
  const liveBy = groupBy(live, (row) => row.employeeId);
  const dayBefore = addDays(from, -1);

  const employees = rows.map((row) => {
    let activeFrom = row.hireDate ?? FAR_PAST;
    let activeTo = row.endDate ?? undefined;
    // A status other than ACTIVE takes the employee out of the whole period.
    if (row.status !== 'ACTIVE' && (activeTo === undefined || activeTo > dayBefore)) activeTo = dayBefore;
    if (activeTo !== undefined && activeFrom > activeTo) activeFrom = activeTo;
    return {
      id: row.id,
      grade: row.gradeId ?? 'none',
      department: row.departmentId ?? 'none',
      homePool: poolKey(homes.get(row.id)?.poolId),
      activeFrom,
      ...(activeTo === undefined ? {} : { activeTo }),
      skills: (skillsBy.get(row.id) ?? []).map((skill) => skill.skillId),
      certifications: (certsBy.get(row.id) ?? []).map((cert) => ({
        certificationId: cert.code,
        validFrom: cert.issuedOn,
        validTo: cert.expiresOn ?? FAR_FUTURE,
        status: CERTIFICATION_STATUS[cert.status] ?? 'revoked',
      })),
    };
  });
  const known = new Set(employees.map((employee) => employee.id));

  const demandLines: DemandLine[] = request.lines.map((line) => ({
    id: line.id,
    date: line.date,
    terminal: line.terminalId,
    shiftTemplateId: line.shiftTemplateId,
    ...(line.skillId === null ? {} : { skill: line.skillId }),
    pool: home,
    required: line.required,
  }));
  const realLines = new Set(lineIds);
  const fixedAssignments: FixedAssignment[] = [];
  const priorWork: PriorWork[] = [];
  const equalizationHistory: EqualizationHistory[] = [];
  const weekStart = WEEKDAY_NAMES.indexOf(settings.weekStart);
  const weekend = new Set(settings.weekendDays.map((day) => WEEKDAY_NAMES.indexOf(day)));
  const liveIds = new Map<string, { assignmentId: string; date: string }>();
  for (const employee of employees) {
    const own = liveBy.get(employee.id) ?? [];
    for (const row of own) {
      if (row.date < from) continue;
      if (row.demandLineId !== null && realLines.has(row.demandLineId)) {
        fixedAssignments.push({ employeeId: employee.id, lineId: row.demandLineId });
        liveIds.set(`${employee.id}|${row.demandLineId}`, { assignmentId: row.id, date: row.date });
        continue;
      }
      const lineId = `${LIVE_LINE_PREFIX}${row.id}`;
      liveIds.set(`${employee.id}|${lineId}`, { assignmentId: row.id, date: row.date });
      demandLines.push({
        id: lineId,
        date: row.date,
        terminal: row.terminalId,
        shiftTemplateId: row.shiftTemplateId,
        ...(row.skillId === null ? {} : { skill: row.skillId }),
        // Work lent into the department is the department's, so that it counts towards its rule's cap.
        pool: row.lendingRuleId !== null && ruleIds.includes(row.lendingRuleId) ? home : employee.homePool,
        required: 0,
      });
      fixedAssignments.push({ employeeId: employee.id, lineId });
    }
    const before = own.filter((row) => row.date < from);
    const prior = priorWorkOf(employee.id, before, from, weekStart, templates);
    if (prior) priorWork.push(prior);
    // Someone who joined during the period has no history: neutral, rather than owed a window of work.
    if (employee.activeFrom >= from) continue;
    const inWindow = before.filter((row) => row.date >= historyFrom);
    const away = [
      ...(leaveBy.get(employee.id) ?? []),
      ...(employee.activeFrom > historyFrom
        ? [{ from: historyFrom, to: addDays(employee.activeFrom, -1) }]
        : []),
      ...(employee.activeTo !== undefined && employee.activeTo < dayBefore
        ? [{ from: addDays(employee.activeTo, 1), to: dayBefore }]
        : []),
    ];
    const hoursOf = (rows: q.LiveRow[]) =>
      rows.reduce((sum, row) => sum + templates.get(row.shiftTemplateId)!.paidHours, 0);
    equalizationHistory.push({
      employeeId: employee.id,
      hours: hoursOf(inWindow),
      unsocialHours: hoursOf(
        inWindow.filter((row) => isUnsocial(row.date, templates.get(row.shiftTemplateId)!, weekend)),
      ),
      nightHours: hoursOf(inWindow.filter((row) => isNight(templates.get(row.shiftTemplateId)!))),
      weekendHours: hoursOf(inWindow.filter((row) => weekend.has(weekdayOf(row.date)))),
      unavailableDays: Math.min(windowDays, coveredDays(away, historyFrom, dayBefore)),
    });
  }

  const usedTemplates = new Set(demandLines.map((line) => line.shiftTemplateId));
  const skillCertifications = Object.fromEntries(
    [...groupBy(requirements, (row) => row.skillId)].map(([skill, rows]) => [
      skill,
      rows.map((row) => row.code),
    ]),
  );
  const previous = (request.previous ?? []).filter(
    (pair) => known.has(pair.employeeId) && realLines.has(pair.lineId),
  );
  const instance: Instance = {
    // Stretched over live work after the period, which the engine keeps fixed like any other.
    period: { from, to: live.reduce((last, row) => (row.date > last ? row.date : last), to) },
    settings: {
      minRestHours: settings.minRestHours,
      maxConsecutiveDays: settings.maxConsecutiveDays,
      maxWeeklyHours: settings.maxWeeklyHours,
      weekStart: settings.weekStart.toLowerCase() as Weekday,
      equalizationWindowDays: windowDays,
      weekendDays: settings.weekendDays.map((day) => day.toLowerCase() as Weekday),
      ...(settings.maxConsecutiveNights === null
        ? {}
        : { maxConsecutiveNights: settings.maxConsecutiveNights }),
    },
    shiftTemplates: templateRows
      .filter((row) => usedTemplates.has(row.id))
      .map((row) => ({
        id: row.id,
        start: row.start,
        end: row.end,
        paidHours: row.paidHours,
        shiftType: row.shiftType?.toLowerCase() ?? 'day',
      })),
    demandLines,
    employees,
    skillCertifications,
    leaves: leave
      .filter((row) => known.has(row.employeeId) && row.to >= from)
      .map((row) => ({ employeeId: row.employeeId, from: row.from, to: row.to })),
    lendingRules: staffing.rules.map((rule) => ({
      id: rule.id,
      sourcePool: rule.sourcePoolId,
      targetPool: home,
      effectiveFrom: rule.effectiveFrom,
      ...(rule.effectiveTo === null ? {} : { effectiveTo: rule.effectiveTo }),
      ...(rule.skillIds.length ? { skills: rule.skillIds } : {}),
      ...(rule.maxPerDay === null ? {} : { maxPerDay: rule.maxPerDay }),
    })),
    fixedAssignments,
    priorWork: priorWork.filter((prior) => known.has(prior.employeeId)),
    equalizationHistory,
    ...(wishes.unavailability.length ? { unavailability: wishes.unavailability } : {}),
    ...(wishes.preferences.length ? { preferences: wishes.preferences } : {}),
    ...(previous.length ? { previousAssignments: previous } : {}),
  };
  return request.keepBrokenLiveWork ? { instance, dropped: [] } : withoutBrokenLiveWork(instance, liveIds);
}
