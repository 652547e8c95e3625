import { type Static, Type } from '@sinclair/typebox';
import { REASON_CODES, WARNING_RULES } from '../../engine/index.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String | typeof Type.Number>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const PersonFiguresQuery = Type.Object({
  departmentId: Uuid,
  from: { ...BusinessDate, description: 'First date (inclusive)' },
  to: { ...BusinessDate, description: 'Last date (inclusive); at most 92 days after from' },
});
export type PersonFiguresQuery = Static<typeof PersonFiguresQuery>;

const LimitWarning = Type.Object(
  {
    rule: Type.Union(
      WARNING_RULES.map((rule) => Type.Literal(rule)),
      { description: 'The limit the person comes near, as the checker names it' },
    ),
    dates: Type.Array(BusinessDate, { description: 'The shifts it is about' }),
    value: Nullable(Type.Number({ description: 'Hours of the week or of rest, or days in a row' })),
    limit: Nullable(Type.Number({ description: 'The weekly maximum, the minimum rest, or seven days' })),
    certification: Nullable(Type.String({ description: "The certification type's code" })),
    validTo: Nullable({ ...BusinessDate, description: "The certification's last valid day" }),
  },
  { $id: 'RosterLimitWarning' },
);

export const PersonFigures = Type.Object(
  {
    employee: EmployeeInDepartment,
    shifts: Type.Integer({ minimum: 0 }),
    paidHours: Type.Number({ minimum: 0, description: 'Paid hours of the shifts in the period' }),
    nights: Type.Integer({ minimum: 0, description: 'Night shifts' }),
    weekendShifts: Type.Integer({ minimum: 0, description: "Shifts on the unit's weekend days" }),
    cost: Type.Union(
      [
        Type.Object({
          total: Type.String({ description: 'Exact decimal, in the currency of the answer' }),
          unratedHours: Type.String({ description: 'Hours without a rate for the grade: not in the total' }),
        }),
        Type.Null(),
      ],
      { description: 'As labour cost prices it; null for a caller who may not read labour cost' },
    ),
    broken: Type.Array(
      Type.Object({
        rule: Type.Union(REASON_CODES.map((code) => Type.Literal(code))),
        dates: Type.Array(BusinessDate),
      }),
      { description: 'Hard rules the live roster breaks for the person (there should be none)' },
    ),
    warnings: Type.Array(LimitWarning),
  },
  { $id: 'PersonFigures' },
);
export type PersonFigures = Static<typeof PersonFigures>;

export const RosterPersonFigures = Type.Object(
  {
    departmentId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    currency: Type.String({ description: "The unit's currency (ISO 4217)" }),
    limits: Type.Object({
      maxWeeklyHours: Type.Number(),
      minRestHours: Type.Number(),
      maxConsecutiveDays: Type.Integer(),
      maxConsecutiveNights: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit' }),
    }),
    people: Type.Array(PersonFigures, {
      description: "The department's own people with live work in the period, by number",
    }),
  },
  { $id: 'RosterPersonFigures' },
);
export type RosterPersonFigures = Static<typeof RosterPersonFigures>;
