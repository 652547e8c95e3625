import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';

const CLAIMANTS = 20;

describeEachDatabase('open shifts under concurrency', (t) => {
  const get = (username: string, url: string) => t.request(username, { method: 'GET', url });
  const post = (username: string, url: string, payload?: Record<string, unknown>) =>
    t.request(username, { method: 'POST', url, ...(payload ? { payload } : {}) });

  it('gives a one-head open shift to exactly one of 20 claimants approved at once', async () => {
    const plan = (await get('planner', '/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const gaps = (
      await get(
        'planner',
        `/api/roster/gaps?departmentId=${plan.departmentId}&from=${plan.from}&to=${addDays(plan.from, 2)}&pageSize=500`,
      )
    ).json().items as { demandLineId: string; date: string; openBecause: { candidates: number } }[];
    const gap = gaps.find((g) => g.openBecause.candidates >= CLAIMANTS)!;
    expect(gap, 'a gap with 20 candidates').toBeDefined();
    const candidates = (
      await get('planner', `/api/roster/gaps/${gap.demandLineId}/candidates?pageSize=${CLAIMANTS}`)
    ).json().items as { employee: { id: string } }[];
    expect(candidates).toHaveLength(CLAIMANTS);
    const usernames: string[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const username = `claimant.${index}`;
      const created = await createReadyUser(t, {
        username,
        displayName: `Claimant ${index}`,
        password: 'Strong#Pass2026',
        employeeId: candidate.employee.id,
        roles: [{ roleCode: 'EMPLOYEE' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      usernames.push(username);
    }
    const offer = await post('planner', '/api/open-shifts', { demandLineId: gap.demandLineId, heads: 1 });
    expect(offer.statusCode, offer.body).toBe(201);
    const offerId = offer.json().id as string;

    const claims = await Promise.all(
      usernames.map((username) => post(username, `/api/me/open-shifts/${offerId}/claim`)),
    );
    expect(claims.map((claim) => claim.statusCode)).toEqual(usernames.map(() => 201));
    const before = (
      await get('planner', `/api/shift-assignments?from=${gap.date}&to=${gap.date}&pageSize=500`)
    ).json().items as { demandLineId: string | null }[];

    const approvals = await Promise.all(
      claims.map((claim) => post('planner', `/api/open-shift-claims/${claim.json().id}/approve`)),
    );
    const statuses = approvals.map((approval) => approval.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CLAIMANTS - 1);
    for (const refused of approvals.filter((approval) => approval.statusCode === 409)) {
      expect(['OPEN_SHIFT_CLAIM_DECIDED', 'OPEN_SHIFT_NOT_OPEN']).toContain(refused.json().code);
    }
    const after = (
      await get('planner', `/api/shift-assignments?from=${gap.date}&to=${gap.date}&pageSize=500`)
    ).json().items as { demandLineId: string | null }[];
    const onLine = (items: { demandLineId: string | null }[]) =>
      items.filter((item) => item.demandLineId === gap.demandLineId).length;
    expect(onLine(after)).toBe(onLine(before) + 1);

    const decided = (await get('planner', `/api/open-shift-claims?openShiftId=${offerId}&pageSize=50`)).json()
      .items as { status: string; reason: string | null }[];
    expect(decided.filter((claim) => claim.status === 'Approved')).toHaveLength(1);
    expect(
      decided.filter((claim) => claim.status === 'Declined' && claim.reason === 'OFFER_FILLED'),
    ).toHaveLength(CLAIMANTS - 1);
    expect((await get('planner', `/api/open-shifts/${offerId}`)).json()).toMatchObject({
      status: 'Filled',
      filled: 1,
    });
  });
});
