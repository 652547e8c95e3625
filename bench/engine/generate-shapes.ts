import {
  clockMinutes,
  dateOf,
  dayNumber,
  timestampMinutes,
  WEEKDAYS,
  weekdayOf,
} from '../../src/engine/dates.ts';
import type { DemandLine, Employee, Instance } from '../../src/engine/types.ts';

/** The generator's wider shapes: scarce certification-gated skills and a live roster fixed in advance. */

const SCARCE = [
  { skill: 'crane', cert: 'CR', share: 0.06 },
  { skill: 'deicing', cert: 'DI', share: 0.07 },
  { skill: 'marshal', cert: undefined, share: 0.08 },
] as const;

/**
 * Gives each scarce skill to about 6–8 % of staff (a tenth of the certified ones expire during the period) and
 * asks for it on most days in every pool, at about 80 % of what the pool's holders can work, taken out of the
 * pool's unskilled morning and evening demand so that the total stays the same.
 */
export function addScarceSkills(
  employees: Employee[],
  demandLines: DemandLine[],
  pools: string[],
  random: () => number,
  firstDay: number,
  lastDay: number,
): void {
  const days = lastDay - firstDay + 1;
  const holders = new Map<string, number>();
  for (const employee of employees)
    for (const { skill, cert, share } of SCARCE) {
      if (random() >= share) continue;
      employee.skills.push(skill);
      holders.set(`${skill}|${employee.homePool}`, (holders.get(`${skill}|${employee.homePool}`) ?? 0) + 1);
      if (cert !== undefined)
        employee.certifications.push({
          certificationId: cert,
          validFrom: dateOf(firstDay - 200),
          validTo: random() < 0.1 ? dateOf(firstDay + Math.floor(random() * days)) : dateOf(lastDay + 200),
          status: 'active',
        });
    }
  const generic = new Map(demandLines.filter((l) => l.skill === undefined).map((l) => [l.id, l]));
  for (let d = 0; d < days; d++)
    for (const pool of pools)
      for (const { skill } of SCARCE) {
        if (random() > 0.85) continue;
        const perDay = (holders.get(`${skill}|${pool}`) ?? 0) * (6 / 7) * 0.8 * (0.85 + random() * 0.3);
        const total = Math.max(1, Math.round(perDay));
        const morning = Math.ceil(total / 2);
        for (const [template, required] of [
          ['M', morning],
          ['E', total - morning],
        ] as const) {
          const base = generic.get(`L${d + 1}-${pool}-${template}`);
          if (required <= 0 || base === undefined) continue;
          base.required = Math.max(0, base.required - required);
          demandLines.push({
            id: `L${d + 1}-${pool}-${template}-${skill}`,
            date: dateOf(firstDay + d),
            terminal: pool,
            shiftTemplateId: template,
            skill,
            pool,
            required,
          });
        }
      }
}

/**
 * A skill held by few and needed on most days (`few-holders`): `pushback`, gated by certificate `PB`, held by
 * about 4 % of staff (a sixth of the certificates expire during the period), asked for in every pool on about 90 %
 * of days, mornings, evenings and nights, at about what the pool's holders can work: so they are needed on it
 * almost every day they work, some must be lent in, and every other line must do without them.
 */
export function addFewHolders(
  employees: Employee[],
  demandLines: DemandLine[],
  pools: string[],
  random: () => number,
  firstDay: number,
  lastDay: number,
): void {
  const days = lastDay - firstDay + 1;
  const holders = new Map<string, number>();
  for (const employee of employees) {
    if (random() >= 0.04) continue;
    employee.skills.push('pushback');
    holders.set(employee.homePool, (holders.get(employee.homePool) ?? 0) + 1);
    employee.certifications.push({
      certificationId: 'PB',
      validFrom: dateOf(firstDay - 200),
      validTo: random() < 1 / 6 ? dateOf(firstDay + Math.floor(random() * days)) : dateOf(lastDay + 200),
      status: 'active',
    });
  }
  const generic = new Map(demandLines.filter((l) => l.skill === undefined).map((l) => [l.id, l]));
  for (let d = 0; d < days; d++)
    for (const pool of pools) {
      if (random() > 0.9) continue;
      const perDay = (holders.get(pool) ?? 0) * (6 / 7) * (0.9 + random() * 0.2);
      const total = Math.max(1, Math.round(perDay));
      for (let k = 0; k < total; k++) {
        const template = (['M', 'E', 'N'] as const)[Math.floor(random() * 3)]!;
        const base = generic.get(`L${d + 1}-${pool}-${template}`);
        if (base === undefined) continue;
        base.required = Math.max(0, base.required - 1);
        const id = `L${d + 1}-${pool}-${template}-pushback`;
        const line = demandLines.find((l) => l.id === id);
        if (line !== undefined) line.required++;
        else
          demandLines.push({
            id,
            date: dateOf(firstDay + d),
            terminal: pool,
            shiftTemplateId: template,
            skill: 'pushback',
            pool,
            required: 1,
          });
      }
    }
}

/**
 * Fixes about `share` of every line's demand to home-pool staff, as a live roster would, day by day in
 * order, keeping every hard rule (rest, consecutive days, weekly hours, certifications, leave) together with
 * the work before the period and the fixed assignments already there.
 */
