import { describe, expect, it } from 'vitest';
import { buildGrid, datesOf, isNight, moveFocus, rowsOf, withFocused } from './gridModel';

const employee = (n: string) => ({ id: `e${n}`, employeeNumber: n, Name_1_English: `Employee ${n}` });
const cell = (date: string, shiftCode = 'MORNING') => ({
  date,
  shiftCode,
  terminalCode: 'T1',
  skillCode: null,
  night: false,
  lent: false,
});

describe('the roster grid model', () => {
  it('lists every date of a period, across a month end', () => {
    expect(datesOf('2026-01-30', '2026-02-02')).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it('orders employees by number and places each assignment under its date', () => {
    const grid = buildGrid('2026-03-01', '2026-03-03', [
      { employee: employee('E10'), cells: [cell('2026-03-03')] },
      { employee: employee('E9'), cells: [cell('2026-03-01'), cell('2026-04-01')] },
    ]);
    expect(grid.employees.map((e) => e.employeeNumber)).toEqual(['E9', 'E10']);
    expect(grid.cells[0]!.map((c) => c?.date ?? null)).toEqual(['2026-03-01', null, null]);
    expect(grid.cells[1]![2]!.date).toBe('2026-03-03');
  });

  it('builds 2,000 × 31 in well under the frame budget of a render', () => {
    const dates = datesOf('2026-03-01', '2026-03-31');
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      employee: employee(`E${i}`),
      cells: dates.filter((_, d) => (d + i) % 7 < 5).map((date) => cell(date)),
    }));
    const started = performance.now();
    const grid = buildGrid('2026-03-01', '2026-03-31', rows);
    expect(grid.cells.length).toBe(2000);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('groups assignments into rows, with rows for employees who have none', () => {
    const rows = rowsOf(
      [
        { who: employee('E1'), date: '2026-03-01' },
        { who: employee('E1'), date: '2026-03-02' },
      ],
      (a) => ({ employee: a.who, cell: cell(a.date) }),
      [employee('E2')],
    );
    expect(rows.map((r) => [r.employee.employeeNumber, r.cells.length])).toEqual([
      ['E2', 0],
      ['E1', 2],
    ]);
  });

  it('calls a shift that ends at or before its start a night', () => {
    expect(isNight('22:00', '06:00')).toBe(true);
    expect(isNight('06:00', '14:00')).toBe(false);
  });
});

describe('moving through the grid with the keyboard', () => {
  const size = { rows: 10, columns: 31, page: 5 };
  it('moves by arrow keys and stays inside the grid', () => {
    expect(moveFocus({ row: 0, column: 0 }, 'ArrowDown', size, false)).toEqual({ row: 1, column: 0 });
    expect(moveFocus({ row: 0, column: 0 }, 'ArrowUp', size, false)).toEqual({ row: 0, column: 0 });
    expect(moveFocus({ row: 0, column: 30 }, 'ArrowRight', size, false)).toEqual({ row: 0, column: 30 });
  });

  it('mirrors left and right in Arabic: ArrowLeft goes to the next date', () => {
    expect(moveFocus({ row: 0, column: 3 }, 'ArrowLeft', size, true)).toEqual({ row: 0, column: 4 });
    expect(moveFocus({ row: 0, column: 3 }, 'ArrowRight', size, true)).toEqual({ row: 0, column: 2 });
  });

  it('jumps with Home, End, Ctrl+End and the page keys', () => {
    expect(moveFocus({ row: 4, column: 9 }, 'Home', size, false)).toEqual({ row: 4, column: 0 });
    expect(moveFocus({ row: 4, column: 9 }, 'End', size, false, true)).toEqual({ row: 9, column: 30 });
    expect(moveFocus({ row: 8, column: 2 }, 'PageDown', size, false)).toEqual({ row: 9, column: 2 });
    expect(moveFocus({ row: 2, column: 2 }, 'PageUp', size, false)).toEqual({ row: 0, column: 2 });
    expect(moveFocus({ row: 2, column: 2 }, 'a', size, false)).toBeNull();
  });

  it('keeps the focused row rendered when it scrolls out of view', () => {
    expect(withFocused([10, 11, 12], 2)).toEqual([2, 10, 11, 12]);
    expect(withFocused([10, 11, 12], 11)).toEqual([10, 11, 12]);
  });
});
