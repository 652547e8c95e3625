import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { paged } from '../../core/db/paging.ts';
import { mailOutbox, notificationMailChoices, notifications } from '../../core/db/tables/index.ts';

export type NewNotification = typeof notifications.$inferInsert;

const inboxColumns = {
  id: notifications.id,
  kind: notifications.kind,
  data: notifications.data,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

export type NotificationRow = {
  id: string;
  kind: string;
  data: unknown;
  link: string;
  createdAt: Date;
  readAt: Date | null;
};

/** Writes the notifications; one told before (same event, same recipient) is skipped. Answers the new. */
export async function insertNotifications(
  executor: Executor,
  rows: NewNotification[],
): Promise<{ id: string; userId: string; kind: string }[]> {
  if (rows.length === 0) return [];
  return executor
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id, userId: notifications.userId, kind: notifications.kind });
}

const ownedBy = (buId: string, userId: string) =>
  and(eq(notifications.buId, buId), eq(notifications.userId, userId));

export async function inbox(
  executor: Executor,
  buId: string,
  userId: string,
  onlyUnread: boolean,
  limit: number,
  offset: number,
) {
  const where = onlyUnread ? and(ownedBy(buId, userId), isNull(notifications.readAt)) : ownedBy(buId, userId);
  const [page, [unread]] = await Promise.all([
    paged<NotificationRow>(
      executor
        .select(inboxColumns)
        .from(notifications)
        .where(where)
        .orderBy(
          sql`${notifications.readAt} is not null`,
          desc(notifications.createdAt),
          desc(notifications.id),
        )
        .limit(limit)
        .offset(offset),
      executor.select({ n: count() }).from(notifications).where(where),
    ),
    executor
      .select({ n: count() })
      .from(notifications)
      .where(and(ownedBy(buId, userId), isNull(notifications.readAt))),
  ]);
  return { ...page, unread: unread?.n ?? 0 };
}

/** Marks one of the caller's notifications read (a read one keeps its first time); null when not theirs. */
export async function markRead(
  executor: Executor,
  buId: string,
  userId: string,
  id: string,
  at: Date,
): Promise<NotificationRow | null> {
  const [row] = await executor
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(ownedBy(buId, userId), eq(notifications.id, id)))
    .returning(inboxColumns);
  return row ?? null;
}

export async function markAllRead(
  executor: Executor,
  buId: string,
  userId: string,
  at: Date,
): Promise<number> {
  const rows = await executor
    .update(notifications)
    .set({ readAt: at })
    .where(and(ownedBy(buId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The kinds of notification that each of the accounts chose to have by mail or not. */
export async function mailChoicesOf(executor: Executor, buId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  return executor
    .select({
      userId: notificationMailChoices.userId,
      kind: notificationMailChoices.kind,
      byMail: notificationMailChoices.byMail,
    })
    .from(notificationMailChoices)
    .where(and(eq(notificationMailChoices.buId, buId), inArray(notificationMailChoices.userId, userIds)));
}

/** Writes a person's choice for each kind named. */
export async function writeMailChoices(
  executor: Executor,
  buId: string,
  userId: string,
  choices: { kind: string; byMail: boolean }[],
  at: Date,
): Promise<void> {
  if (choices.length === 0) return;
  await executor
    .insert(notificationMailChoices)
    .values(choices.map((choice) => ({ buId, userId, ...choice, updatedAt: at })))
    .onConflictDoUpdate({
      target: [notificationMailChoices.userId, notificationMailChoices.kind],
      set: { byMail: sql`excluded.by_mail`, updatedAt: at },
    });
}

/** A notification of the unit as its mail needs it; undefined when the unit has no such notification. */
export async function notificationToMail(executor: Executor, buId: string, id: string) {
  const [row] = await executor
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      data: notifications.data,
      link: notifications.link,
      mailedAt: notifications.mailedAt,
    })
    .from(notifications)
    .where(and(eq(notifications.buId, buId), eq(notifications.id, id)));
  return row;
}

/** Notes the notification's mail handed over; false when it already was (it is then not sent again). */
export async function markMailed(executor: Executor, buId: string, id: string, at: Date): Promise<boolean> {
  const rows = await executor
    .update(notifications)
    .set({ mailedAt: at })
    .where(and(eq(notifications.buId, buId), eq(notifications.id, id), isNull(notifications.mailedAt)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export type OutboxMail = typeof mailOutbox.$inferInsert;

/** Keeps a mail in the development outbox; a notification's mail is kept once. */
export async function insertOutboxMail(executor: Executor, mail: OutboxMail): Promise<void> {
  await executor.insert(mailOutbox).values(mail).onConflictDoNothing({ target: mailOutbox.notificationId });
}

/** The unit's development outbox, newest first. */
export async function outbox(executor: Executor, buId: string, limit: number, offset: number) {
  return paged<{
    id: string;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    createdAt: Date;
  }>(
    executor
      .select({
        id: mailOutbox.id,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.buId, buId))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.buId, buId)),
  );
}
