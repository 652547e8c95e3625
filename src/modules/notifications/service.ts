import { actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import { notFound } from '../../core/http/errors.ts';
import { offsetOf, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { enqueueJobs } from '../../core/jobs/queue.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { accountsOfEmployees, holdersOf, mailboxesOf } from '../identity/users-service.ts';
import { readSettings } from '../settings/service.ts';
import { NOTIFICATION_MAIL_JOB } from './mail/job.ts';
import * as repo from './repository.ts';
import {
  type InboxQuery,
  type MailPreferences,
  type MailPreferencesUpdate,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationData,
  type NotificationInbox,
  type NotificationKind,
  type OutboxMail,
} from './schemas.ts';

/** Something that happened to some of a unit's employees, told to each through their accounts. */
export interface NotificationEvent {
  buId: string;
  employeeIds: string[];
  /** Accounts told as such (the approvers of a step), beside the employees' own. */
  userIds?: string[];
  /** Whoever may decide it today, but the accounts of `except` (the parties, the author). */
  deciders?: {
    permission: Permission;
    departmentId: string;
    today: string;
    exceptEmployeeIds?: string[];
    exceptUserIds?: string[];
  };
  kind: NotificationKind;
  data: Omit<NotificationData, 'by'>;
  /** Names the event: with the recipient it is told once, however often it is written. */
  key: string;
  /** The colleague who acted, named in what is told. */
  byEmployeeId?: string;
}

/** The client's screen each kind opens (the client's `paths`); a roster change opens its first month. */
function linkOf(kind: NotificationKind, data: NotificationEvent['data']): string {
  if (kind === 'ROSTER_CHANGED') {
    const first = data.changes?.map((change) => change.date).sort()[0];
    return first ? `/my/roster?month=${first.slice(0, 7)}` : '/my/roster';
  }
  if (kind === 'LEAVE_DECIDED') return '/my/leave';
  if (kind === 'LEAVE_AWAITING') return '/approvals/leave';
  if (kind === 'ROSTER_AWAITING') return '/approvals/rosters';
  if (kind === 'SWAP_AWAITING') return '/approvals/swaps';
  if (kind === 'IMPORT_FINISHED') return `/imports/jobs/${data.jobId}`;
  if (kind === 'RUN_FINISHED') return `/runs/${data.runId}`;
  // From the shift's day: the screen lists 13 weeks from its first day, and an offer may lie further out.
  if (kind === 'OPEN_SHIFT_CLAIM_DECIDED' || kind === 'OPEN_SHIFT_OFFERED')
    return `/my/open-shifts?from=${data.shiftDate}`;
  if (kind === 'ATTENDANCE_EXCEPTION_VALIDATED') return '/my/attendance';
  if (kind === 'CERTIFICATE_EXPIRING') return '/my/certifications';
  return '/my/swaps';
}

/** The accounts that may decide what an event says waits, but those it leaves out. */
async function decidersOf(tx: Executor, buId: string, event: NotificationEvent): Promise<string[]> {
  if (!event.deciders) return [];
  const { permission, departmentId, today, exceptEmployeeIds = [], exceptUserIds = [] } = event.deciders;
  const holders = await holdersOf(tx, buId, permission, departmentId, today);
  return holders
    .filter((holder) => !exceptUserIds.includes(holder.userId))
    .filter((holder) => holder.employeeId === null || !exceptEmployeeIds.includes(holder.employeeId))
    .map((holder) => holder.userId);
}

/** Rows per insert: eight parameters a row stays far under the drivers' limit of 65,535. */
const CHUNK = 1000;

/**
 * Queues one mail job for each new notification whose recipient has an address and has not chosen to
 * have its kind in the inbox only; the job is claimed once the caller's transaction commits.
 */
async function queueMails(
  tx: Executor,
  buId: string,
  written: { id: string; userId: string; kind: string }[],
): Promise<void> {
  const userIds = [...new Set(written.map((row) => row.userId))];
  const [mailboxes, choices] = await Promise.all([
    mailboxesOf(tx, buId, userIds),
    repo.mailChoicesOf(tx, buId, userIds),
  ]);
  const addressed = new Set(mailboxes.map((mailbox) => mailbox.userId));
  const inboxOnly = new Set(
    choices.filter((choice) => !choice.byMail).map((choice) => `${choice.userId} ${choice.kind}`),
  );
  const mailed = written.filter(
    (row) => addressed.has(row.userId) && !inboxOnly.has(`${row.userId} ${row.kind}`),
  );
  await enqueueJobs(
    tx,
    mailed.map((row) => ({
      buId,
      kind: NOTIFICATION_MAIL_JOB,
      payload: { notificationId: row.id },
      createdBy: null,
      createdByUsername: null,
    })),
  );
}

/**
 * Tells the events' employees, in the caller's transaction: a change rolled back tells nobody. Employees
 * without an account are told nothing; an event told before to a person is not told again; a kind the
 * unit silenced is told nobody. Each new notification queues its mail (`queueMails`).
 */
export async function notify(tx: Executor, events: NotificationEvent[]): Promise<void> {
  for (const buId of new Set(events.map((event) => event.buId))) {
    const silenced = (await readSettings(tx, buId)).settings['notifications.silencedKinds'];
    const told = events.filter((event) => event.buId === buId && !silenced.includes(event.kind));
    if (told.length === 0) continue;
    const employeeIds = [...new Set(told.flatMap((event) => event.employeeIds))];
    const actorIds = told.flatMap((event) => (event.byEmployeeId ? [event.byEmployeeId] : []));
    const [accounts, actors] = await Promise.all([
      accountsOfEmployees(tx, buId, employeeIds),
      employeeRefsOf(tx, buId, actorIds),
    ]);
    const usersOf = new Map<string, string[]>();
    for (const { employeeId, userId } of accounts)
      usersOf.set(employeeId, [...(usersOf.get(employeeId) ?? []), userId]);
    const actorOf = new Map(actors.map((actor) => [actor.id, actor]));
    const deciders = await Promise.all(told.map((event) => decidersOf(tx, buId, event)));
    const rows = told.flatMap((event, index) => {
      const actor = event.byEmployeeId ? actorOf.get(event.byEmployeeId) : undefined;
      const data: NotificationData = actor
        ? {
            ...event.data,
            by: {
              employeeNumber: actor.employeeNumber,
              nameEn: actor.Name_1_English,
              nameAr: actor.Name_2_Arabic,
            },
          }
        : event.data;
      const link = linkOf(event.kind, event.data);
      const recipients = new Set([
        ...event.employeeIds.flatMap((employeeId) => usersOf.get(employeeId) ?? []),
        ...(event.userIds ?? []),
        ...(deciders[index] ?? []),
      ]);
      return [...recipients].map((userId) => ({
        buId,
        userId,
        kind: event.kind,
        data,
        link,
        eventKey: event.key,
      }));
    });
    for (let start = 0; start < rows.length; start += CHUNK)
      await queueMails(tx, buId, await repo.insertNotifications(tx, rows.slice(start, start + CHUNK)));
  }
}

function notificationView(row: repo.NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    data: row.data as NotificationData,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The caller's notifications, unread first and newest first, with how many are unread. */
export async function ownInbox(
  deps: ServiceDeps,
  caller: Caller,
  query: InboxQuery,
): Promise<NotificationInbox> {
  const { buId, userId } = caller.principal;
  const { rows, total, unread } = await repo.inbox(
    deps.db,
    buId,
    userId,
    query.unread === true,
    query.pageSize,
    offsetOf(query),
  );
  return { ...pageOf(rows.map(notificationView), total, query), unread };
}

/** Marks one of the caller's notifications read; another person's is not found, as an unknown one. */
export async function markRead(deps: ServiceDeps, caller: Caller, id: string): Promise<Notification> {
  const { buId, userId } = caller.principal;
  const row = await deps.db.transaction(async (tx) => {
    const marked = await repo.markRead(tx, buId, userId, id, deps.now());
    if (!marked) throw notFound('The notification');
    await recordAudit(tx, actorOf(caller), {
      action: 'notification.read',
      entityType: 'notification',
      entityId: id,
    });
    return marked;
  });
  return notificationView(row);
}

export async function markAllRead(deps: ServiceDeps, caller: Caller): Promise<{ marked: number }> {
  const { buId, userId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const marked = await repo.markAllRead(tx, buId, userId, deps.now());
    if (marked > 0)
      await recordAudit(tx, actorOf(caller), {
        action: 'notification.read_all',
        entityType: 'user',
        entityId: userId,
        details: { marked },
      });
    return { marked };
  });
}

async function mailPreferencesOf(deps: ServiceDeps, buId: string, userId: string): Promise<MailPreferences> {
  const [[mailbox], choices, settings] = await Promise.all([
    mailboxesOf(deps.db, buId, [userId]),
    repo.mailChoicesOf(deps.db, buId, [userId]),
    readSettings(deps.db, buId),
  ]);
  const silenced = settings.settings['notifications.silencedKinds'];
  const inboxOnly = new Set(choices.filter((choice) => !choice.byMail).map((choice) => choice.kind));
  return {
    address: mailbox?.email ?? null,
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      byMail: !inboxOnly.has(kind),
      sent: !silenced.includes(kind),
    })),
  };
}

