import { expect, it } from 'vitest';
import { openXlsx } from '../../src/core/xlsx/index.ts';
import { EMPLOYEE_COLUMNS } from '../../src/modules/imports/workbook.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { importWorkbook, upload, waitForJob } from '../helpers/workbooks.ts';

/** Issue 51: the people an import brings in can use self-service without an account made by hand each. */
describeEachDatabase('accounts opened by the employee import', (t) => {
  const headers = { employees: [...EMPLOYEE_COLUMNS, 'homePoolCode', 'username'] };
  const row = (number: string, name: string, username: string | null) =>
    [number, name, 'موظف جديد', 'RAMP', null, null, null, null, null, username] as const;
  const login = (username: string, password: string) =>
    t.request(null, { method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('opens a linked employee account per username, refuses taken and malformed ones, and gives first passwords once', async () => {
    const bytes = await importWorkbook(
      [
        row('N0001', 'Amal New', 'amal.new'),
        row('N0002', 'Bader New', 'Planner'),
        row('N0003', 'Chadi New', 'x'),
        row('N0004', 'Dana New', 'AMAL.NEW'),
        row('N0005', 'Eid New', null),
      ],
      [],
      headers,
    );
    const done = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', bytes)).json().job.id);
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsDone: 5, rowsFailed: 3 });
    const report = await openXlsx(
      (await t.request('hradmin', { method: 'GET', url: `/api/imports/jobs/${done.id}/error-report` }))
        .rawPayload,
    );
    const refused = (await report.readAll('Errors')).slice(1).map((line) => [line.cells[3], line.cells[4]]);
    expect(refused).toEqual([
      ['username', 'Planner'],
      ['username', 'x'],
      ['username', 'AMAL.NEW'],
    ]);

    const awaiting = (
      await t.request('sysadmin', { method: 'GET', url: '/api/users?awaitingFirstPassword=true' })
    ).json();
    expect(awaiting.items.map((user: { username: string }) => user.username)).toEqual(['amal.new']);
    const opened = awaiting.items[0];
    const employee = (await t.request('hradmin', { method: 'GET', url: '/api/employees?q=N0001' })).json()
      .items[0];
    expect(opened).toMatchObject({
      displayName: 'Amal New',
      employeeId: employee.id,
      mustChangePassword: true,
      roles: [expect.objectContaining({ roleCode: 'EMPLOYEE' })],
    });
    // No password opens it before one is given.
    expect((await login('amal.new', '')).statusCode).toBe(400);
    expect((await login('amal.new', '!no-password-yet')).statusCode).toBe(401);

    const planner = (await t.request('sysadmin', { method: 'GET', url: '/api/users?q=planner' })).json()
      .items[0];
    const issued = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/users/first-passwords',
      payload: { userIds: [opened.id, planner.id] },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().skipped).toEqual([planner.id]);
    const [{ temporaryPassword }] = issued.json().issued;
    const first = await login('amal.new', temporaryPassword);
    expect(first.statusCode, first.body).toBe(200);
    const bearer = { authorization: `Bearer ${first.json().token}` };
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer,
      payload: { currentPassword: temporaryPassword, newPassword: 'Amal#Own2026pass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/me/leave-requests',
      headers: { authorization: `Bearer ${changed.json().token}` },
    });
    expect(own.statusCode, own.body).toBe(200);

    // Given once: the account has a password now, and a second issue leaves it alone.
    const again = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/users/first-passwords',
      payload: { userIds: [opened.id] },
    });
    expect(again.json()).toEqual({ issued: [], skipped: [opened.id] });
    expect(
      (
        await t.request('hradmin', {
          method: 'POST',
          url: '/api/users/first-passwords',
          payload: { userIds: [opened.id] },
        })
      ).statusCode,
    ).toBe(403);

    // The export carries the username, and importing it again opens nothing more.
    const exported = await t.request('hradmin', { method: 'GET', url: '/api/imports/export-current' });
    const again2 = await waitForJob(
      t,
      'hradmin',
      (await upload(t, 'hradmin', exported.rawPayload)).json().job.id,
    );
    expect(again2.rowsFailed).toBe(0);
    expect(
      (await t.request('sysadmin', { method: 'GET', url: '/api/users?awaitingFirstPassword=true' })).json()
        .total,
    ).toBe(0);
  });
});
