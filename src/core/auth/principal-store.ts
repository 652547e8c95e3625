import { sql } from 'drizzle-orm';
import { type ChannelSubscription, type Database, type Executor, queryRows } from '../db/database.ts';
import { businessDate, DEFAULT_TIMEZONE } from '../time/dates.ts';
import { type Grant, type Principal, principalOf } from './principal.ts';
import type { TokenClaims } from './tokens.ts';

interface UserRow {
  id: string;
  bu_id: string;
  bu_code: string;
  username: string;
  display_name: string;
  employee_id: string | null;
  tokens_valid_after: string | Date;
  must_change_password: boolean;
  timezone: string | null;
  /** The user's sessions not yet ended (an expired one is refused by its token's expiry). */
  live_sessions: string[] | null;
}

interface GrantRow {
  user_role_id: string;
  role_id: string;
  role_code: string;
  department_id: string | null;
  effective_from: string | null;
  effective_to: string | null;
  permissions: string[] | null;
}

export type Unauthenticated = 'UNKNOWN_USER' | 'REVOKED' | 'SESSION_ENDED';
/**
 * What a kept value was read from, spelt as the announcement of its change: `unit:<id>` and `user:<id>`
 * (migration 0005's triggers), or `read:<name>`, a list read that migration 0029's triggers announce on
 * every write to a table it reads (`test/platform/kept-reads.test.ts` holds each read to its tables).
 */
export type KeptOwner = `unit:${string}` | `user:${string}` | `read:${string}`;

