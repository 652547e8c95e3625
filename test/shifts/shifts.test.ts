import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

interface PreviewDay {
  date: string;
  cycleDay: number;
  code: string;
  isOff: boolean;
  endDate: string | null;
  crossesMidnight: boolean;
  paidHours: number;
}

async function patternId(t: TestContext, code: string): Promise<string> {
  const response = await t.request('planner', { method: 'GET', url: '/api/shift-patterns' });
  return response.json().items.find((item: { code: string }) => item.code === code).id;
}

describeEachDatabase('shift templates, types and patterns', (t) => {
  it('lists the demo templates with their times, and the night shift crossing midnight', async () => {
    const response = await t.request('employee', { method: 'GET', url: '/api/shift-templates' });
    expect(response.statusCode).toBe(200);
    const byCode = Object.fromEntries(
      response.json().items.map((item: { code: string }) => [item.code, item]),
    );
    expect(byCode.MORNING).toMatchObject({
      startTime: '06:00',
      endTime: '14:00',
      crossesMidnight: false,
      shiftTypeCode: 'MORNING',
    });
    expect(byCode.EVENING).toMatchObject({ startTime: '14:00', endTime: '22:00', crossesMidnight: false });
    expect(byCode.NIGHT).toMatchObject({
      startTime: '22:00',
      endTime: '06:00',
      crossesMidnight: true,
      durationHours: 8,
      paidHours: 8,
      shiftTypeCode: 'NIGHT',
    });
  });

  it('lists shift types', async () => {
    const response = await t.request('employee', { method: 'GET', url: '/api/shift-types' });
    expect(response.json().items.map((item: { code: string }) => item.code)).toEqual([
      'EVENING',
      'MORNING',
      'NIGHT',
    ]);
  });

  it('lists patterns as cycles of template codes and OFF', async () => {
    const response = await t.request('planner', { method: 'GET', url: '/api/shift-patterns' });
    expect(response.statusCode).toBe(200);
    const fourOnFourOff = response.json().items.find((item: { code: string }) => item.code === '4ON4OFF');
    expect(fourOnFourOff).toMatchObject({
      cycle: ['MORNING', 'MORNING', 'MORNING', 'MORNING', 'OFF', 'OFF', 'OFF', 'OFF'],
      cycleLength: 8,
      workingDaysPerCycle: 4,
    });
  });

  it('previews a 4-on-4-off cycle across a month boundary', async () => {
    const id = await patternId(t, '4ON4OFF');
    const response = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-patterns/${id}/preview?from=2027-01-29&days=10`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ from: '2027-01-29', to: '2027-02-07', code: '4ON4OFF', totalPaidHours: 48 });
    expect(body.days.map((day: PreviewDay) => [day.date, day.cycleDay, day.code])).toEqual([
      ['2027-01-29', 1, 'MORNING'],
      ['2027-01-30', 2, 'MORNING'],
      ['2027-01-31', 3, 'MORNING'],
      ['2027-02-01', 4, 'MORNING'],
      ['2027-02-02', 5, 'OFF'],
      ['2027-02-03', 6, 'OFF'],
      ['2027-02-04', 7, 'OFF'],
      ['2027-02-05', 8, 'OFF'],
      ['2027-02-06', 1, 'MORNING'],
      ['2027-02-07', 2, 'MORNING'],
    ]);
  });

  it('ends a previewed night shift on the next day, across a month and a leap day', async () => {
    const id = await patternId(t, '2D2N4OFF');
    const body = (
      await t.request('planner', {
        method: 'GET',
        url: `/api/shift-patterns/${id}/preview?from=2028-02-27&days=4`,
      })
    ).json();
    expect(
      body.days.map((day: PreviewDay) => [day.date, day.code, day.endDate, day.crossesMidnight]),
    ).toEqual([
      ['2028-02-27', 'MORNING', '2028-02-27', false],
      ['2028-02-28', 'MORNING', '2028-02-28', false],
      ['2028-02-29', 'NIGHT', '2028-03-01', true],
      ['2028-03-01', 'NIGHT', '2028-03-02', true],
    ]);
  });

  it('bounds the preview and answers 400 on bad input, 404 on unknown or foreign patterns', async () => {
    const id = await patternId(t, '4ON4OFF');
    for (const query of [
      'from=2027-01-01&days=0',
      'from=2027-01-01&days=367',
      'days=5',
      'from=2027-02-29&days=3',
      'from=2027-01-01&days=two',
    ]) {
      const response = await t.request('planner', {
        method: 'GET',
        url: `/api/shift-patterns/${id}/preview?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
    const longest = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-patterns/${id}/preview?from=2027-01-01&days=366`,
    });
    expect(longest.json().days).toHaveLength(366);
    const defaulted = await t.request('planner', {
      method: 'GET',
      url: `/api/shift-patterns/${id}/preview?from=2027-01-01`,
    });
    expect(defaulted.json().days).toHaveLength(28);
    const unknown = await t.request('planner', {
      method: 'GET',
      url: '/api/shift-patterns/00000000-0000-4000-8000-000000000000/preview?from=2027-01-01',
    });
    expect(unknown.statusCode).toBe(404);
    const foreign = await t.request('north.admin', {
      method: 'GET',
      url: `/api/shift-patterns/${id}/preview?from=2027-01-01`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('gates patterns with shift_pattern.view and templates with shift_template.view', async () => {
    expect((await t.request('employee', { method: 'GET', url: '/api/shift-patterns' })).statusCode).toBe(403);
    expect((await t.request('employee', { method: 'GET', url: '/api/shift-types' })).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: '/api/shift-templates' })).statusCode).toBe(401);
  });
});
