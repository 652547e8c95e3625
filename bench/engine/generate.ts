import { dateOf, dayNumber, WEEKDAYS } from '../../src/engine/dates.ts';
import { seededRandom } from '../../src/engine/random.ts';
import type { DemandLine, Employee, Instance, Preference, ShiftTemplate } from '../../src/engine/types.ts';
import { addFewHolders, addLiveRoster, addScarceSkills } from './generate-shapes.ts';

/** Seeded synthetic instances for tests, tools and benchmarks. */

export type Variant =
  | 'normal'
  | 'tight'
  | 'rest-bound'
  | 'consecutive-bound'
  | 'scarce'
  | 'live-roster'
  | 'over-demand'
  | 'mixed'
  | 'few-holders'
  | 'third-fixed';

export const VARIANTS: readonly Variant[] = [
  'normal',
  'tight',
  'rest-bound',
  'consecutive-bound',
  'scarce',
  'live-roster',
  'over-demand',
  'mixed',
  'few-holders',
  'third-fixed',
];

/**
 * What each variant turns on. `scarce`: three scarce skills (two certification-gated) held by under 10 % of
 * staff and in demand on most days, at about what their holders can work; `live-roster`: about a quarter of
 * the demand already fixed by a live roster that keeps every rule; `over-demand`: demand at 120–130 % of what
 * staff can work; `mixed`: all three with the rest-bound day pattern; `few-holders`: one skill held by about 4 %
 * of staff and needed on most days at what they can work (issue 52); `third-fixed`: the first third of the
 * month already fixed by the live roster, about nine heads in ten of its demand (issue 52).
 */
interface Shape {
  factor: number;
  restPattern: boolean;
  scarce: boolean;
  liveShare: number;
  fewHolders: boolean;
  /** With `liveShare`: only the days before this share of the period are fixed. */
  liveDays: number;
}

function shapeOf(variant: Variant): Shape {
  const shape: Shape = {
    factor: demandFactor(variant),
    restPattern: false,
    scarce: false,
    liveShare: 0,
    fewHolders: variant === 'few-holders',
    liveDays: 1,
  };
  if (variant === 'third-fixed') {
    shape.liveShare = 0.9;
    shape.liveDays = 1 / 3;
  }
  if (variant === 'rest-bound' || variant === 'mixed') shape.restPattern = true;
  if (variant === 'scarce' || variant === 'mixed') shape.scarce = true;
  if (variant === 'live-roster' || variant === 'mixed') shape.liveShare = 0.25;
  return shape;
}

export interface GeneratorOptions {
  employees: number;
  days: number;
  terminals: number;
  shifts?: number;
  seed: number;
  variant?: Variant;
  /** First day of the period (a Wednesday by default, so the first week is partial). */
  from?: string;
  /** Stated unavailability for about 5 % of staff (hard: it changes what can be covered, so off by default). */
  unavailability?: boolean;
}

const TEMPLATES: ShiftTemplate[] = [
  { id: 'M', start: '06:00', end: '14:00', paidHours: 8, shiftType: 'morning' },
  { id: 'E', start: '14:00', end: '22:00', paidHours: 8, shiftType: 'evening' },
  { id: 'N', start: '22:00', end: '06:00', paidHours: 8, shiftType: 'night' },
];

/** Share of a day's demand per shift; the rest-bound variant alternates evening-heavy and morning-heavy days. */
function shiftWeights(restPattern: boolean, shifts: number, day: number): number[] {
  if (shifts === 1) return [1];
  if (restPattern) {
    const heavy = day % 2 === 0 ? [0.2, 0.55, 0.25] : [0.55, 0.15, 0.3];
    return shifts === 2 ? [heavy[0]! / (heavy[0]! + heavy[1]!), heavy[1]! / (heavy[0]! + heavy[1]!)] : heavy;
  }
  return shifts === 2 ? [0.55, 0.45] : [0.4, 0.35, 0.25];
}

/** Demand as a share of what staff could work at six days in seven, less leave. */
function demandFactor(variant: Variant): number {
  if (variant === 'tight') return 1.1;
  if (variant === 'consecutive-bound') return 0.97;
  if (variant === 'rest-bound') return 0.9;
  if (variant === 'over-demand') return 1.25;
  if (variant === 'mixed') return 1.05;
  if (variant === 'scarce' || variant === 'live-roster' || variant === 'few-holders') return 0.95;
  if (variant === 'third-fixed') return 1;
  return 0.8;
}

