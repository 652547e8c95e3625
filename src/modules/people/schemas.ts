import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { CERTIFICATION_STATUSES } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Instant = Type.String({ format: 'date-time' });
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$' });
/** A certification code as written: surrounding spaces and any case, stored trimmed and upper case. */
const CertificationCode = Type.String({
  minLength: 1,
  maxLength: 80,
  pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_.-]*\\s*$',
  description:
    'A code of the certification catalogue (GET /api/lookups/certification-types); trimmed and upper-cased on write',
});
const NameEn = Type.String({ minLength: 1, maxLength: 200 });
const NameAr = Type.String({ minLength: 1, maxLength: 200 });

export const IdParams = Type.Object({ id: Uuid });
export const CertificationParams = Type.Object({ id: Uuid, certId: Uuid });
export const MemberParams = Type.Object({ id: Uuid, employeeId: Uuid });
export const RequirementParams = Type.Object({ id: Uuid, certificationCode: Code });

// ---- employees

export const EmployeeListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Text search on the number and both names' })),
  departmentId: Type.Optional(Uuid),
  grade: Type.Optional(Type.String({ maxLength: 64, description: 'Grade code' })),
  status: Type.Optional(Type.String({ maxLength: 64, description: 'Employee status code' })),
  skill: Type.Optional(Type.String({ maxLength: 64, description: 'Skill code the employee holds' })),
  poolId: Type.Optional(Type.String({ format: 'uuid', description: 'Employees whose home pool this is' })),
  activeOn: Type.Optional(
    Type.String({ format: 'date', description: 'Hired on or before this date and not ended before it' }),
  ),
});
export type EmployeeListQuery = Static<typeof EmployeeListQuery>;

/** An employee as other areas name one: who it is, by number and by name in both languages. */
export const EmployeeReference = Type.Object(
  {
    id: Uuid,
    employeeNumber: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
  },
  { $id: 'EmployeeReference' },
);
export type EmployeeReference = Static<typeof EmployeeReference>;

/** An employee as other areas name one, with the department they belong to. */
export const EmployeeInDepartment = Type.Object(
  { ...EmployeeReference.properties, departmentId: Nullable(Uuid) },
  { $id: 'EmployeeInDepartment' },
);
export type EmployeeInDepartment = Static<typeof EmployeeInDepartment>;

const employeeFields = {
  id: Uuid,
  employeeNumber: Type.String(),
  Name_1_English: Type.String(),
  Name_2_Arabic: Type.String(),
  departmentId: Nullable(Uuid),
  departmentCode: Nullable(Type.String()),
  gradeCode: Nullable(Type.String()),
  Status: Type.String({ description: 'Employee status code' }),
  hireDate: Nullable(BusinessDate),
  endDate: Nullable(BusinessDate),
  userId: Nullable(Uuid),
  homePool: Type.Union(
    [
      Type.Object(
        {
          id: Uuid,
          code: Type.String(),
          source: Type.Union([Type.Literal('explicit'), Type.Literal('department-default')], {
            description: "An explicit pool membership, or else the department's default pool",
          }),
        },
        { $id: 'HomePool' },
      ),
      Type.Null(),
    ],
    { description: 'Null only for an employee with neither a pool nor a department' },
  ),
  version: Type.Integer(),
};

export const Employee = Type.Object(employeeFields, { $id: 'Employee' });
export type Employee = Static<typeof Employee>;

export const EmployeeSkill = Type.Object(
  {
    skillId: Uuid,
    skillCode: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Nullable(Type.String()),
    levelCode: Nullable(Type.String()),
    levelRank: Nullable(Type.Integer()),
  },
  { $id: 'EmployeeSkill' },
);
export type EmployeeSkill = Static<typeof EmployeeSkill>;

export const CertificationStatus = Type.Union(CERTIFICATION_STATUSES.map((status) => Type.Literal(status)));
export type CertificationStatus = Static<typeof CertificationStatus>;

export const Certification = Type.Object(
  {
    id: Uuid,
    employeeId: Uuid,
    certificationCode: Type.String(),
    issuedOn: BusinessDate,
    expiresOn: Nullable(BusinessDate),
    Status: Type.String({
      enum: ['Active', 'Suspended', 'Revoked', 'Expired'],
      description: 'Computed on read: an Active certification past its expiry date reads Expired',
    }),
    storedStatus: Type.String({ description: 'The status as written (the sweep writes Expired)' }),
    daysToExpiry: Nullable(
      Type.Integer({ description: 'Days from today to expiresOn (negative once lapsed)' }),
    ),
    notes: Nullable(Type.String()),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { $id: 'Certification' },
);
export type Certification = Static<typeof Certification>;

export const GroupRef = Type.Object(
  { id: Uuid, code: Type.String(), Name_1_English: Type.String(), Name_2_Arabic: Type.String() },
  { $id: 'EmployeeGroupRef' },
);

export const EmployeeDetail = Type.Object(
  {
    ...employeeFields,
    skills: Type.Array(EmployeeSkill),
    certifications: Type.Array(Certification),
    groups: Type.Array(GroupRef),
  },
  { $id: 'EmployeeDetail' },
);
export type EmployeeDetail = Static<typeof EmployeeDetail>;

// ---- skills

export const Skill = Type.Object(
  {
    id: Uuid,
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Nullable(Type.String()),
    categoryCode: Nullable(Type.String()),
    requiresCertification: Type.Boolean(),
    requiredCertifications: Type.Array(Type.String()),
    isActive: Type.Boolean(),
    version: Type.Integer(),
  },
  { $id: 'Skill' },
);
export type Skill = Static<typeof Skill>;

export const SkillListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 64, description: 'Skill category code' })),
});
export type SkillListQuery = Static<typeof SkillListQuery>;

