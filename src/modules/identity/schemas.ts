import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Username = Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' });
const Password = Type.String({ minLength: 1, maxLength: 256 });
const DisplayName = Type.String({ minLength: 1, maxLength: 200 });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Phone = Type.String({ minLength: 3, maxLength: 32, pattern: '^[+0-9 ()-]+$' });
const Language = Type.Union([Type.Literal('en'), Type.Literal('ar')]);

export const LoginBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }), password: Password },
  {
    $id: 'LoginRequest',
    additionalProperties: false,
    examples: [{ username: 'planner', password: 'Demo#Roster2026' }],
  },
);
export const UsernameBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }) },
  { $id: 'DevelopmentLoginRequest', additionalProperties: false },
);

export const SessionUser = Type.Object(
  {
    id: Uuid,
    username: Type.String(),
    displayName: Type.String(),
    roles: Type.Array(Type.String()),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'SessionUser' },
);

export const LoginResult = Type.Object(
  {
    token: Type.String(),
    ExpiresAt: Type.String({ format: 'date-time' }),
    user: SessionUser,
    mustChangePassword: Type.Boolean(),
  },
  {
    $id: 'LoginSession',
    examples: [
      {
        token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.signature',
        ExpiresAt: '2026-11-23T21:00:00.000Z',
        user: {
          id: '0b5cbd41-4a77-4f4c-9d38-3a4e2d6f1c10',
          username: 'planner',
          displayName: 'Roster Planner',
          roles: ['PLANNER'],
          permissions: ['allocation_run.execute', 'demand.write', 'roster.publish'],
        },
        mustChangePassword: false,
      },
    ],
  },
);
export type LoginResult = Static<typeof LoginResult>;

export const TokenResult = Type.Object(
  {
    token: Type.String(),
    ExpiresAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'DevelopmentToken' },
);

export const ChangePasswordBody = Type.Object(
  { currentPassword: Password, newPassword: Password },
  { $id: 'ChangePasswordRequest', additionalProperties: false },
);

export const Grant = Type.Object(
  {
    userRoleId: Uuid,
    roleId: Uuid,
    roleCode: Type.String(),
    roleName: Type.String(),
    departmentId: Nullable(Uuid),
    departmentCode: Nullable(Type.String()),
    effectiveFrom: Nullable(BusinessDate),
    effectiveTo: Nullable(BusinessDate),
    inForce: Type.Boolean({ description: 'Whether the grant gives its permissions today' }),
  },
  { $id: 'Grant' },
);
export type Grant = Static<typeof Grant>;

/** What a user record and its owner's profile show alike (see `accountFields` in views.ts). */
const accountProperties = {
  id: Uuid,
  username: Type.String(),
  displayName: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  preferredLanguage: Language,
  employeeId: Nullable(Uuid),
  mustChangePassword: Type.Boolean(),
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
};

export const User = Type.Object(
  {
    ...accountProperties,
    failed_login_count: Type.Integer(),
    lockout_until: Nullable(Type.String({ format: 'date-time' })),
    locked: Type.Boolean({ description: 'Locked now, by an administrator or by failed attempts' }),
    lockedByAdmin: Type.Boolean(),
    roles: Type.Array(Grant),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'User' },
);
export type User = Static<typeof User>;

export const GrantBody = Type.Object(
  {
    roleId: Type.Optional(Uuid),
    roleCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    departmentId: Type.Optional(Nullable(Uuid)),
    effectiveFrom: Type.Optional(Nullable(BusinessDate)),
    effectiveTo: Type.Optional(Nullable(BusinessDate)),
  },
  { $id: 'GrantRequest', additionalProperties: false, description: 'Name the role by roleId or roleCode' },
);
export type GrantBody = Static<typeof GrantBody>;

