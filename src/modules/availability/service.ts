import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { businessRule, conflict, notFound, validationFailed } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import type { Preference, Unavailability as UnavailableDays, Weekday } from '../../engine/index.ts';
import { isOrgNode, isShiftType } from '../lookups/reads.ts';
import { lockEmployee } from '../people/reads.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './repository.ts';
import type {
  AvailabilityLimits,
  MyAvailability,
  NewUnavailability,
  NewWorkPreference,
  PeriodQuery,
  StaffWishDay,
  StaffWishes,
  StaffWishesQuery,
  Unavailability,
  WishOutcome,
  WorkPreference,
} from './schemas.ts';
import { liveWorkOf, type PreferenceRow, withShiftTypes } from './shift-types.ts';

/** Preferences one employee may hold that still apply: enough for a week's pattern and a few dates. */
const MAX_PREFERENCES = 20;
/** The longest period one read of wishes covers. */
const MAX_PERIOD_DAYS = 62;

type Dated = { from: string; to: string; weekdays: readonly string[] | null };

/** The dates of [from, to] that an entry covers (its own dates, narrowed to its weekdays). */
export function datesOf(entry: Dated, from: string, to: string): string[] {
  const start = entry.from > from ? entry.from : from;
  const end = entry.to < to ? entry.to : to;
  const days = entry.weekdays === null ? null : new Set(entry.weekdays);
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (days === null || days.has(WEEKDAY_NAMES[weekdayOf(date)]!)) dates.push(date);
  }
  return dates;
}

/** The dates of [from, to] a preference applies on. */
function preferenceDates(row: PreferenceRow, from: string, to: string): string[] {
  if (row.date !== null) return row.date >= from && row.date <= to ? [row.date] : [];
  return datesOf({ from, to, weekdays: row.weekdays }, from, to);
}

function unavailabilityView(row: repo.UnavailabilityRow): Unavailability {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    weekdays: row.weekdays as Unavailability['weekdays'],
    reason: row.reason,
    days: datesOf(row, row.from, row.to).length,
    createdAt: row.createdAt.toISOString(),
  };
}

function preferenceView(row: PreferenceRow): WorkPreference {
  return {
    id: row.id,
    kind: row.kind,
    date: row.date,
    weekdays: row.weekdays as WorkPreference['weekdays'],
    shiftType:
      row.shiftTypeId === null
        ? null
        : {
            id: row.shiftTypeId,
            code: row.shiftTypeCode!,
            nameEn: row.shiftTypeNameEn!,
            nameAr: row.shiftTypeNameAr ?? row.shiftTypeNameEn!,
          },
    weight: row.weight,
    createdAt: row.createdAt.toISOString(),
  };
}

function ownEmployee(caller: Caller): string {
  const { employeeId } = caller.principal;
  if (!employeeId) {
    throw businessRule(
      'NO_LINKED_EMPLOYEE',
      'Your account is not linked to an employee, so it has no wishes',
    );
  }
  return employeeId;
}

async function limitsOf(executor: Executor, caller: Caller): Promise<AvailabilityLimits> {
  const { settings } = await readSettings(executor, caller.principal.buId);
  const { today } = caller.principal;
  const maxDaysAhead = settings['availability.maxDaysAhead'];
  return {
    today,
    latestDate: addDays(today, maxDaysAhead),
    maxDaysAhead,
    maxUnavailableDaysPerMonth: settings['availability.maxUnavailableDaysPerMonth'],
    maxPreferences: MAX_PREFERENCES,
  };
}

function assertWithinLimits(limits: AvailabilityLimits, from: string, to: string, path: string) {
  if (from < limits.today) {
    throw businessRule('WISH_IN_PAST', `Wishes start today (${limits.today}) or later`, {
      errors: [{ path, message: 'before today' }],
    });
  }
  if (to > limits.latestDate) {
    throw businessRule(
      'WISH_TOO_FAR_AHEAD',
      `Wishes reach at most ${limits.maxDaysAhead} days ahead, until ${limits.latestDate}`,
      { errors: [{ path: path === '/from' ? '/to' : path, message: `after ${limits.latestDate}` }] },
    );
  }
}