export interface PrincipalStore {
  resolve(claims: TokenClaims, now: Date): Promise<Principal | Unauthenticated>;
  /**
   * Resolves once every change committed before the call has reached this process's cache (a NOTIFY
   * round trip through the database), so the answer of a lock or revoke is never followed by a request
   * that the old state lets through on this process. With `everyone`, also waits (up to a second) for
   * every other process listening on the database to say it has heard them too. Never fails: when it
   * cannot tell, it forgets all.
   */
  settle(options?: { everyone?: boolean }): Promise<void>;
  /**
   * A value read from what an announcement names (`unit:<id>`: a unit's settings; `user:<id>`: an
   * account's profile), kept beside the callers' accounts and dropped by that announcement or `all`:
   * `load` runs when none is kept, or every time while the cache is not trusted. The value is shared:
   * callers must not change it. A `read:` value is answered only once every change committed before the
   * call has reached this process (a sync round trip shared by the reads waiting at once), so a list
   * never shows less than was saved before it was asked for, by any process, job or hand.
   */
  keptValue<T>(owner: KeptOwner, key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The NOTIFY channel of migration 0004's triggers: `user:<id>`, `unit:<id>` or `all`. */
export const ACCESS_CHANNEL = 'rostering_access';
const CACHE_LIMIT = 10_000;
/**
 * Values kept under one announcement (a list read keeps one per page, filter and scope asked for): a page
 * of 500 employees and its JSON come to about 430 KB, so 200 of them stay under 90 MB.
 */
const KEPT_PER_OWNER = 200;
const SETTLE_TIMEOUT_MS = 2_000;
/** How long a write waits for the other processes' acknowledgements: a stuck process must not stall writes. */
const ACK_TIMEOUT_MS = 1_000;
/** How often the store checks that announcements still arrive (a connection can die without a word). */
const HEARTBEAT_MS = 5_000;

/** Every grant of a user with its role's permissions, whatever its dates (`principalOf` applies them). */
export async function loadGrants(executor: Executor, userId: string, buId: string): Promise<Grant[]> {
  const rows = await queryRows<GrantRow>(
    executor,
    sql`select ur.id as user_role_id, r.id as role_id, r.code as role_code, ur.department_id,
               ur.effective_from::text as effective_from, ur.effective_to::text as effective_to,
               array_remove(array_agg(rp.permission_code order by rp.permission_code), null) as permissions
          from user_roles ur
          join roles r on r.id = ur.role_id
          left join role_permissions rp on rp.role_id = r.id
         where ur.user_id = ${userId} and ur.bu_id = ${buId}
         group by ur.id, r.id`,
  );
  return rows.map<Grant>((row) => ({
    userRoleId: row.user_role_id,
    roleId: row.role_id,
    roleCode: row.role_code,
    departmentId: row.department_id,
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    permissions: row.permissions ?? [],
  }));
}

interface Account {
  user: UserRow;
  grants: Grant[];
  validAfterMs: number;
  sessions: ReadonlySet<string>;
  /** The principal of the last business date it was built for (grants depend on the date). */
  built?: { date: string; principal: Principal };
}

async function loadAccount(executor: Executor, claims: TokenClaims): Promise<Account | null> {
  const [user] = await queryRows<UserRow>(
    executor,
    sql`select u.id, u.bu_id, b.code as bu_code, u.username, u.display_name, u.employee_id,
               u.tokens_valid_after, u.must_change_password, s.values->>'timezone' as timezone,
               array(select ls.id::text from login_sessions ls
                      where ls.user_id = u.id and ls.ended_at is null) as live_sessions
          from users u
          join business_units b on b.id = u.bu_id
          left join business_unit_settings s on s.bu_id = u.bu_id
         where u.id = ${claims.sub} and u.bu_id = ${claims.bu} and u.deleted_at is null`,
  );
  if (!user) return null;
  const grants = await loadGrants(executor, user.id, user.bu_id);
  return {
    user,
    grants,
    validAfterMs: new Date(user.tokens_valid_after).getTime(),
    sessions: new Set(user.live_sessions ?? []),
  };
}

/**
 * Permissions are never taken from the token. Each process keeps every caller's account, grants and
 * unit settings in memory and drops them when the database announces a change (triggers NOTIFY on
 * users, grants, roles and settings), so a request costs no query of its own. While the announcing
 * connection is down the cache is bypassed: every request reads the database, as correctness demands.
 */
export async function createPrincipalStore(database: Database): Promise<PrincipalStore> {
  const accounts = new Map<string, Account>();
  /** Per announcement, the values it drops, by key (see `keptValue`). */
  const keptValues = new Map<string, Map<string, unknown>>();
  /** Bumped by every announcement: an account read before it must not be cached after it. */
  let generation = 0;
  /** Own sync messages on their way back, each with the count of answers still awaited. */
  const waiting = new Map<string, { heard(): void; acknowledged(): void }>();
  /** False after a sync that never came back, until one does: the cache is not trusted meanwhile. */
  let hearing = true;

  const forget = (payload: string) => {
    generation += 1;
    keptValues.delete(payload);
    if (payload === 'all') {
      accounts.clear();
      keptValues.clear();
    } else if (payload.startsWith('user:')) accounts.delete(payload.slice(5));
    else if (payload.startsWith('unit:')) {
      const buId = payload.slice(5);
      for (const [id, account] of accounts) if (account.user.bu_id === buId) accounts.delete(id);
    }
  };

  const subscription: ChannelSubscription = await database.listen(ACCESS_CHANNEL, {
    onMessage(payload) {
      if (payload.startsWith('sync:') || payload.startsWith('syncall:')) {
        const own = waiting.get(payload);
        if (own) own.heard();
        // Another process asks who has heard everything before it: this process has, by channel order.
        else if (payload.startsWith('syncall:')) void acknowledge(payload);
        return;
      }
      if (payload.startsWith('ack:')) {
        waiting.get(payload.slice(4))?.acknowledged();
        return;
      }
      forget(payload);
    },
    onReset() {
      forget('all');
    },
  });

  const trusted = () => subscription.live && hearing;

  /**
   * The caller's account, from the cache unless it is not trusted or does not know the token's session: a
   * session started after the account was read (a login on this process or another) is read afresh.
   */
  async function accountOf(claims: TokenClaims): Promise<Account | null> {
    if (!trusted()) return loadAccount(database.db, claims);
    const cached = accounts.get(claims.sub);
    if (cached && cached.user.bu_id === claims.bu && cached.sessions.has(claims.sid)) return cached;
    const seen = generation;
    const account = await loadAccount(database.db, claims);
    if (account && seen === generation && trusted()) {
      if (accounts.size >= CACHE_LIMIT) accounts.clear();
      accounts.set(claims.sub, account);
    }
    return account;
  }

  /** The sync in flight, and the one that will follow it for the reads that came after it was sent. */
  let syncing: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  const startSync = (): Promise<void> => {
    const sync = settle().finally(() => {
      if (syncing === sync) syncing = null;
    });
    syncing = sync;
    return sync;
  };
  /** Resolves once a sync sent after the call has come back (see `keptValue`). */
  function caughtUp(): Promise<void> | undefined {
    // PGlite is this process's alone and hands a commit's announcements to their listener (queued
    // microtasks) before the statement that committed returns: every change made before the call is in.
    if (database.driver !== 'postgres') return undefined;
    if (following) return following;
    if (!syncing) return startSync();
    following = syncing.then(() => {
      following = null;
      return startSync();
    });
    return following;
  }

  /**
   * Loads under way, by owner and key, with the generation they started in: a caller asking the same
   * while nothing was announced since shares the load (after a write, the readers waiting at once would
   * otherwise each build the page again).
   */
  const loading = new Map<string, { generation: number; value: Promise<unknown> }>();

  async function keptValue<T>(owner: KeptOwner, key: string, load: () => Promise<T>): Promise<T> {
    if (owner.startsWith('read:')) await caughtUp();
    if (!trusted()) return load();
    const kept = keptValues.get(owner);
    if (kept?.has(key)) return kept.get(key) as T;
    const id = `${owner}\n${key}`;
    const underWay = loading.get(id);
    if (underWay?.generation === generation) return underWay.value as Promise<T>;
    const seen = generation;
    const loaded = load();
    loading.set(id, { generation: seen, value: loaded });
    try {
      const value = await loaded;
      // A value read before an announcement may be what it announced the end of: not kept.
      if (seen === generation && trusted()) {
        if (keptValues.size >= CACHE_LIMIT) keptValues.clear();
        const values = keptValues.get(owner) ?? new Map<string, unknown>();
        if (values.size >= KEPT_PER_OWNER) values.clear();
        keptValues.set(owner, values.set(key, value));
      }
      return value;
    } finally {
      if (loading.get(id)?.value === loaded) loading.delete(id);
    }
  }

  async function acknowledge(token: string): Promise<void> {
    try {
      await database.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${`ack:${token}`})`);
    } catch {
      // The asking process stops waiting after its timeout.
    }
  }

  /**
   * Sends `token` on the channel; for `everyone` on the server, in the same statement, counts the other
   * processes listening on this database (PGlite is this process alone), so asking costs no round trip.
   */
  async function send(token: string, everyone: boolean): Promise<number> {
    if (!everyone || database.driver !== 'postgres') {
      await database.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${token})`);
      return 0;
    }
    const [row] = await queryRows<{ others: number }>(
      database.db,
      sql`select pg_notify(${ACCESS_CHANNEL}, ${token}),
                 (select count(*)::int - 1 from pg_stat_activity
                   where datname = current_database()
                     and application_name = ${`rostering-listener:${ACCESS_CHANNEL}`}) as others`,
    );
    return Math.max(0, row?.others ?? 0);
  }

