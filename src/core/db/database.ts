import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** A repository runs on the database or inside a caller's transaction alike. */
export type Executor = Db | Tx;

export type DriverName = 'pglite' | 'postgres';

export interface DatabaseHealth {
  reachable: boolean;
  latencyMs: number;
  serverVersion?: string;
  error?: string;
}

export interface Database {
  readonly driver: DriverName;
  readonly db: Db;
  ping(): Promise<DatabaseHealth>;
  /** Runs `work` while holding a cluster-wide advisory lock (PGlite has one process, so no lock). */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function measure(db: Db): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const result = await db.execute<{ server_version: string }>(sql`show server_version`);
    const row = (result as unknown as { rows: { server_version: string }[] }).rows[0];
    return {
      reachable: true,
      latencyMs: round(performance.now() - started),
      serverVersion: row?.server_version,
    };
  } catch (error) {
    return {
      reachable: false,
      latencyMs: round(performance.now() - started),
      error: (error as Error).message,
    };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Wraps an open PGlite instance (on disk, in memory, or loaded from a dump). */
export function fromPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    driver: 'pglite',
    db,
    ping: () => measure(db),
    withAdvisoryLock: (_key, work) => work(),
    async close() {
      await client.close();
      onClose?.();
    },
  };
}

export function connectPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    driver: 'postgres',
    db,
    ping: () => measure(db),
    async withAdvisoryLock(key, work) {
      // A session lock lives on one connection: hold a dedicated client for as long as the work runs.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
