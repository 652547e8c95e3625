import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { businessUnits, employees, orgNodes, users } from '../../src/core/db/tables/index.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';

const STRONG = 'Leave#Chain2026x';

describeEachDatabase('leave requests', (t) => {
  let window = 0;
  /** A fresh future window per test, so requests of one test never overlap another's. */
  const nextDates = () => {
    window += 1;
    const start = new Date(Date.UTC(2031, 0, 1) + window * 10 * 86_400_000);
    const end = new Date(start.getTime() + 2 * 86_400_000);
    return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
  };
  const submit = (username: string, payload: Record<string, unknown>) =>
    t.request(username, { method: 'POST', url: '/api/leave-requests', payload });
  const decide = (username: string, id: string, action: 'approve' | 'reject' | 'cancel', comment?: string) =>
    t.request(username, {
      method: 'PATCH',
      url: `/api/leave-requests/${id}/${action}`,
      ...(action === 'cancel' ? {} : { payload: comment ? { comment } : {} }),
    });
  const employeeOf = async (department: string, offset = 0) => {
    const [row] = await t.database.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(orgNodes, eq(orgNodes.id, employees.departmentId))
      .innerJoin(businessUnits, eq(businessUnits.id, employees.buId))
      .where(and(eq(orgNodes.code, department), eq(businessUnits.code, 'MAIN')))
      .orderBy(employees.employeeNumber)
      .offset(offset)
      .limit(1);
    return row!.id;
  };
  const linkedEmployee = async (username: string) => {
    const [row] = await t.database.db
      .select({ id: users.employeeId })
      .from(users)
      .where(eq(users.username, username));
    return row!.id!;
  };

  it('lets an employee ask for leave, and refuses an overlapping request with LEAVE_OVERLAP', async () => {
    const dates = nextDates();
    const created = await submit('employee', { ...dates, comment: 'إجازة عائلية' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(`/api/leave-requests/${created.json().id}`);
    expect(created.json()).toMatchObject({ ...dates, Status: 'Pending', steps: [], nextStep: 1, days: 3 });
    expect(created.json().employee.id).toBe(await linkedEmployee('employee'));
    const overlap = await submit('employee', { from: dates.to, to: dates.to });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('LEAVE_OVERLAP');
  });

  it('refuses a reversed range, leave starting in the past, and someone else’s leave from a non-HR caller', async () => {
    const dates = nextDates();
    expect((await submit('employee', { from: dates.to, to: dates.from })).json().code).toBe(
      'INVALID_DATE_RANGE',
    );
    expect((await submit('employee', { from: '2020-01-01', to: '2020-01-02' })).json().code).toBe(
      'LEAVE_IN_PAST',
    );
    const other = await employeeOf('RAMP', 3);
    const forOther = await submit('manager', { ...dates, employeeId: other });
    expect(forOther.statusCode).toBe(403);
    const northEmployee = await t.request('hradmin', {
      method: 'POST',
      url: '/api/leave-requests',
      payload: { ...dates, employeeId: await linkedEmployee('north.admin') },
    });
    expect(northEmployee.json().code).toBe('EMPLOYEE_UNKNOWN');
    const byHr = await submit('hradmin', { ...dates, employeeId: other });
    expect(byHr.statusCode).toBe(201);
    expect(byHr.json().requestedBy.username).toBe('hradmin');
  });

  it('answers 422 NO_LINKED_EMPLOYEE to an account with no employee', async () => {
    const created = await createReadyUser(t, {
      username: 'no.employee',
      displayName: 'Nobody',
      password: STRONG,
      roles: [{ roleCode: 'EMPLOYEE' }],
    });
    expect(created.statusCode).toBe(201);
    const response = await submit('no.employee', nextDates());
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('NO_LINKED_EMPLOYEE');
  });

  it('walks the whole chain: the department’s manager, then HR, each step recorded', async () => {
    const id = (await submit('employee', nextDates())).json().id;
    const hrFirst = await decide('hradmin', id, 'approve');
    expect(hrFirst.statusCode).toBe(403);
    expect(hrFirst.json().code).toBe('NOT_STEP_APPROVER');

    const first = await decide('manager', id, 'approve', 'Covered by the night team');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ Status: 'ManagerApproved', nextStep: 2 });
    expect(first.json().steps).toEqual([
      expect.objectContaining({
        step: 1,
        role: 'MANAGER',
        decision: 'Approved',
        by: expect.objectContaining({ username: 'manager' }),
        comment: 'Covered by the night team',
      }),
    ]);
    // A step-1 approver who comes too late hears that step 1 is decided, not that step 2 is not theirs.
    const supervisorSecond = await decide('supervisor', id, 'approve');
    expect(supervisorSecond.statusCode).toBe(409);
    expect(supervisorSecond.json().code).toBe('LEAVE_STEP_ALREADY_DECIDED');

    const second = await decide('hradmin', id, 'approve');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ Status: 'Approved', nextStep: null });
    expect(second.json().steps.map((step: { role: string }) => step.role)).toEqual(['MANAGER', 'HR_ADMIN']);

    const again = await decide('hradmin', id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LEAVE_STEP_ALREADY_DECIDED');
    const mine = await t.request('employee', { method: 'GET', url: `/api/leave-requests/${id}` });
    expect(mine.json().Status).toBe('Approved');

    const audit = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/audit/events?entityType=leave_request`,
    });
    const actions = audit.json().items.filter((event: { entityId: string }) => event.entityId === id);
    expect(actions.map((event: { action: string }) => event.action).sort()).toEqual([
      'leave.approve',
      'leave.approve',
      'leave.submit',
    ]);
  });

  it('rejects at either step with a reason (COMMENT_REQUIRED without one), and a rejected request is decided for good', async () => {
    const atFirst = (await submit('employee', nextDates())).json().id;
    const rejected = await decide('supervisor', atFirst, 'reject', 'Peak season');
    expect(rejected.json()).toMatchObject({
      Status: 'Rejected',
      steps: [expect.objectContaining({ decision: 'Rejected' })],
    });
    expect((await decide('manager', atFirst, 'approve')).json().code).toBe('LEAVE_STEP_ALREADY_DECIDED');

    const atSecond = (await submit('employee', nextDates())).json().id;
    await decide('manager', atSecond, 'approve');
    const bare = await decide('hradmin', atSecond, 'reject');
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe('COMMENT_REQUIRED');
    const late = await decide('hradmin', atSecond, 'reject', 'Budget freeze');
    expect(late.json().Status).toBe('Rejected');
  });

  it('never lets one person decide both steps, nor their own request', async () => {
    const id = (await submit('employee', nextDates())).json().id;
    expect((await decide('sysadmin', id, 'approve')).json().Status).toBe('ManagerApproved');
    const twice = await decide('sysadmin', id, 'approve');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('SAME_APPROVER');

    const own = (await submit('manager', nextDates())).json();
    const self = await decide('manager', own.id, 'approve');
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('OWN_LEAVE_REQUEST');
  });

  it('keeps step 1 to the requester’s department: another department’s request is not even visible', async () => {
    const paxEmployee = await employeeOf('PAX', 2);
    const id = (await submit('hradmin', { ...nextDates(), employeeId: paxEmployee })).json().id;
    for (const username of ['manager', 'supervisor', 'employee', 'north.admin']) {
      const read = await t.request(username, { method: 'GET', url: `/api/leave-requests/${id}` });
      expect(read.statusCode, username).toBe(404);
    }
    expect((await decide('manager', id, 'approve')).statusCode).toBe(404);
    const list = await t.request('manager', { method: 'GET', url: '/api/leave-requests?pageSize=500' });
    const ids = list.json().items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(id);
    const rampDepartment = list
      .json()
      .items.map((item: { employee: { departmentId: string } }) => item.employee.departmentId);
    expect(new Set(rampDepartment).size).toBe(1);
    expect((await t.request('hradmin', { method: 'GET', url: `/api/leave-requests/${id}` })).statusCode).toBe(
      200,
    );
  });

  it('lists what waits for the caller with awaitingMe, and filters by status, employee and dates', async () => {
    const dates = nextDates();
    const id = (await submit('employee', dates)).json().id;
    const waiting = await t.request('manager', {
      method: 'GET',
      url: '/api/leave-requests?awaitingMe=true&pageSize=500',
    });
    const items: { id: string; Status: string }[] = waiting.json().items;
    expect(items.map((item) => item.id)).toContain(id);
    expect(items.every((item) => item.Status === 'Pending')).toBe(true);
    const forHr = await t.request('hradmin', {
      method: 'GET',
      url: '/api/leave-requests?awaitingMe=true&pageSize=500',
    });
    expect(forHr.json().items.every((item: { Status: string }) => item.Status === 'ManagerApproved')).toBe(
      true,
    );

    const employeeId = await linkedEmployee('employee');
    const filtered = await t.request('hradmin', {
      method: 'GET',
      url: `/api/leave-requests?status=Pending&employeeId=${employeeId}&from=${dates.from}&to=${dates.to}`,
    });
    expect(filtered.json().items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await t.request('employee', { method: 'GET', url: '/api/leave-requests' })).statusCode).toBe(403);
  });

  it('lets only the owner cancel, only before the start date; the request stays as Cancelled', async () => {
    const id = (await submit('employee', nextDates())).json().id;
    const byManager = await decide('manager', id, 'cancel');
    expect(byManager.statusCode).toBe(403);
    const cancelled = await decide('employee', id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().Status).toBe('Cancelled');
    expect((await decide('employee', id, 'cancel')).json().code).toBe('LEAVE_NOT_CANCELLABLE');
    const read = await t.request('hradmin', { method: 'GET', url: `/api/leave-requests/${id}` });
    expect(read.json().Status).toBe('Cancelled');

    const started = await submit('hradmin', {
      from: '2024-01-01',
      to: '2024-01-02',
      employeeId: await linkedEmployee('employee'),
    });
    expect(started.statusCode).toBe(201);
    const late = await decide('employee', started.json().id, 'cancel');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('LEAVE_ALREADY_STARTED');
  });

  it('lets exactly one of two simultaneous decisions of one step through', async () => {
    const id = (await submit('employee', nextDates())).json().id;
    const answers = await Promise.all([
      decide('manager', id, 'approve'),
      decide('supervisor', id, 'reject', 'No cover that week'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().code).toBe('LEAVE_STEP_ALREADY_DECIDED');
    const read = (await t.request('hradmin', { method: 'GET', url: `/api/leave-requests/${id}` })).json();
    expect(read.steps).toHaveLength(1);
  });

  it('accepts the legacy leave.approve permission as leave_request.approve', async () => {
    const role = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/roles',
      payload: { code: 'LEGACY_APPROVER', name: 'Legacy approver', permissions: ['leave.approve'] },
    });
    expect(role.statusCode).toBe(201);
    await createReadyUser(t, {
      username: 'legacy.approver',
      displayName: 'Legacy',
      password: STRONG,
      roles: [{ roleCode: 'LEGACY_APPROVER' }],
    });
    const id = (await submit('employee', nextDates())).json().id;
    // The gate lets the legacy holder through; the chain then says it is not one of the step's roles.
    const response = await decide('legacy.approver', id, 'approve');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_STEP_APPROVER');
    const me = (await t.request('legacy.approver', { method: 'GET', url: '/api/me/profile' })).json();
    expect(me.permissions).toContain('leave_request.approve');
  });

  it('explains the chain and resolves who may act, in development', async () => {
    const rules = await t.request(null, { method: 'GET', url: '/api/diagnostics/approval-matrix/rules' });
    expect(rules.json().map((rule: { roles: string[] }) => rule.roles)).toEqual([
      ['MANAGER', 'SUPERVISOR'],
      ['HR_ADMIN'],
    ]);
    const requester = await linkedEmployee('employee');
    const first = await t.request(null, {
      method: 'GET',
      url: `/api/diagnostics/approval-matrix/resolve?requesterId=${requester}&step=1`,
    });
    const names = first.json().map((row: { username: string }) => row.username);
    expect(names).toEqual(expect.arrayContaining(['manager', 'supervisor', 'sysadmin']));
    expect(names).not.toContain('hradmin');
    const second = await t.request(null, {
      method: 'GET',
      url: `/api/diagnostics/approval-matrix/resolve?requesterId=${requester}&step=2`,
    });
    expect(second.json().map((row: { username: string }) => row.username)).toEqual(
      expect.arrayContaining(['hradmin', 'sysadmin']),
    );
  });

  it('ships demo requests in every state', async () => {
    const rows = await t.database.db.execute(
      sql`select status, count(*)::int as n from leave_requests l join business_units b on b.id = l.bu_id
           where b.code = 'MAIN' group by status`,
    );
    const statuses = (rows as unknown as { rows: { status: string }[] }).rows.map((row) => row.status).sort();
    expect(statuses).toEqual(['Approved', 'Cancelled', 'ManagerApproved', 'Pending', 'Rejected']);
  });
});
