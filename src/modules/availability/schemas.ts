import { type Static, Type } from '@sinclair/typebox';
import { PREFERENCE_KINDS } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { WEEKDAY_NAMES } from '../../core/time/dates.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Instant = Type.String({ format: 'date-time' });
const Weekday = Type.Union(WEEKDAY_NAMES.map((day) => Type.Literal(day)));
const Weekdays = Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true });
const Kind = Type.Union(
  PREFERENCE_KINDS.map((kind) => Type.Literal(kind)),
  { $id: 'WorkPreferenceKind', description: '`work`: would rather work; `off`: would rather not' },
);

export const NewUnavailability = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    weekdays: Type.Optional(
      Type.Array(Weekday, {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
        description: 'Only these days of the week within the dates (default: every day)',
      }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why, in the employee’s words' }),
  },
  { $id: 'NewUnavailability', additionalProperties: false },
);
export type NewUnavailability = Static<typeof NewUnavailability>;

export const Unavailability = Type.Object(
  {
    id: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    weekdays: Type.Union([Weekdays, Type.Null()], { description: 'null: every day from `from` to `to`' }),
    reason: Type.String(),
    days: Type.Integer({ description: 'The dates it covers' }),
    createdAt: Instant,
  },
  { $id: 'Unavailability' },
);
export type Unavailability = Static<typeof Unavailability>;

export const NewWorkPreference = Type.Object(
  {
    kind: Kind,
    date: Type.Optional(BusinessDate),
    weekdays: Type.Optional(Weekdays),
    shiftTypeId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Only shifts of this type (default: any shift)' }),
    ),
    weight: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10,
        description: 'How much it counts against others’ (default 1)',
      }),
    ),
  },
  {
    $id: 'NewWorkPreference',
    additionalProperties: false,
    description: 'A wish on one `date` or every week on the `weekdays` (exactly one of the two)',
  },
);
export type NewWorkPreference = Static<typeof NewWorkPreference>;

const ShiftTypeReference = Type.Object(
  { id: Uuid, code: Type.String(), nameEn: Type.String(), nameAr: Type.String() },
  { $id: 'WishShiftType' },
);

export const WorkPreference = Type.Object(
  {
    id: Uuid,
    kind: Kind,
    date: Type.Union([BusinessDate, Type.Null()]),
    weekdays: Type.Union([Weekdays, Type.Null()]),
    shiftType: Type.Union([ShiftTypeReference, Type.Null()]),
    weight: Type.Integer(),
    createdAt: Instant,
  },
  { $id: 'WorkPreference' },
);
export type WorkPreference = Static<typeof WorkPreference>;

export const AvailabilityLimits = Type.Object(
  {
    today: BusinessDate,
    latestDate: BusinessDate,
    maxDaysAhead: Type.Integer({ description: 'Unit setting `availability.maxDaysAhead`' }),
    maxUnavailableDaysPerMonth: Type.Integer({
      description: 'Unit setting `availability.maxUnavailableDaysPerMonth`',
    }),
    maxPreferences: Type.Integer({ description: 'Preferences one employee may hold that still apply' }),
  },
  { $id: 'AvailabilityLimits' },
);
export type AvailabilityLimits = Static<typeof AvailabilityLimits>;

export const WishOutcome = Type.Object(
  {
    date: BusinessDate,
    preferenceId: Uuid,
    granted: Type.Boolean({ description: 'Whether the live roster grants the wish that day' }),
  },
  { $id: 'WishOutcome' },
);
export type WishOutcome = Static<typeof WishOutcome>;

export const MyAvailability = Type.Object(
  {
    employeeId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    limits: AvailabilityLimits,
    unavailability: Type.Array(Unavailability, { description: 'Those that touch the period' }),
    preferences: Type.Array(WorkPreference, { description: 'Every preference still held' }),
    outcomes: Type.Array(WishOutcome, {
      description: 'Each preference on each date of the period it applies',
    }),
    wishesGranted: Type.Object(
      { asked: Type.Integer(), granted: Type.Integer() },
      { $id: 'WishesGrantedTotal', description: 'The outcomes counted' },
    ),
  },
  { $id: 'MyAvailability' },
);
export type MyAvailability = Static<typeof MyAvailability>;

export const PeriodQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ ...BusinessDate, description: 'Default: the first of this month' })),
    to: Type.Optional(
      Type.String({ ...BusinessDate, description: 'Default: the end of the month of `from`' }),
    ),
  },
  { additionalProperties: false },
);
export type PeriodQuery = Static<typeof PeriodQuery>;

export const StaffWishesQuery = Type.Object(
  { ...PageQuery.properties, departmentId: Uuid, from: BusinessDate, to: BusinessDate },
  { additionalProperties: false },
);
export type StaffWishesQuery = Static<typeof StaffWishesQuery>;

export const StaffWishDay = Type.Object(
  {
    date: BusinessDate,
    kind: Type.Union([Type.Literal('unavailable'), Type.Literal('work'), Type.Literal('off')], {
      description: '`unavailable` (hard), or a preference to `work` or be `off`',
    }),
    shiftTypeCode: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Unavailability only' }),
  },
  { $id: 'StaffWishDay' },
);
export type StaffWishDay = Static<typeof StaffWishDay>;

export const StaffWishes = Type.Object(
  { employee: EmployeeInDepartment, days: Type.Array(StaffWishDay) },
  { $id: 'StaffWishes', description: 'An employee’s wishes on the dates of the period' },
);
export type StaffWishes = Static<typeof StaffWishes>;

export const IdParams = Type.Object({ id: Uuid });
