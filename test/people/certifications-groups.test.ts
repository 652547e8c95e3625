import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('certifications and employee groups', (t) => {
  const get = (user: string | null, url: string) => t.request(user, { method: 'GET', url });
  const send = (
    user: string,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    version?: number,
  ) =>
    t.request(user, {
      method,
      url,
      payload,
      headers: version === undefined ? {} : { 'if-match': `"${version}"` },
    });
  const idOf = async (number: string) => {
    const page = (await get('sysadmin', `/api/employees?q=${number}`)).json();
    return page.items.find((e: { employeeNumber: string }) => e.employeeNumber === number).id as string;
  };
  const auditActions = async () =>
    (await get('sysadmin', '/api/diagnostics/audit/recent'))
      .json()
      .items.map((e: { action: string }) => e.action);

  it('adds a certification (Active) and lists it; a reader without manage cannot add', async () => {
    const id = await idOf('E00010');
    const url = `/api/employees/${id}/certifications`;
    const created = await send('hradmin', 'POST', url, {
      certificationCode: 'DGR',
      issuedOn: '2026-01-01',
      expiresOn: '2030-01-01',
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(`${url}/${created.json().id}`);
    expect(created.json()).toMatchObject({ Status: 'Active', certificationCode: 'DGR', version: 1 });
    const list = (await get('planner', url)).json();
    expect(list.items.map((c: { certificationCode: string }) => c.certificationCode)).toContain('DGR');
    expect(
      (await send('planner', 'POST', url, { certificationCode: 'X', issuedOn: '2026-01-01' })).statusCode,
    ).toBe(403);
    const backwards = await send('hradmin', 'POST', url, {
      certificationCode: 'X',
      issuedOn: '2026-01-01',
      expiresOn: '2025-01-01',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().code).toBe('CERTIFICATION_DATES_INVALID');
    expect(await auditActions()).toContain('certification.added');
  });

  it('changes a certification’s status along the transition table and refuses nonsense with 409', async () => {
    const id = await idOf('E00011');
    const url = `/api/employees/${id}/certifications`;
    const cert = (
      await send('hradmin', 'POST', url, { certificationCode: 'AVSEC', issuedOn: '2026-01-01' })
    ).json();
    const status = (to: string, version?: number) =>
      send('hradmin', 'PUT', `${url}/${cert.id}/status`, { Status: to }, version);
    const suspended = await status('Suspended', 1);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ Status: 'Suspended', version: 2 });
    expect((await status('Active', 1)).statusCode).toBe(412);
    expect((await status('Active')).json().Status).toBe('Active');
    const same = await status('Active');
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('CERTIFICATION_TRANSITION_INVALID');
    expect((await status('Revoked')).json().Status).toBe('Revoked');
    for (const to of ['Active', 'Suspended', 'Expired']) {
      const refused = await status(to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CERTIFICATION_TRANSITION_INVALID', from: 'Revoked', to });
    }
    expect(await auditActions()).toContain('certification.status_changed');
  });

  it('updates a certification with If-Match; a renewal brings a lapsed one back to Active', async () => {
    const id = await idOf('E00004');
    const list = (await get('hradmin', `/api/employees/${id}/certifications`)).json();
    const lapsed = list.items.find((c: { certificationCode: string }) => c.certificationCode === 'FIRST_AID');
    expect(lapsed.Status).toBe('Expired');
    const toActive = await send('hradmin', 'PUT', `/api/employees/${id}/certifications/${lapsed.id}/status`, {
      Status: 'Active',
    });
    expect(toActive.statusCode).toBe(409);
    const url = `/api/employees/${id}/certifications/${lapsed.id}`;
    const body = { certificationCode: 'FIRST_AID', issuedOn: lapsed.issuedOn, expiresOn: '2099-12-31' };
    expect((await send('hradmin', 'PUT', url, body, lapsed.version + 5)).statusCode).toBe(412);
    const renewed = await send('hradmin', 'PUT', url, body, lapsed.version);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      Status: 'Active',
      expiresOn: '2099-12-31',
      version: lapsed.version + 1,
    });
    expect(renewed.headers.etag).toBe(`"${lapsed.version + 1}"`);
    expect(await auditActions()).toContain('certification.updated');
  });

  it('lists certifications expiring within a number of days, in the caller’s scope', async () => {
    const within30 = (await get('hradmin', '/api/certifications/expiring?withinDays=30&pageSize=500')).json();
    expect(within30.total).toBeGreaterThan(0);
    for (const item of within30.items) {
      expect(item.certification.daysToExpiry).toBeGreaterThanOrEqual(0);
      expect(item.certification.daysToExpiry).toBeLessThanOrEqual(30);
      expect(item.certification.Status).toBe('Active');
    }
    const within0 = (await get('hradmin', '/api/certifications/expiring?withinDays=0')).json();
    expect(within0.total).toBeLessThan(within30.total);
    const scoped = (await get('manager', '/api/certifications/expiring?withinDays=30&pageSize=500')).json();
    expect(scoped.total).toBeLessThan(within30.total);
    const ramp = (await get('hradmin', '/api/lookups/departments')).json();
    const rampId = (Array.isArray(ramp) ? ramp : ramp.items).find(
      (d: { code: string }) => d.code === 'RAMP',
    ).id;
    expect(scoped.items.every((i: { departmentId: string }) => i.departmentId === rampId)).toBe(true);
    const paxAgent = await idOf('E00002');
    expect((await get('manager', `/api/employees/${paxAgent}/certifications`)).statusCode).toBe(404);
  });

  it('answers the caller’s own certifications at /api/employees/me/certifications', async () => {
    const mine = await get('employee', '/api/employees/me/certifications');
    expect(mine.statusCode).toBe(200);
    const me = (await get('sysadmin', `/api/employees/${await idOf('E00007')}/certifications`)).json();
    expect(mine.json().total).toBe(me.total);
    expect((await get(null, '/api/employees/me/certifications')).statusCode).toBe(401);
  });

  it('writes Expired onto lapsed certifications with the diagnostics sweep and says how many', async () => {
    const id = await idOf('E00013');
    const url = `/api/employees/${id}/certifications`;
    const old = (
      await send('hradmin', 'POST', url, {
        certificationCode: 'AVSEC',
        issuedOn: '2020-01-01',
        expiresOn: '2021-01-01',
      })
    ).json();
    expect(old).toMatchObject({ Status: 'Expired', storedStatus: 'Active' });
    const sweep = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/diagnostics/certifications/run-expiry-sweep',
    });
    expect(sweep.statusCode).toBe(200);
    expect(sweep.json().expired).toBeGreaterThanOrEqual(1);
    const after = (await get('hradmin', url)).json().items.find((c: { id: string }) => c.id === old.id);
    expect(after).toMatchObject({ Status: 'Expired', storedStatus: 'Expired' });
    const again = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/diagnostics/certifications/run-expiry-sweep',
    });
    expect(again.json().expired).toBe(0);
  });

  it('creates, reads, changes (If-Match) and deletes an employee group, auditing each', async () => {
    const created = await send('hradmin', 'POST', '/api/employee-groups', {
      code: 'WEEKEND',
      Name_1_English: 'Weekend crew',
      Name_2_Arabic: 'طاقم نهاية الأسبوع',
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(created.headers.location).toBe(`/api/employee-groups/${group.id}`);
    expect(group).toMatchObject({ memberCount: 0, version: 1, departmentId: null });
    const dup = await send('hradmin', 'POST', '/api/employee-groups', {
      code: 'WEEKEND',
      Name_1_English: 'x',
      Name_2_Arabic: 'x',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('EMPLOYEE_GROUP_CODE_TAKEN');
    const url = `/api/employee-groups/${group.id}`;
    expect((await send('hradmin', 'PATCH', url, { Name_1_English: 'Weekend team' }, 9)).statusCode).toBe(412);
    const patched = await send('hradmin', 'PATCH', url, { Name_1_English: 'Weekend team' }, 1);
    expect(patched.json()).toMatchObject({ Name_1_English: 'Weekend team', version: 2, code: 'WEEKEND' });
    expect((await get('planner', url)).json().Name_1_English).toBe('Weekend team');
    expect((await send('planner', 'PATCH', url, { Name_1_English: 'x' })).statusCode).toBe(403);
    expect((await send('hradmin', 'DELETE', url, undefined, 1)).statusCode).toBe(412);
    expect((await send('hradmin', 'DELETE', url, undefined, 2)).statusCode).toBe(204);
    expect((await get('hradmin', url)).statusCode).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['employee_group.created', 'employee_group.updated', 'employee_group.deleted']),
    );
  });

  it('adds and removes members; a department group takes only its department’s employees', async () => {
    const groups = (await get('hradmin', '/api/employee-groups?q=RAMP_NIGHT')).json();
    const night = groups.items[0];
    const url = `/api/employee-groups/${night.id}/members`;
    const members = (await get('hradmin', `${url}?pageSize=500`)).json();
    expect(members.total).toBe(night.memberCount);
    const rampOdd = await idOf('E00001');
    const added = await send('hradmin', 'POST', url, { employeeId: rampOdd });
    expect(added.statusCode).toBe(201);
    expect(added.json().employeeNumber).toBe('E00001');
    expect((await send('hradmin', 'POST', url, { employeeId: rampOdd })).json().code).toBe(
      'GROUP_MEMBER_EXISTS',
    );
    const pax = await send('hradmin', 'POST', url, { employeeId: await idOf('E00002') });
    expect(pax.statusCode).toBe(422);
    expect(pax.json().code).toBe('GROUP_MEMBER_OUTSIDE_DEPARTMENT');
    expect((await get('hradmin', `/api/employee-groups/${night.id}`)).json().memberCount).toBe(
      night.memberCount + 1,
    );
    expect((await send('hradmin', 'DELETE', `${url}/${rampOdd}`)).statusCode).toBe(204);
    expect((await send('hradmin', 'DELETE', `${url}/${rampOdd}`)).statusCode).toBe(404);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['employee_group.member_added', 'employee_group.member_removed']),
    );
  });

  it('keeps groups in scope: a department-scoped reader sees its department’s groups only', async () => {
    const manager = (await get('manager', '/api/employee-groups')).json();
    expect(manager.items.map((g: { code: string }) => g.code)).toEqual(['RAMP_NIGHT_CREW']);
    const trainers = (await get('hradmin', '/api/employee-groups?q=TRAINERS')).json().items[0];
    expect((await get('manager', `/api/employee-groups/${trainers.id}`)).statusCode).toBe(404);
    expect((await get('north.admin', `/api/employee-groups/${trainers.id}`)).statusCode).toBe(404);
    expect(
      (
        await send('north.admin', 'POST', `/api/employee-groups/${trainers.id}/members`, {
          employeeId: await idOf('E00001'),
        })
      ).statusCode,
    ).toBe(404);
  });
});
