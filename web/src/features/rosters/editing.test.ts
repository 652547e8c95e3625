import { describe, expect, it } from 'vitest';
import { type GridCell, rowsOf } from '../../components/roster-grid/gridModel';
import {
  addShift,
  editedRows,
  moveShift,
  type PendingEdit,
  removeShift,
  type ShownShift,
  withoutEdits,
} from './editing';

const ahmed = { id: 'e1', employeeNumber: 'E1', Name_1_English: 'Ahmed' };
const sara = { id: 'e2', employeeNumber: 'E2', Name_1_English: 'Sara' };
const morning = (date: string, assignmentId?: string): GridCell => ({
  date,
  shiftCode: 'MORNING',
  terminalCode: 'T1',
  skillCode: null,
  night: false,
  lent: false,
  ...(assignmentId ? { assignmentId } : {}),
});
const live: ShownShift[] = [
  { employee: ahmed, cell: morning('2027-01-04', 'a1') },
  { employee: sara, cell: morning('2027-01-04', 'a2') },
];
/** The shifts the grid shows: the live rows with the edits laid over them. */
const shownShifts = (shifts: ShownShift[], pending: PendingEdit[]): ShownShift[] =>
  editedRows(
    rowsOf(shifts, (shift) => shift),
    pending,
    (id) => shifts.find((shift) => shift.cell.assignmentId === id)?.employee.id,
  ).flatMap((row) => row.cells.map((cell) => ({ employee: row.employee, cell })));
const where = (shifts: ShownShift[]) =>
  shifts.map((s) => `${s.employee.id} ${s.cell.date}${s.cell.edited ? ' edited' : ''}`).sort();

describe('edits laid over the live roster', () => {
  it('makes anew only the rows an edit touches', () => {
    const rows = rowsOf(live, (shift) => shift);
    const edited = editedRows(rows, removeShift([], live[0]!.cell)!, () => 'e1');
    expect(edited[0]).not.toBe(rows[0]);
    expect(edited[1]).toBe(rows[1]);
  });

  it('moves a live shift: off its cell, on the new one, marked as not saved', () => {
    const edits = moveShift([], live[0]!.cell, sara, '2027-01-05')!;
    expect(edits.map((e) => e.edit)).toEqual([
      { kind: 'move', assignmentId: 'a1', employeeId: 'e2', date: '2027-01-05' },
    ]);
    expect(where(shownShifts(live, edits))).toEqual(['e2 2027-01-04', 'e2 2027-01-05 edited']);
  });

  it('moves an edited shift again with its edit, which goes last in the list', () => {
    const added = addShift(
      [],
      { kind: 'add', employeeId: 'e1', date: '2027-01-06', shiftTemplateId: 't', terminalId: 'x' },
      { employee: ahmed, cell: morning('2027-01-06') },
    );
    const removed = removeShift(added, live[1]!.cell)!;
    const shown = shownShifts(live, removed);
    const placed = shown.find((s) => s.cell.edited)!;
    const moved = moveShift(removed, placed.cell, sara, '2027-01-07')!;
    expect(moved.map((e) => e.edit.kind)).toEqual(['remove', 'add']);
    expect(moved[1]!.edit).toMatchObject({ employeeId: 'e2', date: '2027-01-07', shiftTemplateId: 't' });
    expect(where(shownShifts(live, moved))).toEqual(['e1 2027-01-04', 'e2 2027-01-07 edited']);
  });

  it('removing an added shift takes its edit back; removing a moved one removes it where it came from', () => {
    const moved = moveShift([], live[0]!.cell, ahmed, '2027-01-05')!;
    const placed = shownShifts(live, moved).find((s) => s.cell.edited)!;
    const gone = removeShift(moved, placed.cell)!;
    expect(gone.map((e) => e.edit)).toEqual([{ kind: 'remove', assignmentId: 'a1' }]);
    expect(where(shownShifts(live, gone))).toEqual(['e2 2027-01-04']);
    const added = addShift(
      [],
      { kind: 'add', employeeId: 'e2', date: '2027-01-05', demandLineId: 'l1' },
      { employee: sara, cell: morning('2027-01-05') },
    );
    const back = removeShift(added, shownShifts(live, added).find((s) => s.cell.edited)!.cell)!;
    expect(back).toEqual([]);
    expect(withoutEdits(moved, new Set([0]))).toEqual([]);
  });

  it('does nothing for an empty cell', () => {
    expect(removeShift([], morning('2027-01-04'))).toBeNull();
    expect(moveShift([], morning('2027-01-04'), sara, '2027-01-05')).toBeNull();
  });
});
