import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import type { MessageId } from '../../../lib/i18n/I18nProvider';
import { english } from '../../../lib/i18n/messages/index';
import { dayRangeInstants, startOfDay } from './dayRange';
import { emptyLookupForm, lookupBody, lookupFormOf } from './lookupBody';
import { lookupRefusal, usagesText } from './lookupGroups';
import { passwordRules, settingsPatch } from './settingsPatch';

/** The English catalogue with `{name}` arguments filled in (enough for these messages' text). */
const t = (id: MessageId, values: Record<string, string | number> = {}) =>
  english[id].replace(
    /\{(\w+)(, plural, one \{([^}]*)\} other \{([^}]*)\})?\}/g,
    (_, name, plural, one, other) =>
      plural ? (values[name] === 1 ? one : other).replace('#', String(values[name])) : String(values[name]),
  );

const problem = (code: string, extra: Record<string, unknown> = {}) =>
  new ApiError(
    409,
    {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: '',
      instance: '/',
      traceId: 't',
      code,
      ...extra,
    },
    new Headers(),
  );

describe('lookup refusals', () => {
  it('names where a referenced row is still used, in words', () => {
    const error = problem('TERMINAL_REFERENCED', {
      referencedBy: [
        { table: 'demand_lines', rows: 56 },
        { table: 'some_new_table', rows: 1 },
      ],
    });
    expect(lookupRefusal(t, error, 'T1')).toBe(
      'T1 is still in use by demand plans (56 rows), some new table (1 row), so it cannot be deleted. Deactivate it instead.',
    );
  });

  it('reads a referenced row without details, a system row and a taken code', () => {
    expect(lookupRefusal(t, problem('SKILL_REFERENCED'), 'X')).toBe(
      'X is still in use, so it cannot be deleted. Deactivate it instead.',
    );
    expect(lookupRefusal(t, problem('NODE_TYPE_PROTECTED'), 'COMPANY')).toBe(
      'COMPANY is a system row: it cannot be changed or deleted.',
    );
    expect(lookupRefusal(t, problem('GRADE_CODE_TAKEN'), 'G1')).toContain('G1 is taken');
  });

  it('leaves other answers to the generic problem text', () => {
    expect(lookupRefusal(t, problem('PRECONDITION_FAILED'), 'G1')).toBeNull();
    expect(lookupRefusal(t, new Error('network'), 'G1')).toBeNull();
  });

  it('joins usages with the separator of the language', () => {
    expect(usagesText(t, [{ table: 'employee_skills', rows: 2 }])).toBe("employees' skills (2 rows)");
  });
});

describe('lookup bodies', () => {
  it('sends the shared fields, upper-case codes and no empty text', () => {
    const body = lookupBody('grades', {
      ...emptyLookupForm,
      code: ' g9 ',
      nameEn: ' Grade 9 ',
      nameAr: 'درجة',
    });
    expect(body).toEqual({
      code: 'G9',
      Name_1_English: 'Grade 9',
      Name_2_Arabic: 'درجة',
      description: null,
      isActive: true,
    });
  });

  it('adds the fields of skills, holidays and shift templates', () => {
    const base = { ...emptyLookupForm, code: 'X', nameEn: 'X', nameAr: 'س' };
    expect(lookupBody('skills', { ...base, categoryCode: 'ops', requiresCertification: true })).toMatchObject(
      {
        categoryCode: 'OPS',
        requiresCertification: true,
      },
    );
    expect(lookupBody('holidays', { ...base, date: '2027-03-01' })).toMatchObject({
      date: '2027-03-01',
      endDate: null,
      holidayTypeCode: null,
    });
    const shift = lookupBody('shift-templates', {
      ...base,
      startTime: '22:00',
      endTime: '06:00',
      paidHours: '7.5',
    });
    expect(shift).toMatchObject({
      startTime: '22:00',
      endTime: '06:00',
      paidHours: 7.5,
      shiftTypeCode: null,
    });
    expect(
      lookupBody('shift-templates', { ...base, startTime: '08:00', endTime: '16:00' }),
    ).not.toHaveProperty('paidHours');
  });

  it('reads a row back into the form (a one-day holiday has no last day)', () => {
    const form = lookupFormOf({
      id: 'a',
      code: 'EID',
      Name_1_English: 'Eid',
      Name_2_Arabic: null,
      description: null,
      isSystem: false,
      isActive: false,
      version: 3,
      createdAt: '',
      updatedAt: '',
      date: '2027-03-20',
      endDate: '2027-03-20',
    });
    expect(form).toMatchObject({ code: 'EID', nameAr: '', isActive: false, date: '2027-03-20', endDate: '' });
  });
});

describe('settings', () => {
  const saved = {
    timezone: 'Asia/Riyadh',
    weekendDays: ['Friday', 'Saturday'] as ('Friday' | 'Saturday')[],
    weekStart: 'Sunday' as const,
    minRestHours: 11,
    maxConsecutiveDays: 6,
    maxWeeklyHours: 60,
    maxConsecutiveNights: null,
    'lockout.threshold': 5,
    'lockout.minutes': 15,
    'reconciliation.toleranceMinutes': 10,
    'equalization.windowDays': 90,
    'allocation.timeLimitSeconds': 20,
    'password.min_length': 12,
    'password.require_uppercase': true,
    'password.require_lowercase': true,
    'password.require_digit': true,
    'password.require_symbol': false,
    'availability.maxDaysAhead': 90,
    'availability.maxUnavailableDaysPerMonth': 4,
    'notifications.silencedKinds': [],
    'notifications.certificateWarningDays': 30,
    currency: 'SAR',
  };

  it('patches only what changed; the weekend in another order is no change', () => {
    expect(settingsPatch(saved, { ...saved, weekendDays: ['Saturday', 'Friday'] })).toBeNull();
    expect(
      settingsPatch(saved, { ...saved, maxConsecutiveNights: 4, 'password.require_symbol': true }),
    ).toEqual({
      maxConsecutiveNights: 4,
      'password.require_symbol': true,
    });
  });

  it('lists the password rules in force', () => {
    expect(passwordRules(saved)).toEqual([
      { id: 'length', length: 12 },
      { id: 'uppercase' },
      { id: 'lowercase' },
      { id: 'digit' },
    ]);
  });
});

describe('audit day ranges', () => {
  it('turns the unit’s days into instants: from its first midnight to the midnight after the last day', () => {
    expect(dayRangeInstants('2026-11-01', '2026-11-30', 'Asia/Riyadh')).toEqual({
      from: '2026-10-31T21:00:00.000Z',
      to: '2026-11-30T21:00:00.000Z',
    });
    expect(dayRangeInstants(null, null, 'Asia/Riyadh')).toEqual({});
  });

  it('follows a clock change', () => {
    expect(startOfDay('2026-03-29', 'Europe/London')).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/London')).toBe('2026-03-29T23:00:00.000Z');
  });
});
