import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { literalOf, type PreparedRead, type PreparedValue, type RunPrepared } from './prepared.ts';

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

/** What a NOTIFY channel reports to its subscriber. */
export interface ChannelHandlers {
  /** A payload sent with NOTIFY on the channel, once its transaction committed. */
  onMessage(payload: string): void;
  /** Messages may have been missed (the listening connection dropped, or came back): forget what they guard. */
  onReset(): void;
}

export interface ChannelSubscription {
  /** False while the listening connection is down: nothing may be trusted to be announced. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface Database {
  readonly driver: DriverName;
  readonly db: Db;
  /** The PGlite instance itself, on the embedded database: its data folder is what a backup copies. */
  readonly embedded?: PGlite;
  ping(): Promise<DatabaseHealth>;
  /** Subscribes to a NOTIFY channel (PGlite: in process; PostgreSQL: a dedicated connection that reconnects). */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription>;
  /** Runs `work` while holding a cluster-wide advisory lock (PGlite has one process, so no lock). */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Runs a read planned once per connection (see `preparedRead`). */
  runPrepared: RunPrepared;
  /** The server pool's connections (PostgreSQL only), for `/metrics`. */
  poolUse?(): { total: number; idle: number; waiting: number };
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

const INVALID_STATEMENT_NAME = '26000';

/** Wraps an open PGlite instance (on disk, in memory, or loaded from a dump). */
export function fromPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client) as unknown as Db;
  // PGlite speaks no named statements: its one session keeps SQL `prepare`d ones, made on first use.
  const prepared = new Map<string, Promise<unknown>>();
  return {
    driver: 'pglite',
    db,
    embedded: client,
    ping: () => measure(db),
    async runPrepared<Row>(read: PreparedRead<Row>, values: readonly PreparedValue[]) {
      const execute = async () => {
        let preparing = prepared.get(read.name);
        if (!preparing) {
          preparing = client.exec(`prepare ${read.name} as ${read.text}`);
          prepared.set(read.name, preparing);
          preparing.catch(() => prepared.delete(read.name));
        }
        await preparing;
        return (await client.query<Row>(`execute ${read.name}(${values.map(literalOf).join(', ')})`)).rows;
      };
      try {
        return await execute();
      } catch (error) {
        // The session lost its statements (a `discard all`, say): prepare again, once.
        if ((error as { code?: string }).code !== INVALID_STATEMENT_NAME) throw error;
        prepared.delete(read.name);
        return execute();
      }
    },
    withAdvisoryLock: (_key, work) => work(),
    async listen(channel, handlers) {
      const unsubscribe = await client.listen(channel, handlers.onMessage);
      return { live: true, close: () => unsubscribe() };
    },
    async close() {
      try {
        await client.close();
      } finally {
        onClose?.();
      }
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
    // A named statement: each pooled connection parses and plans it on first use only.
    async runPrepared<Row>(read: PreparedRead<Row>, values: readonly PreparedValue[]) {
      type Answer = Row & pg.QueryResultRow;
      try {
        return (await pool.query<Answer>({ name: read.name, text: read.text, values: [...values] })).rows;
      } catch (error) {
        // The connection lost the statement behind the driver's back (a `discard all`): answer unprepared.
        if ((error as { code?: string }).code !== INVALID_STATEMENT_NAME) throw error;
        return (await pool.query<Answer>(read.text, [...values])).rows;
      }
    },
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
    listen: (channel, handlers) => listenOnServer(url, channel, handlers),
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own, outside the pool. When it drops, the subscription is not live and
 * the subscriber is told to forget (notifications sent meanwhile are lost); it reconnects with backoff
 * and says so again once listening, since messages may have gone by between the drop and the LISTEN.
 */
async function listenOnServer(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelSubscription> {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const drop = (current: pg.Client | null) => {
    if (!current) return;
    current.removeAllListeners();
    current.on('error', () => undefined);
    current.end().catch(() => undefined);
  };

  const lost = () => {
    if (closed || timer) return;
    live = false;
    handlers.onReset();
    drop(client);
    client = null;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(lost);
    }, delay);
    timer.unref();
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: `rostering-listener:${channel}`,
      keepAlive: true,
    });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) return;
    attempt = 0;
    live = true;
    handlers.onReset();
  };

  // A server that is down at start is no reason to refuse to start: the cache stays off until it is up.
  await connect().catch(lost);
  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(timer);
      drop(client);
      client = null;
    },
  };
}

/** An ILIKE pattern matching `text` anywhere, with its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ids as a uuid array, for `column = any(${uuidList(ids)})`: one JSON parameter for a list of any length,
 * so thousands of ids stay one statement on both drivers. An array, not `in (select …)`: PostgreSQL turns
 * the subquery into a join whose plan follows the table's statistics, and on a table just filled (a lock's
 * ten thousand assignments, before autovacuum reads them) it chose a nested loop that unpacked the JSON once
 * per row: 1.9 s instead of 15 ms (docs/benchmarks.md, compliance before publishing).
 */
export const uuidList = (ids: readonly string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`;

/**
 * Holds a lock named `name` until the transaction `executor` belongs to ends, so that work on one thing
 * (a unit's live roster, its reconciliation) runs one transaction at a time across every process.
 */
export async function lockUntilCommit(executor: Executor, name: string): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
