import { expect, it } from 'vitest';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { pdfText } from '../helpers/documents.ts';

describeEachDatabase('a run printed as a draft roster', (t) => {
  const get = (url: string) => t.request('planner', { method: 'GET', url });
  const post = (url: string, payload: object = {}) =>
    t.request('planner', { method: 'POST', url, payload, headers: { prefer: 'wait=120' } });
  let run: { id: string; from: string };

  it('prints an executed run’s proposal, marked as a draft in the answer, the title and the file name', async () => {
    const plan = (await get('/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const created = await post('/api/allocation-runs', {
      planId: plan.id,
      from: plan.from,
      to: addDays(plan.from, 2),
    });
    expect(created.statusCode, created.body).toBe(201);
    run = { id: created.json().id, from: plan.from };
    expect((await post(`/api/allocation-runs/${run.id}/execute`)).statusCode).toBe(200);

    const published = (await get(`/api/reports/daily-roster?date=${run.from}`)).json();
    expect(published.draft).toBeNull();
    expect(published.lines).toEqual([]);

    const proposal = (
      await get(`/api/allocation-runs/${run.id}/assignments?date=${run.from}&pageSize=200`)
    ).json();
    const draft = await get(`/api/reports/daily-roster?date=${run.from}&runId=${run.id}`);
    expect(draft.statusCode, draft.body).toBe(200);
    const report = draft.json();
    expect(report.draft).toEqual({ runId: run.id, runStatus: 'Executed' });
    expect(report.title).toBe(`Daily roster ${run.from} · DRAFT, not published`);
    expect(proposal.total).toBeGreaterThan(0);
    expect(report.lines).toHaveLength(proposal.total);
    expect(new Set(report.lines.map((line: { employee: { id: string } }) => line.employee.id))).toEqual(
      new Set(proposal.items.map((item: { employee: { id: string } }) => item.employee.id)),
    );

    const pdf = await get(`/api/reports/daily-roster.pdf?date=${run.from}&runId=${run.id}&lang=ar`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`daily-roster-${run.from}-draft-ar.pdf`);
    expect((await pdfText(pdf.rawPayload)).items.join(' ')).toContain('مسودة غير منشورة');
  });

  it('grids the month of a draft with days off inside the run’s period only', async () => {
    const month = run.from.slice(0, 7);
    const report = (await get(`/api/reports/monthly-roster?month=${month}&runId=${run.id}`)).json();
    expect(report.draft).toEqual({ runId: run.id, runStatus: 'Executed' });
    const inRun = new Set([run.from, addDays(run.from, 1), addDays(run.from, 2)]);
    expect(report.employees.length).toBeGreaterThan(0);
    for (const row of report.employees as { days: (string | null)[]; marks: (string | null)[] }[]) {
      report.dates.forEach((date: string, index: number) => {
        if (row.marks[index] === 'OFF') expect(inRun.has(date)).toBe(true);
        if (row.days[index]) expect(inRun.has(date)).toBe(true);
      });
    }
  });

  it('refuses a run not executed yet (409) and one the caller cannot read (404)', async () => {
    const plan = (await get('/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const fresh = (
      await post('/api/allocation-runs', {
        planId: plan.id,
        from: addDays(plan.from, 3),
        to: addDays(plan.from, 4),
      })
    ).json();
    const notYet = await get(
      `/api/reports/monthly-roster.xlsx?month=${run.from.slice(0, 7)}&runId=${fresh.id}`,
    );
    expect([notYet.statusCode, notYet.json().code]).toEqual([409, 'RUN_NOT_EXECUTED']);
    const unknown = await get(
      `/api/reports/daily-roster?date=${run.from}&runId=00000000-0000-4000-8000-000000000000`,
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});
