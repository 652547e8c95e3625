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
