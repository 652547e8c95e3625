import { afterEach, describe, expect, it } from 'vitest';
import { formatDay, hijriDates } from './format';

afterEach(() => hijriDates.set(false));

describe('a date in full with the Hijri date beside (issue 51)', () => {
  it('shows the Gregorian date alone until the reader asks for the Hijri one', () => {
    expect(formatDay('ar', '2026-12-02')).toBe('2 ديسمبر 2026');
    expect(formatDay('en', '2026-12-02')).toBe('2 Dec 2026');
  });

  it('follows a date in full with its Umm al-Qura date, in the reader’s language and Latin digits', () => {
    hijriDates.set(true);
    expect(formatDay('ar', '2026-12-02')).toBe('2 ديسمبر 2026 (22 جمادى الآخرة 1448 هـ)');
    expect(formatDay('en', '2026-12-02')).toBe('2 Dec 2026 (22 Jumada II 1448 AH)');
    expect(
      formatDay('en', '2026-12-02', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    ).toBe('Wednesday, 2 December 2026 (22 Jumada II 1448 AH)');
  });

  it('leaves a short date (a grid’s day, a weekday) as it is', () => {
    hijriDates.set(true);
    expect(formatDay('en', '2026-12-02', { day: 'numeric', month: 'short' })).toBe('2 Dec');
    expect(formatDay('ar', '2026-12-02', { weekday: 'short' })).toBe('الأربعاء');
  });
});
