import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';

const STRONG = 'Strong#Pass2026';

describeEachDatabase('grants and scope', (t) => {
  const newUser = async (username: string) =>
    (await createReadyUser(t, { username, displayName: username, password: STRONG })).json().user;
  const departments = async () => {
    const { sql } = await import('drizzle-orm');
    const result = await t.database.db.execute(
      sql`select n.code, n.id from org_nodes n join node_types nt on nt.id = n.node_type_id
           join business_units b on b.id = n.bu_id where nt.code = 'DEPARTMENT' and b.code = 'MAIN'`,
    );
    return Object.fromEntries(
      (result as unknown as { rows: { code: string; id: string }[] }).rows.map((r) => [r.code, r.id]),
    );
  };

  it('grants a role and answers 201 with its userRoleId; the permission applies at once', async () => {
    const user = await newUser('grantee');
    expect((await t.request('grantee', { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    const grant = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'SYS_ADMIN' },
    });
    expect(grant.statusCode).toBe(201);
    expect(grant.json()).toMatchObject({ roleCode: 'SYS_ADMIN', inForce: true });
    expect(grant.headers.location).toBe(`/api/users/${user.id}/roles/${grant.json().userRoleId}`);
    expect((await t.request('grantee', { method: 'GET', url: '/api/users' })).statusCode).toBe(200);

    const again = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'SYS_ADMIN' },
    });
    expect(again.json().code).toBe('GRANT_EXISTS');

    const revoke = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/users/${user.id}/roles/${grant.json().userRoleId}`,
    });
    expect(revoke.statusCode).toBe(204);
    const denied = await t.request('grantee', { method: 'GET', url: '/api/users' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'admin.users' });
  });

  it('resolves a department-scoped grant into a scope of that department only', async () => {
    const user = await newUser('ramp.manager');
    const { RAMP, PAX } = await departments();
    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'MANAGER', departmentId: RAMP },
    });
    const me = (await t.request('ramp.manager', { method: 'GET', url: '/api/diagnostics/auth/me' })).json();
    expect(me).toMatchObject({ authenticated: true, roles: ['MANAGER'] });
    expect(me.grants).toEqual([expect.objectContaining({ roleCode: 'MANAGER', departmentId: RAMP })]);
    const { createPrincipalStore } = await import('../../src/core/auth/principal-store.ts');
    const token = await t.tokenOf('ramp.manager');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const store = await createPrincipalStore(t.database);
    const principal = await store.resolve(claims, new Date());
    if (typeof principal === 'string') throw new Error(principal);
    expect(principal.scopeOf('roster.approve')).toEqual({ kind: 'departments', departmentIds: [RAMP] });
    expect(principal.scopeOf('roster.approve')).not.toEqual({ kind: 'departments', departmentIds: [PAX] });
    expect(principal.scopeOf('admin.users')).toBeNull();

    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'MANAGER', departmentId: PAX },
    });
    await store.settle();
    const both = await store.resolve(claims, new Date());
    await store.close();
    if (typeof both === 'string') throw new Error(both);
    const scope = both.scopeOf('roster.approve');
    expect(scope?.kind === 'departments' && [...scope.departmentIds].sort()).toEqual([PAX, RAMP].sort());
  });

  it('gives nothing through a grant outside its effective dates', async () => {
    const user = await newUser('future.admin');
    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'SYS_ADMIN', effectiveFrom: '2099-01-01' },
    });
    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'HR_ADMIN', effectiveFrom: '2000-01-01', effectiveTo: '2000-12-31' },
    });
    expect((await t.request('future.admin', { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await t.request('future.admin', { method: 'GET', url: '/api/audit/events' })).statusCode).toBe(
      403,
    );
    const read = (await t.request('sysadmin', { method: 'GET', url: `/api/users/${user.id}` })).json();
    expect(read.roles.map((g: { inForce: boolean }) => g.inForce)).toEqual([false, false]);
  });

  it('refuses a grant to a department of another unit', async () => {
    const user = (await t.request('north.admin', { method: 'GET', url: '/api/me/profile' })).json();
    const { RAMP } = await departments();
    const grant = await t.request('north.admin', {
      method: 'POST',
      url: `/api/users/${user.id}/roles`,
      payload: { roleCode: 'MANAGER', departmentId: RAMP },
    });
    expect(grant.statusCode).toBe(422);
    expect(grant.json().code).toBe('DEPARTMENT_UNKNOWN');
  });

  it('reaches every process sharing the database: a second app sees a revoke at once', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const user = await newUser('two.process');
      const grant = (
        await t.request('sysadmin', {
          method: 'POST',
          url: `/api/users/${user.id}/roles`,
          payload: { roleCode: 'SYS_ADMIN' },
        })
      ).json();
      const token = await t.tokenOf('two.process');
      const asOther = () =>
        other.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
      expect((await asOther()).statusCode).toBe(200);
      await t.request('sysadmin', {
        method: 'DELETE',
        url: `/api/users/${user.id}/roles/${grant.userRoleId}`,
      });
      expect((await asOther()).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('refuses a locked user’s token on a second app at once, many times over', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      for (let round = 0; round < 10; round++) {
        const user = await newUser(`lock.race${round}`);
        const token = await t.tokenOf(`lock.race${round}`);
        const asOther = () =>
          other.inject({
            method: 'GET',
            url: '/api/me/profile',
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await asOther()).statusCode).toBe(200);
        const locked = await t.request('sysadmin', { method: 'POST', url: `/api/users/${user.id}/lock` });
        expect(locked.statusCode).toBe(200);
        expect((await asOther()).statusCode, `round ${round}`).toBe(401);
      }
    } finally {
      await other.close();
    }
  });

  // One PGlite is one process: there is no other process to wait for.
  it.skipIf(t.driver !== 'postgres')(
    'answers a lock only once every other process has heard it, however slowly that process hears',
    async () => {
      const { createPrincipalStore } = await import('../../src/core/auth/principal-store.ts');
      const { database } = t;
      // A process whose announcements reach it late (a busy machine delays a listener's delivery).
      const slow = await createPrincipalStore({
        driver: database.driver,
        db: database.db,
        ping: () => database.ping(),
        runPrepared: database.runPrepared,
        withAdvisoryLock: (key, work) => database.withAdvisoryLock(key, work),
        close: async () => undefined,
        listen: (channel, handlers) =>
          database.listen(channel, {
            onMessage: (payload) => setTimeout(() => handlers.onMessage(payload), 300),
            onReset: handlers.onReset,
          }),
      });
      try {
        const user = await newUser('slow.listener');
        const token = await t.tokenOf('slow.listener');
        const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
        expect(typeof (await slow.resolve(claims, new Date()))).toBe('object');
        const locked = await t.request('sysadmin', { method: 'POST', url: `/api/users/${user.id}/lock` });
        expect(locked.statusCode).toBe(200);
        expect(await slow.resolve(claims, new Date())).toBe('REVOKED');
      } finally {
        await slow.close();
      }
    },
  );

  // PGlite announces in process: there is no connection to cut.
  it.skipIf(t.driver !== 'postgres')(
    'stops trusting its cache when the connection that hears changes is cut',
    async () => {
      const other = await buildApp({ config: t.config, database: t.database });
      await other.ready();
      try {
        const user = await newUser('cut.listener');
        const token = await t.tokenOf('cut.listener');
        const asOther = () =>
          other.inject({
            method: 'GET',
            url: '/api/me/profile',
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await asOther()).statusCode).toBe(200);
        // Cut every listening connection (both apps'): announcements sent now reach nobody.
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'rostering-listener:%'`,
        );
        await t.request('sysadmin', { method: 'POST', url: `/api/users/${user.id}/lock` });
        expect((await asOther()).statusCode).toBe(401);
        // Once listening again it hears changes as before.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await t.request('sysadmin', { method: 'POST', url: `/api/users/${user.id}/unlock` });
        const fresh = await t.request(null, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'cut.listener', password: STRONG },
        });
        const again = await other.inject({
          method: 'GET',
          url: '/api/me/profile',
          headers: { authorization: `Bearer ${fresh.json().token}` },
        });
        expect(again.statusCode).toBe(200);
      } finally {
        await other.close();
      }
    },
  );
});
