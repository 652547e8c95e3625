import { expect, it } from 'vitest';
import { PERMISSION_CATALOG } from '../../src/core/auth/catalog.ts';
import { describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('roles and permissions', (t) => {
  const roleByCode = async (code: string) => {
    const list = await t.request('sysadmin', { method: 'GET', url: '/api/roles?pageSize=100' });
    return list.json().items.find((role: { code: string }) => role.code === code);
  };

  it('lists the eight system roles with the default matrix', async () => {
    const list = await t.request('sysadmin', { method: 'GET', url: '/api/roles?pageSize=100' });
    expect(list.statusCode).toBe(200);
    const codes = list.json().items.map((role: { code: string }) => role.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'SYS_ADMIN',
        'HR_ADMIN',
        'HR_DIRECTOR',
        'COO',
        'PLANNER',
        'MANAGER',
        'SUPERVISOR',
        'EMPLOYEE',
      ]),
    );
    const sysAdmin = await roleByCode('SYS_ADMIN');
    expect(sysAdmin.permissions).toHaveLength(PERMISSION_CATALOG.length);
    const employee = await roleByCode('EMPLOYEE');
    expect(employee.permissions.sort()).toEqual(
      [
        'attendance.view.own',
        'availability.manage_own',
        'calendar.view',
        'calendar_feed.manage_own',
        'leave_request.submit',
        'leave_request.view_own',
        'open_shift.claim',
        'shift_template.view',
        'shift_swap.propose',
      ].sort(),
    );
    expect((await roleByCode('MANAGER')).permissions).toEqual(
      expect.arrayContaining(['roster.approve', 'leave.approve']),
    );
  });

  it('serves the global permission catalog with descriptions', async () => {
    const response = await t.request('sysadmin', { method: 'GET', url: '/api/permissions?pageSize=500' });
    expect(response.json().total).toBe(PERMISSION_CATALOG.length);
    expect(response.json().items).toContainEqual(
      expect.objectContaining({
        code: 'allocation_run.debug',
        area: 'allocation',
        description: expect.any(String),
      }),
    );
  });

  it('creates, changes and deletes a custom role', async () => {
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/roles',
      payload: { code: 'NIGHT_LEAD', name: 'Night lead', permissions: ['roster.view', 'dashboard.view'] },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(created.headers.location).toBe(`/api/roles/${role.id}`);
    expect(role).toMatchObject({ isSystem: false, permissions: ['dashboard.view', 'roster.view'] });

    const changed = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/roles/${role.id}`,
      headers: { 'if-match': `"${role.version}"` },
      payload: { permissions: ['roster.view'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().permissions).toEqual(['roster.view']);

    const duplicate = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/roles',
      payload: { code: 'NIGHT_LEAD', name: 'Again', permissions: [] },
    });
    expect(duplicate.json().code).toBe('ROLE_CODE_TAKEN');

    expect((await t.request('sysadmin', { method: 'DELETE', url: `/api/roles/${role.id}` })).statusCode).toBe(
      204,
    );
    expect((await t.request('sysadmin', { method: 'GET', url: `/api/roles/${role.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses unknown permissions with 422', async () => {
    const response = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/roles',
      payload: { code: 'ODD', name: 'Odd', permissions: ['roster.view', 'launch.rockets'] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PERMISSION_UNKNOWN' });
  });

  it('protects system roles from change and deletion', async () => {
    const planner = await roleByCode('PLANNER');
    const patch = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/roles/${planner.id}`,
      payload: { name: 'X' },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().code).toBe('ROLE_PROTECTED');
    const remove = await t.request('sysadmin', { method: 'DELETE', url: `/api/roles/${planner.id}` });
    expect(remove.json().code).toBe('ROLE_PROTECTED');
  });

  it('refuses to delete a role still granted', async () => {
    const role = (
      await t.request('sysadmin', {
        method: 'POST',
        url: '/api/roles',
        payload: { code: 'GRANTED', name: 'Granted', permissions: ['roster.view'] },
      })
    ).json();
    const coo = (await t.request('sysadmin', { method: 'GET', url: '/api/users?q=coo' })).json().items[0];
    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${coo.id}/roles`,
      payload: { roleId: role.id },
    });
    const remove = await t.request('sysadmin', { method: 'DELETE', url: `/api/roles/${role.id}` });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('ROLE_IN_USE');
  });

  it('gives a role change to its holders at once', async () => {
    const role = (
      await t.request('sysadmin', {
        method: 'POST',
        url: '/api/roles',
        payload: { code: 'AUDITOR', name: 'Auditor', permissions: [] },
      })
    ).json();
    const employee = (await t.request('sysadmin', { method: 'GET', url: '/api/users?q=employee' })).json()
      .items[0];
    await t.request('sysadmin', {
      method: 'POST',
      url: `/api/users/${employee.id}/roles`,
      payload: { roleId: role.id },
    });
    expect((await t.request('employee', { method: 'GET', url: '/api/audit/events' })).statusCode).toBe(403);
    await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/roles/${role.id}`,
      payload: { permissions: ['admin.audit'] },
    });
    expect((await t.request('employee', { method: 'GET', url: '/api/audit/events' })).statusCode).toBe(200);
  });

  it('hides roles of another business unit', async () => {
    const planner = await roleByCode('PLANNER');
    expect(
      (await t.request('north.admin', { method: 'GET', url: `/api/roles/${planner.id}` })).statusCode,
    ).toBe(404);
  });
});
