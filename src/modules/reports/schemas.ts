import { type Static, Type } from '@sinclair/typebox';
import { BusinessDate, BusinessMonth, Uuid } from '../lookups/schemas.ts';
import { EmployeeReference } from '../people/schemas.ts';
import { REPORT_LANGUAGES } from './labels.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const Language = Type.Optional(
  Type.Union(
    REPORT_LANGUAGES.map((lang) => Type.Literal(lang)),
    {
      default: 'en',
      description: 'Language of the words and names; `ar` also lays the files out right to left',
    },
  ),
);
const Department = Type.Optional({ ...Uuid, description: 'One department (within the caller’s scope)' });

const DraftRun = Type.Optional({
  ...Uuid,
  description:
    'An executed allocation run whose proposal to print as a draft instead of the published roster (needs `allocation_run.read`)',
});

export const DailyRosterQuery = Type.Object({
  date: { ...BusinessDate, description: 'The day (YYYY-MM-DD)' },
  lang: Language,
  departmentId: Department,
  runId: DraftRun,
});
export type DailyRosterQuery = Static<typeof DailyRosterQuery>;

export const MonthlyRosterQuery = Type.Object({
  month: { ...BusinessMonth, description: 'The month (YYYY-MM, years 2000–2100)' },
  lang: Language,
  departmentId: Department,
  runId: DraftRun,
});
export type MonthlyRosterQuery = Static<typeof MonthlyRosterQuery>;

export const RangeReportQuery = Type.Object({
  from: Type.Optional({ ...BusinessDate, description: 'First date (default: 30 days before `to`)' }),
  to: Type.Optional({
    ...BusinessDate,
    description: "Last date (default: yesterday in the unit's time zone); at most 92 days after `from`",
  }),
  lang: Language,
  departmentId: Department,
});
export type RangeReportQuery = Static<typeof RangeReportQuery>;

export const UtilizationQuery = Type.Omit(RangeReportQuery, ['lang']);
export type UtilizationQuery = Static<typeof UtilizationQuery>;

const Employee = EmployeeReference;
const Place = Type.Object({ code: Type.String(), nameEn: Type.String(), nameAr: Nullable(Type.String()) });
const ShiftTimes = {
  code: Type.String(),
  nameEn: Type.String(),
  nameAr: Nullable(Type.String()),
  start: Type.String({ description: 'HH:mm' }),
  end: Type.String({ description: 'HH:mm; at or before the start: the next day' }),
};
const ReportDepartment = Type.Object({
  id: Uuid,
  code: Type.String(),
  nameEn: Type.String(),
  nameAr: Nullable(Type.String()),
});
const Hours = Type.Number({ description: 'Paid hours' });
const Named = Type.Object({ code: Type.String(), nameEn: Type.String(), nameAr: Nullable(Type.String()) });
const LentFrom = Type.Union([ReportDepartment, Type.Null()], {
  description: 'Lent staff: their own department, when the roster is another department’s; else null',
});
const CalendarDay = Type.Object({
  date: BusinessDate,
  weekday: Type.String({ description: 'Sunday … Saturday' }),
  weekend: Type.Boolean({ description: 'One of the unit’s `weekendDays`' }),
  holiday: Type.Union([Named, Type.Null()], { description: 'The holiday on the date, if any' }),
});

export const DailyRosterReport = Type.Object(
  {
    date: BusinessDate,
    lang: Type.String(),
    title: Type.String(),
    draft: Type.Union(
      [
        Type.Object(
          { runId: Uuid, runStatus: Type.String() },
          { description: "The report prints this run's proposal, not a published roster" },
        ),
        Type.Null(),
      ],
      { description: 'Set when the report is a draft of a run (`runId`); null for the published roster' },
    ),
    day: CalendarDay,
    departments: Type.Array(ReportDepartment, { description: 'Departments with lines on the day' }),
    lines: Type.Array(
      Type.Object({
        employee: Employee,
        departmentId: Uuid,
        shift: Type.Object(ShiftTimes),
        terminal: Place,
        skill: Type.Union([Named, Type.Null()], {
          description: 'The skill the line is staffed for; null for a line that asks for none',
        }),
        employeeSkills: Type.Array(Named, { description: 'The skills the person holds, by code' }),
        lentFrom: LentFrom,
        paidHours: Hours,
      }),
      { description: 'The published roster of the day, by shift start, terminal and number' },
    ),
    totals: Type.Object({
      heads: Type.Integer(),
      hours: Hours,
      byShift: Type.Array(Type.Object({ ...ShiftTimes, heads: Type.Integer(), hours: Hours })),
    }),
  },
  { $id: 'DailyRosterReport' },
);
export type DailyRosterReport = Static<typeof DailyRosterReport>;

export const MonthlyRosterReport = Type.Object(
  {
    month: BusinessMonth,
    from: BusinessDate,
    to: BusinessDate,
    lang: Type.String(),
    title: Type.String(),
    draft: Type.Union(
      [
        Type.Object(
          { runId: Uuid, runStatus: Type.String() },
          { description: "The report prints this run's proposal, not a published roster" },
        ),
        Type.Null(),
      ],
      { description: 'Set when the report is a draft of a run (`runId`); null for the published roster' },
    ),
    dates: Type.Array(BusinessDate),
    days: Type.Array(CalendarDay, { description: 'Each of `dates` with its weekday, weekend and holiday' }),
    departments: Type.Array(ReportDepartment),
    shiftCodes: Type.Array(
      Type.Object({
        short: Type.String({ description: 'The code printed in the grid' }),
        ...ShiftTimes,
        paidHours: Hours,
      }),
      { description: 'The legend of the grid' },
    ),
    employees: Type.Array(
      Type.Object({
        employee: Employee,
        departmentId: Uuid,
        days: Type.Array(Nullable(Type.String()), {
          description: 'The short shift code on each of `dates`, null where none',
        }),
        marks: Type.Array(Type.Union([Type.Literal('LEAVE'), Type.Literal('OFF'), Type.Null()]), {
          description:
            'On each of `dates` without a shift: `LEAVE` (approved leave), `OFF` (a day off: the published ' +
            'roster covers the date), null (a shift, or nothing published yet)',
        }),
        lentFrom: LentFrom,
        shifts: Type.Integer(),
        hours: Hours,
      }),
      { description: 'One line per employee with a published shift in the month, by number' },
    ),
    totals: Type.Object({
      perDay: Type.Array(Type.Integer(), { description: 'Heads on each of `dates`' }),
      shifts: Type.Integer(),
      hours: Hours,
    }),
  },
  { $id: 'MonthlyRosterReport' },
);
export type MonthlyRosterReport = Static<typeof MonthlyRosterReport>;

const Utilized = {
  plannedHours: Type.Number({ description: 'Length of the planned shifts' }),
  actualHours: Type.Number({ description: 'Hours worked: clock-in to clock-out' }),
  utilization: Type.Union([Type.Number(), Type.Null()], {
    description: 'actual ÷ planned hours; null where nothing was planned',
  }),
};

export const UtilizationReport = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    departments: Type.Array(Type.Object({ departmentId: Type.Union([Uuid, Type.Null()]), ...Utilized })),
    overall: Type.Object(Utilized),
  },
  { $id: 'UtilizationReport' },
);
export type UtilizationReport = Static<typeof UtilizationReport>;
