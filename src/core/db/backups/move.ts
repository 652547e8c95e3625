import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectPostgres } from '../database.ts';
import { applyMigrations } from '../migrate.ts';
import { refuseNonEmptyDatabase } from './server.ts';

/**
 * Copies an embedded installation into an empty PostgreSQL database: the schema by the migrations, then
 * every table's rows in the order of their foreign keys, then the sequences; each table's row count and
 * checksum are then compared on both sides. The copy is one transaction on the server: a move that fails
 * leaves the database as empty as it was.
 */

/** Schemas of the service's own tables; drizzle's migration journal is written by the migrations. */
const COPIED_SCHEMAS =
  "n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg_toast%'";
/** Rows sent per insert: a few megabytes of JSON at most. */
const BATCH_ROWS = 2_000;

export interface TableReport {
  readonly table: string;
  readonly rows: number;
  readonly checksum: string;
}

export interface MoveReport {
  readonly tables: TableReport[];
  readonly sequences: number;
}

export class MoveCheckError extends Error {}

interface Catalog {
  /** Qualified, quoted names in an order where every table comes after the tables it references. */
  tables: string[];
  /** Columns to copy per table (generated ones are computed again by the server). */
  columns: Map<string, string[]>;
  /** Per table, its references to itself (child column → parent column): rows go parents first. */
  selfReferences: Map<string, { column: string; parent: string }[]>;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const fromPglite =
  (client: PGlite): Query =>
  async <T>(text: string, params?: unknown[]) =>
    (await client.query<T>(text, params)).rows;

const fromClient =
  (client: pg.Client | pg.PoolClient): Query =>
  async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as T[];

async function readCatalog(query: Query): Promise<Catalog> {
  const tables = await query<{ name: string; oid: number }>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.oid::int as oid
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and ${COPIED_SCHEMAS} order by 1`,
  );
  const columns = new Map<string, string[]>();
  for (const table of tables) {
    const rows = await query<{ name: string }>(
      `select quote_ident(attname) as name from pg_attribute
       where attrelid = $1 and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [table.oid],
    );
    columns.set(
      table.name,
      rows.map((row) => row.name),
    );
  }
  const keys = await query<{ child: string; parent: string; columns: string[]; parents: string[] }>(
    `select format('%I.%I', cn.nspname, cc.relname) as child, format('%I.%I', pn.nspname, pc.relname) as parent,
       array(select attname::text from unnest(k.conkey) with ordinality u(num, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num order by i) as columns,
       array(select attname::text from unnest(k.confkey) with ordinality u(num, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num order by i) as parents
     from pg_constraint k
     join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
     join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
     where k.contype = 'f'`,
  );
  const selfReferences = new Map<string, { column: string; parent: string }[]>();
  const dependsOn = new Map<string, Set<string>>(tables.map((table) => [table.name, new Set()]));
  for (const key of keys) {
    if (key.child === key.parent) {
      if (key.columns.length !== 1)
        throw new Error(`${key.child}: a composite key to itself is not supported`);
      const list = selfReferences.get(key.child) ?? [];
      list.push({ column: key.columns[0]!, parent: key.parents[0]! });
      selfReferences.set(key.child, list);
    } else dependsOn.get(key.child)?.add(key.parent);
  }
  // Depth-first: a table is placed once every table it references is.
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'placed'>();
  const place = (table: string, path: string[]) => {
    if (state.get(table) === 'placed') return;
    if (state.get(table) === 'visiting')
      throw new Error(`Foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    state.set(table, 'visiting');
    for (const parent of dependsOn.get(table) ?? []) place(parent, [...path, table]);
    state.set(table, 'placed');
    ordered.push(table);
  };
  for (const table of tables) place(table.name, []);
  return { tables: ordered, columns, selfReferences };
}

/** Rows of a table that references itself, each after the row it references. */
function parentsFirst(rows: string[], references: { column: string; parent: string }[]): string[] {
  const parsed = rows.map((text) => ({ text, row: JSON.parse(text) as Record<string, unknown> }));
  const placed = new Set<string>();
  const ordered: string[] = [];
  let pending = parsed;
  while (pending.length > 0) {
    const waiting: typeof pending = [];
    for (const entry of pending) {
      const ready = references.every(({ column }) => {
        const value = entry.row[column];
        return value === null || value === undefined || placed.has(`${column}:${String(value)}`);
      });
      if (!ready) {
        waiting.push(entry);
        continue;
      }
      ordered.push(entry.text);
      for (const { column, parent } of references) placed.add(`${column}:${String(entry.row[parent])}`);
    }
    if (waiting.length === pending.length) throw new Error('Rows reference each other in a cycle');
    pending = waiting;
  }
  return ordered;
}

/** The same text for the same data on both servers, whatever their settings. */
const CANONICAL_OUTPUT = [
  "set timezone to 'UTC'",
  "set datestyle to 'ISO, YMD'",
  "set intervalstyle to 'postgres'",
  'set extra_float_digits to 1',
  "set bytea_output to 'hex'",
];

/** Row count and an order-independent checksum of every table. */
export async function checksums(query: Query, tables: readonly string[]): Promise<TableReport[]> {
  for (const statement of CANONICAL_OUTPUT) await query(statement);
  const reports: TableReport[] = [];
  for (const table of tables) {
    const [row] = await query<{ rows: number; checksum: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum
       from (select md5(t::text) as h from ${table} t) hashed`,
    );
    reports.push({ table, rows: row!.rows, checksum: row!.checksum });
  }
  return reports;
}

