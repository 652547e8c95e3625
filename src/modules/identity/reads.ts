import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { users } from '../../core/db/tables/index.ts';

/* What other modules read of the accounts: their read functions over identity's tables. */

/** The usernames of these accounts by id, a deleted account's among them (it still names what it did). */
export async function usernamesOf(
  executor: Executor,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await executor
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** An account that exists and no administrator has locked: its employee and language. */
export async function unlockedAccountOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ employeeId: users.employeeId, language: users.preferredLanguage })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(users.lockedByAdmin, false)));
  return row ?? null;
}

/** The ids of the employee's accounts that are not deleted. */
export async function accountIdsOfEmployee(executor: Executor, employeeId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.employeeId, employeeId), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}