/** The month's first and last dates. */
const monthOf = (date: string) => {
  const first = `${date.slice(0, 7)}-01`;
  const next = addDays(first, 32);
  return { from: first, to: addDays(`${next.slice(0, 7)}-01`, -1) };
};

/** Who wins when two outcomes of a kind meet: the roster grants a wish or it does not. */
function isGranted(row: PreferenceRow, work: { shiftTypeCode: string | null } | undefined): boolean {
  const matches =
    work !== undefined && (row.shiftTypeCode === null || work.shiftTypeCode === row.shiftTypeCode);
  return row.kind === 'work' ? matches : !matches;
}

function outcomesOf(
  preferences: PreferenceRow[],
  work: Map<string, { shiftTypeCode: string | null }>,
  from: string,
  to: string,
): WishOutcome[] {
  return preferences.flatMap((row) =>
    preferenceDates(row, from, to).map((date) => ({
      date,
      preferenceId: row.id,
      granted: isGranted(row, work.get(date)),
    })),
  );
}

function periodOf(caller: Caller, query: PeriodQuery) {
  const from = query.from ?? monthOf(caller.principal.today).from;
  const to = query.to ?? monthOf(from).to;
  assertDateRange(from, to, { days: MAX_PERIOD_DAYS, what: 'A period of wishes' });
  return { from, to };
}

/** The caller's own wishes, the unit's limits and which of the wishes the live roster grants. */
export async function myAvailability(
  deps: ServiceDeps,
  caller: Caller,
  query: PeriodQuery,
): Promise<MyAvailability> {
  const employeeId = ownEmployee(caller);
  const { from, to } = periodOf(caller, query);
  const { buId } = caller.principal;
  const limits = await limitsOf(deps.db, caller);
  const away = await repo.unavailabilityOf(deps.db, buId, [employeeId], from, to);
  const held = await withShiftTypes(
    deps.db,
    buId,
    await repo.heldPreferences(deps.db, buId, employeeId, limits.today),
  );
  const applying = await withShiftTypes(
    deps.db,
    buId,
    await repo.preferencesOf(deps.db, buId, [employeeId], from, to),
  );
  const work = await liveWorkOf(deps.db, buId, [employeeId], from, to);
  const outcomes = outcomesOf(applying, new Map(work.map((row) => [row.date, row])), from, to);
  return {
    employeeId,
    from,
    to,
    limits,
    unavailability: away.map(unavailabilityView),
    preferences: held.map(preferenceView),
    outcomes,
    wishesGranted: { asked: outcomes.length, granted: outcomes.filter((outcome) => outcome.granted).length },
  };
}

