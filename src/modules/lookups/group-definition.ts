import type { TProperties } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { LookupEntity } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import type { ErrorCode } from '../../core/http/error-codes.ts';
import { businessRule } from '../../core/http/errors.ts';
import { type ExtraSelect, findIdByCode, type LookupTable, type LookupValues } from './repository.ts';
import type { LookupBody } from './schemas.ts';

/**
 * One admin lookup group: everything that differs between grades, skills, holidays… The routes, service
 * and repository are written once against this description.
 */
export interface LookupGroup {
  /** Path under /api/admin. */
  route: string;
  /** Permission prefix (`<entity>.view`, `<entity>.config`), audit entity type and error code prefix. */
  entity: LookupEntity;
  /** For messages and OpenAPI summaries: "grade", "shift template". */
  label: string;
  /**
   * OpenAPI names, singular and plural (`Grade`, `Grades`): the record schema and the operations
   * (`listGrades`, `createGrade` …). Groups whose entity also has a rostering view elsewhere (skills,
   * shift templates) are `…Definition`, so generated clients can tell the two apart.
   */
  name: string;
  names: string;
  table: LookupTable;
  arabicRequired: boolean;
  /** Request fields the group adds to create and update bodies. */
  bodyFields: TProperties;
  /** Response fields the group adds to its records. */
  recordFields: TProperties;
  /** Values read with every row for `view` (the group's columns, codes of referenced rows). */
  select: ExtraSelect;
  /** Checks the group's rules on a body and answers its column values; a broken rule is a 422. */
  columns(tx: Executor, buId: string, body: LookupBody): Promise<LookupValues>;
  view(extra: Record<string, unknown>): Record<string, unknown>;
  /** Codes a row may not take (they mean something else where the group is used). */
  reservedCodes?: readonly string[];
  /** Documented 422 codes of the group's own rules. */
  ruleCodes?: readonly ErrorCode[];
}

/** What a group without fields of its own adds: nothing. */
export const none = {
  bodyFields: {},
  recordFields: {},
  select: {},
  columns: async () => ({}),
  view: () => ({}),
};

/** Resolves an optional code of another lookup to its id; an unknown code is a 422 naming the field. */
export async function optionalReference(
  tx: Executor,
  table: LookupTable,
  buId: string,
  code: unknown,
  field: string,
  errorCode: ErrorCode,
): Promise<string | null> {
  if (code === undefined || code === null) return null;
  const id = await findIdByCode(tx, table, buId, String(code));
  if (!id) {
    throw businessRule(errorCode, `There is no ${field.replace(/Code$/, '')} with the code ${String(code)}`, {
      errors: [{ path: `/${field}`, message: `unknown code "${String(code)}"` }],
    });
  }
  return id;
}

/** The code of the row a foreign key column points at, read with the referring row. */
export const codeOf = (table: LookupTable, column: unknown) =>
  sql<string | null>`(select ${table.code} from ${table} where ${table.id} = ${column})`;
