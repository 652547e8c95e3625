import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveCertificationTypes } from '../../../test/certification-types';
import { renderIn } from '../../../test/render';
import type { PersonFigures, RosterPersonFigures } from '../api';
import { PersonFiguresDetail, useFiguresColumn } from './PersonFigures';

const employee = (id: string, nameAr: string) => ({
  id,
  employeeNumber: id.toUpperCase(),
  Name_1_English: `Person ${id}`,
  Name_2_Arabic: nameAr,
  departmentId: 'ramp',
});
const near: PersonFigures = {
  employee: employee('e7', 'نورة'),
  shifts: 7,
  paidHours: 56,
  nights: 2,
  weekendShifts: 3,
  cost: { total: '3150.00', unratedHours: '0.00' },
  broken: [],
  warnings: [
    {
      rule: 'WEEKLY_HOURS_NEAR_LIMIT',
      dates: ['2026-12-06', '2026-12-10'],
      value: 56,
      limit: 60,
      certification: null,
      validTo: null,
    },
  ],
};
const dayWorker: PersonFigures = {
  ...near,
  employee: employee('e8', 'سارة'),
  paidHours: 16,
  nights: 0,
  weekendShifts: 1,
  cost: null,
  warnings: [],
};
const figures: RosterPersonFigures = {
  departmentId: 'ramp',
  from: '2026-12-06',
  to: '2026-12-12',
  currency: 'SAR',
  limits: { maxWeeklyHours: 60, minRestHours: 11, maxConsecutiveDays: 6, maxConsecutiveNights: null },
  people: [near, dayWorker],
};
const byEmployee = new Map(figures.people.map((person) => [person.employee.id, person]));

/** One cell of the figures column as the grid renders it. */
function Cell({ id, narrow = false }: { id: string; narrow?: boolean }) {
  const column = useFiguresColumn(figures, byEmployee);
  const { content, label } = column.render(employee(id, ''), narrow);
  return (
    <div data-label={label} data-testid={`cell-${id}`}>
      {content}
    </div>
  );
}

/** The text without the isolating marks around numbers and names. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2068\u2069]/g, '');

beforeEach(() => serveCertificationTypes([]));
afterEach(() => vi.unstubAllGlobals());

describe("a person's figures on the live roster", () => {
  it('shows hours, nights, weekend shifts and cost, and marks the limit come near in words', () => {
    renderIn(
      'en',
      <>
        <Cell id="e7" />
        <Cell id="e8" />
        <Cell id="e9" />
      </>,
    );
    const cell = screen.getByTestId('cell-e7');
    expect(cell).toHaveTextContent('56 h · ☾ 2 · wknd 3');
    expect(cell).toHaveTextContent('SAR');
    expect(cell).toHaveTextContent('3,150.00');
    const mark = screen.getByTestId('figures-mark');
    expect(mark).toHaveTextContent('Near a limit');
    expect(mark).toHaveAttribute('title', 'Near a limit: 56 hours in the week to 10 Dec 2026, of at most 60');
    expect(plain(cell.getAttribute('data-label'))).toMatch(
      /^56 paid hours, 2 nights, 3 weekend shifts\. Cost SAR.3,150\.00\. Near a limit: 56 hours/,
    );
    // No cost for a caller who may not read it; a row without work has no figures.
    expect(plain(screen.getByTestId('cell-e8').getAttribute('data-label'))).toBe(
      '16 paid hours, no night, 1 weekend shift',
    );
    expect(screen.getByTestId('cell-e9')).toHaveAttribute('data-label', 'No shifts in the period');
  });

  it('keeps hours, nights and the mark when narrow, and reads in Arabic', () => {
    renderIn('ar', <Cell id="e7" narrow />);
    const cell = screen.getByTestId('cell-e7');
    expect(cell).toHaveTextContent('56 س · ☾ 2');
    expect(cell).not.toHaveTextContent('3,150');
    expect(screen.getByTestId('figures-mark').getAttribute('title')).toMatch(
      /^قريب من حدّ: .*والحد الأقصى 60/,
    );
    expect(plain(cell.getAttribute('data-label'))).toMatch(/^56 ساعة مدفوعة، ليلتان، 3 مناوبات في العطلة/);
    expect(cell.getAttribute('data-label')).not.toMatch(/[A-Z]{2,}_[A-Z]/);
  });

  it('lists everything in the row detail, in both languages', () => {
    const { unmount } = renderIn('en', <PersonFiguresDetail figures={near} currency="SAR" />);
    const detail = screen.getByTestId('person-figures');
    expect(detail).toHaveTextContent('In the period shown');
    expect(plain(detail.textContent)).toContain('56 paid hours, 2 nights, 3 weekend shifts. Cost SAR');
    expect(screen.getByTestId('figures-warning')).toHaveTextContent(
      '56 hours in the week to 10 Dec 2026, of at most 60',
    );
    unmount();
    renderIn('ar', <PersonFiguresDetail figures={undefined} currency="SAR" />);
    expect(screen.getByTestId('person-figures')).toHaveTextContent('لا مناوبات في هذه الفترة');
  });
});