export async function addUnavailability(
  deps: ServiceDeps,
  caller: Caller,
  body: NewUnavailability,
): Promise<Unavailability> {
  const employeeId = ownEmployee(caller);
  const { buId } = caller.principal;
  assertDateRange(body.from, body.to);
  const entry = { from: body.from, to: body.to, weekdays: body.weekdays ?? null };
  const dates = datesOf(entry, body.from, body.to);
  if (!dates.length) {
    throw businessRule('UNAVAILABILITY_EMPTY', 'None of the weekdays falls between the dates', {
      errors: [{ path: '/weekdays', message: 'no date in range' }],
    });
  }
  return deps.db.transaction(async (tx) => {
    const limits = await limitsOf(tx, caller);
    assertWithinLimits(limits, body.from, body.to, '/from');
    await lockEmployee(tx, buId, employeeId);
    // The monthly limit counts distinct dates, so an overlap with an earlier statement costs nothing twice.
    const first = monthOf(body.from).from;
    const last = monthOf(body.to).to;
    const stated = await repo.unavailabilityOf(tx, buId, [employeeId], first, last);
    const taken = new Set([...stated.flatMap((row) => datesOf(row, first, last)), ...dates]);
    const perMonth = new Map<string, number>();
    for (const date of taken) perMonth.set(date.slice(0, 7), (perMonth.get(date.slice(0, 7)) ?? 0) + 1);
    for (const [month, days] of perMonth) {
      if (days > limits.maxUnavailableDaysPerMonth) {
        throw businessRule(
          'UNAVAILABLE_DAYS_LIMIT',
          `At most ${limits.maxUnavailableDaysPerMonth} unavailable days a month: ${month} would have ${days}`,
          { month, days, limit: limits.maxUnavailableDaysPerMonth },
        );
      }
    }
    // Work already on the roster stays the planner's to change: a wish does not take a shift off it.
    const work = await liveWorkOf(tx, buId, [employeeId], body.from, body.to);
    const clashes = work.filter((row) => dates.includes(row.date)).map((row) => row.date);
    if (clashes.length) {
      throw conflict(
        'UNAVAILABILITY_ROSTER_CONFLICT',
        `You are on the roster on ${clashes.join(', ')}: ask your planner to change it first`,
        { dates: clashes },
      );
    }
    const created = await repo.insertUnavailability(tx, {
      buId,
      employeeId,
      fromDate: body.from,
      toDate: body.to,
      weekdays: body.weekdays ?? null,
      reason: body.reason,
      createdBy: caller.principal.userId,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'availability.unavailability.create',
      entityType: 'unavailability',
      entityId: created.id,
      details: {
        employeeId,
        from: body.from,
        to: body.to,
        weekdays: body.weekdays ?? null,
        days: dates.length,
      },
    });
    return unavailabilityView(created);
  });
}

export async function removeUnavailability(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const employeeId = ownEmployee(caller);
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteUnavailability(tx, caller.principal.buId, employeeId, id);
    if (!removed) throw notFound('Unavailability');
    await recordAudit(tx, actorOf(caller), {
      action: 'availability.unavailability.delete',
      entityType: 'unavailability',
      entityId: id,
      details: { employeeId, from: removed.from, to: removed.to },
    });
  });
}

export async function addPreference(
  deps: ServiceDeps,
  caller: Caller,
  body: NewWorkPreference,
): Promise<WorkPreference> {
  const employeeId = ownEmployee(caller);
  const { buId } = caller.principal;
  if ((body.date === undefined) === (body.weekdays === undefined)) {
    throw validationFailed('A preference names one date or weekdays, not both and not neither', [
      { path: '/date', message: 'give exactly one of date and weekdays' },
    ]);
  }
  return deps.db.transaction(async (tx) => {
    const limits = await limitsOf(tx, caller);
    if (body.date !== undefined) assertWithinLimits(limits, body.date, body.date, '/date');
    if (body.shiftTypeId !== undefined && !(await isShiftType(tx, buId, body.shiftTypeId))) {
      throw businessRule('SHIFT_TYPE_UNKNOWN', 'No shift type with this id in your business unit', {
        errors: [{ path: '/shiftTypeId', message: 'unknown shift type' }],
      });
    }
    await lockEmployee(tx, buId, employeeId);
    if ((await repo.countHeldPreferences(tx, buId, employeeId, limits.today)) >= MAX_PREFERENCES) {
      throw businessRule(
        'PREFERENCE_LIMIT',
        `At most ${MAX_PREFERENCES} preferences at a time: remove one to add another`,
        { limit: MAX_PREFERENCES },
      );
    }
    const id = await repo.insertPreference(tx, {
      buId,
      employeeId,
      kind: body.kind,
      date: body.date ?? null,
      weekdays: body.weekdays ?? null,
      shiftTypeId: body.shiftTypeId ?? null,
      weight: body.weight ?? 1,
      createdBy: caller.principal.userId,
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'availability.preference.create',
      entityType: 'work_preference',
      entityId: id,
      details: { employeeId, kind: body.kind, date: body.date ?? null, weekdays: body.weekdays ?? null },
    });
    const [added] = await withShiftTypes(tx, buId, [(await repo.preferenceById(tx, buId, employeeId, id))!]);
    return preferenceView(added!);
  });
}

