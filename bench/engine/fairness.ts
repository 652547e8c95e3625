import { WEEKDAYS } from '../../src/engine/dates.ts';
import type { Instance, Result } from '../../src/engine/types.ts';

/**
 * The fairness measure, from the JSON alone: among staff available the whole period (active
 * throughout, no leave), the largest spread (max − min) of shifts worked within a grade · department group
 * and within a home pool, and of unsocial shifts (night, or on the unit's weekend days) across all of them.
 */
export function wholePeriodSpread(instance: Instance, result: Result): [number, number, number] {
  const { from, to } = instance.period;
  const onLeave = new Set(instance.leaves.map((l) => l.employeeId));
  const whole = instance.employees.filter(
    (e) => e.activeFrom <= from && (e.activeTo === undefined || e.activeTo >= to) && !onLeave.has(e.id),
  );
  const weekend: readonly string[] = instance.settings.weekendDays ?? ['saturday', 'sunday'];
  const templates = new Map(instance.shiftTemplates.map((t) => [t.id, t]));
  const lines = new Map(instance.demandLines.map((l) => [l.id, l]));
  const shifts = new Map<string, number>();
  const unsocial = new Map<string, number>();
  for (const a of result.assignments) {
    shifts.set(a.employeeId, (shifts.get(a.employeeId) ?? 0) + 1);
    const line = lines.get(a.lineId)!;
    const weekday = WEEKDAYS[(new Date(`${line.date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    if (templates.get(line.shiftTemplateId)!.shiftType === 'night' || weekend.includes(weekday))
      unsocial.set(a.employeeId, (unsocial.get(a.employeeId) ?? 0) + 1);
  }
  const spread = (key: (e: (typeof whole)[number]) => string, counts: Map<string, number>) => {
    const ranges = new Map<string, [number, number]>();
    for (const e of whole) {
      const v = counts.get(e.id) ?? 0;
      const r = ranges.get(key(e)) ?? [v, v];
      ranges.set(key(e), [Math.min(r[0], v), Math.max(r[1], v)]);
    }
    return Math.max(0, ...[...ranges.values()].map(([low, high]) => high - low));
  };
  return [
    spread((e) => `${e.grade}|${e.department}`, shifts),
    spread((e) => e.homePool, shifts),
    spread(() => 'all', unsocial),
  ];
}

/**
 * Issue 52's measure: among staff available the whole period (active throughout, no leave, no stated
 * unavailability, no standing wish), the spread (max − min) of night shifts and of weekend shifts in the period,
 * the worst group's: first within a department's staff of one home pool (who can stand in for one another), then
 * across the whole department (its pools' demand for nights differs, and lending is capped).
 */
export function worstDepartmentSpread(instance: Instance, result: Result): [number, number, number, number] {
  const { from, to } = instance.period;
  const away = new Set([...instance.leaves, ...(instance.unavailability ?? [])].map((l) => l.employeeId));
  // A wish for the whole period (no date) decides its holder's share, so they are left out, as the engine's
  // own measure leaves them out.
  for (const wish of instance.preferences ?? []) if (wish.date === undefined) away.add(wish.employeeId);
  const whole = instance.employees.filter(
    (e) => e.activeFrom <= from && (e.activeTo === undefined || e.activeTo >= to) && !away.has(e.id),
  );
  const weekend: readonly string[] = instance.settings.weekendDays ?? ['saturday', 'sunday'];
  const templates = new Map(instance.shiftTemplates.map((t) => [t.id, t]));
  const lines = new Map(instance.demandLines.map((l) => [l.id, l]));
  const nights = new Map<string, number>();
  const weekends = new Map<string, number>();
  for (const a of result.assignments) {
    const line = lines.get(a.lineId)!;
    const weekday = WEEKDAYS[(new Date(`${line.date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    if (templates.get(line.shiftTemplateId)!.shiftType === 'night')
      nights.set(a.employeeId, (nights.get(a.employeeId) ?? 0) + 1);
    if (weekend.includes(weekday)) weekends.set(a.employeeId, (weekends.get(a.employeeId) ?? 0) + 1);
  }
  const worst = (counts: Map<string, number>, group: (e: (typeof whole)[number]) => string) => {
    const ranges = new Map<string, [number, number]>();
    for (const e of whole) {
      const v = counts.get(e.id) ?? 0;
      const r = ranges.get(group(e)) ?? [v, v];
      ranges.set(group(e), [Math.min(r[0], v), Math.max(r[1], v)]);
    }
    return Math.max(0, ...[...ranges.values()].map(([low, high]) => high - low));
  };
  const withinPool = (e: (typeof whole)[number]) => `${e.department}|${e.homePool}`;
  const department = (e: (typeof whole)[number]) => e.department;
  return [
    worst(nights, withinPool),
    worst(weekends, withinPool),
    worst(nights, department),
    worst(weekends, department),
  ];
}
