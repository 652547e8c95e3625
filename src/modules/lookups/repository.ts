import { and, asc, count, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { BuildColumns } from 'drizzle-orm/column-builder';
import type { PgColumn, PgTableWithColumns } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import type { lookupColumns } from '../../core/db/tables/index.ts';

/** Any table built on `lookupColumns()`: the generic mechanism sees only the shared columns. */
export type LookupTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'pg';
  columns: BuildColumns<string, ReturnType<typeof lookupColumns>, 'pg'>;
}>;

export type LookupRow = LookupTable['$inferSelect'];
/** A row with the group's extra values (selected by the group's own expressions). */
export type LookupRowWith = LookupRow & { extra: Record<string, unknown> };

/** A group's extra values: its own columns and expressions such as the code of a referenced row. */
export type ExtraSelect = Record<string, SQL | PgColumn>;

function selection(table: LookupTable, extra: ExtraSelect) {
  const columns = getTableColumns(table);
  return {
    id: columns.id,
    buId: columns.buId,
    code: columns.code,
    nameEn: columns.nameEn,
    nameAr: columns.nameAr,
    description: columns.description,
    isSystem: columns.isSystem,
    isActive: columns.isActive,
    version: columns.version,
    createdAt: columns.createdAt,
    updatedAt: columns.updatedAt,
    // Drizzle flattens nested selections back into an object, so extras arrive under `extra`.
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

const withExtra = (row: LookupRow & { extra?: Record<string, unknown> }): LookupRowWith => ({
  ...row,
  extra: row.extra ?? {},
});

export async function listLookupRows(
  executor: Executor,
  table: LookupTable,
  extra: ExtraSelect,
  buId: string,
  filter: { isActive?: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: LookupRowWith[]; total: number }> {
  const where = and(
    eq(table.buId, buId),
    filter.isActive === undefined ? undefined : eq(table.isActive, filter.isActive),
  );
  const { rows, total } = await paged(
    executor
      .select(selection(table, extra))
      .from(table)
      .where(where)
      .orderBy(asc(table.code))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(table).where(where),
  );
  return { rows: rows.map(withExtra), total };
}

export async function findLookupRow(
  executor: Executor,
  table: LookupTable,
  extra: ExtraSelect,
  buId: string,
  id: string,
  forUpdate = false,
): Promise<LookupRowWith | undefined> {
  const query = executor
    .select(selection(table, extra))
    .from(table)
    .where(and(eq(table.id, id), eq(table.buId, buId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? withExtra(row) : undefined;
}

export async function findIdByCode(
  executor: Executor,
  table: LookupTable,
  buId: string,
  code: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.buId, buId), eq(table.code, code)));
  return row?.id;
}

/** Shared and group columns of a new or replaced row, keyed by the table's property names. */
export type LookupValues = Record<string, unknown>;

export async function insertLookupRow(
  executor: Executor,
  table: LookupTable,
  values: LookupValues,
): Promise<string> {
  // The group's own columns are not in the generic table type; Drizzle maps them by property name.
  const [row] = await executor
    .insert(table)
    .values(values as LookupTable['$inferInsert'])
    .returning({ id: table.id });
  return row!.id;
}

/** Writes only when the row is still at `version` (a concurrent writer makes this answer false). */
export async function updateLookupRow(
  executor: Executor,
  table: LookupTable,
  id: string,
  version: number,
  values: LookupValues,
  at: Date,
): Promise<boolean> {
  const rows = await executor
    .update(table)
    .set({ ...values, version: version + 1, updatedAt: at } as Partial<LookupTable['$inferInsert']>)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  return rows.length === 1;
}

export async function deleteLookupRow(executor: Executor, table: LookupTable, id: string): Promise<void> {
  await executor.delete(table).where(eq(table.id, id));
}

export interface ReferencingColumn {
  schemaName: string;
  tableName: string;
  columnName: string;
}

/**
 * Every column whose foreign key points at the table's `id`, read from the database's own catalog, so
 * tables added by later migrations are covered without changing this code.
 */
export async function referencingColumns(
  executor: Executor,
  table: LookupTable,
): Promise<ReferencingColumn[]> {
  return queryRows<ReferencingColumn>(
    executor,
    sql`select n.nspname as "schemaName", c.relname as "tableName", a.attname as "columnName"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(k.conkey, k.confkey) as u(local_column, foreign_column)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.local_column
        join pg_attribute f on f.attrelid = k.confrelid and f.attnum = u.foreign_column
        where k.contype = 'f' and k.confrelid = to_regclass(${getTableName(table)}) and f.attname = 'id'
        order by 1, 2, 3`,
  );
}

export async function countReferencingRows(
  executor: Executor,
  column: ReferencingColumn,
  id: string,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`select count(*)::int as n from ${sql.identifier(column.schemaName)}.${sql.identifier(column.tableName)}
        where ${sql.identifier(column.columnName)} = ${id}`,
  );
  return row?.n ?? 0;
}
