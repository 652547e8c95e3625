import { describe, expect, it } from 'vitest';
import type { Executor } from '../../core/db/database.ts';
import { AppError } from '../../core/http/errors.ts';
import { HOLIDAYS, LOOKUP_GROUPS, SHIFT_TEMPLATES } from './groups.ts';
import type { LookupBody } from './schemas.ts';

// Without referenced codes the rules never reach the database.
const noDatabase = {} as Executor;
const names = { Name_1_English: 'x', Name_2_Arabic: 'س' };

async function ruleError(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('lookup group rules', () => {
  it('describes the eight groups of the spec and the certification types, with the Arabic name optional for demand reasons only', () => {
    expect(LOOKUP_GROUPS.map((group) => [group.route, group.entity, group.arabicRequired])).toEqual([
      ['grades', 'grade', true],
      ['skills', 'skill', true],
      ['terminals', 'terminal', true],
      ['node-types', 'node_type', true],
      ['holidays', 'holiday', true],
      ['demand-reasons', 'demand_reason', false],
      ['shift-templates', 'shift_template', true],
      ['attendance-statuses', 'attendance_status', true],
      ['certification-types', 'certification_type', true],
    ]);
  });

  it('defaults paid hours to the length of a night shift and rounds them to the hundredth', async () => {
    const night: LookupBody = { ...names, startTime: '22:00', endTime: '06:00' };
    expect(await SHIFT_TEMPLATES.columns(noDatabase, 'bu', night)).toEqual({
      startTime: '22:00',
      endTime: '06:00',
      paidHours: 8,
      shiftTypeId: null,
    });
    const rounded = await SHIFT_TEMPLATES.columns(noDatabase, 'bu', { ...night, paidHours: 7.333 });
    expect(rounded.paidHours).toBe(7.33);
    expect(SHIFT_TEMPLATES.view({ startTime: '22:00', endTime: '06:00', paidHours: '7.50' })).toMatchObject({
      paidHours: 7.5,
      durationHours: 8,
      crossesMidnight: true,
      shiftTypeCode: null,
    });
  });

  it('refuses equal start and end, and more paid hours than the shift lasts', async () => {
    const same = SHIFT_TEMPLATES.columns(noDatabase, 'bu', {
      ...names,
      startTime: '08:00',
      endTime: '08:00',
    });
    expect(await ruleError(same)).toBe('SHIFT_TEMPLATE_INVALID');
    const overpaid = { ...names, startTime: '22:00', endTime: '02:00', paidHours: 4.5 };
    expect(await ruleError(SHIFT_TEMPLATES.columns(noDatabase, 'bu', overpaid))).toBe(
      'SHIFT_TEMPLATE_INVALID',
    );
  });

  it('makes a holiday one day by default and bounds multi-day holidays to a year', async () => {
    expect(await HOLIDAYS.columns(noDatabase, 'bu', { ...names, date: '2027-09-23' })).toEqual({
      date: '2027-09-23',
      endDate: '2027-09-23',
      holidayTypeId: null,
    });
    const yearLong = { ...names, date: '2028-01-01', endDate: '2028-12-31' };
    expect((await HOLIDAYS.columns(noDatabase, 'bu', yearLong)).endDate).toBe('2028-12-31');
    const tooLong = { ...names, date: '2027-01-01', endDate: '2028-01-02' };
    expect(await ruleError(HOLIDAYS.columns(noDatabase, 'bu', tooLong))).toBe('HOLIDAY_RANGE_INVALID');
    const reversed = { ...names, date: '2027-01-02', endDate: '2027-01-01' };
    expect(await ruleError(HOLIDAYS.columns(noDatabase, 'bu', reversed))).toBe('HOLIDAY_RANGE_INVALID');
    expect(
      HOLIDAYS.view({ date: '2027-03-09', endDate: '2027-03-12', holidayTypeCode: 'RELIGIOUS' }),
    ).toEqual({
      date: '2027-03-09',
      endDate: '2027-03-12',
      days: 4,
      holidayTypeCode: 'RELIGIOUS',
    });
  });
});
