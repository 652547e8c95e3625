import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { businessUnits } from './platform.ts';

/**
 * What a person is told (issue 55): one row per event and recipient. The words are not stored: `data`
 * holds what happened (dates, shift codes, decisions), and the client writes it in the reader's language.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    /** The client's screen that shows what changed, a path below the client's root. */
    link: text('link').notNull(),
    /** Names the event: with the recipient it is unique, so an event told twice is told once. */
    eventKey: text('event_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its mail was handed to the mail server (or the development outbox): it is never sent again. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_recipient').on(t.userId, t.eventKey),
    index('notifications_inbox').on(t.userId, t.createdAt),
    index('notifications_unread').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice of whether a kind of notification also comes by mail; a kind not listed does. */
export const notificationMailChoices = pgTable(
  'notification_mail_choices',
  {
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    byMail: boolean('by_mail').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * The mails a service without SMTP_URL would have sent (development): one per notification, read by a
 * system administrator instead of a mail server.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buId: uuid('bu_id')
      .notNull()
      .references(() => businessUnits.id),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_notification').on(t.notificationId),
    index('mail_outbox_bu_created').on(t.buId, t.createdAt),
  ],
);