  /**
   * A sync message through the database and back: every announcement committed before it is in. For
   * `everyone`, each other listening process answers the message once it has it, and so once it has
   * dropped what the announcements before it named (a channel delivers in commit order).
   */
  async function settle(options: { everyone?: boolean } = {}): Promise<void> {
    if (!subscription.live) return;
    const token = `${options.everyone ? 'syncall' : 'sync'}:${crypto.randomUUID()}`;
    let heard = false;
    try {
      // Acknowledgements may come back before the count of those awaited does.
      let acknowledgements = 0;
      let awaited = Number.POSITIVE_INFINITY;
      let acknowledgedAll: () => void = () => undefined;
      const allAcknowledged = new Promise<void>((resolve) => {
        acknowledgedAll = resolve;
        setTimeout(resolve, ACK_TIMEOUT_MS).unref();
      });
      const tally = () => {
        if (acknowledgements >= awaited) acknowledgedAll();
      };
      const arrived = new Promise<boolean>((resolve) => {
        waiting.set(token, {
          heard: () => resolve(true),
          acknowledged: () => {
            acknowledgements += 1;
            tally();
          },
        });
        setTimeout(() => resolve(false), SETTLE_TIMEOUT_MS).unref();
      });
      awaited = await send(token, options.everyone ?? false);
      tally();
      heard = await arrived;
      if (heard) await allAcknowledged;
    } catch {
      // The database is out of reach: the request that asked has answered already; trust nothing.
    }
    waiting.delete(token);
    // A sync that never comes back means announcements may be lost: start afresh rather than trust.
    if (!heard) forget('all');
    hearing = heard;
  }

  const heartbeat = setInterval(() => void settle(), HEARTBEAT_MS);
  heartbeat.unref();

  return {
    async resolve(claims, now) {
      const account = await accountOf(claims);
      if (!account) return 'UNKNOWN_USER';
      if (claims.iatMs < account.validAfterMs) return 'REVOKED';
      if (!account.sessions.has(claims.sid)) return 'SESSION_ENDED';
      const { user } = account;
      const today = businessDate(now, user.timezone ?? DEFAULT_TIMEZONE);
      if (account.built?.date !== today) {
        const principal = principalOf(
          {
            userId: user.id,
            buId: user.bu_id,
            buCode: user.bu_code,
            username: user.username,
            displayName: user.display_name,
            employeeId: user.employee_id,
            sessionId: claims.sid,
            issuedAt: claims.iat,
            expiresAt: claims.exp,
            mustChangePassword: user.must_change_password,
          },
          account.grants,
          today,
        );
        account.built = { date: today, principal };
      }
      // One user may hold several tokens: the session fields are this token's.
      return {
        ...account.built.principal,
        sessionId: claims.sid,
        issuedAt: claims.iat,
        expiresAt: claims.exp,
      };
    },
    settle,
    keptValue,
    async close() {
      clearInterval(heartbeat);
      await subscription.close();
    },
  };
}
