import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { depsOf } from '../../src/core/module-context.ts';
import { noticeExpiringCertifications } from '../../src/modules/notifications/certificate-notices.ts';
import { describeEachDatabase } from '../helpers/app.ts';

/** The unit's clock: Riyadh's 1 March 2027. */
const NOW = new Date('2027-03-01T08:00:00Z');

interface Told {
  kind: string;
  link: string;
  data: { certificationType?: { code: string; nameEn: string; nameAr: string | null }; expiresOn?: string };
}

/**
 * Issue 55: a holder is told when a certificate of theirs comes within the unit's warning days of its end,
 * by the worker's own pass (no request asks for it), once however often the pass runs.
 */
describeEachDatabase(
  'certificate notices',
  (t) => {
    const send = (username: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.request(username, { method, url, ...(payload ? { payload } : {}) });
    const certificateNotices = async (username: string) => {
      const inbox = await send(username, 'GET', '/api/me/notifications?pageSize=100');
      expect(inbox.statusCode, inbox.body).toBe(200);
      return (inbox.json().items as Told[]).filter((told) => told.kind === 'CERTIFICATE_EXPIRING');
    };
    const employeeOf = async (username: string) =>
      (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`select employee_id as id from users where username = ${username}`,
        )
      )[0]!.id;
    const newType = async (code: string, nameEn: string, nameAr: string) => {
      const created = await send('hradmin', 'POST', '/api/admin/certification-types', {
        code,
        Name_1_English: nameEn,
        Name_2_Arabic: nameAr,
      });
      expect(created.statusCode, created.body).toBe(201);
    };
    const certify = async (username: string, certificationCode: string, expiresOn: string) => {
      const created = await send(
        'hradmin',
        'POST',
        `/api/employees/${await employeeOf(username)}/certifications`,
        {
          certificationCode,
          issuedOn: '2026-03-01',
          expiresOn,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };

    it('tells the holder once of a certificate ending within the warning days, and of none further off', async () => {
      await newType('DEICING', 'Aircraft de-icing', 'إزالة الجليد عن الطائرات');
      await newType('GPU_LICENCE', 'Ground power unit licence', 'رخصة وحدة الطاقة الأرضية');
      await certify('employee', 'DEICING', '2027-03-11');
      await certify('employee', 'GPU_LICENCE', '2027-04-20');

      // The worker's pass runs by itself every 200 ms in this service (CERTIFICATE_NOTICES_MS).
      await expect
        .poll(async () => (await certificateNotices('employee')).length, { timeout: 15_000 })
        .toBe(1);
      const [told] = await certificateNotices('employee');
      expect(told).toMatchObject({
        link: '/my/certifications',
        data: {
          certificationType: {
            code: 'DEICING',
            nameEn: 'Aircraft de-icing',
            nameAr: 'إزالة الجليد عن الطائرات',
          },
          expiresOn: '2027-03-11',
        },
      });
      // However often the pass runs, in however many processes: told once.
      const deps = depsOf({ database: t.database, now: () => NOW });
      const unit = await queryRows<{ id: string }>(
        t.database.db,
        sql`select id from business_units where code = 'MAIN'`,
      );
      expect(await noticeExpiringCertifications(deps, [unit[0]!.id])).toBeGreaterThan(0);
      await noticeExpiringCertifications(deps, [unit[0]!.id]);
      expect(await certificateNotices('employee')).toHaveLength(1);
      // Nobody else is told of the employee's certificate.
      expect(
        (await certificateNotices('supervisor')).filter(
          (notice) => notice.data.certificationType?.code === 'DEICING',
        ),
      ).toEqual([]);
    });

    it('tells of a certificate further off once the unit warns earlier', async () => {
      const settings = await send('sysadmin', 'GET', '/api/settings');
      const longer = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        headers: { 'if-match': `"${settings.json().version}"` },
        payload: { 'notifications.certificateWarningDays': 60 },
      });
      expect(longer.statusCode, longer.body).toBe(200);
      await expect
        .poll(
          async () =>
            (await certificateNotices('employee')).map((told) => told.data.certificationType?.code).sort(),
          {
            timeout: 15_000,
          },
        )
        .toEqual(expect.arrayContaining(['DEICING', 'GPU_LICENCE']));
      expect(
        (await certificateNotices('employee')).filter(
          (told) => told.data.certificationType?.code === 'GPU_LICENCE',
        ),
      ).toHaveLength(1);
    });

    it('refuses a warning of no days or of more than a year, and changes nothing', async () => {
      const settings = await send('sysadmin', 'GET', '/api/settings');
      for (const days of [0, 366, 2.5]) {
        const refused = await t.request('sysadmin', {
          method: 'PATCH',
          url: '/api/settings',
          headers: { 'if-match': `"${settings.json().version}"` },
          payload: { 'notifications.certificateWarningDays': days },
        });
        expect(refused.statusCode, String(days)).toBe(400);
      }
      const after = await send('sysadmin', 'GET', '/api/settings');
      expect(after.json().version).toBe(settings.json().version);
      expect(after.json().settings['notifications.certificateWarningDays']).toBe(60);
    });
  },
  { now: () => NOW, env: { CERTIFICATE_NOTICES_MS: '200' } },
);
