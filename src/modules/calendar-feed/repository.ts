import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { calendarFeeds } from '../../core/db/tables/index.ts';

const feedColumns = {
  id: calendarFeeds.id,
  version: calendarFeeds.version,
  createdAt: calendarFeeds.createdAt,
  rotatedAt: calendarFeeds.rotatedAt,
};

export type FeedRow = { id: string; version: number; createdAt: Date; rotatedAt: Date | null };

export async function feedOf(executor: Executor, buId: string, userId: string): Promise<FeedRow | null> {
  const [row] = await executor
    .select(feedColumns)
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.buId, buId), eq(calendarFeeds.userId, userId)));
  return row ?? null;
}

/** A second feed of the same user breaks `calendar_feeds_user`: one winner when two create at once. */
export async function insertFeed(
  executor: Executor,
  feed: { buId: string; userId: string; secretHash: string; createdAt: Date },
): Promise<FeedRow> {
  const [row] = await executor.insert(calendarFeeds).values(feed).returning(feedColumns);
  return row!;
}

export async function rotateFeed(
  executor: Executor,
  buId: string,
  userId: string,
  secretHash: string,
  at: Date,
): Promise<FeedRow | null> {
  const [row] = await executor
    .update(calendarFeeds)
    .set({ secretHash, rotatedAt: at, version: sql`${calendarFeeds.version} + 1` })
    .where(and(eq(calendarFeeds.buId, buId), eq(calendarFeeds.userId, userId)))
    .returning(feedColumns);
  return row ?? null;
}

export async function deleteFeed(executor: Executor, buId: string, userId: string): Promise<FeedRow | null> {
  const [row] = await executor
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.buId, buId), eq(calendarFeeds.userId, userId)))
    .returning(feedColumns);
  return row ?? null;
}

/** The feed a secret opens, with its owner's unit and account. */
export async function feedBySecret(executor: Executor, secretHash: string) {
  const [row] = await executor
    .select({ ...feedColumns, buId: calendarFeeds.buId, userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.secretHash, secretHash));
  return row ?? null;
}