export async function moveToPostgres(
  source: PGlite,
  targetUrl: string,
  progress: (line: string) => void = () => undefined,
): Promise<MoveReport> {
  await refuseNonEmptyDatabase(targetUrl);
  // Two connections: the advisory lock holds one while the migrations run on the other.
  const migrated = connectPostgres(targetUrl, 2);
  try {
    await applyMigrations(migrated);
  } finally {
    await migrated.close();
  }
  const read = fromPglite(source);
  const catalog = await readCatalog(read);
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const write = fromClient(target);
    const targetCatalog = await readCatalog(write);
    const missing = catalog.tables.filter((table) => !targetCatalog.tables.includes(table));
    if (missing.length > 0) {
      throw new MoveCheckError(
        `The migrations do not create ${missing.join(', ')}: is the source's schema newer?`,
      );
    }
    const sequences = await read<{ name: string; value: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences
       where schemaname not in ('drizzle')`,
    );
    await write('begin');
    try {
      // Triggers have done their work on the source (default pools, reconciliation marks, the
      // append-only guards): the copy carries their results and must not run them again.
      for (const table of catalog.tables) await write(`alter table ${table} disable trigger user`);
      for (const table of catalog.tables) {
        // What the migrations may have inserted is replaced by the source's rows.
        await write(`delete from ${table}`);
      }
      for (const table of catalog.tables) {
        const columns = catalog.columns.get(table)!.join(', ');
        let rows = (
          await read<{ row: string }>(
            `select row_to_json(t)::text as row from (select ${columns} from ${table}) t`,
          )
        ).map((row) => row.row);
        const references = catalog.selfReferences.get(table);
        if (references) rows = parentsFirst(rows, references);
        for (let start = 0; start < rows.length; start += BATCH_ROWS) {
          await write(
            `insert into ${table} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
            [`[${rows.slice(start, start + BATCH_ROWS).join(',')}]`],
          );
        }
        progress(`${table}: ${rows.length} rows`);
      }
      for (const table of catalog.tables) await write(`alter table ${table} enable trigger user`);
      for (const sequence of sequences) {
        if (sequence.value !== null)
          await write('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.value]);
      }
      await write('commit');
    } catch (error) {
      await write('rollback');
      throw error;
    }
    const before = await checksums(read, catalog.tables);
    const after = await checksums(write, catalog.tables);
    const differing = before.filter(
      (table, i) => table.rows !== after[i]!.rows || table.checksum !== after[i]!.checksum,
    );
    if (differing.length > 0) {
      throw new MoveCheckError(
        `The copy differs from the source in ${differing.map((t) => t.table).join(', ')}: ` +
          'drop the database and move again (the source is untouched)',
      );
    }
    return { tables: before, sequences: sequences.length };
  } finally {
    await target.end();
  }
}
