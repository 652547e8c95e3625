import { type Static, Type } from '@sinclair/typebox';
import { OPEN_SHIFT_CLAIM_STATUSES, OPEN_SHIFT_STATUSES } from '../../core/db/tables/index.ts';
import { named } from '../../core/http/openapi-names.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { REASON_CODES } from '../../engine/index.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const OpenShiftStatus = literals(OPEN_SHIFT_STATUSES);
export const OpenShiftClaimStatus = literals(OPEN_SHIFT_CLAIM_STATUSES);
export const ReasonCode = named('ReasonCode', literals(REASON_CODES));

export const IdParams = Type.Object({ id: Uuid });

export const OpenShift = Type.Object(
  {
    id: Uuid,
    demandLineId: Uuid,
    department: Type.Object({ id: Uuid, code: Type.String() }),
    date: BusinessDate,
    shift: Type.Object({
      id: Uuid,
      code: Type.String(),
      nameEn: Type.String(),
      nameAr: Nullable(Type.String()),
      start: Type.String({ description: 'HH:mm' }),
      end: Type.String({ description: 'HH:mm; at or before start: the next day' }),
      endsNextDay: Type.Boolean(),
    }),
    terminal: Type.Object({
      id: Uuid,
      code: Type.String(),
      nameEn: Type.String(),
      nameAr: Nullable(Type.String()),
    }),
    skill: Type.Union([Type.Object({ id: Uuid, code: Type.String() }), Type.Null()]),
    heads: Type.Integer({ minimum: 1, description: 'Heads offered' }),
    filled: Type.Integer({ minimum: 0, description: 'Heads given to approved claims' }),
    status: OpenShiftStatus,
    closedReason: Type.Union([Type.String(), Type.Null()], {
      description: '`GAP_COVERED` or `PLAN_ARCHIVED` when the offer closed without being filled',
    }),
    pendingClaims: Type.Integer({ minimum: 0 }),
    offeredAt: Instant,
    closedAt: Nullable(Instant),
    version: Type.Integer(),
  },
  { $id: 'OpenShift' },
);
export type OpenShift = Static<typeof OpenShift>;

export const OpenShiftQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(OpenShiftStatus),
  departmentId: Type.Optional(Uuid),
  from: Type.Optional({ ...BusinessDate, description: 'First date (inclusive)' }),
  to: Type.Optional({ ...BusinessDate, description: 'Last date (inclusive)' }),
});
export type OpenShiftQuery = Static<typeof OpenShiftQuery>;

export const NewOpenShift = Type.Object(
  {
    demandLineId: Uuid,
    heads: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'Default: every head the gap misses' }),
    ),
  },
  { $id: 'NewOpenShift', additionalProperties: false },
);
export type NewOpenShift = Static<typeof NewOpenShift>;

export const NewOpenShiftsForGaps = Type.Object(
  {
    departmentId: Uuid,
    from: BusinessDate,
    to: { ...BusinessDate, description: 'At most 92 days after from' },
  },
  { $id: 'NewOpenShiftsForGaps', additionalProperties: false },
);
export type NewOpenShiftsForGaps = Static<typeof NewOpenShiftsForGaps>;

export const OfferedOpenShifts = Type.Object(
  {
    items: Type.Array(OpenShift, { description: 'The offers made by this call' }),
    alreadyOffered: Type.Integer({ description: 'Gaps that had an open offer already' }),
  },
  { $id: 'OfferedOpenShifts' },
);
export type OfferedOpenShifts = Static<typeof OfferedOpenShifts>;

export const OpenShiftClaim = Type.Object(
  {
    id: Uuid,
    openShift: OpenShift,
    employee: EmployeeInDepartment,
    status: OpenShiftClaimStatus,
    reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'Why it was declined: `OFFER_FILLED`, `OFFER_WITHDRAWN`, `GAP_COVERED`, `PLAN_ARCHIVED` or `NOT_ELIGIBLE`',
    }),
    reasonCodes: Type.Union([Type.Array(ReasonCode), Type.Null()], {
      description: "The engine's reasons when its checker refused the claimant at approval",
    }),
    assignmentId: Nullable(Uuid),
    claimedAt: Instant,
    decidedAt: Nullable(Instant),
  },
  { $id: 'OpenShiftClaim' },
);
export type OpenShiftClaim = Static<typeof OpenShiftClaim>;

export const OpenShiftClaimQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(OpenShiftClaimStatus),
  openShiftId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
});
export type OpenShiftClaimQuery = Static<typeof OpenShiftClaimQuery>;

export const OwnOpenShiftClaimQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(OpenShiftClaimStatus),
});
export type OwnOpenShiftClaimQuery = Static<typeof OwnOpenShiftClaimQuery>;

export const OpenShiftForMe = Type.Object(
  {
    ...OpenShift.properties,
    myClaim: Type.Union([Type.Object({ id: Uuid, status: OpenShiftClaimStatus }), Type.Null()], {
      description: "The caller's pending or approved claim of it",
    }),
  },
  { $id: 'OpenShiftForMe' },
);
export type OpenShiftForMe = Static<typeof OpenShiftForMe>;

export const OwnOpenShiftQuery = Type.Object({
  ...PageQuery.properties,
  from: Type.Optional({ ...BusinessDate, description: 'Default: today' }),
  to: Type.Optional({ ...BusinessDate, description: 'Default: 91 days after from; at most 92 days' }),
});
export type OwnOpenShiftQuery = Static<typeof OwnOpenShiftQuery>;
