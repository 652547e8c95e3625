import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** One assignment of a run's result: what the run proposes, or live work it kept fixed. */
export const ProposedAssignment = Type.Object(
  {
    employee: EmployeeInDepartment,
    date: BusinessDate,
    demandLineId: Nullable(Uuid),
    liveAssignmentId: Type.Union([Uuid, Type.Null()], {
      description: 'For live work kept fixed outside the plan’s lines: the live assignment',
    }),
    shift: Type.Object({
      id: Uuid,
      code: Type.String(),
      start: Type.String({ description: 'HH:mm' }),
      end: Type.String({ description: 'HH:mm' }),
      endsNextDay: Type.Boolean(),
    }),
    terminal: Type.Object({ id: Uuid, code: Type.String() }),
    skillCode: Nullable(Type.String()),
    fixed: Type.Boolean({ description: 'Live work the run kept as it was' }),
    lendingRuleId: Type.Union([Uuid, Type.Null()], {
      description: 'Set when the employee is lent to the line',
    }),
  },
  { $id: 'ProposedAssignment' },
);
export type ProposedAssignment = Static<typeof ProposedAssignment>;

export const ProposalQuery = Type.Object({
  ...PageQuery.properties,
  employeeId: Type.Optional(Uuid),
  date: Type.Optional(BusinessDate),
  demandLineId: Type.Optional(Uuid),
  includeFixed: Type.Boolean({ default: true, description: 'false: only what the run proposes' }),
});
export type ProposalQuery = Static<typeof ProposalQuery>;

export const RosterGridCell = Type.Object(
  {
    date: BusinessDate,
    shiftCode: Type.String(),
    terminalCode: Type.String(),
    skillCode: Nullable(Type.String()),
    endsNextDay: Type.Boolean(),
    lent: Type.Boolean(),
    fixed: Type.Boolean(),
  },
  { $id: 'RosterGridCell' },
);

export const RosterGridRow = Type.Object(
  {
    employee: EmployeeInDepartment,
    cells: Type.Array(RosterGridCell, { description: 'Only the dates with work, in date order' }),
  },
  { $id: 'RosterGridRow' },
);
export type RosterGridRow = Static<typeof RosterGridRow>;

export const RosterGrid = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    items: Type.Array(RosterGridRow, { description: 'Employees by number, a page of them' }),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer({ description: 'Employees the run considered' }),
  },
  { $id: 'AllocationRunRosterGrid' },
);
export type RosterGrid = Static<typeof RosterGrid>;

export const RosterGridQuery = Type.Object({
  ...PageQuery.properties,
  withWorkOnly: Type.Boolean({ default: false, description: 'true: only employees with work in the run' }),
});
export type RosterGridQuery = Static<typeof RosterGridQuery>;
