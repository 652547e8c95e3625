import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('settings', (t) => {
  it('shows every setting with its default to any signed-in caller, with an ETag', async () => {
    const response = await t.request('employee', { method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.businessUnit.code).toBe('MAIN');
    expect(body.settings).toMatchObject({
      timezone: 'Asia/Riyadh',
      weekendDays: ['Friday', 'Saturday'],
      minRestHours: 11,
      maxConsecutiveDays: 6,
      maxWeeklyHours: 60,
      'lockout.threshold': 5,
      'lockout.minutes': 15,
      'reconciliation.toleranceMinutes': 10,
      'equalization.windowDays': 90,
      'password.min_length': 12,
      'password.require_symbol': true,
    });
    expect(response.headers.etag).toBe(`"${body.version}"`);
  });

  it('refuses anonymous readers', async () => {
    const response = await t.request(null, { method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(401);
  });

  it('lets admin.config holders change settings and records who changed what', async () => {
    const before = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'if-match': `"${before.version}"` },
      payload: { minRestHours: 12, timezone: 'Asia/Dubai' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      minRestHours: 12,
      timezone: 'Asia/Dubai',
      maxWeeklyHours: 60,
    });
    expect(response.json().version).toBe(before.version + 1);
    const audit = await t.request('sysadmin', {
      method: 'GET',
      url: '/api/audit/events?action=settings.update',
    });
    expect(audit.json().items[0].details.changed.minRestHours).toEqual({ from: 11, to: 12 });
  });

  it('answers a stale If-Match with 412 and changes nothing', async () => {
    const before = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      headers: { 'if-match': `"${before.version - 1}"` },
      payload: { maxWeeklyHours: 50 },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().code).toBe('PRECONDITION_FAILED');
    const after = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    expect(after.settings.maxWeeklyHours).toBe(before.settings.maxWeeklyHours);
    expect(after.version).toBe(before.version);
  });

  it('rejects an unknown time zone with 422 and keeps the old value', async () => {
    const response = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SETTINGS_INVALID' });
    expect(response.json().errors[0].path).toBe('/timezone');
  });

  it('rejects out-of-range and unknown keys with 400', async () => {
    for (const payload of [
      { 'password.min_length': 3 },
      { weekendDays: ['Funday'] },
      { colour: 'blue' },
      {},
    ]) {
      const response = await t.request('sysadmin', { method: 'PATCH', url: '/api/settings', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('forbids changes without admin.config', async () => {
    const response = await t.request('hradmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { minRestHours: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'admin.config' });
  });

  it("keeps each business unit's settings apart", async () => {
    await t.request('north.admin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { maxConsecutiveDays: 5 },
    });
    const main = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json();
    const north = (await t.request('north.admin', { method: 'GET', url: '/api/settings' })).json();
    expect(north.settings.maxConsecutiveDays).toBe(5);
    expect(main.settings.maxConsecutiveDays).toBe(6);
  });

  // Issue 34: the settings are served from the access cache; a change must never leave a stale copy.
  it('serves a change to the very next read, from the cache or not', async () => {
    const read = async () => (await t.request('employee', { method: 'GET', url: '/api/settings' })).json();
    const before = await read();
    expect(await read()).toEqual(before);
    const changed = await t.request('sysadmin', {
      method: 'PATCH',
      url: '/api/settings',
      payload: { minRestHours: before.settings.minRestHours + 1 },
    });
    expect(changed.statusCode).toBe(200);
    const after = await t.request('employee', { method: 'GET', url: '/api/settings' });
    expect(after.json().settings.minRestHours).toBe(before.settings.minRestHours + 1);
    expect(after.headers.etag).toBe(`"${before.version + 1}"`);
    // A change made outside the service is announced by the database as well.
    await t.database.db.execute(
      sql`update business_unit_settings set values = values || '{"maxWeeklyHours": 48}', version = version + 1
           where bu_id = (select id from business_units where code = 'MAIN')`,
    );
    let seen = 0;
    for (let attempt = 0; attempt < 40 && seen !== 48; attempt += 1) {
      seen = (await read()).settings.maxWeeklyHours;
      if (seen !== 48) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(48);
  });

  it('serves a change made through one app to the next read on a second app at once', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const token = await t.tokenOf('employee');
      const readOnOther = async () =>
        other.inject({ method: 'GET', url: '/api/settings', headers: { authorization: `Bearer ${token}` } });
      const before = (await readOnOther()).json();
      expect((await readOnOther()).json()).toEqual(before);
      const changed = await t.request('sysadmin', {
        method: 'PATCH',
        url: '/api/settings',
        payload: {
          'reconciliation.toleranceMinutes': before.settings['reconciliation.toleranceMinutes'] + 1,
        },
      });
      expect(changed.statusCode).toBe(200);
      const after = await readOnOther();
      expect(after.json().settings['reconciliation.toleranceMinutes']).toBe(
        before.settings['reconciliation.toleranceMinutes'] + 1,
      );
      expect(after.headers.etag).toBe(`"${before.version + 1}"`);
    } finally {
      await other.close();
    }
  });
});
