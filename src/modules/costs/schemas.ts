import { type Static, Type } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-names.ts';
import { PageQuery } from '../../core/http/pagination.ts';

const Uuid = Type.String({ format: 'uuid' });
const BusinessDate = Type.String({ format: 'date' });
const Clock = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: '`HH:mm`' });
const Month = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'A month, `YYYY-MM`' });

/** An amount as a decimal string in the currency's minor unit's digits (no binary fractions). */
const Amount = (description: string) =>
  Type.String({ pattern: '^-?\\d{1,16}(\\.\\d{1,4})?$', description, examples: ['1234.50'] });
const Hours = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });

export const Currency = Type.Object(
  {
    code: Type.String({ description: 'ISO 4217 code (the unit’s `currency` setting)' }),
    minorUnits: Type.Integer({
      description: 'Digits after the decimal point of its amounts (2 for SAR, 3 for KWD)',
    }),
  },
  { description: 'The unit’s currency' },
);
export type Currency = Static<typeof Currency>;

export const GradeRef = Type.Object({
  id: Uuid,
  code: Type.String(),
  nameEn: Type.String(),
  nameAr: Type.Union([Type.String(), Type.Null()]),
});
export type GradeRef = Static<typeof GradeRef>;

export const LabourCost = named(
  'LabourCost',
  Type.Object(
    {
      currency: Type.String({ description: 'ISO 4217 code' }),
      hours: Hours('Paid hours priced'),
      unratedHours: Hours('Paid hours of employees whose grade had no rate on the date: priced at nothing'),
      unratedGrades: Type.Optional(
        Type.Array(GradeRef, {
          description:
            'The grades whose hours had no rate on their date (absent in figures kept from before)',
        }),
      ),
      employeesWithoutGrade: Type.Optional(
        Type.Integer({ description: 'Employees with no grade at all among those whose hours had no rate' }),
      ),
      base: Amount('The hours at their grade’s hourly rate'),
      night: Amount('Night premium of the hours inside the night window'),
      weekend: Amount('Weekend premium of the hours on the unit’s weekend days'),
      holiday: Amount('Holiday premium of the hours on holidays (instead of the weekend’s)'),
      overtime: Amount('What the hours over the weekly limit cost above the base rate'),
      total: Amount('base + night + weekend + holiday + overtime (each rounded once, half to even)'),
    },
    // Named rather than given an $id: it appears several times in one answer, which an $id cannot.
    { description: 'Priced work: each amount a decimal string in the currency’s digits' },
  ),
);
export type LabourCost = Static<typeof LabourCost>;

const RateBody = {
  effectiveFrom: BusinessDate,
  hourlyRate: Amount('Per hour, in the unit’s currency'),
};

export const LabourRate = Type.Object(
  {
    id: Uuid,
    grade: GradeRef,
    ...RateBody,
    currency: Type.String(),
    version: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'LabourRate', description: 'The hourly rate of a grade from `effectiveFrom` until its next rate' },
);
export type LabourRate = Static<typeof LabourRate>;

export const NewLabourRate = Type.Object(
  { gradeId: Uuid, ...RateBody },
  { $id: 'NewLabourRate', additionalProperties: false },
);
export type NewLabourRate = Static<typeof NewLabourRate>;

export const LabourRateUpdate = Type.Partial(Type.Object(RateBody), {
  $id: 'LabourRateUpdate',
  additionalProperties: false,
  minProperties: 1,
});
export type LabourRateUpdate = Static<typeof LabourRateUpdate>;

export const RateListQuery = Type.Composite([PageQuery, Type.Object({ gradeId: Type.Optional(Uuid) })], {
  additionalProperties: false,
});
export type RateListQuery = Static<typeof RateListQuery>;

export const PremiumKind = Type.Union(
  [Type.Literal('NIGHT'), Type.Literal('WEEKEND'), Type.Literal('HOLIDAY'), Type.Literal('OVERTIME')],
  { $id: 'LabourPremiumKind' },
);

const PremiumFields = {
  nameEn: Type.String({ minLength: 1, maxLength: 100 }),
  nameAr: Type.String({ minLength: 1, maxLength: 100 }),
  basis: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')], {
    description:
      'PERCENT: `percent` of the hourly rate per hour (for OVERTIME the whole hour’s pay, e.g. 150); FIXED: ' +
      '`amount` per hour (for OVERTIME the overtime hour’s own rate)',
  }),
  percent: Type.Union([Type.String({ pattern: '^\\d{1,4}(\\.\\d{1,2})?$' }), Type.Null()], {
    description: 'With PERCENT: a percentage with at most two decimals, e.g. "25" or "12.5"',
  }),
  amount: Type.Union([Amount('With FIXED: per hour'), Type.Null()]),
  windowStart: Type.Union([Clock, Type.Null()], { description: 'NIGHT only: where the night starts' }),
  windowEnd: Type.Union([Clock, Type.Null()], {
    description: 'NIGHT only: where it ends (next day when earlier)',
  }),
};

export const LabourPremium = Type.Object(
  {
    kind: PremiumKind,
    ...PremiumFields,
    currency: Type.String(),
    version: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'LabourPremium' },
);
export type LabourPremium = Static<typeof LabourPremium>;

