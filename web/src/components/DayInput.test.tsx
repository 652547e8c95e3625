import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dayFromText } from '../lib/dates';
import { renderIn } from '../test/render';
import { DayInput } from './DayInput';

function Field({
  initial,
  onDay,
  required,
}: {
  initial: string;
  onDay: (day: string) => void;
  required?: boolean;
}) {
  const [day, setDay] = useState(initial);
  return (
    <DayInput
      label="Day"
      value={day}
      required={required}
      onChange={(next) => {
        setDay(next);
        onDay(next);
      }}
    />
  );
}

describe('a date field (issue 51)', () => {
  it.each(['en', 'ar'] as const)('reads day/month/year in %s, in Latin digits', (lang) => {
    renderIn(lang, <Field initial="2026-12-02" onDay={() => undefined} />);
    const input = screen.getByRole('textbox');
    expect(input).toHaveValue('02/12/2026');
    expect(input).toHaveAttribute('placeholder', lang === 'ar' ? 'يوم/شهر/سنة' : 'dd/mm/yyyy');
  });

  it.each(['en', 'ar'] as const)('takes a typed day/month/year in %s and gives the ISO day', (lang) => {
    const onDay = vi.fn();
    renderIn(lang, <Field initial="" onDay={onDay} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '3/1/2027' } });
    expect(onDay).toHaveBeenLastCalledWith('2027-01-03');
    fireEvent.blur(input);
    expect(input).toHaveValue('03/01/2027');
  });

  it('gives an optional field emptied as none', () => {
    const onDay = vi.fn();
    renderIn('en', <Field initial="2026-12-02" onDay={onDay} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '' } });
    expect(onDay).toHaveBeenLastCalledWith('');
  });
});

describe('a typed day', () => {
  it('is read day first, with any of the usual separators and in either digits', () => {
    expect(dayFromText('02/12/2026')).toBe('2026-12-02');
    expect(dayFromText(' 2.12.2026 ')).toBe('2026-12-02');
    expect(dayFromText('2-12-2026')).toBe('2026-12-02');
    expect(dayFromText('٢/١٢/٢٠٢٦')).toBe('2026-12-02');
  });

  it('is also taken as pasted in ISO form', () => {
    expect(dayFromText('2026-12-02')).toBe('2026-12-02');
  });

  it('is no day when it is not one of the calendar', () => {
    expect(dayFromText('31/02/2026')).toBeNull();
    expect(dayFromText('12/2026')).toBeNull();
    expect(dayFromText('2/12/26')).toBeNull();
    expect(dayFromText('')).toBeNull();
  });
});
