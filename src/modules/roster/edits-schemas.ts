import { type Static, Type } from '@sinclair/typebox';
import { REASON_CODES } from '../../engine/index.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';
import { ShiftAssignment } from './schemas.ts';

/* Editing the live roster on its grid, and copying a period of it onto another (issue 53). */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const ReasonCode = Type.Union(REASON_CODES.map((code) => Type.Literal(code)));
const Reasons = Type.Array(ReasonCode, { description: "The engine's rules the change breaks; empty: none" });
const Certification = Nullable(
  Type.String({ description: 'The certification type a certification reason is about' }),
);

export const RosterShiftAdded = Type.Object(
  {
    kind: Type.Literal('add'),
    employeeId: Uuid,
    date: BusinessDate,
    demandLineId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "The day's demand line it staffs (its shift and skill apply)",
      }),
    ),
    shiftTemplateId: Type.Optional(Uuid),
    terminalId: Type.Optional(Uuid),
    skillId: Type.Optional(Nullable(Uuid)),
  },
  {
    $id: 'RosterShiftAdded',
    additionalProperties: false,
    description: 'A demand line, or a shift template and terminal',
  },
);

export const RosterShiftRemoved = Type.Object(
  { kind: Type.Literal('remove'), assignmentId: Uuid },
  { $id: 'RosterShiftRemoved', additionalProperties: false, description: 'A live shift taken off' },
);

export const RosterShiftMoved = Type.Object(
  { kind: Type.Literal('move'), assignmentId: Uuid, employeeId: Uuid, date: BusinessDate },
  {
    $id: 'RosterShiftMoved',
    additionalProperties: false,
    description:
      'A live shift given to another employee or day (or both); on another day it staffs a gap of that day where one matches',
  },
);

export const RosterEdit = Type.Union([RosterShiftAdded, RosterShiftRemoved, RosterShiftMoved]);
export type RosterEdit = Static<typeof RosterEdit>;

export const RosterEdits = Type.Object(
  {
    departmentId: Type.String({ format: 'uuid', description: 'The department whose roster is edited' }),
    edits: Type.Array(RosterEdit, { minItems: 1, maxItems: 500, description: 'In the order they were made' }),
  },
  { $id: 'RosterEdits', additionalProperties: false },
);
export type RosterEdits = Static<typeof RosterEdits>;

export const RosterEditConflict = Type.Object(
  {
    index: Type.Integer({ description: 'The edit, by its place in the list' }),
    employeeId: Type.Union([Uuid, Type.Null()], {
      description: 'The cell written to; null for a gone shift',
    }),
    date: Type.Union([BusinessDate, Type.Null()]),
    kind: Type.Union([Type.Literal('gone'), Type.Literal('occupied')], {
      description:
        'gone: the shift it changes was removed since; occupied: someone was put in the cell since',
    }),
    current: Type.Union([ShiftAssignment, Type.Null()], { description: 'What the cell holds now' }),
  },
  { $id: 'RosterEditConflict' },
);
export type RosterEditConflict = Static<typeof RosterEditConflict>;

export const RosterEditVerdict = Type.Object(
  {
    index: Type.Integer(),
    employeeId: Uuid,
    date: BusinessDate,
    reasons: Reasons,
    certification: Certification,
  },
  { $id: 'RosterEditVerdict', description: 'Whether one edit, after the ones before it, keeps every rule' },
);
export type RosterEditVerdict = Static<typeof RosterEditVerdict>;

export const RosterEditCheck = Type.Object(
  {
    accepted: Type.Boolean({ description: 'Every edit keeps every rule and no cell changed since' }),
    verdicts: Type.Array(RosterEditVerdict, { description: 'One per edit that puts someone on a shift' }),
    conflicts: Type.Array(RosterEditConflict),
  },
  { $id: 'RosterEditCheck' },
);
export type RosterEditCheck = Static<typeof RosterEditCheck>;

export const RosterEditsSaved = Type.Object(
  {
    created: Type.Array(ShiftAssignment),
    removed: Type.Array(Uuid, { description: 'The live assignments taken off (removed or moved)' }),
  },
  { $id: 'RosterEditsSaved' },
);
export type RosterEditsSaved = Static<typeof RosterEditsSaved>;

export const RosterCopyRequest = Type.Object(
  {
    departmentId: Type.String({ format: 'uuid' }),
    from: { ...BusinessDate, description: 'First date copied' },
    to: { ...BusinessDate, description: 'Last date copied (at most 35 days after from)' },
    onto: { ...BusinessDate, description: 'The date `from` lands on; the ranges may not overlap' },
  },
  { $id: 'RosterCopyRequest', additionalProperties: false },
);
export type RosterCopyRequest = Static<typeof RosterCopyRequest>;

export const RosterCopyConfirmed = Type.Object(
  {
    ...RosterCopyRequest.properties,
    expected: Type.String({
      description: "The preview's fingerprint: the copy is refused (409) when it would write anything else",
    }),
  },
  { $id: 'RosterCopyConfirmed', additionalProperties: false },
);
export type RosterCopyConfirmed = Static<typeof RosterCopyConfirmed>;

const CopiedShift = {
  // EmployeeInDepartment's fields without its $id: the copy names employees in two lists.
  employee: Type.Object(EmployeeInDepartment.properties),
  date: BusinessDate,
  sourceDate: BusinessDate,
  shiftTemplateCode: Type.String(),
  terminalCode: Type.String(),
  skillCode: Nullable(Type.String()),
};

export const RosterCopy = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    onto: BusinessDate,
    copied: Type.Array(
      Type.Object(
        { ...CopiedShift, demandLineId: Nullable(Uuid) },
        {
          $id: 'RosterCopiedShift',
          description: 'A shift the copy writes; on a demand line when it fills a gap',
        },
      ),
    ),
    skipped: Type.Array(
      Type.Object(
        { ...CopiedShift, reasons: Reasons, certification: Certification },
        {
          $id: 'RosterSkippedShift',
          description: 'A shift the copy leaves out, and the rules it would break',
        },
      ),
    ),
    fingerprint: Type.String({
      description: 'Names exactly what the copy writes; send it back as `expected`',
    }),
    written: Type.Boolean({ description: 'false: a preview, nothing written' }),
  },
  { $id: 'RosterCopy' },
);
export type RosterCopy = Static<typeof RosterCopy>;
