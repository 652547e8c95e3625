import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

/** Months and dates of reports keep to the years 2000–2100: another century is a typing mistake. */
describeEachDatabase('report dates and months out of bounds', (t) => {
  const status = async (url: string) => {
    const response = await t.request('planner', { method: 'GET', url });
    return response.statusCode === 400
      ? `400 ${response.json().code}`
      : `${response.statusCode}${response.statusCode === 200 && url.includes('monthly-roster?') ? ` ${response.json().from}..${response.json().to}` : ''}`;
  };

  it('refuses a month before 2000 or after 2100 with 400 in every form, and answers the years at the edges', async () => {
    for (const month of ['0001-02', '1999-12', '2101-01', '9999-12']) {
      for (const form of ['', '.xlsx', '.pdf']) {
        expect(await status(`/api/reports/monthly-roster${form}?month=${month}`), `${month}${form}`).toBe(
          '400 VALIDATION_FAILED',
        );
      }
    }
    expect(await status('/api/reports/monthly-roster?month=2000-01')).toBe('200 2000-01-01..2000-01-31');
    expect(await status('/api/reports/monthly-roster?month=2100-12')).toBe('200 2100-12-01..2100-12-31');
  });

  it('refuses a day or a range end outside 2000–2100 with 400, in the reports and on other routes alike', async () => {
    for (const url of [
      '/api/reports/daily-roster?date=1999-12-31',
      '/api/reports/daily-roster.pdf?date=0001-01-01',
      '/api/reports/daily-roster.xlsx?date=2101-01-01',
      '/api/reports/variance?from=1901-01-01&to=1901-01-31',
      '/api/reports/variance.pdf?from=2100-12-01&to=2101-01-01',
      '/api/reports/utilization?from=1999-12-01&to=2000-01-01',
      '/api/calendar/working-days?from=1901-01-01&to=1901-01-31',
    ]) {
      expect(await status(url), url).toBe('400 VALIDATION_FAILED');
    }
    expect(await status('/api/reports/daily-roster?date=2000-01-01')).toBe('200');
    expect(await status('/api/reports/variance?from=2100-12-01&to=2100-12-31')).toBe('200');
  });
});