/** Which notifications come to the caller by mail, and which the unit sends at all. */
export const ownMailPreferences = (deps: ServiceDeps, caller: Caller) =>
  mailPreferencesOf(deps, caller.principal.buId, caller.principal.userId);

/** Sets which kinds come to the caller by mail: those listed, and no other. */
export async function updateOwnMailPreferences(
  deps: ServiceDeps,
  caller: Caller,
  body: MailPreferencesUpdate,
): Promise<MailPreferences> {
  const { buId, userId } = caller.principal;
  const choices = NOTIFICATION_KINDS.map((kind) => ({ kind, byMail: body.byMail.includes(kind) }));
  await deps.db.transaction(async (tx) => {
    await repo.writeMailChoices(tx, buId, userId, choices, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'notification.mail_preferences',
      entityType: 'user',
      entityId: userId,
      details: { byMail: body.byMail },
    });
  });
  return mailPreferencesOf(deps, buId, userId);
}

/** The caller's unit's development outbox (the mails kept while no SMTP_URL is set), newest first. */
export async function mailOutbox(deps: ServiceDeps, caller: Caller, query: PageQuery) {
  const { rows, total } = await repo.outbox(deps.db, caller.principal.buId, query.pageSize, offsetOf(query));
  const items: OutboxMail[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return pageOf(items, total, query);
}
