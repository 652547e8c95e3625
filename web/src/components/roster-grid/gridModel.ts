/**
 * The roster grid's logic, free of React: the dates of a period, cells indexed by row and column, keyboard
 * moves (mirrored in right-to-left), and the change list between a published version and the live roster.
 */
import { addDays } from '../../lib/dates';

export interface GridEmployee {
  id: string;
  employeeNumber: string;
  Name_1_English: string;
  Name_2_Arabic?: string | null;
}

export interface GridCell {
  date: string;
  shiftCode: string;
  terminalCode: string;
  skillCode: string | null;
  /** Ends the next day. */
  night: boolean;
  /** Staff lent from another pool. */
  lent: boolean;
  /** Live work a run kept as it was. */
  fixed?: boolean;
  /** The live assignment, when the grid shows the live roster. */
  assignmentId?: string;
  /** An edit not saved yet put it here (its place in the editor's list). */
  edited?: boolean;
  editIndex?: number;
  demandLineId?: string | null;
}

export interface GridRowInput {
  employee: GridEmployee;
  cells: GridCell[];
}

export interface GridModel {
  dates: string[];
  employees: GridEmployee[];
  /** `cells[row][column]`: the assignment of that employee on that date, or null. */
  cells: (GridCell | null)[][];
}

/** Employee numbers in their natural order (E2 before E10); one collator, not one per comparison. */
const byNumber = new Intl.Collator('en', { numeric: true }).compare;

/** Every date from `from` to `to`, inclusive. */
export function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/**
 * Rows by employee number, cells placed under their dates (outside the period: dropped). `lines` keeps
 * each row's cells by the row itself, for a grid built again over the same dates with most rows unchanged.
 */
export function buildGrid(
  from: string,
  to: string,
  rows: GridRowInput[],
  lines?: WeakMap<GridRowInput, (GridCell | null)[]>,
): GridModel {
  const dates = datesOf(from, to);
  const column = new Map(dates.map((date, index) => [date, index]));
  const sorted = [...rows].sort((a, b) => byNumber(a.employee.employeeNumber, b.employee.employeeNumber));
  const cells = sorted.map((row) => {
    const known = lines?.get(row);
    if (known) return known;
    const line: (GridCell | null)[] = new Array(dates.length).fill(null);
    for (const cell of row.cells) {
      const index = column.get(cell.date);
      if (index !== undefined) line[index] = cell;
    }
    lines?.set(row, line);
    return line;
  });
  return { dates, employees: sorted.map((row) => row.employee), cells };
}

/** Groups flat assignments into rows, one per employee; `everyone` adds rows for employees without work. */
export function rowsOf<A>(
  assignments: A[],
  toRow: (assignment: A) => { employee: GridEmployee; cell: GridCell },
  everyone: GridEmployee[] = [],
): GridRowInput[] {
  const rows = new Map<string, GridRowInput>(
    everyone.map((employee) => [employee.id, { employee, cells: [] }]),
  );
  for (const assignment of assignments) {
    const { employee, cell } = toRow(assignment);
    let row = rows.get(employee.id);
    if (!row) {
      row = { employee, cells: [] };
      rows.set(employee.id, row);
    }
    row.cells.push(cell);
  }
  return [...rows.values()];
}

/** A night shift ends at or before it starts (the next day). */
export const isNight = (start: string, end: string) => end <= start;

export interface Position {
  row: number;
  column: number;
}

/**
 * Where a key moves the focus in a grid of `rows` × `columns`; null for a key that does not move it.
 * Arrow keys follow what the reader sees: in right-to-left, ArrowRight goes to the previous date.
 */
export function moveFocus(
  at: Position,
  key: string,
  size: { rows: number; columns: number; page: number },
  rtl: boolean,
  ctrl = false,
): Position | null {
  const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));
  const { row, column } = at;
  switch (key) {
    case 'ArrowDown':
      return { row: clamp(row + 1, size.rows), column };
    case 'ArrowUp':
      return { row: clamp(row - 1, size.rows), column };
    case 'ArrowRight':
      return { row, column: clamp(column + (rtl ? -1 : 1), size.columns) };
    case 'ArrowLeft':
      return { row, column: clamp(column + (rtl ? 1 : -1), size.columns) };
    case 'Home':
      return ctrl ? { row: 0, column: 0 } : { row, column: 0 };
    case 'End':
      return ctrl ? { row: size.rows - 1, column: size.columns - 1 } : { row, column: size.columns - 1 };
    case 'PageDown':
      return { row: clamp(row + size.page, size.rows), column };
    case 'PageUp':
      return { row: clamp(row - size.page, size.rows), column };
    default:
      return null;
  }
}

/** The visible indices plus the focused one, so the roving tab stop never leaves the document. */
export function withFocused(indexes: number[], focused: number): number[] {
  if (focused < 0 || indexes.includes(focused)) return indexes;
  return [...indexes, focused].sort((a, b) => a - b);
}