export function generateInstance(options: GeneratorOptions): Instance {
  const { employees: n, days, terminals, seed } = options;
  const shifts = Math.min(3, Math.max(1, options.shifts ?? 3));
  const variant = options.variant ?? 'normal';
  const shape = shapeOf(variant);
  const random = seededRandom(seed);
  // The wider shapes draw from their own stream, so the original variants stay exactly as they were; history
  // of nights and weekends and the wishes from a third, so that no instance's demand or staff moved.
  const extra = seededRandom(seed * 7919 + 17);
  const third = seededRandom(seed * 104_729 + 31);
  // The shapes of issue 52 from a fourth, for the same reason.
  const fourth = seededRandom(seed * 31_337 + 7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const firstDay = dayNumber(options.from ?? '2026-03-04');
  const lastDay = firstDay + days - 1;
  const date = (offset: number) => dateOf(firstDay + offset);
  const pools = Array.from({ length: terminals }, (_, t) => `T${t + 1}`);

  const employees: Employee[] = Array.from({ length: n }, (_, i) => {
    const roll = random();
    const skills = roll < 0.35 ? ['ramp'] : roll < 0.55 ? ['ramp', 'hazmat'] : [];
    const expiring = random() < 0.1;
    const employee: Employee = {
      id: `E${i + 1}`,
      grade: pick(['G1', 'G2', 'G3']),
      department: pick(['OPS', 'RAMP']),
      homePool: pools[i % terminals]!,
      activeFrom: random() < 0.03 ? date(Math.floor(random() * days)) : dateOf(firstDay - 400),
      skills,
      certifications: skills.includes('hazmat')
        ? [
            {
              certificationId: 'HZ',
              validFrom: dateOf(firstDay - 300),
              validTo: expiring ? date(Math.floor(random() * days)) : dateOf(lastDay + 300),
              status: random() < 0.03 ? 'suspended' : 'active',
            },
          ]
        : [],
    };
    if (random() < 0.02) {
      // Never before the start: an instance with such an employee is invalid (found at 2,000 × 31 `tight` s6).
      const to = date(Math.floor(random() * days));
      employee.activeTo = to < employee.activeFrom ? employee.activeFrom : to;
    }
    return employee;
  });

  const leaves = employees
    .filter(() => random() < 0.12)
    .map((e) => {
      const start = Math.floor(random() * days);
      return {
        employeeId: e.id,
        from: date(start),
        to: date(Math.min(days - 1, start + 2 + Math.floor(random() * 6))),
      };
    });

  // Supply per pool and day: about six working days in seven, less a little for leave.
  const maxShare = 6 / 7;
  const demandLines: DemandLine[] = [];
  for (let d = 0; d < days; d++) {
    const weights = shiftWeights(shape.restPattern, shifts, d);
    pools.forEach((pool, t) => {
      const staff = Math.ceil((n - t) / terminals);
      const total = staff * maxShare * 0.95 * demandFactor(variant) * (0.9 + random() * 0.2);
      for (let s = 0; s < shifts; s++) {
        const template = TEMPLATES[s]!;
        const required = Math.max(0, Math.round(total * weights[s]!));
        const hazmat = s === 0 && required > 2 ? 1 : 0;
        demandLines.push({
          id: `L${d + 1}-${pool}-${template.id}`,
          date: date(d),
          terminal: pool,
          shiftTemplateId: template.id,
          pool,
          required: required - hazmat,
        });
        if (hazmat > 0)
          demandLines.push({
            id: `L${d + 1}-${pool}-${template.id}-HZ`,
            date: date(d),
            terminal: pool,
            shiftTemplateId: template.id,
            skill: 'hazmat',
            pool,
            required: hazmat,
          });
      }
    });
  }

  if (shape.scarce) addScarceSkills(employees, demandLines, pools, extra, firstDay, lastDay);
  if (shape.fewHolders) addFewHolders(employees, demandLines, pools, fourth, firstDay, lastDay);

  const lendingRules = pools.flatMap((pool, t) =>
    terminals < 2
      ? []
      : [
          {
            id: `R${t + 1}`,
            sourcePool: pool,
            targetPool: pools[(t + 1) % terminals]!,
            effectiveFrom: date(0),
            maxPerDay: 2 + Math.floor(random() * 3),
          },
          {
            id: `R${t + 1}-ramp`,
            sourcePool: pool,
            targetPool: pools[(t + terminals - 1) % terminals]!,
            effectiveFrom: date(Math.floor(days / 3)),
            skills: ['hazmat'],
          },
        ],
  );

  // A few fixed assignments, spaced so that they cannot break a rule between themselves.
  const fixedAssignments: { employeeId: string; lineId: string }[] = [];
  const onLeave = new Set(leaves.flatMap((l) => [l.employeeId]));
  employees.forEach((e, i) => {
    if (
      random() > 0.05 ||
      onLeave.has(e.id) ||
      e.activeTo !== undefined ||
      dayNumber(e.activeFrom) > firstDay
    )
      return;
    // From the third day on, so that work before the period cannot clash with a fixed shift.
    const d = Math.min(days - 1, 2 + Math.floor(random() * days));
    const line = demandLines.find(
      (l) => l.date === date(d) && l.pool === e.homePool && l.skill === undefined && l.required > 0,
    );
    if (line !== undefined && i % 2 === 0) fixedAssignments.push({ employeeId: e.id, lineId: line.id });
  });
  const fixedPerLine = new Map<string, number>();
  for (const f of fixedAssignments) fixedPerLine.set(f.lineId, (fixedPerLine.get(f.lineId) ?? 0) + 1);
  for (const line of demandLines) line.required = Math.max(line.required, fixedPerLine.get(line.id) ?? 0);

  const priorWork = employees.map((e) => {
    const consecutiveDays = Math.floor(random() * 6);
    return {
      employeeId: e.id,
      consecutiveDays,
      hoursInFirstWeek: Math.min(consecutiveDays, 2) * 8,
      ...(consecutiveDays > 0 ? { lastShiftEnd: `${dateOf(firstDay - 1)}T${pick(['14:00', '22:00'])}` } : {}),
    };
  });
  const equalizationHistory = employees
    .filter(() => random() < 0.9)
    .map((e) => {
      const hours = Math.round(420 + random() * 120);
      return {
        employeeId: e.id,
        hours,
        unsocialHours: Math.round(hours * (0.2 + random() * 0.2)),
        unavailableDays: Math.floor(random() * 10),
        // As a fair roster would have left them: within two shifts of one another.
        nightHours: (15 + Math.floor(third() * 3)) * 8,
        weekendHours: (17 + Math.floor(third() * 3)) * 8,
      };
    });
  const preferences: Preference[] = employees
    .filter(() => random() < 0.1)
    .map((e) => ({
      employeeId: e.id,
      date: date(Math.floor(random() * days)),
      kind: random() < 0.5 ? ('work' as const) : ('off' as const),
    }));
  preferences.push(...standingWishes(employees, third));

  const instance: Instance = {
    period: { from: date(0), to: date(days - 1) },
    settings: {
      minRestHours: 11,
      maxConsecutiveDays: 6,
      maxWeeklyHours: variant === 'consecutive-bound' ? 60 : 48,
      weekStart: 'monday',
      equalizationWindowDays: 90,
    },
    shiftTemplates: TEMPLATES.slice(0, shifts),
    demandLines,
    employees,
    skillCertifications: {
      hazmat: ['HZ'],
      ramp: [],
      ...(shape.scarce ? { crane: ['CR'], deicing: ['DI'], marshal: [] } : {}),
      ...(shape.fewHolders ? { pushback: ['PB'] } : {}),
    },
    leaves,
    lendingRules,
    fixedAssignments,
    priorWork,
    equalizationHistory,
    preferences,
  };
  if (shape.liveShare > 0)
    addLiveRoster(
      instance,
      shape.liveShare,
      variant === 'third-fixed' ? fourth : extra,
      variant === 'third-fixed' ? Math.floor(days * shape.liveDays) : Number.POSITIVE_INFINITY,
    );
  if (options.unavailability)
    instance.unavailability = employees
      .filter(() => third() < 0.05)
      .map((e) => {
        const start = Math.floor(third() * days);
        return {
          employeeId: e.id,
          from: date(start),
          to: date(Math.min(days - 1, start + Math.floor(third() * 3))),
        };
      });
  return instance;
}

/**
 * Wishes that hold for the whole period, for about 15 % of staff: no nights (weight 2), mornings, or one
 * weekday off.
 */
function standingWishes(employees: Employee[], random: () => number): Preference[] {
  const wishes: Preference[] = [];
  for (const e of employees) {
    const roll = random();
    if (roll < 0.05) wishes.push({ employeeId: e.id, kind: 'off', shiftType: 'night', weight: 2 });
    else if (roll < 0.1) wishes.push({ employeeId: e.id, kind: 'work', shiftType: 'morning' });
    else if (roll < 0.15)
      wishes.push({ employeeId: e.id, kind: 'off', weekdays: [WEEKDAYS[Math.floor(random() * 5)]!] });
  }
  return wishes;
}