export const CreateUserBody = Type.Object(
  {
    username: Username,
    displayName: DisplayName,
    password: Type.Optional(Password),
    email: Type.Optional(Nullable(Email)),
    phone: Type.Optional(Nullable(Phone)),
    preferredLanguage: Type.Optional(Language),
    employeeId: Type.Optional(Nullable(Uuid)),
    roles: Type.Optional(Type.Array(GrantBody, { maxItems: 50 })),
  },
  { $id: 'NewUser', additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const CreatedUser = Type.Object(
  {
    user: User,
    temporaryPassword: Type.Optional(Type.String({ description: 'Shown once when no password was given' })),
  },
  { $id: 'CreatedUser' },
);

export const UpdateUserBody = Type.Object(
  {
    displayName: Type.Optional(DisplayName),
    email: Type.Optional(Nullable(Email)),
    phone: Type.Optional(Nullable(Phone)),
    preferredLanguage: Type.Optional(Language),
    employeeId: Type.Optional(Nullable(Uuid)),
    mustChangePassword: Type.Optional(Type.Boolean()),
  },
  { $id: 'UserUpdate', additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const ProfilePatch = Type.Object(
  {
    displayName: Type.Optional(DisplayName),
    email: Type.Optional(Nullable(Email)),
    phone: Type.Optional(Nullable(Phone)),
    preferredLanguage: Type.Optional(Language),
    showHijri: Type.Optional(Type.Boolean()),
  },
  { $id: 'ProfileUpdate', additionalProperties: false, minProperties: 1 },
);
export type ProfilePatch = Static<typeof ProfilePatch>;

export const Profile = Type.Object(
  {
    ...accountProperties,
    showHijri: Type.Boolean({
      description: 'Dates in full show the Hijri (Umm al-Qura) date beside the Gregorian one',
    }),
    businessUnit: Type.Object({ id: Uuid, code: Type.String() }),
    roles: Type.Array(Type.String()),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'Profile' },
);
export type Profile = Static<typeof Profile>;

export const LockBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { $id: 'LockRequest', additionalProperties: false },
);
export const ResetPasswordBody = Type.Object(
  { newPassword: Type.Optional(Password) },
  { $id: 'PasswordReset', additionalProperties: false },
);

export const LoginAttempt = Type.Object(
  {
    id: Uuid,
    at: Type.String({ format: 'date-time' }),
    success: Type.Boolean(),
    reason: Type.String(),
    ip: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
  },
  { $id: 'LoginAttempt' },
);

export const UserListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the username or display name' })),
  locked: Type.Optional(Type.Boolean()),
  awaitingFirstPassword: Type.Optional(
    Type.Boolean({
      description: 'Accounts opened without a password (by the employee import), or the others',
    }),
  ),
});

export const FirstPasswordsBody = Type.Object(
  { userIds: Type.Array(Uuid, { minItems: 1, maxItems: 200, uniqueItems: true }) },
  { $id: 'FirstPasswordsRequest', additionalProperties: false },
);

export const FirstPasswordsIssued = Type.Object(
  {
    issued: Type.Array(
      Type.Object({
        user: User,
        temporaryPassword: Type.String({ description: 'Shown once; to be changed at the first login' }),
      }),
    ),
    skipped: Type.Array(Uuid, { description: 'Accounts that have a password already: left as they are' }),
  },
  { $id: 'FirstPasswordsIssued' },
);

const PermissionCode = Type.String({ minLength: 1, maxLength: 100 });
const RoleCode = Type.String({ minLength: 2, maxLength: 64, pattern: '^[A-Z][A-Z0-9_]*$' });

export const Role = Type.Object(
  {
    id: Uuid,
    code: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    isSystem: Type.Boolean(),
    permissions: Type.Array(Type.String()),
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Role' },
);
export type Role = Static<typeof Role>;

export const CreateRoleBody = Type.Object(
  {
    code: RoleCode,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    permissions: Type.Array(PermissionCode, { maxItems: 500, uniqueItems: true }),
  },
  { $id: 'NewRole', additionalProperties: false },
);
export type CreateRoleBody = Static<typeof CreateRoleBody>;

export const UpdateRoleBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    permissions: Type.Optional(Type.Array(PermissionCode, { maxItems: 500, uniqueItems: true })),
  },
  { $id: 'RoleUpdate', additionalProperties: false, minProperties: 1 },
);
export type UpdateRoleBody = Static<typeof UpdateRoleBody>;

export const Permission = Type.Object(
  {
    code: Type.String(),
    area: Type.String(),
    description: Type.String(),
  },
  { $id: 'Permission' },
);

export const IdParams = Type.Object({ id: Uuid });
export const GrantParams = Type.Object({ userId: Uuid, userRoleId: Uuid });
export const UserIdParams = Type.Object({ userId: Uuid });