export function addLiveRoster(
  instance: Instance,
  share: number,
  random: () => number,
  /** Only the days before this one (from the period's start) are fixed; all by default. */
  untilDay = Number.POSITIVE_INFINITY,
): void {
  const firstDay = dayNumber(instance.period.from);
  const days = dayNumber(instance.period.to) - firstDay + 1;
  const { minRestHours, maxConsecutiveDays, maxWeeklyHours, weekStart } = instance.settings;
  const rest = minRestHours * 60;
  const weekOffset = (weekdayOf(firstDay) - WEEKDAYS.indexOf(weekStart) + 7) % 7;
  const weekOf = (d: number) => Math.floor((d + weekOffset) / 7);
  const templates = new Map(instance.shiftTemplates.map((t) => [t.id, t]));
  const span = (line: DemandLine) => {
    const t = templates.get(line.shiftTemplateId)!;
    const d = dayNumber(line.date) - firstDay;
    const start = d * 1440 + clockMinutes(t.start);
    const end = d * 1440 + clockMinutes(t.end) + (clockMinutes(t.end) <= clockMinutes(t.start) ? 1440 : 0);
    return { d, start, end, hours: t.paidHours };
  };
  const lines = new Map(instance.demandLines.map((l) => [l.id, l]));
  const index = new Map(instance.employees.map((e, i) => [e.id, i]));
  const n = instance.employees.length;
  const work: ({ start: number; end: number } | undefined)[] = new Array(n * days);
  const weekHours = new Float64Array(n * (weekOf(days - 1) + 1));
  const prior = new Map(instance.priorWork.map((p) => [p.employeeId, p]));
  instance.employees.forEach((e, i) => {
    weekHours[i * (weekOf(days - 1) + 1)] = prior.get(e.id)?.hoursInFirstWeek ?? 0;
  });
  const book = (i: number, line: DemandLine) => {
    const s = span(line);
    work[i * days + s.d] = s;
    weekHours[i * (weekOf(days - 1) + 1) + weekOf(s.d)]! += s.hours;
  };
  const fixedCount = new Map<string, number>();
  for (const f of instance.fixedAssignments) {
    book(index.get(f.employeeId)!, lines.get(f.lineId)!);
    fixedCount.set(f.lineId, (fixedCount.get(f.lineId) ?? 0) + 1);
  }
  const onLeave = new Set<number>();
  for (const leave of instance.leaves) {
    const i = index.get(leave.employeeId)!;
    for (let d = dayNumber(leave.from) - firstDay; d <= dayNumber(leave.to) - firstDay; d++)
      if (d >= 0 && d < days) onLeave.add(i * days + d);
  }
  const fits = (i: number, line: DemandLine): boolean => {
    const employee = instance.employees[i]!;
    const s = span(line);
    if (work[i * days + s.d] !== undefined || onLeave.has(i * days + s.d)) return false;
    if (line.date < employee.activeFrom || (employee.activeTo !== undefined && line.date > employee.activeTo))
      return false;
    if (line.skill !== undefined) {
      if (!employee.skills.includes(line.skill)) return false;
      for (const cert of instance.skillCertifications[line.skill] ?? [])
        if (
          !employee.certifications.some(
            (c) =>
              c.certificationId === cert &&
              c.status === 'active' &&
              c.validFrom <= line.date &&
              line.date <= c.validTo,
          )
        )
          return false;
    }
    const p = prior.get(employee.id);
    if (
      p?.lastShiftEnd !== undefined &&
      s.start - (timestampMinutes(p.lastShiftEnd) - firstDay * 1440) < rest
    )
      return false;
    for (let o = Math.max(0, s.d - 2); o <= Math.min(days - 1, s.d + 2); o++) {
      const other = work[i * days + o];
      if (o === s.d || other === undefined) continue;
      if ((o < s.d ? s.start - other.end : other.start - s.end) < rest) return false;
    }
    let run = 1;
    let o = s.d - 1;
    while (o >= 0 && work[i * days + o] !== undefined) {
      run++;
      o--;
    }
    if (o < 0) run += p?.consecutiveDays ?? 0;
    for (o = s.d + 1; o < days && work[i * days + o] !== undefined; o++) run++;
    if (run > maxConsecutiveDays) return false;
    return weekHours[i * (weekOf(days - 1) + 1) + weekOf(s.d)]! + s.hours <= maxWeeklyHours + 1e-9;
  };
  const byPool = new Map<string, number[]>();
  instance.employees.forEach((e, i) => {
    byPool.set(e.homePool, [...(byPool.get(e.homePool) ?? []), i]);
  });
  const ordered = [...instance.demandLines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const line of ordered) {
    if (dayNumber(line.date) - firstDay >= untilDay) break;
    let wanted = Math.floor(line.required * share + random()) - (fixedCount.get(line.id) ?? 0);
    const staff = [...(byPool.get(line.pool) ?? [])];
    for (let k = staff.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [staff[k], staff[j]] = [staff[j]!, staff[k]!];
    }
    for (const i of staff) {
      if (wanted <= 0) break;
      if (!fits(i, line)) continue;
      book(i, line);
      instance.fixedAssignments.push({ employeeId: instance.employees[i]!.id, lineId: line.id });
      wanted--;
    }
  }
}
