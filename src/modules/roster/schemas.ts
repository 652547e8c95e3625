import { type Static, Type } from '@sinclair/typebox';
import { SHIFT_ASSIGNMENT_SOURCES } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String();
const EmployeeRef = EmployeeInDepartment;

export const IdParams = Type.Object({ id: Uuid });
export const ShiftAssignment = Type.Object(
  {
    id: Uuid,
    employee: EmployeeRef,
    date: BusinessDate,
    shiftTemplate: Type.Object({
      id: Uuid,
      code: Code,
      nameEn: Type.String(),
      nameAr: Nullable(Type.String()),
      start: Type.String({ description: 'HH:mm' }),
      end: Type.String({ description: 'HH:mm; at or before start: the next day' }),
      paidHours: Type.Number(),
    }),
    terminal: Type.Object({ id: Uuid, code: Code, nameEn: Type.String(), nameAr: Nullable(Type.String()) }),
    skill: Type.Union([Type.Object({ id: Uuid, code: Code }), Type.Null()]),
    demandLineId: Nullable(Uuid),
    runId: Nullable(Uuid),
    lendingRuleId: Nullable(Uuid),
    source: Type.Union(SHIFT_ASSIGNMENT_SOURCES.map((source) => Type.Literal(source))),
    createdBy: Nullable(Uuid),
    createdAt: Instant,
  },
  { $id: 'ShiftAssignment' },
);
export type ShiftAssignment = Static<typeof ShiftAssignment>;

const rangeFilters = {
  from: Type.Optional({ ...BusinessDate, description: 'First date (inclusive)' }),
  to: Type.Optional({ ...BusinessDate, description: 'Last date (inclusive)' }),
};

export const AssignmentListQuery = Type.Object({
  ...PageQuery.properties,
  ...rangeFilters,
  employeeId: Type.Optional(Uuid),
  terminalId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  shiftTemplateId: Type.Optional(Uuid),
  runId: Type.Optional(Uuid),
});
export type AssignmentListQuery = Static<typeof AssignmentListQuery>;

export const EmployeeAssignmentsQuery = Type.Object({ ...PageQuery.properties, ...rangeFilters });
export type EmployeeAssignmentsQuery = Static<typeof EmployeeAssignmentsQuery>;

export const NewShiftAssignment = Type.Object(
  {
    date: BusinessDate,
    demandLineId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'The demand line it staffs; its terminal, shift and skill apply, and its pool rules',
      }),
    ),
    shiftTemplateId: Type.Optional(Uuid),
    terminalId: Type.Optional(Uuid),
    skillId: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'NewShiftAssignment', additionalProperties: false },
);
export type NewShiftAssignment = Static<typeof NewShiftAssignment>;

export const ScheduleQuery = Type.Object({
  from: Type.Optional({ ...BusinessDate, description: 'Default: today' }),
  to: Type.Optional({ ...BusinessDate, description: 'Default: 27 days after from; at most 92 days' }),
});
export type ScheduleQuery = Static<typeof ScheduleQuery>;

const ScheduledShift = Type.Object({
  id: Uuid,
  shiftTemplateCode: Code,
  start: Type.String(),
  end: Type.String(),
  paidHours: Type.Number(),
  terminalCode: Code,
  skillCode: Nullable(Code),
  source: Type.String(),
});

export const ShiftSchedule = Type.Object(
  {
    employee: EmployeeRef,
    from: BusinessDate,
    to: BusinessDate,
    days: Type.Array(
      Type.Object({
        date: BusinessDate,
        weekday: Type.String(),
        weekend: Type.Boolean(),
        holiday: Type.Union([
          Type.Object({ nameEn: Type.String(), nameAr: Nullable(Type.String()) }),
          Type.Null(),
        ]),
        leave: Type.Union([Type.Object({ requestId: Uuid }), Type.Null()]),
        shifts: Type.Array(ScheduledShift),
        dayOff: Type.Boolean({ description: 'No shift, leave or holiday: a rest day' }),
      }),
    ),
    totals: Type.Object({ shifts: Type.Integer(), paidHours: Type.Number(), leaveDays: Type.Integer() }),
  },
  { $id: 'ShiftSchedule' },
);
export type ShiftSchedule = Static<typeof ShiftSchedule>;

/** The detail of a certification reason of `NOT_ELIGIBLE`: which certification type it is about. */
export const ReasonCertification = Type.String({
  description:
    'The code of the certification type a `CERTIFICATION_MISSING` or `CERTIFICATION_EXPIRED` reason is about',
});
