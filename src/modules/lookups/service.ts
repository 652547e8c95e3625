import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { lookupCodePrefix } from '../../core/http/error-codes.ts';
import { AppError, businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import type { LookupGroup } from './groups.ts';
import * as repo from './repository.ts';
import type { ActiveFilter, LookupBody, LookupRecord } from './schemas.ts';

/** A record of a group: the shared fields and the group's own. */
export type GroupRecord = LookupRecord & Record<string, unknown>;

const prefix = (group: LookupGroup) => lookupCodePrefix(group.entity);

export function recordOf(group: Pick<LookupGroup, 'view'>, row: repo.LookupRowWith): GroupRecord {
  return {
    id: row.id,
    code: row.code,
    Name_1_English: row.nameEn,
    Name_2_Arabic: row.nameAr,
    description: row.description,
    isSystem: row.isSystem,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...group.view(row.extra),
  };
}

async function requireRow(
  executor: Executor,
  group: LookupGroup,
  buId: string,
  id: string,
  forUpdate = false,
) {
  const row = await repo.findLookupRow(executor, group.table, group.select, buId, id, forUpdate);
  // Another unit's row answers exactly like a missing one.
  if (!row) throw notFound(`The ${group.label}`);
  return row;
}

const protectedRow = (group: LookupGroup, row: repo.LookupRowWith) =>
  conflict(
    `${prefix(group)}_PROTECTED`,
    `The system ${group.label} ${row.code} cannot be changed or deleted`,
  );

const codeTaken = (group: LookupGroup, code: string) =>
  conflict(`${prefix(group)}_CODE_TAKEN`, `A ${group.label} with the code ${code} exists already`);

/** The shared columns of a body; the group adds its own. */
function sharedValues(body: LookupBody) {
  return {
    nameEn: body.Name_1_English.trim(),
    nameAr: typeof body.Name_2_Arabic === 'string' ? body.Name_2_Arabic.trim() : null,
    description: body.description ?? null,
    isActive: body.isActive ?? true,
  };
}

export async function listLookups(
  { db }: ServiceDeps,
  buId: string,
  group: LookupGroup,
  query: PageQuery & ActiveFilter,
): Promise<Page<GroupRecord>> {
  const { rows, total } = await repo.listLookupRows(
    db,
    group.table,
    group.select,
    buId,
    { isActive: query.isActive },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((row) => recordOf(group, row)),
    total,
    query,
  );
}

export async function getLookup(
  { db }: ServiceDeps,
  caller: Caller,
  group: LookupGroup,
  id: string,
): Promise<GroupRecord> {
  return recordOf(group, await requireRow(db, group, caller.principal.buId, id));
}

export async function createLookup(
  { db }: ServiceDeps,
  caller: Caller,
  group: LookupGroup,
  body: LookupBody,
): Promise<GroupRecord> {
  const buId = caller.principal.buId;
  const code = String(body.code);
  if (group.reservedCodes?.includes(code)) {
    throw businessRule('CODE_RESERVED', `The code ${code} is reserved for a ${group.label}`, {
      errors: [{ path: '/code', message: `"${code}" is reserved` }],
    });
  }
  try {
    return await db.transaction(async (tx) => {
      if (await repo.findIdByCode(tx, group.table, buId, code)) throw codeTaken(group, code);
      const values = { ...sharedValues(body), ...(await group.columns(tx, buId, body)) };
      const id = await repo.insertLookupRow(tx, group.table, { ...values, buId, code, isSystem: false });
      await recordAudit(tx, actorOf(caller), {
        action: 'lookup.create',
        entityType: group.entity,
        entityId: id,
        details: { code },
      });
      return recordOf(group, await requireRow(tx, group, buId, id));
    });
  } catch (error) {
    // Two creates of one code at once: the unique constraint decides, and the loser hears why.
    if (sqlState(error) === UNIQUE_VIOLATION) throw codeTaken(group, code);
    throw error;
  }
}

export async function updateLookup(
  deps: ServiceDeps,
  caller: Caller,
  group: LookupGroup,
  id: string,
  body: LookupBody,
): Promise<GroupRecord> {
  const buId = caller.principal.buId;
  return deps.db.transaction(async (tx) => {
    const current = await requireRow(tx, group, buId, id, true);
    if (current.isSystem) throw protectedRow(group, current);
    assertVersion(caller.expectedVersion, current.version);
    if (body.code !== undefined && body.code !== current.code) {
      throw businessRule(
        'CODE_IMMUTABLE',
        `The code of a ${group.label} cannot change (it is ${current.code})`,
        {
          errors: [{ path: '/code', message: `must stay "${current.code}"` }],
        },
      );
    }
    const values = { ...sharedValues(body), ...(await group.columns(tx, buId, body)) };
    if (!(await repo.updateLookupRow(tx, group.table, id, current.version, values, deps.now()))) {
      throw new AppError(
        412,
        'PRECONDITION_FAILED',
        `The ${group.label} was changed meanwhile; read it again`,
      );
    }
    await recordAudit(tx, actorOf(caller), {
      action: 'lookup.update',
      entityType: group.entity,
      entityId: id,
      details: { code: current.code, version: current.version + 1 },
    });
    return recordOf(group, await requireRow(tx, group, buId, id));
  });
}

/** Which tables still point at the row, with how many rows each. */
async function referencesTo(tx: Executor, group: LookupGroup, id: string) {
  const found: { table: string; rows: number }[] = [];
  for (const column of await repo.referencingColumns(tx, group.table)) {
    const rows = await repo.countReferencingRows(tx, column, id);
    if (rows > 0) found.push({ table: column.tableName, rows });
  }
  return found;
}

export async function deleteLookup(
  { db }: ServiceDeps,
  caller: Caller,
  group: LookupGroup,
  id: string,
): Promise<void> {
  const buId = caller.principal.buId;
  const referenced = (detail: string, referencedBy: { table: string; rows: number }[]) =>
    conflict(`${prefix(group)}_REFERENCED`, detail, { referencedBy });
  try {
    await db.transaction(async (tx) => {
      const current = await requireRow(tx, group, buId, id, true);
      if (current.isSystem) throw protectedRow(group, current);
      const references = await referencesTo(tx, group, id);
      if (references.length) {
        throw referenced(
          `The ${group.label} ${current.code} is still used by ${references.map((r) => r.table).join(', ')}; deactivate it instead`,
          references,
        );
      }
      await repo.deleteLookupRow(tx, group.table, id);
      await recordAudit(tx, actorOf(caller), {
        action: 'lookup.delete',
        entityType: group.entity,
        entityId: id,
        details: { code: current.code },
      });
    });
  } catch (error) {
    // A reference added between the check and the delete: the foreign key refuses, with the same answer.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION)
      throw referenced(`The ${group.label} is still used; deactivate it instead`, []);
    throw error;
  }
}
