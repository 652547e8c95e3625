import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Comment = Type.String({ maxLength: 1000 });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const LEAVE_STATUSES = ['Pending', 'ManagerApproved', 'Approved', 'Rejected', 'Cancelled'] as const;
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
  { comment: Type.Optional(Nullable(Comment)) },
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
    requestedBy: Person,
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    conflicts: Type.Optional(
      Type.Array(
        Type.Object({
          assignmentId: Uuid,
          date: BusinessDate,
          shiftTemplateCode: Type.String(),
          terminalCode: Type.String(),
        }),
        {
          description:
            'Approve answers only: live shift assignments within the leave, which the planner should remove ' +
            '(empty until the final approval)',
        },
      ),
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

export const IdParams = Type.Object({ id: Uuid });
