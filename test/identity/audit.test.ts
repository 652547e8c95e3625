import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('audit log', (t) => {
  it('records user, role and grant changes with actor and trace id, filterable and paged', async () => {
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/users',
      payload: {
        username: 'audited',
        displayName: 'Audited',
        password: 'Strong#Pass2026',
        roles: [{ roleCode: 'COO' }],
      },
    });
    const id = created.json().user.id;
    const events = await t.request('sysadmin', { method: 'GET', url: `/api/audit/events?entityId=${id}` });
    expect(events.statusCode).toBe(200);
    expect(events.json().items[0]).toMatchObject({
      action: 'user.create',
      actorUsername: 'sysadmin',
      entityType: 'user',
      entityId: id,
      traceId: expect.any(String),
      details: { username: 'audited', roles: ['COO'] },
    });
    await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/users/${id}`,
      payload: { displayName: 'Changed' },
    });
    const paged = await t.request('sysadmin', { method: 'GET', url: '/api/audit/events?pageSize=1' });
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThan(1);
    const future = await t.request('sysadmin', {
      method: 'GET',
      url: '/api/audit/events?from=2099-01-01T00:00:00Z',
    });
    expect(future.json().total).toBe(0);
    const inverted = await t.request('sysadmin', {
      method: 'GET',
      url: '/api/audit/events?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    });
    expect(inverted.statusCode).toBe(422);
  });

  it('shows each business unit only its own events', async () => {
    await t.request('north.admin', { method: 'PATCH', url: '/api/settings', payload: { minRestHours: 10 } });
    const main = await t.request('sysadmin', { method: 'GET', url: '/api/audit/events?pageSize=500' });
    expect(
      main.json().items.every((e: { actorUsername: string | null }) => e.actorUsername !== 'north.admin'),
    ).toBe(true);
  });

  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    await t.request('sysadmin', {
      method: 'POST',
      url: '/api/diagnostics/audit/test',
      payload: { message: 'x' },
    });
    const sqlState = (query: Promise<unknown>) =>
      query.then(
        () => 'succeeded',
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
    expect(await sqlState(t.database.db.execute(sql`update audit_events set action = 'tampered'`))).toBe(
      '42501',
    );
    expect(await sqlState(t.database.db.execute(sql`delete from audit_events`))).toBe('42501');
    const recent = await t.request(null, { method: 'GET', url: '/api/diagnostics/audit/recent' });
    expect(recent.json().items.some((e: { action: string }) => e.action === 'tampered')).toBe(false);
    expect(recent.json().items[0].action).toBe('diagnostics.test');
  });

  it('is readable by HR_ADMIN and not by a planner', async () => {
    expect((await t.request('hradmin', { method: 'GET', url: '/api/audit/events' })).statusCode).toBe(200);
    const planner = await t.request('planner', { method: 'GET', url: '/api/audit/events' });
    expect(planner.statusCode).toBe(403);
    expect(planner.json().permission).toBe('admin.audit');
  });
});
