import { describe, expect, it } from 'vitest';
import type { GridCell, GridRowInput } from '../../components/roster-grid/gridModel';
import { filterChoices, NO_FILTER, shownRows } from './filters';

const cell = (date: string, terminalCode: string, skillCode: string | null, shiftCode: string): GridCell => ({
  date,
  terminalCode,
  skillCode,
  shiftCode,
  night: shiftCode === 'NIGHT',
  lent: false,
});
const row = (id: string, cells: GridCell[]): GridRowInput => ({
  employee: { id, employeeNumber: id, Name_1_English: id },
  cells,
});
const rows = [
  row('a', [cell('2026-12-06', 'T1', 'MARSHALLING', 'MORNING'), cell('2026-12-07', 'T2', null, 'NIGHT')]),
  row('b', [cell('2026-12-06', 'T2', 'MARSHALLING', 'EVENING')]),
  row('c', []),
];

describe("the live roster's filters", () => {
  it('offers each terminal, skill and shift of the period once, sorted', () => {
    expect(filterChoices(rows.flatMap((r) => r.cells))).toEqual({
      terminals: ['T1', 'T2'],
      skills: ['MARSHALLING'],
      shifts: ['EVENING', 'MORNING', 'NIGHT'],
    });
  });

  it('shows everyone without a filter, and a person when one of their shifts matches every criterion', () => {
    const ids = (filter: typeof NO_FILTER, warned: string[] = []) =>
      shownRows(rows, filter, (id) => warned.includes(id)).map((r) => r.employee.id);
    expect(ids(NO_FILTER)).toEqual(['a', 'b', 'c']);
    expect(ids({ ...NO_FILTER, terminal: 'T2' })).toEqual(['a', 'b']);
    // One shift must match both: a's T2 shift is a night without the skill.
    expect(ids({ ...NO_FILTER, terminal: 'T2', skill: 'MARSHALLING' })).toEqual(['b']);
    expect(ids({ ...NO_FILTER, shift: 'NIGHT' })).toEqual(['a']);
    expect(ids({ ...NO_FILTER, warning: true }, ['b', 'c'])).toEqual(['b', 'c']);
    expect(ids({ ...NO_FILTER, warning: true, skill: 'MARSHALLING' }, ['b', 'c'])).toEqual(['b']);
  });
});
