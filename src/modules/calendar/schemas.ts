import { type Static, Type } from '@sinclair/typebox';
import { WEEKDAY_NAMES } from '../../core/time/dates.ts';
import { BusinessDate } from '../lookups/schemas.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const Weekday = Type.Union(WEEKDAY_NAMES.map((day) => Type.Literal(day)));

/** At most a year and a day, so a leap year fits and a response stays small. */
export const MAX_RANGE_DAYS = 366;

export const RangeQuery = Type.Object({
  from: { ...BusinessDate, description: 'First date (inclusive)' },
  to: { ...BusinessDate, description: `Last date (inclusive), at most ${MAX_RANGE_DAYS} days after from` },
});
export type RangeQuery = Static<typeof RangeQuery>;

export const Modifier = Type.Object(
  {
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    hoursPerDay: Type.Number(),
    fromDate: BusinessDate,
    toDate: BusinessDate,
  },
  { $id: 'WorkingHourModifier' },
);

const Reason = Type.Object({
  type: Type.Union([Type.Literal('WEEKEND'), Type.Literal('HOLIDAY')]),
  code: { ...NullableString, description: 'The holiday code; null for a weekend' },
  Name_1_English: Type.String(),
  Name_2_Arabic: NullableString,
  holidayTypeCode: NullableString,
});

export const WorkingDays = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    weekendDays: Type.Array(Weekday),
    workingDayCount: Type.Integer(),
    nonWorkingDayCount: Type.Integer(),
    days: Type.Array(
      Type.Object({
        date: BusinessDate,
        weekday: Weekday,
        isWorkingDay: Type.Boolean(),
        reasons: Type.Array(Reason, { description: 'Why the date is not worked; empty on working days' }),
      }),
    ),
  },
  { $id: 'WorkingDays' },
);
export type WorkingDays = Static<typeof WorkingDays>;

export const WorkingHours = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    standardDailyHours: Type.Number(),
    totalHours: Type.Number(),
    days: Type.Array(
      Type.Object({
        date: BusinessDate,
        weekday: Weekday,
        isWorkingDay: Type.Boolean(),
        hours: Type.Number({ description: '0 on days off; else the modifier hours or the standard hours' }),
        modifier: Type.Union([Modifier, Type.Null()], { description: 'The modifier covering the date' }),
      }),
    ),
  },
  { $id: 'WorkingHours' },
);
export type WorkingHours = Static<typeof WorkingHours>;

export const Holiday = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: NullableString,
    description: NullableString,
    date: BusinessDate,
    endDate: BusinessDate,
    days: Type.Integer(),
    holidayTypeCode: NullableString,
  },
  { $id: 'CalendarHoliday' },
);

export const Holidays = Type.Object(
  { from: BusinessDate, to: BusinessDate, items: Type.Array(Holiday) },
  { $id: 'CalendarHolidays' },
);
export type Holidays = Static<typeof Holidays>;

const Named = Type.Object({
  code: Type.String(),
  Name_1_English: Type.String(),
  Name_2_Arabic: NullableString,
});

export const CalendarConfiguration = Type.Object(
  {
    businessUnit: Type.Object({ id: Type.String({ format: 'uuid' }), code: Type.String() }),
    timezone: Type.String(),
    today: { ...BusinessDate, description: "Today's business date in the unit's time zone" },
    weekStart: Weekday,
    weekendDays: Type.Array(Weekday),
    standardDailyHours: Type.Number(),
    holidayTypes: Type.Array(Named),
    workingHourModifiers: Type.Array(Type.Object({ ...Modifier.properties, description: NullableString })),
  },
  { $id: 'CalendarConfiguration' },
);
export type CalendarConfiguration = Static<typeof CalendarConfiguration>;
