import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';

interface Gap {
  demandLineId: string;
  date: string;
  skill: { code: string } | null;
  missing: number;
  department: { id: string };
}
interface Offer {
  id: string;
  demandLineId: string;
  status: string;
  heads: number;
  filled: number;
  closedReason: string | null;
  pendingClaims: number;
}
interface Claim {
  id: string;
  status: string;
  reason: string | null;
  reasonCodes: string[] | null;
  assignmentId: string | null;
  openShift: Offer;
  employee: { id: string };
}

describeEachDatabase('open shifts: offered gaps, claims and approvals', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  /** What the demo employee was told of their claims of the shift on `date` (issue 55). */
  const claimNotices = async (date: string) =>
    (
      (await get('employee', '/api/me/notifications?pageSize=200')).json().items as {
        kind: string;
        link: string;
        data: { shiftDate?: string; decision?: string };
      }[]
    )
      .filter((item) => item.kind === 'OPEN_SHIFT_CLAIM_DECIDED' && item.data.shiftDate === date)
      .map((item) => ({ link: item.link, decision: item.data.decision }));
  const post = (username: string, url: string, payload?: Record<string, unknown>) =>
    t.request(username, { method: 'POST', url, ...(payload ? { payload } : {}) });
  let gaps: Gap[];
  let employeeId: string;
  const used = new Set<string>();
  /** A gap without a skill no other test of this file has used, on a date the employee does not work yet. */
  const freshGap = (avoidDates: string[] = []) => {
    const gap = gaps.find(
      (g) => !used.has(g.demandLineId) && g.skill === null && !avoidDates.includes(g.date),
    )!;
    used.add(gap.demandLineId);
    return gap;
  };
  const usedDates: string[] = [];
  const offer = async (gap: Gap, heads = 1) => {
    const response = await post('planner', '/api/open-shifts', { demandLineId: gap.demandLineId, heads });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Offer;
  };

  it('offers a gap to the employees the engine finds eligible, who claim it; a manager approves it onto the live roster', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    gaps = (
      await get(
        'planner',
        `/api/roster/gaps?departmentId=${plan.departmentId}&from=${plan.from}&to=${addDays(plan.from, 6)}&pageSize=500`,
      )
    ).json().items;
    expect(gaps.length).toBeGreaterThan(5);
    employeeId = (await get('employee', '/api/me/profile')).json().employeeId;
    expect(employeeId).toBeTruthy();

    const gap = freshGap();
    usedDates.push(gap.date);
    const mayWork = (
      await get('planner', `/api/roster/gaps/${gap.demandLineId}/candidates?pageSize=500`)
    ).json().items as { employee: { id: string } }[];
    const offered = await offer(gap);
    // Issue 55: each one who may work it, by their account, is told once that it is offered; nobody else.
    const told = await queryRows<{ employeeId: string }>(
      t.database.db,
      sql`select u.employee_id as "employeeId" from notifications n join users u on u.id = n.user_id
           where n.kind = 'OPEN_SHIFT_OFFERED' and n.event_key = ${`open-shift-offer:${offered.id}`}`,
    );
    const withAccounts = await queryRows<{ employeeId: string }>(
      t.database.db,
      sql`select employee_id as "employeeId" from users
           where employee_id = any(${`{${mayWork.map((c) => c.employee.id).join(',')}}`}::uuid[])`,
    );
    expect(told.map((row) => row.employeeId).sort()).toEqual(
      withAccounts.map((row) => row.employeeId).sort(),
    );
    expect(told.map((row) => row.employeeId)).toContain(employeeId);
    const offeredNotice = (
      (await get('employee', '/api/me/notifications?pageSize=200')).json().items as {
        kind: string;
        link: string;
        data: { shiftDate?: string };
      }[]
    ).filter((item) => item.kind === 'OPEN_SHIFT_OFFERED' && item.data.shiftDate === gap.date);
    expect(offeredNotice.map((item) => item.link)).toEqual([`/my/open-shifts?from=${gap.date}`]);
    expect(offered).toMatchObject({ status: 'Open', heads: 1, filled: 0, demandLineId: gap.demandLineId });
    const again = await post('planner', '/api/open-shifts', { demandLineId: gap.demandLineId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('OPEN_SHIFT_ALREADY_OFFERED');
    const tooMany = await post('planner', '/api/open-shifts', {
      demandLineId: freshGap().demandLineId,
      heads: 99,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('OPEN_SHIFT_HEADS_EXCEED_GAP');
    expect((await post('employee', '/api/open-shifts', { demandLineId: gap.demandLineId })).statusCode).toBe(
      403,
    );

    const mine = await get('employee', '/api/me/open-shifts');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items.map((o: Offer) => o.id)).toContain(offered.id);
    const claimed = await post('employee', `/api/me/open-shifts/${offered.id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const claim = claimed.json() as Claim;
    expect(claim).toMatchObject({ status: 'Pending', employee: { id: employeeId } });
    const twice = await post('employee', `/api/me/open-shifts/${offered.id}/claim`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('OPEN_SHIFT_ALREADY_CLAIMED');
    expect(
      (await get('employee', '/api/me/open-shifts')).json().items.find((o: Offer) => o.id === offered.id)
        .myClaim,
    ).toEqual({ id: claim.id, status: 'Pending' });

    expect((await post('employee', `/api/open-shift-claims/${claim.id}/approve`)).statusCode).toBe(403);
    const pending = (
      await get('manager', `/api/open-shift-claims?status=Pending&openShiftId=${offered.id}`)
    ).json();
    expect(pending.items.map((c: Claim) => c.id)).toEqual([claim.id]);
    const approved = await post('manager', `/api/open-shift-claims/${claim.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved', openShift: { status: 'Filled', filled: 1 } });
    const live = (
      await get('planner', `/api/employees/${employeeId}/shift-assignments?from=${gap.date}&to=${gap.date}`)
    ).json().items;
    expect(live).toEqual([
      expect.objectContaining({ id: approved.json().assignmentId, demandLineId: gap.demandLineId }),
    ]);
    const twiceApproved = await post('manager', `/api/open-shift-claims/${claim.id}/approve`);
    expect(twiceApproved.statusCode).toBe(409);
    const own = (await get('employee', '/api/me/open-shift-claims')).json().items as Claim[];
    expect(own[0]).toMatchObject({ id: claim.id, status: 'Approved' });
    const audit = (await get('sysadmin', `/api/audit/events?entityId=${claim.id}`)).json();
    expect(audit.items.map((e: { action: string }) => e.action)).toContain('open_shift_claim.approve');
    expect(await claimNotices(gap.date)).toEqual([
      { link: `/my/open-shifts?from=${gap.date}`, decision: 'Approved' },
    ]);
  });

  it('refuses a claim the engine refuses, with its reasons, and at approval declines a claimant who became ineligible', async () => {
    // The employee works on the first gap's date now: another line that day is ALREADY_ASSIGNED.
    const sameDay = gaps.find(
      (g) => g.date === usedDates[0] && !used.has(g.demandLineId) && g.skill === null,
    )!;
    used.add(sameDay.demandLineId);
    const offered = await offer(sameDay);
    const refused = await post('employee', `/api/me/open-shifts/${offered.id}/claim`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NOT_ELIGIBLE', reasons: ['ALREADY_ASSIGNED'] });
    expect((await get('employee', '/api/me/open-shifts')).json().items.map((o: Offer) => o.id)).not.toContain(
      offered.id,
    );

    // Claimed while eligible, then the planner puts them on another line that day by hand.
    const later = freshGap(usedDates);
    usedDates.push(later.date);
    const laterOffer = await offer(later);
    const claim = (await post('employee', `/api/me/open-shifts/${laterOffer.id}/claim`)).json() as Claim;
    const other = gaps.find((g) => g.date === later.date && !used.has(g.demandLineId) && g.skill === null)!;
    used.add(other.demandLineId);
    const manual = await post('planner', `/api/employees/${employeeId}/shift-assignments`, {
      date: other.date,
      demandLineId: other.demandLineId,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const approval = await post('planner', `/api/open-shift-claims/${claim.id}/approve`);
    expect(approval.statusCode).toBe(422);
    expect(approval.json()).toMatchObject({ code: 'NOT_ELIGIBLE', reasons: ['ALREADY_ASSIGNED'] });
    const own = (await get('employee', '/api/me/open-shift-claims')).json().items as Claim[];
    expect(own.find((c) => c.id === claim.id)).toMatchObject({
      status: 'Declined',
      reason: 'NOT_ELIGIBLE',
      reasonCodes: ['ALREADY_ASSIGNED'],
    });
  });

  it('withdraws a claim before a decision, and an offer, declining its claims with why', async () => {
    const gap = freshGap(usedDates);
    const offered = await offer(gap);
    const claim = (await post('employee', `/api/me/open-shifts/${offered.id}/claim`)).json() as Claim;
    const withdrawn = await post('employee', `/api/me/open-shift-claims/${claim.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('Withdrawn');
    expect((await post('employee', `/api/me/open-shift-claims/${claim.id}/withdraw`)).statusCode).toBe(409);
    expect((await post('planner', `/api/open-shift-claims/${claim.id}/approve`)).json().code).toBe(
      'OPEN_SHIFT_CLAIM_DECIDED',
    );

    const again = (await post('employee', `/api/me/open-shifts/${offered.id}/claim`)).json() as Claim;
    expect(again.status).toBe('Pending');
    const closed = await post('planner', `/api/open-shifts/${offered.id}/withdraw`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'Withdrawn', pendingClaims: 0 });
    expect((await post('planner', `/api/open-shifts/${offered.id}/withdraw`)).json().code).toBe(
      'OPEN_SHIFT_NOT_OPEN',
    );
    const own = (await get('employee', '/api/me/open-shift-claims')).json().items as Claim[];
    expect(own.find((c) => c.id === again.id)).toMatchObject({
      status: 'Declined',
      reason: 'OFFER_WITHDRAWN',
    });
    // The withdrawn claim was decided by nobody; the one the withdrawn offer declined is told once.
    expect(await claimNotices(gap.date)).toEqual([
      { link: `/my/open-shifts?from=${gap.date}`, decision: 'Declined' },
    ]);
    expect((await post('employee', `/api/me/open-shifts/${offered.id}/claim`)).json().code).toBe(
      'OPEN_SHIFT_NOT_OPEN',
    );
  });

  it('closes an offer whose gap was covered another way, and tells its claimants', async () => {
    const gap = freshGap(usedDates);
    usedDates.push(gap.date);
    const offered = await offer(gap);
    const claim = (await post('employee', `/api/me/open-shifts/${offered.id}/claim`)).json() as Claim;
    const candidates = (
      await get('planner', `/api/roster/gaps/${gap.demandLineId}/candidates?pageSize=50`)
    ).json().items as { employee: { id: string } }[];
    const someoneElse = candidates.find((c) => c.employee.id !== employeeId)!;
    for (let n = 0; n < gap.missing; n++) {
      const pick = candidates.filter((c) => c.employee.id !== employeeId)[n]!;
      const covered = await post('planner', `/api/employees/${pick.employee.id}/shift-assignments`, {
        date: gap.date,
        demandLineId: gap.demandLineId,
      });
      expect(covered.statusCode, covered.body).toBe(201);
    }
    expect(someoneElse).toBeDefined();
    const read = (await get('planner', `/api/open-shifts/${offered.id}`)).json() as Offer;
    expect(read).toMatchObject({ status: 'Closed', closedReason: 'GAP_COVERED' });
    const own = (await get('employee', '/api/me/open-shift-claims')).json().items as Claim[];
    expect(own.find((c) => c.id === claim.id)).toMatchObject({ status: 'Declined', reason: 'GAP_COVERED' });
    expect((await post('planner', `/api/open-shift-claims/${claim.id}/approve`)).statusCode).toBe(409);
  });

  it('offers every gap of a department and period at once, skipping those offered already', async () => {
    const departmentId = gaps[0]!.department.id;
    const from = gaps[0]!.date;
    const to = addDays(from, 1);
    usedDates.push(from, to);
    const body = { departmentId, from, to };
    const first = await post('planner', '/api/open-shifts/for-gaps', body);
    expect(first.statusCode, first.body).toBe(200);
    const open = (
      await get('planner', `/api/open-shifts?status=Open&from=${from}&to=${to}&pageSize=500`)
    ).json();
    expect(open.total).toBe(first.json().items.length + first.json().alreadyOffered);
    const second = (await post('planner', '/api/open-shifts/for-gaps', body)).json();
    expect(second).toEqual({ items: [], alreadyOffered: open.total });
    expect(
      (await post('planner', '/api/open-shifts/for-gaps', { departmentId, from, to: addDays(from, 200) }))
        .statusCode,
    ).toBe(422);
    expect((await post('north.admin', '/api/open-shifts/for-gaps', body)).statusCode).toBe(404);
  });

  it('gives each head of a two-head offer once, then declines the claims left', async () => {
    const gap = gaps.find(
      (g) => !used.has(g.demandLineId) && g.skill === null && g.missing >= 2 && !usedDates.includes(g.date),
    )!;
    expect(gap, 'a gap of two heads').toBeDefined();
    used.add(gap.demandLineId);
    const candidates = (
      await get('planner', `/api/roster/gaps/${gap.demandLineId}/candidates?pageSize=50`)
    ).json().items as { employee: { id: string } }[];
    const others = candidates.filter((c) => c.employee.id !== employeeId).slice(0, 2);
    const usernames = ['heads.one', 'heads.two'];
    for (const [index, username] of usernames.entries()) {
      const created = await createReadyUser(t, {
        username,
        displayName: username,
        password: 'Strong#Pass2026',
        employeeId: others[index]!.employee.id,
        roles: [{ roleCode: 'EMPLOYEE' }],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const offered = await offer(gap, 2);
    const claims: Claim[] = [];
    for (const username of [...usernames, 'employee']) {
      const claimed = await post(username, `/api/me/open-shifts/${offered.id}/claim`);
      expect(claimed.statusCode, claimed.body).toBe(201);
      claims.push(claimed.json());
    }
    const first = await post('planner', `/api/open-shift-claims/${claims[0]!.id}/approve`);
    expect(first.json()).toMatchObject({ status: 'Approved', openShift: { status: 'Open', filled: 1 } });
    const second = await post('manager', `/api/open-shift-claims/${claims[1]!.id}/approve`);
    expect(second.json()).toMatchObject({ status: 'Approved', openShift: { status: 'Filled', filled: 2 } });
    const third = await post('planner', `/api/open-shift-claims/${claims[2]!.id}/approve`);
    expect(third.statusCode).toBe(409);
    const mine = (await get('employee', '/api/me/open-shift-claims')).json().items as Claim[];
    expect(mine.find((c) => c.id === claims[2]!.id)).toMatchObject({
      status: 'Declined',
      reason: 'OFFER_FILLED',
    });
  });

  it('keeps offers to the scope of the grant: a ramp manager neither sees nor withdraws a cargo offer', async () => {
    const departments = (await get('planner', '/api/lookups/departments?pageSize=500')).json().items as {
      id: string;
      code: string;
    }[];
    const cargo = departments.find((d) => d.code === 'CARGO')!;
    const date = addDays(gaps[0]!.date, 1);
    const plan = await post('planner', '/api/demand/plans', {
      name: 'Cargo open shift',
      departmentId: cargo.id,
      from: date,
      to: date,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const filled = await t.request('planner', {
      method: 'PATCH',
      url: `/api/demand/plans/${plan.json().id}`,
      headers: { 'if-match': `"${plan.json().version}"` },
      payload: { cells: [{ date, terminalCode: 'T1', shiftTemplateCode: 'MORNING', required: 1 }] },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const line = (
      await get('planner', `/api/roster/gaps?departmentId=${cargo.id}&from=${date}&to=${date}`)
    ).json().items[0] as Gap;
    const offered = await offer(line);
    const seen = (await get('manager', '/api/open-shifts?pageSize=500')).json().items as Offer[];
    expect(seen.map((o) => o.id)).not.toContain(offered.id);
    expect((await get('manager', `/api/open-shifts/${offered.id}`)).statusCode).toBe(404);
    expect((await post('manager', `/api/open-shifts/${offered.id}/withdraw`)).statusCode).toBe(404);
    // The ramp's employee may not be lent to the cargo: the engine says so.
    const refused = await post('employee', `/api/me/open-shifts/${offered.id}/claim`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().reasons).toContain('POOL_NOT_ALLOWED');
  });
});
