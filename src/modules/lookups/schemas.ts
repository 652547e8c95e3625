import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-names.ts';

/** Codes are stable identifiers (immutable once created), upper case so that `t1` and `T1` never coexist. */
export const Code = named(
  'Code',
  Type.String({
    minLength: 1,
    maxLength: 40,
    pattern: '^[A-Z0-9][A-Z0-9_-]*$',
    description: 'Upper-case letters, digits, "_" and "-"; unique in the business unit; immutable',
  }),
);
export const Uuid = Type.String({ format: 'uuid' });
/**
 * Years 2000–2100: every date a roster, a plan, a leave or a report is about; a year outside them is a
 * typing mistake (`0001-02`, `9999-12`), answered 400 rather than with dates of another century.
 */
const BUSINESS_YEAR = '(20[0-9]{2}|2100)';
export const BusinessDate = named(
  'BusinessDate',
  Type.String({ format: 'date', pattern: `^${BUSINESS_YEAR}-`, description: 'YYYY-MM-DD (years 2000–2100)' }),
);
/** A calendar month of a business date, `YYYY-MM`, in the same years. */
export const BusinessMonth = named(
  'BusinessMonth',
  Type.String({ pattern: `^${BUSINESS_YEAR}-(0[1-9]|1[0-2])$`, description: 'YYYY-MM (years 2000–2100)' }),
);
/** Not blank, and no control characters (PostgreSQL refuses NUL in text; the others are never meant). */
export const Name = named(
  'Name',
  Type.String({ minLength: 1, maxLength: 200, pattern: '^(?=.*\\S)[^\\u0000-\\u001F\\u007F]*$' }),
);
export const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
export const FreeText = named(
  'FreeText',
  Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$', description: 'Free text (no NUL)' }),
);
const Description = Type.Union([FreeText, Type.Null()]);

export const IdParams = Type.Object({ id: Uuid });

export const ActiveFilter = Type.Object({
  isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or inactive (false) rows' })),
});
export type ActiveFilter = Static<typeof ActiveFilter>;

/** The fields every lookup record answers with (DESIGN §7); groups add theirs. */
export const lookupRecordFields = {
  id: Uuid,
  code: Type.String(),
  Name_1_English: Type.String(),
  Name_2_Arabic: Nullable(Type.String()),
  description: Nullable(Type.String()),
  isSystem: Type.Boolean({ description: 'Seeded by the system: cannot be changed or deleted' }),
  isActive: Type.Boolean(),
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

export const LookupRecord = Type.Object(lookupRecordFields);
export type LookupRecord = Static<typeof LookupRecord>;

/** What a create or update body carries in every group; `extra` holds the group's own fields. */
export interface LookupBody {
  code?: string;
  Name_1_English: string;
  Name_2_Arabic?: string | null;
  description?: string | null;
  isActive?: boolean;
  [extra: string]: unknown;
}

/** Create and update bodies of a group: PUT is a full replacement, so it has the create body's shape. */
export function lookupBodySchemas(name: string, arabicRequired: boolean, extra: TProperties) {
  const common = {
    Name_1_English: Name,
    Name_2_Arabic: arabicRequired ? Name : Type.Optional(Type.Union([Name, Type.Null()])),
    description: Type.Optional(Description),
    isActive: Type.Optional(Type.Boolean({ default: true })),
  };
  return {
    create: Type.Object(
      { code: Code, ...common, ...extra },
      { $id: `New${name}`, additionalProperties: false },
    ),
    update: Type.Object(
      {
        code: Type.Optional({ ...Code, description: 'May be sent, but must equal the current code' }),
        ...common,
        ...extra,
      },
      { $id: `${name}Replacement`, additionalProperties: false },
    ),
  };
}
