import { and, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { loginHistory, loginSessions, unknownLoginNames } from '../../core/db/tables/index.ts';

/** What signing in leaves: the attempts, the sessions tokens are honoured by, failures of unknown names. */
export async function insertLoginAttempt(executor: Executor, values: typeof loginHistory.$inferInsert) {
  await executor.insert(loginHistory).values(values);
}

export type SessionEnd = 'LOGOUT' | 'LOGOUT_EVERYWHERE' | 'PASSWORD_CHANGED' | 'PASSWORD_RESET';

export async function insertSession(executor: Executor, values: typeof loginSessions.$inferInsert) {
  await executor.insert(loginSessions).values(values);
}

/**
 * Ends a user's live sessions: one (`only`), all but one (`except`), or all. Sessions that expired long
 * ago are removed on the way, so the table holds about a day of each user's sign-ins.
 */
export async function endSessions(
  executor: Executor,
  userId: string,
  at: Date,
  reason: SessionEnd,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  const ended = await executor
    .update(loginSessions)
    .set({ endedAt: at, endReason: reason })
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.endedAt),
        which.only ? eq(loginSessions.id, which.only) : undefined,
        which.except ? ne(loginSessions.id, which.except) : undefined,
      ),
    )
    .returning({ id: loginSessions.id });
  await executor
    .delete(loginSessions)
    .where(
      and(eq(loginSessions.userId, userId), lt(loginSessions.expiresAt, new Date(at.getTime() - 86_400_000))),
    );
  return ended.length;
}

export type UnknownNameRow = typeof unknownLoginNames.$inferSelect;

/** The failures counted against a name no account has (the row locked for the update that follows). */
export async function findUnknownNameForUpdate(
  executor: Executor,
  usernameKey: string,
): Promise<UnknownNameRow | undefined> {
  const [row] = await executor
    .select()
    .from(unknownLoginNames)
    .where(eq(unknownLoginNames.usernameKey, usernameKey))
    .for('update');
  return row;
}

export async function findUnknownName(executor: Executor, usernameKey: string) {
  const [row] = await executor
    .select()
    .from(unknownLoginNames)
    .where(eq(unknownLoginNames.usernameKey, usernameKey));
  return row;
}

export async function saveUnknownName(
  executor: Executor,
  values: Pick<UnknownNameRow, 'usernameKey' | 'failedLoginCount' | 'lockoutUntil' | 'updatedAt'>,
) {
  await executor
    .insert(unknownLoginNames)
    .values(values)
    .onConflictDoUpdate({
      target: unknownLoginNames.usernameKey,
      set: {
        failedLoginCount: values.failedLoginCount,
        lockoutUntil: values.lockoutUntil,
        updatedAt: values.updatedAt,
      },
    });
}

/**
 * Failed login attempts since `since`, per client address or per username, with the oldest of them (when
 * it leaves the window, one more attempt is allowed). Successful logins never count: colleagues signing in
 * one after the other behind one address are no guessing to limit.
 */
export async function countRecentFailures(
  executor: Executor,
  by: { ip?: string; username?: string },
  since: Date,
): Promise<{ failures: number; oldest: Date | null }> {
  // An unlock or an administrator's reset starts the username's window afresh.
  const condition = by.ip
    ? eq(loginHistory.ip, by.ip)
    : sql`lower(${loginHistory.username}) = lower(${by.username ?? ''})
          and ${loginHistory.at} >= coalesce((select max(u.login_window_from) from users u
                                               where lower(u.username) = lower(${by.username ?? ''})
                                                 and u.deleted_at is null), '-infinity')`;
  const [row] = await executor
    .select({ n: count(), oldest: sql<Date | string | null>`min(${loginHistory.at})` })
    .from(loginHistory)
    .where(and(condition, gte(loginHistory.at, since), eq(loginHistory.success, false)));
  const oldest = row?.oldest ?? null;
  return { failures: row?.n ?? 0, oldest: oldest === null ? null : new Date(oldest) };
}

export async function listLoginHistory(executor: Executor, userId: string, limit: number, offset: number) {
  const where = eq(loginHistory.userId, userId);
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        id: loginHistory.id,
        at: loginHistory.at,
        success: loginHistory.success,
        reason: loginHistory.reason,
        ip: loginHistory.ip,
        userAgent: loginHistory.userAgent,
      })
      .from(loginHistory)
      .where(where)
      .orderBy(desc(loginHistory.at))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(loginHistory).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
