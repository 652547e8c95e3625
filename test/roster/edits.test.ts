import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';

interface Live {
  id: string;
  employee: { id: string };
  date: string;
  demandLineId: string | null;
  shiftTemplate: { id: string };
  terminal: { id: string };
  skill: { id: string } | null;
}

describeEachDatabase('editing the live roster on its grid, and copying a period of it', (t) => {
  const get = (url: string) => t.request('planner', { method: 'GET', url });
  const post = (url: string, payload: object, username = 'planner') =>
    t.request(username, { method: 'POST', url, payload });
  let plan: { id: string; from: string; to: string; departmentId: string };
  const live = async (from: string, to: string): Promise<Live[]> =>
    (
      await get(`/api/shift-assignments?departmentId=${plan.departmentId}&from=${from}&to=${to}&pageSize=500`)
    ).json().items;

  it('locks three days of the ramp plan into the live roster first', async () => {
    plan = (await get('/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = (
      await post('/api/allocation-runs', { planId: plan.id, from: plan.from, to: addDays(plan.from, 2) })
    ).json();
    for (const action of ['execute', 'review', 'lock']) {
      const step = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/${action}`,
        headers: { prefer: 'wait=120' },
      });
      expect(step.statusCode, step.body).toBe(200);
    }
    expect((await live(plan.from, plan.from)).length).toBeGreaterThan(2);
  });

  it('removes and adds as one write, each addition checked after the edits before it', async () => {
    const day = plan.from;
    const [first] = (await live(day, day)).filter((shift) => shift.demandLineId !== null);
    const edits = (list: unknown[]) => ({ departmentId: plan.departmentId, edits: list });
    const again = {
      kind: 'add',
      employeeId: first!.employee.id,
      date: day,
      demandLineId: first!.demandLineId,
    };
    // Taken off and put back on its own line is allowed; a second shift the same day is not.
    const checked = await post(
      '/api/admin/roster/edits/check',
      edits([{ kind: 'remove', assignmentId: first!.id }, again, again]),
    );
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ accepted: false, conflicts: [] });
    expect(checked.json().verdicts.map((v: { reasons: string[] }) => v.reasons)).toEqual([
      [],
      ['ALREADY_ASSIGNED'],
    ]);
    const before = await live(day, day);
    const refused = await post(
      '/api/admin/roster/edits',
      edits([{ kind: 'remove', assignmentId: first!.id }, again, again]),
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'NOT_ELIGIBLE',
      reasons: ['ALREADY_ASSIGNED'],
      edit: { index: 2 },
    });
    expect((await live(day, day)).map((s) => s.id).sort()).toEqual(before.map((s) => s.id).sort());

    const saved = await post(
      '/api/admin/roster/edits',
      edits([{ kind: 'remove', assignmentId: first!.id }, again]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().removed).toEqual([first!.id]);
    expect(saved.json().created).toHaveLength(1);
    expect(saved.json().created[0]).toMatchObject({
      employee: { id: first!.employee.id },
      date: day,
      demandLineId: first!.demandLineId,
      source: 'Manual',
    });
    const after = await live(day, day);
    expect(after).toHaveLength(before.length);
    expect(after.some((shift) => shift.id === first!.id)).toBe(false);

    // The grid this planner read is out of date now: the cells are refused one by one, nothing written.
    const stale = await post(
      '/api/admin/roster/edits',
      edits([{ kind: 'remove', assignmentId: first!.id }, again]),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().code).toBe('ROSTER_CHANGED');
    expect(stale.json().conflicts).toEqual([
      { index: 0, employeeId: null, date: null, kind: 'gone', current: null },
      expect.objectContaining({
        index: 1,
        kind: 'occupied',
        employeeId: first!.employee.id,
        date: day,
        current: expect.objectContaining({ id: saved.json().created[0].id }),
      }),
    ]);
    expect((await live(day, day)).map((s) => s.id).sort()).toEqual(after.map((s) => s.id).sort());
  });

  it('moves a shift to another day exactly as removing it and assigning it there by hand would allow', async () => {
    const day = addDays(plan.from, 1);
    const later = addDays(plan.from, 4);
    const busyLater = new Set((await live(later, later)).map((shift) => shift.employee.id));
    const shifts = (await live(day, day)).filter(
      (shift) => shift.demandLineId !== null && !busyLater.has(shift.employee.id),
    );
    expect(shifts.length).toBeGreaterThan(1);
    const gaps = (
      await get(`/api/roster/gaps?departmentId=${plan.departmentId}&from=${later}&to=${later}&pageSize=500`)
    ).json().items as { demandLineId: string; shift: { code: string }; terminal: { code: string } }[];
    const verdicts: { shift: Live; check: { accepted: boolean; verdicts: { reasons: string[] }[] } }[] = [];
    for (const shift of shifts.slice(0, 6)) {
      const body = {
        departmentId: plan.departmentId,
        edits: [{ kind: 'move', assignmentId: shift.id, employeeId: shift.employee.id, date: later }],
      };
      verdicts.push({ shift, check: (await post('/api/admin/roster/edits/check', body)).json() });
    }
    const refused = verdicts.find((v) => !v.check.accepted);
    if (refused) {
      // Refused as a move, refused by hand with the same reasons once the shift is off its day.
      const { shift } = refused;
      expect(
        (await t.request('planner', { method: 'DELETE', url: `/api/shift-assignments/${shift.id}` }))
          .statusCode,
      ).toBe(204);
      const byHand = await post(`/api/employees/${shift.employee.id}/shift-assignments`, {
        date: later,
        shiftTemplateId: shift.shiftTemplate.id,
        terminalId: shift.terminal.id,
        skillId: shift.skill?.id ?? null,
      });
      expect(byHand.statusCode, byHand.body).toBe(422);
      expect(byHand.json().reasons).toEqual(refused.check.verdicts[0]!.reasons);
    }
    const allowed = verdicts.find((v) => v.check.accepted);
    expect(allowed, 'some shift may move to the later day').toBeDefined();
    const { shift } = allowed!;
    const moved = await post('/api/admin/roster/edits', {
      departmentId: plan.departmentId,
      edits: [{ kind: 'move', assignmentId: shift.id, employeeId: shift.employee.id, date: later }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const created = moved.json().created[0];
    expect(created).toMatchObject({
      employee: { id: shift.employee.id },
      date: later,
      runId: expect.anything(),
    });
    // On another day it staffs a gap of that day where one matches its shift and terminal.
    const fitting = gaps.filter(
      (gap) => gap.shift.code === created.shiftTemplate.code && gap.terminal.code === created.terminal.code,
    );
    if (fitting.length) expect(fitting.map((gap) => gap.demandLineId)).toContain(created.demandLineId);
    else expect(created.demandLineId).toBeNull();
    expect((await live(day, day)).some((s) => s.id === shift.id)).toBe(false);
  });

  it('copies days onto later ones person by person, leaving out what the rules refuse, as previewed', async () => {
    const request = {
      departmentId: plan.departmentId,
      from: plan.from,
      to: addDays(plan.from, 2),
      onto: addDays(plan.from, 7),
    };
    const source = (await live(request.from, request.to)).filter((s) => s.demandLineId !== null);
    const target = await live(request.onto, addDays(request.onto, 2));
    const preview = await post('/api/admin/roster/copies/preview', request);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan1 = preview.json();
    expect(plan1.written).toBe(false);
    expect(plan1.copied.length + plan1.skipped.length).toBe(source.length);
    expect(plan1.copied.length).toBeGreaterThan(0);
    for (const item of [...plan1.copied, ...plan1.skipped])
      expect(item.date).toBe(addDays(item.sourceDate, 7));
    for (const item of plan1.skipped) expect(item.reasons.length).toBeGreaterThan(0);
    expect((await live(request.onto, addDays(request.onto, 2))).length).toBe(target.length);

    const copied = await post('/api/admin/roster/copies', { ...request, expected: plan1.fingerprint });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json()).toMatchObject({ written: true, fingerprint: plan1.fingerprint });
    const landed = await live(request.onto, addDays(request.onto, 2));
    expect(landed.length).toBe(target.length + plan1.copied.length);
    const added = landed.filter((s) => !target.some((before) => before.id === s.id));
    expect(added.map((s) => `${s.employee.id} ${s.date}`).sort()).toEqual(
      plan1.copied
        .map((c: { employee: { id: string }; date: string }) => `${c.employee.id} ${c.date}`)
        .sort(),
    );
    for (const c of plan1.copied.filter((item: { demandLineId: string | null }) => item.demandLineId))
      expect(added.find((s) => s.employee.id === c.employee.id && s.date === c.date)!.demandLineId).toBe(
        c.demandLineId,
      );

    // The same copy again would write something else now (every cell is taken): refused, nothing written.
    const twice = await post('/api/admin/roster/copies', { ...request, expected: plan1.fingerprint });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().code).toBe('COPY_CHANGED');
    expect(twice.json().preview.copied).toEqual([]);
    expect((await live(request.onto, addDays(request.onto, 2))).length).toBe(landed.length);
  });

  it('refuses bad input, overlapping ranges and callers without the right, changing nothing', async () => {
    const department = plan.departmentId;
    expect((await post('/api/admin/roster/edits', { departmentId: department, edits: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/admin/roster/edits', { departmentId: department, edits: [{ kind: 'paint' }] }))
        .statusCode,
    ).toBe(400);
    const overlap = await post('/api/admin/roster/copies/preview', {
      departmentId: department,
      from: plan.from,
      to: addDays(plan.from, 6),
      onto: addDays(plan.from, 3),
    });
    expect(overlap.statusCode, overlap.body).toBe(422);
    expect(overlap.json().code).toBe('COPY_RANGES_OVERLAP');
    const tooLong = await post('/api/admin/roster/copies/preview', {
      departmentId: department,
      from: plan.from,
      to: addDays(plan.from, 40),
      onto: addDays(plan.from, 60),
    });
    expect(tooLong.json().code).toBe('RANGE_TOO_LONG');
    const shift = (await live(plan.from, plan.from))[0]!;
    const remove = { departmentId: department, edits: [{ kind: 'remove', assignmentId: shift.id }] };
    expect((await post('/api/admin/roster/edits', remove, 'employee')).statusCode).toBe(403);
    expect((await post('/api/admin/roster/edits', remove, 'north.admin')).statusCode).toBe(404);
    const unknown = { ...remove, departmentId: '00000000-0000-4000-8000-000000000000' };
    expect((await post('/api/admin/roster/edits', unknown)).statusCode).toBe(404);
    expect((await live(plan.from, plan.from)).some((s) => s.id === shift.id)).toBe(true);
  });
});
