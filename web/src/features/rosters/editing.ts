/**
 * Editing the live roster on its grid, free of React: the edits not saved yet, what the grid shows with
 * them, and the changes a key, a drop or the add dialog make to that list. Every change makes a new list,
 * so that undo is going back to the list before it.
 */
import type { GridCell, GridEmployee, GridRowInput } from '../../components/roster-grid/gridModel';
import type { RosterEdit } from './api';

/** A shift as the grid shows it, under its employee. */
export interface ShownShift {
  employee: GridEmployee;
  cell: GridCell;
}

export interface PendingEdit {
  edit: RosterEdit;
  /** The shift it puts on the grid (an add, a move), as the grid shows it. */
  placed: ShownShift | null;
  /** The live assignment it takes off the grid (a remove, a move). */
  takes: string | null;
}

/** A new shift in an empty cell. */
export function addShift(
  pending: readonly PendingEdit[],
  edit: Extract<RosterEdit, { kind: 'add' }>,
  placed: ShownShift,
): PendingEdit[] {
  return [...pending, { edit, placed, takes: null }];
}

/**
 * The shift of a cell taken off: a live one gets a removal; one an edit placed is taken back (a moved
 * shift is then removed from where it came from).
 */
export function removeShift(pending: readonly PendingEdit[], cell: GridCell): PendingEdit[] | null {
  if (cell.editIndex !== undefined) {
    const item = pending[cell.editIndex];
    if (!item) return null;
    const rest = pending.filter((_, index) => index !== cell.editIndex);
    return item.takes
      ? [...rest, { edit: { kind: 'remove', assignmentId: item.takes }, placed: null, takes: item.takes }]
      : rest;
  }
  if (!cell.assignmentId) return null;
  return [
    ...pending,
    { edit: { kind: 'remove', assignmentId: cell.assignmentId }, placed: null, takes: cell.assignmentId },
  ];
}

/**
 * The shift of a cell moved to another employee or day (the target cell is empty); a shift an edit placed
 * moves with its edit, which goes to the end of the list (it is checked after the others again).
 */
export function moveShift(
  pending: readonly PendingEdit[],
  cell: GridCell,
  employee: GridEmployee,
  date: string,
): PendingEdit[] | null {
  const placed: ShownShift = { employee, cell: { ...cell, date } };
  if (cell.editIndex !== undefined) {
    const item = pending[cell.editIndex];
    if (!item || item.edit.kind === 'remove') return null;
    const rest = pending.filter((_, index) => index !== cell.editIndex);
    return [...rest, { ...item, edit: { ...item.edit, employeeId: employee.id, date }, placed }];
  }
  if (!cell.assignmentId) return null;
  return [
    ...pending,
    {
      edit: { kind: 'move', assignmentId: cell.assignmentId, employeeId: employee.id, date },
      placed,
      takes: cell.assignmentId,
    },
  ];
}

/** The pending edits without those at some places in the list (refused, or met by another save). */
export const withoutEdits = (pending: readonly PendingEdit[], indexes: ReadonlySet<number>): PendingEdit[] =>
  pending.filter((_, index) => !indexes.has(index));

/**
 * The grid's rows with the pending edits laid over them: only the rows an edit touches are made anew, so
 * that a change on a grid of thousands rebuilds a row or two (the grid caches the others' cells).
 */
export function editedRows(
  rows: readonly GridRowInput[],
  pending: readonly PendingEdit[],
  holderOf: (assignmentId: string) => string | undefined,
): GridRowInput[] {
  if (!pending.length) return [...rows];
  const touched = new Map<string, PendingEdit[]>();
  const touch = (employeeId: string | undefined, item: PendingEdit) => {
    if (employeeId !== undefined) touched.set(employeeId, [...(touched.get(employeeId) ?? []), item]);
  };
  for (const item of pending) {
    if (item.takes) touch(holderOf(item.takes), item);
    if (item.placed) touch(item.placed.employee.id, item);
  }
  const known = new Set(rows.map((row) => row.employee.id));
  const placedIn = (employeeId: string) =>
    pending.flatMap((item, editIndex) =>
      item.placed?.employee.id === employeeId
        ? [{ ...item.placed.cell, assignmentId: undefined, edited: true, editIndex }]
        : [],
    );
  const taken = new Set(pending.flatMap((item) => (item.takes ? [item.takes] : [])));
  const edited = rows.map((row) =>
    touched.has(row.employee.id)
      ? {
          employee: row.employee,
          cells: [
            ...row.cells.filter((cell) => !taken.has(cell.assignmentId ?? '')),
            ...placedIn(row.employee.id),
          ],
        }
      : row,
  );
  // Someone who had no row yet (no work in the period and not listed as staff) gets one.
  for (const item of pending)
    if (item.placed && !known.has(item.placed.employee.id)) {
      known.add(item.placed.employee.id);
      edited.push({ employee: item.placed.employee, cells: placedIn(item.placed.employee.id) });
    }
  return edited;
}
