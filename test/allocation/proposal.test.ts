import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

interface Proposed {
  employee: { id: string; employeeNumber: string };
  date: string;
  demandLineId: string | null;
  shift: { code: string; start: string; endsNextDay: boolean };
  terminal: { code: string };
  fixed: boolean;
  lendingRuleId: string | null;
}

describeEachDatabase("a run's proposal before it is locked", (t) => {
  const get = (url: string) => t.request('planner', { method: 'GET', url });
  let runId: string;
  let result: { proposed: number; fixed: number; employees: number; unfilled: { line: { date: string } }[] };

  it('answers 409 RUN_NOT_EXECUTED for a draft, then lists the result as assignments in roster order', async () => {
    const plan = (await get('/api/demand/plans'))
      .json()
      .items.find((p: { name: string }) => p.name.startsWith('Ramp'));
    const run = (
      await t.request('planner', {
        method: 'POST',
        url: '/api/allocation-runs',
        payload: { planId: plan.id, from: plan.from, to: plan.to },
      })
    ).json();
    runId = run.id;
    const early = await get(`/api/allocation-runs/${runId}/assignments`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RUN_NOT_EXECUTED');
    const executed = await t.request('planner', {
      method: 'POST',
      url: `/api/allocation-runs/${runId}/execute`,
      headers: { prefer: 'wait=120' },
    });
    result = executed.json().result;

    const all = (await get(`/api/allocation-runs/${runId}/assignments?pageSize=500`)).json();
    expect(all.total).toBe(result.proposed + result.fixed);
    const items = all.items as Proposed[];
    const keys = items.map((item) => `${item.date} ${item.shift.start} ${item.terminal.code}`);
    expect(keys).toEqual([...keys].sort());
    expect(items.some((item) => item.shift.endsNextDay)).toBe(true);

    const proposedOnly = (
      await get(`/api/allocation-runs/${runId}/assignments?includeFixed=false&pageSize=1`)
    ).json();
    expect(proposedOnly.total).toBe(result.proposed);
    const someone = items[0]!.employee.id;
    const theirs = (
      await get(`/api/allocation-runs/${runId}/assignments?employeeId=${someone}&pageSize=500`)
    ).json();
    expect(theirs.total).toBe(items.filter((item) => item.employee.id === someone).length);
    expect(theirs.items.every((item: Proposed) => item.employee.id === someone)).toBe(true);
    const firstDay = items[0]!.date;
    const onDay = (
      await get(`/api/allocation-runs/${runId}/assignments?date=${firstDay}&pageSize=500`)
    ).json();
    expect(onDay.total).toBe(items.filter((item) => item.date === firstDay).length);
  });

  it('shows the same result as a roster grid of every employee considered, one cell per working date', async () => {
    const grid = (await get(`/api/allocation-runs/${runId}/roster-grid?pageSize=500`)).json();
    expect(grid.total).toBe(result.employees);
    const cells = grid.items.flatMap((row: { cells: unknown[] }) => row.cells);
    expect(cells).toHaveLength(result.proposed + result.fixed);
    const numbers = grid.items.map(
      (row: { employee: { employeeNumber: string } }) => row.employee.employeeNumber,
    );
    expect(numbers).toEqual([...numbers].sort());
    const working = (
      await get(`/api/allocation-runs/${runId}/roster-grid?withWorkOnly=true&pageSize=1`)
    ).json();
    expect(working.total).toBe(grid.items.filter((row: { cells: unknown[] }) => row.cells.length > 0).length);
  });

  it('orders candidate lines and unfilled lines by date, shift start and terminal', async () => {
    const lines = (await get(`/api/allocation-runs/${runId}/candidates?perLine=0&pageSize=500`)).json()
      .items as {
      line: { date: string; shiftTemplateCode: string; terminalCode: string };
    }[];
    const starts: Record<string, string> = { MORNING: '06:00', EVENING: '14:00', NIGHT: '22:00' };
    const keys = lines.map(
      ({ line }) =>
        `${line.date} ${starts[line.shiftTemplateCode] ?? line.shiftTemplateCode} ${line.terminalCode}`,
    );
    expect(keys).toEqual([...keys].sort());
    const unfilledDates = result.unfilled.map((entry) => entry.line.date);
    expect(unfilledDates).toEqual([...unfilledDates].sort());
  });
});