export async function removePreference(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const employeeId = ownEmployee(caller);
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deletePreference(tx, caller.principal.buId, employeeId, id);
    if (!removed) throw notFound('Preference');
    await recordAudit(tx, actorOf(caller), {
      action: 'availability.preference.delete',
      entityType: 'work_preference',
      entityId: id,
      details: { employeeId, kind: removed.kind },
    });
  });
}

/** The wishes of a department's staff on each date of a period, for a planner's roster grid. */
export async function staffWishes(
  deps: ServiceDeps,
  caller: Caller,
  query: StaffWishesQuery,
): Promise<Page<StaffWishes>> {
  const { buId } = caller.principal;
  const { from, to, departmentId } = query;
  assertDateRange(from, to, { days: MAX_PERIOD_DAYS, what: 'A period of wishes' });
  // Outside the caller's scope the department does not exist for them.
  if (
    !scopeReaches(scopeOf(caller, 'availability.view'), departmentId) ||
    !(await isOrgNode(deps.db, buId, departmentId))
  ) {
    throw notFound('Department');
  }
  const { rows, total } = await repo.employeesWithWishes(deps.db, buId, departmentId, from, to, {
    offset: offsetOf(query),
    limit: query.pageSize,
  });
  const ids = rows.map((row) => row.id);
  const away = await repo.unavailabilityOf(deps.db, buId, ids, from, to);
  const wishes = await withShiftTypes(deps.db, buId, await repo.preferencesOf(deps.db, buId, ids, from, to));
  const items = rows.map((employee) => {
    const days: StaffWishDay[] = [
      ...away
        .filter((row) => row.employeeId === employee.id)
        .flatMap((row) =>
          datesOf(row, from, to).map((date) => ({
            date,
            kind: 'unavailable' as const,
            shiftTypeCode: null,
            reason: row.reason,
          })),
        ),
      ...wishes
        .filter((row) => row.employeeId === employee.id)
        .flatMap((row) =>
          preferenceDates(row, from, to).map((date) => ({
            date,
            kind: row.kind,
            shiftTypeCode: row.shiftTypeCode,
            reason: null,
          })),
        ),
    ];
    days.sort((a, b) => a.date.localeCompare(b.date));
    return { employee, days };
  });
  return pageOf(items, total, query);
}

/**
 * The employees' wishes between two dates as the engine takes them (DESIGN §16): unavailability as ranges
 * of dates (a weekly one as its single dates), preferences by date or weekday, shift types by their code in
 * lower case as the snapshot names them.
 */
export async function wishesForEngine(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  from: string,
  to: string,
): Promise<{ unavailability: UnavailableDays[]; preferences: Preference[] }> {
  const away = await repo.unavailabilityOf(executor, buId, employeeIds, from, to);
  const wishes = await withShiftTypes(
    executor,
    buId,
    await repo.preferencesOf(executor, buId, employeeIds, from, to),
  );
  const unavailability = away.flatMap((row) => {
    if (row.weekdays === null) {
      return [
        {
          employeeId: row.employeeId,
          from: row.from > from ? row.from : from,
          to: row.to < to ? row.to : to,
        },
      ];
    }
    return datesOf(row, from, to).map((date) => ({ employeeId: row.employeeId, from: date, to: date }));
  });
  const preferences = wishes.map(
    (row): Preference => ({
      employeeId: row.employeeId,
      kind: row.kind,
      ...(row.date === null
        ? { weekdays: (row.weekdays ?? []).map((day) => day.toLowerCase() as Weekday) }
        : { date: row.date }),
      ...(row.shiftTypeCode === null ? {} : { shiftType: row.shiftTypeCode.toLowerCase() }),
      weight: row.weight,
    }),
  );
  return { unavailability, preferences };
}