export const SkillHolder = Type.Object(
  {
    employeeId: Uuid,
    employeeNumber: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    departmentId: Nullable(Uuid),
    levelCode: Nullable(Type.String()),
    levelRank: Nullable(Type.Integer()),
  },
  { $id: 'SkillHolder' },
);
export type SkillHolder = Static<typeof SkillHolder>;

export const SkillHolderQuery = Type.Object({
  ...PageQuery.properties,
  minLevel: Type.Optional(Type.String({ maxLength: 64, description: 'Lowest skill level code to list' })),
});

export const CertificationRequirement = Type.Object(
  { skillId: Uuid, certificationCode: Type.String(), createdAt: Instant },
  { $id: 'CertificationRequirement' },
);
export type CertificationRequirement = Static<typeof CertificationRequirement>;
export const CertificationRequirementList = Type.Object(
  { items: Type.Array(CertificationRequirement) },
  { $id: 'CertificationRequirementList' },
);

export const NewCertificationRequirement = Type.Object(
  { certificationCode: CertificationCode },
  { $id: 'NewCertificationRequirement', additionalProperties: false },
);

export const RequiresCertificationReplacement = Type.Object(
  { requiresCertification: Type.Boolean() },
  { $id: 'RequiresCertificationReplacement', additionalProperties: false },
);

// ---- certifications

export const CertificationListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(CertificationStatus),
});
export type CertificationListQuery = Static<typeof CertificationListQuery>;

export const NewCertification = Type.Object(
  {
    certificationCode: CertificationCode,
    issuedOn: BusinessDate,
    expiresOn: Type.Optional(Nullable(BusinessDate)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { $id: 'NewCertification', additionalProperties: false },
);
export type NewCertification = Static<typeof NewCertification>;

export const CertificationReplacement = Type.Object(
  {
    certificationCode: CertificationCode,
    issuedOn: BusinessDate,
    expiresOn: Nullable(BusinessDate),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { $id: 'CertificationReplacement', additionalProperties: false },
);
export type CertificationReplacement = Static<typeof CertificationReplacement>;

export const CertificationStatusChange = Type.Object(
  { Status: CertificationStatus, reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { $id: 'CertificationStatusChange', additionalProperties: false },
);
export type CertificationStatusChange = Static<typeof CertificationStatusChange>;

export const ExpiringQuery = Type.Object({
  ...PageQuery.properties,
  withinDays: Type.Integer({ minimum: 0, maximum: 3650, default: 30 }),
});
export type ExpiringQuery = Static<typeof ExpiringQuery>;

export const ExpiringCertification = Type.Object(
  {
    certification: Certification,
    employeeNumber: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    departmentId: Nullable(Uuid),
  },
  { $id: 'ExpiringCertification' },
);
export type ExpiringCertification = Static<typeof ExpiringCertification>;

// ---- groups

export const EmployeeGroup = Type.Object(
  {
    id: Uuid,
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    description: Nullable(Type.String()),
    departmentId: Nullable(Uuid),
    memberCount: Type.Integer(),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { $id: 'EmployeeGroup' },
);
export type EmployeeGroup = Static<typeof EmployeeGroup>;

export const GroupListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  departmentId: Type.Optional(Uuid),
});
export type GroupListQuery = Static<typeof GroupListQuery>;

export const NewEmployeeGroup = Type.Object(
  {
    code: Code,
    Name_1_English: NameEn,
    Name_2_Arabic: NameAr,
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    departmentId: Type.Optional(Nullable(Uuid)),
  },
  { $id: 'NewEmployeeGroup', additionalProperties: false },
);
export type NewEmployeeGroup = Static<typeof NewEmployeeGroup>;

export const EmployeeGroupUpdate = Type.Object(
  {
    Name_1_English: Type.Optional(NameEn),
    Name_2_Arabic: Type.Optional(NameAr),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { $id: 'EmployeeGroupUpdate', additionalProperties: false },
);
export type EmployeeGroupUpdate = Static<typeof EmployeeGroupUpdate>;

export const GroupMember = Type.Object(
  {
    employeeId: Uuid,
    employeeNumber: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    departmentId: Nullable(Uuid),
    addedAt: Instant,
  },
  { $id: 'EmployeeGroupMember' },
);
export type GroupMember = Static<typeof GroupMember>;

export const NewGroupMember = Type.Object(
  { employeeId: Uuid },
  { $id: 'NewEmployeeGroupMember', additionalProperties: false },
);
