import { type Static, Type } from '@sinclair/typebox';
import { PREFERENCE_KINDS } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { WEEKDAY_NAMES } from '../../core/time/dates.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const BusinessDate = Type.String({ format: 'date' });
const Instant = Type.String({ format: 'date-time' });
/** A one-of-strings as a plain `enum`: a quarter of the size of a union of literals in the document. */
const OneOf = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
const Weekday = OneOf(WEEKDAY_NAMES);
const Weekdays = Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true });
const Kind = OneOf(PREFERENCE_KINDS, { description: '`work`: rather work; `off`: rather not' });

export const NewUnavailability = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    weekdays: Type.Optional(
      Type.Array(Weekday, {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
        description: 'Only these weekdays (default: every day)',
      }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { $id: 'NewUnavailability', additionalProperties: false },
);
export type NewUnavailability = Static<typeof NewUnavailability>;

export const Unavailability = Type.Object(
  {
    id: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    weekdays: Type.Union([Weekdays, Type.Null()], { description: 'null: every day' }),
    reason: Type.String(),
    days: Type.Integer(),
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
    shiftTypeId: Type.Optional(Uuid),
    weight: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  },
  {
    $id: 'NewWorkPreference',
    additionalProperties: false,
    description: 'Exactly one of `date` and `weekdays`',
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
    maxDaysAhead: Type.Integer(),
    maxUnavailableDaysPerMonth: Type.Integer(),
    maxPreferences: Type.Integer(),
  },
  { $id: 'AvailabilityLimits' },
);
export type AvailabilityLimits = Static<typeof AvailabilityLimits>;

export const WishOutcome = Type.Object(
  {
    date: BusinessDate,
    preferenceId: Uuid,
    granted: Type.Boolean(),
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
    unavailability: Type.Array(Unavailability),
    preferences: Type.Array(WorkPreference),
    outcomes: Type.Array(WishOutcome),
    wishesGranted: Type.Object(
      { asked: Type.Integer(), granted: Type.Integer() },
      { $id: 'WishesGrantedTotal' },
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
    kind: OneOf(['unavailable', 'work', 'off'] as const),
    shiftTypeCode: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'StaffWishDay' },
);
export type StaffWishDay = Static<typeof StaffWishDay>;

export const StaffWishes = Type.Object(
  { employee: EmployeeInDepartment, days: Type.Array(StaffWishDay) },
  { $id: 'StaffWishes' },
);
export type StaffWishes = Static<typeof StaffWishes>;

export const IdParams = Type.Object({ id: Uuid });
