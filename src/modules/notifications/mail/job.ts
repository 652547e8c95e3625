import type { Database } from '../../../core/db/database.ts';
import type { JobHandler, JobOutcome } from '../../../core/jobs/runner.ts';
import { type Mail, MailRefused, type MailTransport } from '../../../core/mail/transport.ts';
import { mailboxesOf } from '../../identity/users-service.ts';
import * as repo from '../repository.ts';
import type { NotificationData, NotificationKind } from '../schemas.ts';
import { composeMail } from './compose.ts';

export const NOTIFICATION_MAIL_JOB = 'notification-mail';

/** The longest wait between two tries of a mail: a server down for a day is tried each hour. */
const LONGEST_WAIT_MS = 3_600_000;

export interface MailJobOptions {
  database: Database;
  now: () => Date;
  /** PUBLIC_URL (core/http/public-url.ts): the links' origin, never a request's. */
  publicUrl: () => string;
  /** The SMTP server; null: the mails go to the log and the development outbox. */
  transport: MailTransport | null;
  /** The first wait after a failed try; each next one doubles, up to an hour. */
  retryMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Sends one notification's mail (issue 55). It is read again by the job's unit and id, so that it carries
 * that unit's notification to that notification's recipient and nothing else; one already handed over
 * (`mailed_at`) is not sent again, so a job queued twice or resumed after a crash mails at most once more
 * in the instant between the server's answer and the mark (and with the same Message-ID). A server that
 * is down, or answers "try later", puts the job back to wait, longer each time, and loses nothing.
 */
export function notificationMailJob(options: MailJobOptions): JobHandler {
  const { database, transport } = options;
  const db = database.db;
  return {
    kind: NOTIFICATION_MAIL_JOB,
    async run(job): Promise<JobOutcome> {
      const notificationId = String(job.payload?.notificationId ?? '');
      const notification = await repo.notificationToMail(db, job.buId, notificationId);
      if (!notification || notification.mailedAt) return { status: 'Completed' };
      const [mailbox] = await mailboxesOf(db, job.buId, [notification.userId]);
      if (!mailbox) return { status: 'Completed' };
      const url = `${options.publicUrl()}${notification.link}`;
      const composed = composeMail(
        mailbox.language,
        mailbox.displayName,
        { kind: notification.kind as NotificationKind, data: notification.data as NotificationData },
        url,
      );
      const host = new URL(options.publicUrl()).hostname;
      const mail: Mail = { to: mailbox.email, ...composed, messageId: `<${notification.id}@${host}>` };
      if (!transport) {
        await db.transaction(async (tx) => {
          await repo.insertOutboxMail(tx, {
            buId: job.buId,
            notificationId: notification.id,
            recipient: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          });
          await repo.markMailed(tx, job.buId, notification.id, options.now());
        });
        options.log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail kept in the development outbox (no SMTP_URL)',
        );
        return { status: 'Completed' };
      }
      try {
        await transport.send(mail);
      } catch (error) {
        if (error instanceof MailRefused) return { status: 'Failed', error: error.message };
        const retryInMs = Math.min(options.retryMs * 2 ** Math.max(job.attempts - 1, 0), LONGEST_WAIT_MS);
        options.log.warn(
          { err: error, jobId: job.id, attempts: job.attempts, retryInMs },
          'mail not sent: tried again later',
        );
        return { status: 'Running', error: (error as Error).message, retryInMs };
      }
      await repo.markMailed(db, job.buId, notification.id, options.now());
      return { status: 'Completed' };
    },
  };
}
