import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { enqueueJob } from '../../src/core/jobs/queue.ts';
import { notify } from '../../src/modules/notifications/service.ts';
import { createTestContext, type TestContext } from '../helpers/app.ts';
import { testDrivers } from '../helpers/environment.ts';
import { changeDay2, mainIdOf, publishTinyRoster, republishLatest } from '../helpers/roster.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/** A clock before the tiny roster's days, so the planner may still change them. */
const NOW = new Date('2027-03-01T08:00:00Z');
const ORIGIN = 'https://rosters.example.com';
const ARABIC = /[\u0600-\u06FF]/;

interface Mailed {
  id: string;
  kind: string;
  link: string;
  email: string;
  language: string;
  version: number | null;
}

for (const driver of testDrivers()) {
  describe(`notification mail over SMTP [${driver}]`, () => {
    let smtp: TestSmtpServer;
    let t: TestContext;
    const ids: Record<string, string> = {};
    const as = (username: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
      t.request(username, { method, url, ...(payload ? { payload } : {}) });
    const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

    /** Waits until no mail job waits or runs (a job put back to wait counts as waiting). */
    const mailsSettled = async () => {
      for (let tries = 0; tries < 300; tries++) {
        const [left] = await rows<{ n: number }>(
          sql`select count(*)::int as n from jobs
               where kind = 'notification-mail' and status in ('Queued', 'Running')`,
        );
        if (left!.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the mail jobs did not finish');
    };
    /** The notifications whose recipient has an address, with it and their language. */
    const mailable = () =>
      rows<Mailed>(
        sql`select n.id, n.kind, n.link, u.email, u.preferred_language as language,
                   (n.data->>'version')::int as version
              from notifications n join users u on u.id = n.user_id
             where coalesce(u.email, '') <> '' order by n.created_at`,
      );
    const mailOf = (notification: Pick<Mailed, 'id'>) =>
      smtp.received.filter((mail) => mail.messageId === `<${notification.id}@rosters.example.com>`);
    /** Every notification with an address mailed exactly once, to it, in its language, with its link. */
    const expectEachMailedOnce = async () => {
      const told = await mailable();
      for (const notification of told) {
        const mails = mailOf(notification);
        expect(mails, `${notification.kind} to ${notification.email}`).toHaveLength(1);
        const [mail] = mails as [ReceivedMail];
        expect(mail.to).toEqual([notification.email]);
        expect(mail.text).toContain(`${ORIGIN}${notification.link}`);
        expect(mail.html).toContain(`href="${`${ORIGIN}${notification.link}`.replaceAll('&', '&#38;')}"`);
        expect(ARABIC.test(mail.subject), mail.subject).toBe(notification.language === 'ar');
        expect(mail.html).toContain(`lang="${notification.language}"`);
      }
      expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(smtp.received.length);
      expect(smtp.received).toHaveLength(told.length);
      return told;
    };
    const employeeId = async (unit: string, number: string) =>
      (
        await rows<{ id: string }>(
          sql`select e.id from employees e join business_units b on b.id = e.bu_id
               where e.employee_number = ${number} and b.code = ${unit}`,
        )
      )[0]!.id;

    /** The demo employee is given a morning shift on `date` and offers it to the supervisor. */
    const giveAway = async (date: string) => {
      const shift = await as('planner', 'POST', `/api/employees/${ids.E7}/shift-assignments`, {
        date,
        shiftTemplateId: ids.MORNING,
        terminalId: ids.T1,
      });
      expect(shift.statusCode, shift.body).toBe(201);
      const given = await as('employee', 'POST', '/api/me/shift-swaps', {
        kind: 'GiveAway',
        assignmentId: shift.json().id,
        colleagueId: ids.E4,
      });
      expect(given.statusCode, given.body).toBe(201);
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestContext(driver, {
        now: () => NOW,
        env: {
          SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'Rosters <rosters@example.com>',
          PUBLIC_URL: ORIGIN,
          MAIL_RETRY_MS: '100',
        },
      });
      ids.E7 = await employeeId('MAIN', 'E00007');
      ids.E4 = await employeeId('MAIN', 'E00004');
      ids.NORTH1 = await employeeId('NORTH', 'E00001');
      ids.T1 = await mainIdOf(t, 'terminals', 'T1');
      ids.MORNING = await mainIdOf(t, 'shift_templates', 'MORNING');
      const arabic = await as('employee', 'PATCH', '/api/me/profile', { preferredLanguage: 'ar' });
      expect(arabic.statusCode, arabic.body).toBe(200);
    });
    afterAll(async () => {
      expect(t?.contractViolations ?? []).toEqual([]);
      await t?.app.close();
      await t?.database.close();
      await smtp?.stop();
    });

    it('mails each recipient of a republish, a leave decision and a swap once, in their language, with the link', async () => {
      await publishTinyRoster(t);
      await changeDay2(t, ids.E7!);
      await republishLatest(t);

      const leave = await as('employee', 'POST', '/api/leave-requests', {
        from: '2031-02-01',
        to: '2031-02-03',
      });
      expect(leave.statusCode, leave.body).toBe(201);
      const approved = await as('manager', 'PATCH', `/api/leave-requests/${leave.json().id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);

      await giveAway('2027-04-10');

      await mailsSettled();
      const told = await expectEachMailedOnce();
      const [roster] = mailOf(
        told.find(
          (n) => n.kind === 'ROSTER_CHANGED' && n.version === 2 && n.email === 'employee@example.com',
        )!,
      );
      expect(roster!.subject).toBe('تغيّر جدولك: النسخة 2');
      expect(roster!.text).toContain(`${ORIGIN}/my/roster?month=2027-03`);
      expect(roster!.text).toMatch(/8 مارس 2027: .*\d\d:\d\d–\d\d:\d\d/);
      const [decided] = mailOf(told.find((n) => n.kind === 'LEAVE_DECIDED')!);
      expect(decided).toMatchObject({ to: ['employee@example.com'] });
      expect(decided!.subject).toMatch(/^اجتازت إجازتك من 1 فبراير 2031 إلى 3 فبراير 2031 المرحلة 1$/);
      const [asked] = mailOf(
        told.find((n) => n.kind === 'LEAVE_AWAITING' && n.email === 'hradmin@example.com')!,
      );
      expect(asked!.subject).toMatch(/asks for leave from 1 Feb 2031 to 3 Feb 2031: step 2 waits/);
      expect(asked!.text).toContain(`${ORIGIN}/approvals/leave`);
      const [offered] = mailOf(told.find((n) => n.kind === 'SWAP_PROPOSED')!);
      expect(offered).toMatchObject({ to: ['supervisor@example.com'] });
      expect(offered!.subject).toMatch(/offers you their shift of 10 Apr 2027$/);
      expect(offered!.text).toContain(`${ORIGIN}/my/swaps`);
    });

    it('keeps the mails while the server is down and sends each once when it is back', async () => {
      const before = smtp.received.length;
      await smtp.stop();
      const leave = await as('employee', 'POST', '/api/leave-requests', {
        from: '2031-05-01',
        to: '2031-05-02',
      });
      expect(leave.statusCode, leave.body).toBe(201);
      const rejected = await as('manager', 'PATCH', `/api/leave-requests/${leave.json().id}/reject`, {
        comment: 'No cover',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      // Each mail has been tried and put back to wait, some more than once.
      for (let tries = 0; ; tries++) {
        const [waiting] = await rows<{ n: number; tried: number }>(
          sql`select count(*)::int as n, min(attempts)::int as tried from jobs
               where kind = 'notification-mail' and status = 'Queued'`,
        );
        if (waiting!.n >= 2 && waiting!.tried >= 2) break;
        expect(tries, 'the mails were tried while the server was down').toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(smtp.received).toHaveLength(before);
      const [failed] = await rows<{ n: number }>(
        sql`select count(*)::int as n from jobs where kind = 'notification-mail' and status = 'Failed'`,
      );
      expect(failed!.n).toBe(0);
      await smtp.start();
      await mailsSettled();
      await expectEachMailedOnce();
      expect(smtp.received.length).toBeGreaterThanOrEqual(before + 2);
    });

    it('mails only what a person chose and the unit sends, and nothing to a person without an address', async () => {
      const chosen = await as('employee', 'PUT', '/api/me/notification-preferences', {
        byMail: ['LEAVE_AWAITING'],
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const settings = await as('sysadmin', 'GET', '/api/settings');
      const silenced = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { 'notifications.silencedKinds': ['SWAP_PROPOSED'] },
      });
      expect(silenced.statusCode, silenced.body).toBe(200);
      const [manager] = await rows<{ id: string }>(sql`select id from users where username = 'manager'`);
      const noAddress = await as('sysadmin', 'PATCH', `/api/users/${manager!.id}`, { email: null });
      expect(noAddress.statusCode, noAddress.body).toBe(200);
      const before = smtp.received.length;
      const inboxBefore = (await as('employee', 'GET', '/api/me/notifications')).json().total as number;

      const leave = await as('employee', 'POST', '/api/leave-requests', {
        from: '2031-07-01',
        to: '2031-07-01',
      });
      expect(leave.statusCode, leave.body).toBe(201);
      const approved = await as('manager', 'PATCH', `/api/leave-requests/${leave.json().id}/approve`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      await giveAway('2027-04-12');
      await mailsSettled();

      // The employee's decision is in the inbox only; the manager (no address) was asked in the inbox only.
      expect((await as('employee', 'GET', '/api/me/notifications')).json().total).toBe(inboxBefore + 1);
      const managerAsked = (await as('manager', 'GET', '/api/me/notifications')).json().items as {
        data: { from?: string };
      }[];
      expect(managerAsked.some((item) => item.data.from === '2031-07-01')).toBe(true);
      // The colleague heard nothing of the silenced give-away; HR, asked for step 2, is mailed.
      const [proposed] = await rows<{ n: number }>(
        sql`select count(*)::int as n from notifications where kind = 'SWAP_PROPOSED'`,
      );
      expect(proposed!.n).toBe(1);
      // Only the deciders with an address are mailed, each asked for their step.
      const fresh = smtp.received.slice(before);
      const recipients = fresh.flatMap((mail) => mail.to);
      expect(recipients).toContain('hradmin@example.com');
      expect(recipients).not.toContain('employee@example.com');
      expect(recipients).not.toContain('manager@example.com');
      for (const mail of fresh)
        expect(mail.subject).toMatch(/asks for leave from 1 Jul 2031 to 1 Jul 2031: step [12]/);
      const [asked] = await rows<{ n: number }>(
        sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
             where n.kind = 'LEAVE_AWAITING' and n.data->>'from' = '2031-07-01' and u.email is not null`,
      );
      expect(fresh).toHaveLength(asked!.n);
      const preferences = (await as('employee', 'GET', '/api/me/notification-preferences')).json();
      expect(preferences.address).toBe('employee@example.com');
      expect(preferences.kinds).toContainEqual({ kind: 'LEAVE_AWAITING', byMail: true, sent: true });
      expect(preferences.kinds).toContainEqual({ kind: 'LEAVE_DECIDED', byMail: false, sent: true });
      expect(preferences.kinds).toContainEqual({ kind: 'SWAP_PROPOSED', byMail: false, sent: false });
    });

    it("never carries another unit's data: each unit's notification goes to its own person, read by its own unit", async () => {
      const units = await rows<{ id: string; code: string }>(sql`select id, code from business_units`);
      const unitId = (code: string) => units.find((unit) => unit.code === code)!.id;
      const change = (shiftNameEn: string) => ({
        date: '2027-06-01',
        change: 'added' as const,
        before: null,
        after: {
          shiftCode: 'X',
          shiftNameEn,
          shiftNameAr: null,
          start: '06:00',
          end: '14:00',
          terminalCode: 'T',
          terminalNameEn: `${shiftNameEn} terminal`,
          terminalNameAr: null,
        },
      });
      const north = await as('north.admin', 'PATCH', '/api/me/profile', { preferredLanguage: 'en' });
      expect(north.statusCode, north.body).toBe(200);
      const before = smtp.received.length;
      await t.database.db.transaction((tx) =>
        notify(tx, [
          {
            buId: unitId('MAIN'),
            employeeIds: [ids.E7!],
            kind: 'ROSTER_CHANGED',
            data: { version: 7, changes: [change('Main secret')] },
            key: 'test:two-units',
          },
          {
            buId: unitId('NORTH'),
            employeeIds: [ids.NORTH1!],
            kind: 'ROSTER_CHANGED',
            data: { version: 3, changes: [change('North secret')] },
            key: 'test:two-units',
          },
        ]),
      );
      const [mainNotice] = await rows<{ id: string }>(
        sql`select id from notifications where event_key = 'test:two-units' and bu_id = ${unitId('MAIN')}`,
      );
      // A job of one unit naming another unit's notification finds nothing to send.
      await t.database.db.transaction((tx) =>
        enqueueJob(tx, {
          buId: unitId('NORTH'),
          kind: 'notification-mail',
          payload: { notificationId: mainNotice!.id },
          createdBy: null,
          createdByUsername: null,
        }),
      );
      await mailsSettled();
      const fresh = smtp.received.slice(before);
      const northMails = fresh.filter((mail) => mail.to.includes('north.admin@example.com'));
      expect(northMails).toHaveLength(1);
      expect(northMails[0]!.text).toContain('North secret');
      expect(northMails[0]!.subject).toBe('Your roster changed: version 3');
      for (const mail of fresh) {
        const other = mail.to.includes('north.admin@example.com') ? 'Main secret' : 'North secret';
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(other);
      }
      // The employee chose leave steps only by mail: the MAIN roster change stays in their inbox.
      expect(fresh.filter((mail) => mail.to.includes('employee@example.com'))).toEqual([]);
      expect(fresh).toHaveLength(1);
    });
  });
}