export const LabourPremiumUpdate = Type.Object(
  {
    ...PremiumFields,
    percent: Type.Optional(PremiumFields.percent),
    amount: Type.Optional(PremiumFields.amount),
    windowStart: Type.Optional(PremiumFields.windowStart),
    windowEnd: Type.Optional(PremiumFields.windowEnd),
  },
  { $id: 'LabourPremiumUpdate', additionalProperties: false },
);
export type LabourPremiumUpdate = Static<typeof LabourPremiumUpdate>;

export const PremiumParams = Type.Object({ kind: PremiumKind });

export const LabourPremiums = Type.Object(
  { currency: Currency, items: Type.Array(LabourPremium) },
  { $id: 'LabourPremiums' },
);

const Department = Type.Object({
  id: Uuid,
  code: Type.String(),
  nameEn: Type.String(),
  nameAr: Type.Union([Type.String(), Type.Null()]),
});

export const LabourBudget = Type.Object(
  {
    id: Uuid,
    department: Department,
    month: Month,
    amount: Amount('The budget of the month'),
    currency: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'LabourBudget' },
);
export type LabourBudget = Static<typeof LabourBudget>;

export const NewLabourBudget = Type.Object(
  {
    departmentId: Uuid,
    month: Month,
    amount: Amount('In the unit’s currency'),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { $id: 'NewLabourBudget', additionalProperties: false },
);
export type NewLabourBudget = Static<typeof NewLabourBudget>;

export const LabourBudgetUpdate = Type.Object(
  {
    amount: Type.Optional(Amount('In the unit’s currency')),
    note: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  },
  { $id: 'LabourBudgetUpdate', additionalProperties: false, minProperties: 1 },
);
export type LabourBudgetUpdate = Static<typeof LabourBudgetUpdate>;

export const BudgetListQuery = Type.Composite(
  [
    PageQuery,
    Type.Object({ departmentId: Type.Optional(Uuid), from: Type.Optional(Month), to: Type.Optional(Month) }),
  ],
  { additionalProperties: false },
);
export type BudgetListQuery = Static<typeof BudgetListQuery>;

export const IdParams = Type.Object({ id: Uuid });

export const RunCost = Type.Object(
  {
    runId: Uuid,
    execution: Type.Integer({ description: 'Which execution of the run (1 the first, then each rerun)' }),
    cost: LabourCost,
    previous: Type.Union([Type.Object({ execution: Type.Integer(), cost: LabourCost }), Type.Null()], {
      description: 'The execution this rerun replaced, as it was priced then; null on a first execution',
    }),
    difference: Type.Union([LabourCost, Type.Null()], {
      description: 'cost − previous, figure by figure (negative: the rerun is cheaper)',
    }),
  },
  { $id: 'AllocationRunCost' },
);
export type RunCost = Static<typeof RunCost>;

export const PublishedRosterCost = Type.Object(
  { rosterId: Uuid, version: Type.Integer(), from: BusinessDate, to: BusinessDate, cost: LabourCost },
  { $id: 'PublishedRosterCost' },
);
export type PublishedRosterCost = Static<typeof PublishedRosterCost>;

export const MonthQuery = Type.Object({ month: Month }, { additionalProperties: false });

export const DepartmentMonthCost = Type.Object(
  {
    department: Department,
    month: Month,
    currency: Type.String(),
    budget: Type.Union([Amount('The month’s budget'), Type.Null()], { description: 'null: no budget set' }),
    planned: LabourCost,
    actual: LabourCost,
    plannedShareOfBudget: Type.Union([Type.String(), Type.Null()], {
      description: 'planned total ÷ budget as a percentage with one decimal ("97.5"); null without a budget',
    }),
    actualShareOfBudget: Type.Union([Type.String(), Type.Null()]),
  },
  {
    $id: 'DepartmentMonthCost',
    description: 'A department’s month: budget, planned (the planned roster), actual (attendance)',
  },
);
export type DepartmentMonthCost = Static<typeof DepartmentMonthCost>;

export const MonthCostOverview = Type.Object(
  { month: Month, currency: Type.String(), departments: Type.Array(DepartmentMonthCost) },
  { $id: 'LabourCostMonth' },
);
export type MonthCostOverview = Static<typeof MonthCostOverview>;

export const LabourCostTotals = Type.Object(
  {
    month: Month,
    currency: Type.String({ description: 'ISO 4217' }),
    budget: Type.Union([Amount('Budgets set for the month'), Type.Null()], { description: 'null: none set' }),
    planned: Amount('What the planned roster of the month costs'),
    actual: Amount('What attendance of the month so far costs'),
  },
  {
    $id: 'LabourCostTotals',
    description: 'A month of the departments in your scope in three figures (the dashboard’s tile)',
  },
);
export type LabourCostTotals = Static<typeof LabourCostTotals>;

export const CostReportQuery = Type.Object(
  {
    month: Month,
    lang: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('ar')], { description: 'Words of the files' }),
    ),
  },
  { additionalProperties: false },
);
