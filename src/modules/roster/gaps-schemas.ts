import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';
import { REASON_CODES } from '../../engine/index.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';

const Ref = Type.Object({ id: Uuid, code: Type.String() });

export const GapQuery = Type.Object({
  ...PageQuery.properties,
  from: Type.Optional({ ...BusinessDate, description: 'Default: today' }),
  to: Type.Optional({ ...BusinessDate, description: 'Default: six days after from; at most 92 days' }),
  departmentId: Type.Optional(Uuid),
});
export type GapQuery = Static<typeof GapQuery>;

const ReasonCounts = Type.Record(Type.String(), Type.Integer(), {
  description: `Employees kept off the line by each rule (${REASON_CODES.join(', ')})`,
});

export const RosterGap = Type.Object(
  {
    demandLineId: Uuid,
    planId: Uuid,
    department: Ref,
    date: BusinessDate,
    terminal: Ref,
    shift: Type.Object({
      id: Uuid,
      code: Type.String(),
      start: Type.String(),
      end: Type.String(),
      endsNextDay: Type.Boolean(),
    }),
    skill: Type.Union([Ref, Type.Null()]),
    required: Type.Integer(),
    assigned: Type.Integer(),
    missing: Type.Integer({ minimum: 1 }),
    openBecause: Type.Object(
      {
        candidates: Type.Integer({
          description: 'Employees who could cover it now (GET …/candidates lists them)',
        }),
        reasons: ReasonCounts,
      },
      {
        description:
          'Why it is open: nobody assigned yet while candidates exist, or the rules that keep everyone off',
      },
    ),
  },
  { $id: 'RosterGap' },
);
export type RosterGap = Static<typeof RosterGap>;

export const RosterGapPage = Type.Object(
  {
    items: Type.Array(RosterGap),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer({ description: 'Lines with a gap, on all pages' }),
    missingHeads: Type.Integer({ description: 'Heads missing over all those lines' }),
  },
  { $id: 'RosterGapPage' },
);
export type RosterGapPage = Static<typeof RosterGapPage>;

export const GapLineParams = Type.Object({ demandLineId: Uuid });

export const CoverCandidate = Type.Object(
  {
    rank: Type.Integer({ minimum: 1 }),
    employee: EmployeeInDepartment,
    lent: Type.Integer({ description: '0 for home-pool staff, 1 for staff lent from another pool' }),
    load: Type.Number({ description: 'Pro-rated period hours including this line; lower ranks first' }),
    history: Type.Number({ description: 'Equalization score over the window, mean of the three cohorts' }),
    preference: Type.Integer({ description: '−1 prefers to work, +1 prefers to be off, 0 otherwise' }),
  },
  { $id: 'CoverCandidate' },
);
export type CoverCandidate = Static<typeof CoverCandidate>;
