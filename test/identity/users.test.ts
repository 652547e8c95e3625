import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

const STRONG = 'Strong#Pass2026';

describeEachDatabase('user administration', (t) => {
  const create = (payload: Record<string, unknown>) =>
    t.request('sysadmin', { method: 'POST', url: '/api/users', payload });

  it('creates a user who must change the password, with Location and the grant it was given', async () => {
    const response = await create({
      username: 'new.planner',
      displayName: 'New Planner',
      password: STRONG,
      email: 'new.planner@example.com',
      roles: [{ roleCode: 'PLANNER' }],
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(response.headers.location).toBe(`/api/users/${user.id}`);
    expect(user).toMatchObject({ username: 'new.planner', mustChangePassword: true, failed_login_count: 0 });
    expect(user.roles).toEqual([
      expect.objectContaining({ roleCode: 'PLANNER', departmentId: null, inForce: true }),
    ]);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'new.planner', password: STRONG },
    });
    expect(login.json()).toMatchObject({ mustChangePassword: true, user: { roles: ['PLANNER'] } });
  });

  it('generates a temporary password that meets the policy when none is given', async () => {
    const response = await create({ username: 'temp.user', displayName: 'Temp' });
    expect(response.statusCode).toBe(201);
    const password = response.json().temporaryPassword;
    expect(password.length).toBeGreaterThanOrEqual(12);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'temp.user', password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken username (in any letter case) with 409 and a weak password with 422', async () => {
    const taken = await create({ username: 'PLANNER', displayName: 'Dup', password: STRONG });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USERNAME_TAKEN');
    const weak = await create({ username: 'weak.user', displayName: 'Weak', password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('PASSWORD_POLICY');
    expect(weak.json().unmetRules).toEqual(
      expect.arrayContaining(['min_length', 'require_uppercase', 'require_digit', 'require_symbol']),
    );
    const list = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=weak.user' });
    expect(list.json().total).toBe(0);
  });

  it('refuses unknown roles, departments and employees with 422 and creates nothing', async () => {
    const cases = [
      { roles: [{ roleCode: 'NO_SUCH_ROLE' }], code: 'ROLE_UNKNOWN' },
      { roles: [{ roleCode: 'MANAGER', departmentId: crypto.randomUUID() }], code: 'DEPARTMENT_UNKNOWN' },
      { employeeId: crypto.randomUUID(), code: 'EMPLOYEE_UNKNOWN' },
      {
        roles: [{ roleCode: 'MANAGER', effectiveFrom: '2026-12-31', effectiveTo: '2026-01-01' }],
        code: 'INVALID_DATE_RANGE',
      },
    ];
    for (const { code, ...extra } of cases) {
      const response = await create({ username: 'bad.refs', displayName: 'Bad', password: STRONG, ...extra });
      expect(response.statusCode, code).toBe(422);
      expect(response.json().code).toBe(code);
    }
    expect((await t.request('sysadmin', { method: 'GET', url: '/api/users?q=bad.refs' })).json().total).toBe(
      0,
    );
  });

  it('pages the list with total, and shows lockout fields and roles', async () => {
    const page = await t.request('sysadmin', { method: 'GET', url: '/api/users?page=2&pageSize=3' });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 2, pageSize: 3 });
    expect(body.items).toHaveLength(3);
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(body.items[0]).toHaveProperty('failed_login_count');
    expect(body.items[0]).toHaveProperty('lockout_until');
    const tooBig = await t.request('sysadmin', { method: 'GET', url: '/api/users?pageSize=501' });
    expect(tooBig.statusCode).toBe(400);
  });

  it('answers a page past the end with the total and no items, and a later page’s users with their own grants', async () => {
    const departments = (
      await t.request('sysadmin', { method: 'GET', url: '/api/lookups/departments' })
    ).json();
    const ramp = (Array.isArray(departments) ? departments : departments.items).find(
      (d: { code: string }) => d.code === 'RAMP',
    );
    // Last by username, so on the last page; grants in and out of force, scoped and not.
    const created = await create({
      username: 'zz.last',
      displayName: 'Last',
      password: STRONG,
      roles: [
        { roleCode: 'PLANNER', departmentId: ramp.id },
        { roleCode: 'HR_ADMIN', effectiveFrom: '2099-01-01', effectiveTo: '2099-12-31' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const { total } = (await t.request('sysadmin', { method: 'GET', url: '/api/users?pageSize=1' })).json();
    const pages = Math.ceil(total / 3);
    const last = (
      await t.request('sysadmin', { method: 'GET', url: `/api/users?pageSize=3&page=${pages}` })
    ).json();
    expect(last.total).toBe(total);
    const listed = last.items.at(-1);
    expect(listed.username).toBe('zz.last');
    expect(listed.roles.map((r: { roleCode: string; inForce: boolean }) => [r.roleCode, r.inForce])).toEqual([
      ['HR_ADMIN', false],
      ['PLANNER', true],
    ]);
    const record = await t.request('sysadmin', { method: 'GET', url: `/api/users/${listed.id}` });
    expect(listed).toEqual(record.json());
    for (const user of last.items.slice(0, -1)) {
      const own = (await t.request('sysadmin', { method: 'GET', url: `/api/users/${user.id}` })).json();
      expect(user.roles).toEqual(own.roles);
    }
    const past = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/users?pageSize=3&page=${pages + 1}`,
    });
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ items: [], page: pages + 1, pageSize: 3, total });
    const filtered = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=zz.last&page=2' });
    expect(filtered.json()).toMatchObject({ items: [], total: 1 });
  });

  it('updates with If-Match and answers 412 on a stale version', async () => {
    const created = (await create({ username: 'editable', displayName: 'Before', password: STRONG })).json()
      .user;
    const update = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/users/${created.id}`,
      headers: { 'if-match': `"${created.version}"` },
      payload: { displayName: 'After', preferredLanguage: 'ar' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({
      displayName: 'After',
      preferredLanguage: 'ar',
      version: created.version + 1,
    });
    expect(update.headers.etag).toBe(`"${created.version + 1}"`);
    const stale = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/users/${created.id}`,
      headers: { 'if-match': `"${created.version}"` },
      payload: { displayName: 'Lost update' },
    });
    expect(stale.statusCode).toBe(412);
    const read = await t.request('sysadmin', { method: 'GET', url: `/api/users/${created.id}` });
    expect(read.json().displayName).toBe('After');
  });

  it('deletes softly: the user can no longer log in or be read, and their tokens stop', async () => {
    const created = (await create({ username: 'leaver', displayName: 'Leaver', password: STRONG })).json()
      .user;
    const token = await t.tokenOf('leaver');
    const removed = await t.request('sysadmin', { method: 'DELETE', url: `/api/users/${created.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await t.request('sysadmin', { method: 'GET', url: `/api/users/${created.id}` })).statusCode).toBe(
      404,
    );
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'leaver', password: STRONG },
    });
    expect(login.statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    const audit = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/audit/events?entityType=user&entityId=${created.id}&action=user.delete`,
    });
    expect(audit.json().items[0].details.username).toBe('leaver');
  });

  it('refuses to delete or lock oneself', async () => {
    const me = (await t.request('sysadmin', { method: 'GET', url: '/api/me/profile' })).json();
    expect((await t.request('sysadmin', { method: 'DELETE', url: `/api/users/${me.id}` })).json().code).toBe(
      'CANNOT_DELETE_SELF',
    );
    expect(
      (await t.request('sysadmin', { method: 'POST', url: `/api/users/${me.id}/lock` })).json().code,
    ).toBe('CANNOT_LOCK_SELF');
  });

  it('resets a password: old tokens stop, the new password works and must be changed', async () => {
    const created = (
      await create({ username: 'forgetful', displayName: 'Forgetful', password: STRONG })
    ).json().user;
    const token = await t.tokenOf('forgetful');
    const reset = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${created.id}/reset-password`,
      payload: { newPassword: 'Another#Pass2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user.mustChangePassword).toBe(true);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(old.statusCode).toBe(401);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'forgetful', password: 'Another#Pass2026' },
    });
    expect(login.statusCode).toBe(200);
    const history = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/users/${created.id}/login-history`,
    });
    expect(history.json().items[0]).toMatchObject({ success: true, reason: 'SUCCESS' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await t.request('sysadmin', { method: 'GET', url: `/api/users/${crypto.randomUUID()}` })).statusCode,
    ).toBe(404);
    expect((await t.request('sysadmin', { method: 'GET', url: '/api/users/not-a-uuid' })).statusCode).toBe(
      400,
    );
  });

  it('hides users of another business unit behind 404', async () => {
    const mainUser = (await t.request('sysadmin', { method: 'GET', url: '/api/users?q=planner' })).json()
      .items[0];
    for (const request of [
      { method: 'GET' as const, url: `/api/users/${mainUser.id}` },
      { method: 'PATCH' as const, url: `/api/users/${mainUser.id}`, payload: { displayName: 'Hijacked' } },
      { method: 'POST' as const, url: `/api/users/${mainUser.id}/lock` },
      { method: 'DELETE' as const, url: `/api/users/${mainUser.id}` },
    ]) {
      const response = await t.request('north.admin', request);
      expect(response.statusCode, request.method).toBe(404);
    }
    const northList = await t.request('north.admin', { method: 'GET', url: '/api/users' });
    expect(northList.json().items.map((u: { username: string }) => u.username)).toEqual(['north.admin']);
    expect(
      (await t.request('sysadmin', { method: 'GET', url: `/api/users/${mainUser.id}` })).json().displayName,
    ).not.toBe('Hijacked');
  });

  it('keeps one usable system administrator', async () => {
    const north = (await t.request('north.admin', { method: 'GET', url: '/api/me/profile' })).json();
    const user = (await t.request('north.admin', { method: 'GET', url: `/api/users/${north.id}` })).json();
    const grant = user.roles[0].userRoleId;
    const revoke = await t.request('north.admin', {
      method: 'DELETE',
      url: `/api/users/${north.id}/roles/${grant}`,
    });
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().code).toBe('LAST_SYS_ADMIN');
  });

  it('lets demo users log in with the demo password', async () => {
    for (const username of ['sysadmin', 'hradmin', 'employee', 'north.admin']) {
      const response = await t.request(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, username).toBe(200);
    }
  });
});
