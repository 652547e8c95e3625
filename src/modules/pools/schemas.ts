import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';
import { BusinessDate, Code, Name, Uuid } from '../lookups/schemas.ts';

const Description = Type.Union([
  Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$', description: 'Free text (no NUL)' }),
  Type.Null(),
]);
const Instant = Type.String({ format: 'date-time' });

export const IdParams = Type.Object({ id: Uuid });
export const MemberParams = Type.Object({ id: Uuid, employeeId: Uuid });

export const Pool = Type.Object(
  {
    id: Uuid,
    code: Code,
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    departmentId: Uuid,
    departmentCode: Type.String(),
    isDefault: Type.Boolean({
      description:
        "The department's default pool: home of every employee of the department without an explicit pool",
    }),
    isActive: Type.Boolean(),
    memberCount: Type.Integer({ description: 'Explicit members (default-pool staff are not counted)' }),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { $id: 'Pool' },
);
export type Pool = Static<typeof Pool>;

export const NewPool = Type.Object(
  {
    code: Code,
    Name_1_English: Name,
    Name_2_Arabic: Name,
    description: Type.Optional(Description),
    departmentId: Uuid,
    isActive: Type.Optional(Type.Boolean()),
  },
  { $id: 'NewPool', additionalProperties: false },
);
export type NewPool = Static<typeof NewPool>;

export const PoolUpdate = Type.Object(
  {
    Name_1_English: Type.Optional(Name),
    Name_2_Arabic: Type.Optional(Name),
    description: Type.Optional(Description),
    isActive: Type.Optional(Type.Boolean()),
    isDefault: Type.Optional(
      Type.Boolean({
        description:
          "true makes this pool the department's default (the previous default becomes an ordinary pool); false on the default pool is 409 POOL_DEFAULT_PROTECTED",
      }),
    ),
  },
  { $id: 'PoolUpdate', additionalProperties: false, minProperties: 1 },
);
export type PoolUpdate = Static<typeof PoolUpdate>;

export const PoolListQuery = Type.Object({
  ...PageQuery.properties,
  departmentId: Type.Optional(Uuid),
  isDefault: Type.Optional(Type.Boolean()),
  isActive: Type.Optional(Type.Boolean()),
});
export type PoolListQuery = Static<typeof PoolListQuery>;

export const PoolMember = Type.Object(
  {
    poolId: Uuid,
    employeeId: Uuid,
    employeeNumber: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    departmentId: Type.Union([Uuid, Type.Null()]),
    addedAt: Instant,
  },
  { $id: 'PoolMember' },
);
export type PoolMember = Static<typeof PoolMember>;

export const NewPoolMember = Type.Object(
  { employeeId: Uuid },
  {
    $id: 'NewPoolMember',
    additionalProperties: false,
    description:
      "Makes this pool the employee's explicit home pool (moving them from any other explicit pool)",
  },
);
export type NewPoolMember = Static<typeof NewPoolMember>;

export const LendingRule = Type.Object(
  {
    id: Uuid,
    sourcePoolId: Uuid,
    sourcePoolCode: Type.String(),
    targetPoolId: Uuid,
    targetPoolCode: Type.String(),
    effectiveFrom: BusinessDate,
    effectiveTo: Type.Union([BusinessDate, Type.Null()], { description: 'Open-ended when null' }),
    skills: Type.Array(Type.Object({ id: Uuid, code: Type.String() }), {
      description: 'Skills the rule lends; empty means any skill',
    }),
    maxPerDay: Type.Union([Type.Integer(), Type.Null()], {
      description: 'At most this many lent staff per date; null means no limit',
    }),
    description: Type.Union([Type.String(), Type.Null()]),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { $id: 'PoolLendingRule' },
);
export type LendingRule = Static<typeof LendingRule>;

const SkillRefs = Type.Array(Type.String({ minLength: 1, maxLength: 60 }), {
  maxItems: 200,
  description: 'Skill ids or codes',
});

export const NewLendingRule = Type.Object(
  {
    sourcePoolId: Uuid,
    targetPoolId: Uuid,
    effectiveFrom: BusinessDate,
    effectiveTo: Type.Optional(Type.Union([BusinessDate, Type.Null()])),
    skills: Type.Optional(SkillRefs),
    maxPerDay: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
    description: Type.Optional(Description),
  },
  { $id: 'NewPoolLendingRule', additionalProperties: false },
);
export type NewLendingRule = Static<typeof NewLendingRule>;

export const LendingRuleUpdate = Type.Object(
  {
    effectiveFrom: Type.Optional(BusinessDate),
    effectiveTo: Type.Optional(Type.Union([BusinessDate, Type.Null()])),
    skills: Type.Optional(SkillRefs),
    maxPerDay: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100_000 }), Type.Null()])),
    description: Type.Optional(Description),
  },
  { $id: 'PoolLendingRuleUpdate', additionalProperties: false, minProperties: 1 },
);
export type LendingRuleUpdate = Static<typeof LendingRuleUpdate>;

export const LendingRuleListQuery = Type.Object({
  ...PageQuery.properties,
  sourcePoolId: Type.Optional(Uuid),
  targetPoolId: Type.Optional(Uuid),
  poolId: Type.Optional(Type.String({ format: 'uuid', description: 'Rules with this pool on either side' })),
  date: Type.Optional({ ...BusinessDate, description: 'Rules in force on this date' }),
});
export type LendingRuleListQuery = Static<typeof LendingRuleListQuery>;

export interface HomePool {
  employeeId: string;
  poolId: string;
  poolCode: string;
  source: 'explicit' | 'department-default';
}
