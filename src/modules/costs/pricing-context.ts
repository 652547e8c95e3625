import type { Executor } from '../../core/db/database.ts';
import type { LabourPremiumKind } from '../../core/db/tables/index.ts';
import { addDays, WEEKDAY_NAMES } from '../../core/time/dates.ts';
import { holidayRanges } from '../lookups/holidays.ts';
import { gradesByIds } from '../lookups/reads.ts';
import { gradeIdsOf } from '../people/reads.ts';
import { readSettings } from '../settings/service.ts';
import {
  type CostTotals,
  datesOf,
  type Premium,
  type PricingRules,
  price,
  totalOf,
  type Work,
} from './pricing.ts';
import { type Exact, formatHours, formatMinor, fromNumber, round } from './rational.ts';
import * as repo from './repository.ts';
import type { Currency, GradeRef, LabourCost } from './schemas.ts';

/** The digits of a currency's minor unit, from the ISO 4217 data the runtime carries. */
export const minorUnitsOf = (code: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits ?? 2;

export async function currencyOf(executor: Executor, buId: string): Promise<Currency> {
  const { settings } = await readSettings(executor, buId);
  return { code: settings.currency, minorUnits: minorUnitsOf(settings.currency) };
}

/** Figures priced exactly, each rounded once to minor units, as the API shows them. */
export function costView(totals: CostTotals, { currency, gradeOf }: PricingContext): LabourCost {
  const unrated = [...totals.unratedEmployees].map((employeeId) => gradeOf.get(employeeId) ?? null);
  const unratedGrades = new Map<string, GradeRef>();
  for (const grade of unrated) if (grade) unratedGrades.set(grade.id, grade);
  const money = (amount: Exact) => formatMinor(round(amount), currency.minorUnits);
  return {
    currency: currency.code,
    hours: formatHours(totals.hours),
    unratedHours: formatHours(totals.unratedHours),
    unratedGrades: [...unratedGrades.values()].sort((a, b) => a.code.localeCompare(b.code)),
    employeesWithoutGrade: unrated.filter((grade) => grade === null).length,
    base: money(totals.base),
    night: money(totals.night),
    weekend: money(totals.weekend),
    holiday: money(totals.holiday),
    overtime: money(totals.overtime),
    total: formatMinor(totalOf(totals), currency.minorUnits),
  };
}

const AMOUNTS = ['base', 'night', 'weekend', 'holiday', 'overtime', 'total'] as const;

/** `a − b` figure by figure, in the currency's digits (both already rounded, so the difference is exact). */
export function difference(a: LabourCost, b: LabourCost, currency: Currency): LabourCost {
  const minor = (text: string) => BigInt(text.replace('.', ''));
  const result: LabourCost = {
    ...a,
    hours: formatMinor(minor(a.hours) - minor(b.hours), 2),
    unratedHours: formatMinor(minor(a.unratedHours) - minor(b.unratedHours), 2),
  };
  for (const key of AMOUNTS) result[key] = formatMinor(minor(a[key]) - minor(b[key]), currency.minorUnits);
  return result;
}

export interface PricingContext {
  rules: PricingRules;
  currency: Currency;
  /** Each priced employee's grade (absent: none), to name the grades whose hours had no rate. */
  gradeOf: ReadonlyMap<string, GradeRef>;
}

/**
 * What pricing needs over `from`..`to` (work outside it may be given to fill weeks): the settings, the
 * premiums, the holidays and the grades' effective rates of the employees priced.
 */
export async function pricingContext(
  executor: Executor,
  buId: string,
  employeeIds: readonly string[],
  range: { from: string; to: string; weeksFrom?: string; weeksTo?: string },
  openingHours?: ReadonlyMap<string, Exact>,
): Promise<PricingContext> {
  const { settings } = await readSettings(executor, buId);
  const [premiums, rates, gradeIds, holidays] = await Promise.all([
    repo.listPremiums(executor, buId),
    repo.allRates(executor, buId),
    gradeIdsOf(executor, buId, employeeIds),
    holidayRanges(executor, buId, range.weeksFrom ?? range.from, addDays(range.weeksTo ?? range.to, 1)),
  ]);
  const grades = new Map(
    (await gradesByIds(executor, buId, [...new Set(gradeIds.flatMap((row) => row.gradeId ?? []))])).map(
      (grade) => [grade.id, grade],
    ),
  );
  const gradeOf = new Map(
    gradeIds.flatMap(({ id, gradeId }) => {
      const grade = gradeId ? grades.get(gradeId) : undefined;
      return grade ? [[id, grade] as const] : [];
    }),
  );
  const ratesOf = new Map<string, { effectiveFrom: string; hourlyMinor: number }[]>();
  for (const rate of rates) ratesOf.set(rate.gradeId, [...(ratesOf.get(rate.gradeId) ?? []), rate]);
  const holidaySet = new Set<string>();
  for (const holiday of holidays)
    for (const date of datesOf(holiday.date, holiday.endDate)) holidaySet.add(date);
  const premiumOf: Partial<Record<LabourPremiumKind, Premium>> = {};
  for (const row of premiums) premiumOf[row.kind] = row;
  return {
    currency: { code: settings.currency, minorUnits: minorUnitsOf(settings.currency) },
    gradeOf,
    rules: {
      rateOf(employeeId, date) {
        const grade = gradeOf.get(employeeId)?.id;
        // Rates are in ascending dates: the last one in force on the date applies.
        const rate = grade ? ratesOf.get(grade)?.findLast((row) => row.effectiveFrom <= date) : undefined;
        return rate ? BigInt(rate.hourlyMinor) : null;
      },
      premiums: premiumOf,
      weekendDays: new Set(settings.weekendDays.map((day) => WEEKDAY_NAMES.indexOf(day))),
      holidays: holidaySet,
      maxWeeklyHours: fromNumber(settings.maxWeeklyHours),
      weekStart: WEEKDAY_NAMES.indexOf(settings.weekStart),
      countFrom: range.from,
      countTo: range.to,
      ...(openingHours ? { openingHours } : {}),
    },
  };
}

/** Prices work within a context and answers the figures the API shows. */
export const priced = (work: readonly Work[], context: PricingContext) =>
  costView(price(work, context.rules), context);
