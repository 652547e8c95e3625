import { type Static, Type } from '@sinclair/typebox';
import { SHIFT_SWAP_KINDS, SHIFT_SWAP_STATUSES } from '../../core/db/tables/index.ts';
import { named } from '../../core/http/openapi-names.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

export const ShiftSwapKind = Type.Union(
  SHIFT_SWAP_KINDS.map((kind) => Type.Literal(kind)),
  {
    $id: 'ShiftSwapKind',
    description: '`Swap`: shifts change hands both ways; `GiveAway`: one shift to the colleague',
  },
);
export const ShiftSwapStatus = Type.Union(
  SHIFT_SWAP_STATUSES.map((status) => Type.Literal(status)),
  {
    $id: 'ShiftSwapStatus',
    description:
      'Proposed → Accepted or Declined (the colleague) or Cancelled (the proposer); Accepted → Approved or ' +
      'Rejected (a manager) or Cancelled (the proposer)',
  },
);

/** A record named by its code and its names in both languages (a terminal, a department, a grade). */
const CodedReference = named(
  'CodedReference',
  Type.Object({ id: Uuid, code: Type.String(), nameEn: Type.String(), nameAr: Nullable(Type.String()) }),
);

/** A shift as a swap names it: live while its assignment exists, described for good either way. */
export const SwapShift = named(
  'SwapShift',
  Type.Object(
    {
      assignmentId: Type.Union([Uuid, Type.Null()], {
        description: 'The live assignment; null once it left the roster (an approved swap wrote new ones)',
      }),
      date: BusinessDate,
      shiftTemplate: Type.Object({
        id: Uuid,
        code: Type.String(),
        nameEn: Type.String(),
        nameAr: Nullable(Type.String()),
        start: Type.String({ description: 'HH:mm' }),
        end: Type.String({ description: 'HH:mm; at or before start: the next day' }),
      }),
      terminal: CodedReference,
    },
    // Named rather than given an $id: a swap names two shifts, and one schema may not hold an $id twice.
    { description: 'A shift as a swap names it' },
  ),
);
export type SwapShift = Static<typeof SwapShift>;

/** EmployeeInDepartment's fields, without its $id: a swap names two employees. */
const SwapParty = Type.Object(EmployeeInDepartment.properties);

export const ShiftSwap = Type.Object(
  {
    id: Uuid,
    kind: ShiftSwapKind,
    status: ShiftSwapStatus,
    departmentId: Type.String({
      format: 'uuid',
      description: "The proposer's department: its managers decide",
    }),
    proposer: SwapParty,
    colleague: SwapParty,
    offered: SwapShift,
    wanted: Type.Union([SwapShift, Type.Null()], {
      description: "The colleague's shift in return; null for a give-away",
    }),
    note: Nullable(Type.String()),
    proposedAt: Instant,
    respondedAt: Type.Union([Instant, Type.Null()]),
    decidedAt: Type.Union([Instant, Type.Null()]),
    decisionComment: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'ShiftSwap' },
);
export type ShiftSwap = Static<typeof ShiftSwap>;

export const NewShiftSwap = Type.Object(
  {
    kind: ShiftSwapKind,
    assignmentId: Type.String({ format: 'uuid', description: "The caller's live assignment offered" }),
    colleagueAssignmentId: Type.Optional(
      Type.String({ format: 'uuid', description: "Swap: the colleague's live assignment taken in return" }),
    ),
    colleagueId: Type.Optional(
      Type.String({ format: 'uuid', description: 'Give-away: the employee who takes the shift' }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: 'NewShiftSwap', additionalProperties: false },
);
export type NewShiftSwap = Static<typeof NewShiftSwap>;

export const ShiftSwapDecision = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 1000 })) },
  { $id: 'ShiftSwapDecision', additionalProperties: false },
);
export type ShiftSwapDecision = Static<typeof ShiftSwapDecision>;

export const OwnSwapQuery = Type.Object({
  ...PageQuery.properties,
  role: Type.Optional(
    Type.Union([Type.Literal('proposed'), Type.Literal('incoming')], {
      description:
        '`proposed`: the caller proposed them; `incoming`: proposed to the caller; both by default',
    }),
  ),
  status: Type.Optional(ShiftSwapStatus),
});
export type OwnSwapQuery = Static<typeof OwnSwapQuery>;

export const SwapListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(ShiftSwapStatus),
  departmentId: Type.Optional(Uuid),
  from: Type.Optional({ ...BusinessDate, description: 'Swaps with a shift on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Swaps with a shift on or before this date' }),
});
export type SwapListQuery = Static<typeof SwapListQuery>;

export const SwapCandidatesQuery = Type.Object({
  assignmentId: Type.String({ format: 'uuid', description: "The caller's live assignment to offer" }),
});
export type SwapCandidatesQuery = Static<typeof SwapCandidatesQuery>;

/** What the caller may offer and whom to: their live shifts ahead, and their department's colleagues. */
export const SwapCandidates = Type.Object(
  {
    colleagues: Type.Array(
      Type.Object({
        employee: EmployeeInDepartment,
        canTakeOver: Type.Boolean({
          description: 'Whether they could take the offered shift as a give-away, by the hard rules',
        }),
        shifts: Type.Array(SwapShift, {
          description:
            'Their live shifts within a week either side that the two could swap: each side passes the hard rules once their own shift is off the roster',
        }),
      }),
    ),
  },
  {
    $id: 'SwapCandidates',
    description: 'Only colleagues with a shift to swap or who could take the offered one',
  },
);
export type SwapCandidates = Static<typeof SwapCandidates>;

export const OwnLiveShiftsQuery = Type.Object({
  from: Type.Optional({ ...BusinessDate, description: 'Default: tomorrow' }),
  to: Type.Optional({
    ...BusinessDate,
    description: 'Default: 41 days after from (six weeks); at most 62 days',
  }),
});
export type OwnLiveShiftsQuery = Static<typeof OwnLiveShiftsQuery>;

export const OwnLiveShifts = Type.Object(
  { items: Type.Array(SwapShift) },
  {
    $id: 'OwnLiveShifts',
    description: "The caller's live shifts (the roster as it is now, published or not)",
  },
);
export type OwnLiveShifts = Static<typeof OwnLiveShifts>;

export const IdParams = Type.Object({ id: Uuid });
