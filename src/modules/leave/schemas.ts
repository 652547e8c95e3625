import { type Static, Type } from '@sinclair/typebox';
import { LEAVE_STATUSES } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Comment = Type.String({ maxLength: 1000 });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const Status = Type.Union(LEAVE_STATUSES.map((status) => Type.Literal(status)));

export const NewLeaveRequest = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    comment: Type.Optional(Nullable(Comment)),
    employeeId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'HR administrators only: whose leave it is (default: own)',
      }),
    ),
  },
  { $id: 'NewLeaveRequest', additionalProperties: false },
);
export type NewLeaveRequest = Static<typeof NewLeaveRequest>;

export const LeaveDecision = Type.Object(
  {
    comment: Type.Optional(
      Type.Union([Comment, Type.Null()], {
        description: 'Optional to approve; required to reject (422 COMMENT_REQUIRED): the employee reads why',
      }),
    ),
  },
  { $id: 'LeaveDecision', additionalProperties: false },
);
export type LeaveDecision = Static<typeof LeaveDecision>;

const Person = Type.Object({ id: Uuid, username: Type.String(), displayName: Type.String() });

export const LeaveStep = Type.Object(
  {
    step: Type.Integer({ minimum: 1, maximum: 2 }),
    role: Type.String({ description: 'The role the decider acted under' }),
    decision: Type.Union([Type.Literal('Approved'), Type.Literal('Rejected')]),
    by: Person,
    at: Type.String({ format: 'date-time' }),
    comment: Nullable(Type.String()),
  },
  { $id: 'LeaveStep' },
);

const Shift = Type.Object({
  assignmentId: Uuid,
  date: BusinessDate,
  shiftTemplateCode: Type.String(),
  terminalCode: Type.String(),
});

export const NextDecider = Type.Object(
  {
    step: Type.Integer({ minimum: 1, maximum: 2 }),
    roles: Type.Array(Type.String(), { description: 'The roles that decide this step' }),
    people: Type.Array(Type.Object({ id: Uuid, displayName: Type.String(), roleCode: Type.String() }), {
      description: "Who holds them for the requester's department today (never the requester)",
    }),
  },
  { $id: 'LeaveNextDecider' },
);
export type NextDecider = Static<typeof NextDecider>;

export const LeaveRequest = Type.Object(
  {
    id: Uuid,
    employee: EmployeeInDepartment,
    from: BusinessDate,
    to: BusinessDate,
    days: Type.Integer({ description: 'Calendar days, both ends included' }),
    comment: Nullable(Type.String()),
    Status: Status,
    steps: Type.Array(LeaveStep),
    nextStep: Type.Union([Type.Integer(), Type.Null()], { description: 'The step waiting for a decision' }),
    nextDecider: Type.Union([NextDecider, Type.Null()], { description: 'Who may decide that step' }),
    requestedBy: Person,
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    conflicts: Type.Optional(
      Type.Array(Shift, {
        description:
          'Decision answers only: live shift assignments within the leave dates after the decision ' +
          '(what the final approval would take off the roster)',
      }),
    ),
    removedAssignments: Type.Optional(
      Type.Array(Shift, {
        description: 'Final approval only: the live assignments it took off the roster, now gaps to cover',
      }),
    ),
  },
  { $id: 'LeaveRequest' },
);
export type LeaveRequest = Static<typeof LeaveRequest>;

export const LeaveListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Status),
  employeeId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  from: Type.Optional({ ...BusinessDate, description: 'Requests that end on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Requests that start on or before this date' }),
  awaitingMe: Type.Optional(
    Type.Boolean({ description: 'Only requests whose next step the caller may decide' }),
  ),
});
export type LeaveListQuery = Static<typeof LeaveListQuery>;

export const OwnLeaveQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Status),
  from: Type.Optional({ ...BusinessDate, description: 'Requests that end on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Requests that start on or before this date' }),
});
export type OwnLeaveQuery = Static<typeof OwnLeaveQuery>;

export const IdParams = Type.Object({ id: Uuid });
