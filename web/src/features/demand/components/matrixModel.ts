/**
 * The demand matrix's rules as pure functions: cell keys, keyboard moves, pasting a block from a
 * spreadsheet, the cells a save sends, totals, and what changed on the server under a stale edit.
 * The screen keeps its edits in a `Map` (never one React state per cell); these functions read it.
 */

export interface Line {
  date: string;
  terminalCode: string;
  shiftTemplateCode: string;
  skillCode: string | null;
  required: number;
  reasonCode: string | null;
}

/** A column of the matrix: one terminal's shift. */
export interface Column {
  terminal: string;
  shift: string;
}

/** A row of the matrix: a date's general line (skill null) or one of its skill lines. */
export interface Row {
  date: string;
  skill: string | null;
}

export interface Position {
  row: number;
  col: number;
}

export interface Stored {
  required: number;
  reasonCode: string | null;
}

export const MAX_REQUIRED = 10_000;

export const cellKey = (date: string, terminal: string, shift: string, skill: string | null) =>
  `${date}|${terminal}|${shift}|${skill ?? ''}`;

export const keyAt = (rows: readonly Row[], columns: readonly Column[], { row, col }: Position) => {
  const r = rows[row]!;
  const c = columns[col]!;
  return cellKey(r.date, c.terminal, c.shift, r.skill);
};

export function parseKey(key: string) {
  const [date = '', terminalCode = '', shiftTemplateCode = '', skill = ''] = key.split('|');
  return { date, terminalCode, shiftTemplateCode, skillCode: skill === '' ? null : skill };
}

/** The plan's lines by cell key. */
export function storedCells(lines: readonly Line[]): Map<string, Stored> {
  return new Map(
    lines.map((line) => [
      cellKey(line.date, line.terminalCode, line.shiftTemplateCode, line.skillCode),
      { required: line.required, reasonCode: line.reasonCode },
    ]),
  );
}

export type Move = 'up' | 'down' | 'start' | 'end' | 'next' | 'previous' | 'home' | 'last';

/**
 * The move a key asks for. Arrows follow what the reader sees: in right-to-left, the left arrow goes to
 * the next column. Tab and Enter move in reading order (Tab across, Enter down; with Shift, back).
 */
export function moveOfKey(key: string, shiftKey: boolean, dir: 'ltr' | 'rtl'): Move | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return dir === 'rtl' ? 'end' : 'start';
    case 'ArrowRight':
      return dir === 'rtl' ? 'start' : 'end';
    case 'Tab':
      return shiftKey ? 'previous' : 'next';
    case 'Enter':
      return shiftKey ? 'up' : 'down';
    case 'Home':
      return 'home';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** Where a move leads, kept inside the matrix; Tab wraps to the next row's first column. */
export function move(from: Position, step: Move, rows: number, cols: number): Position {
  const clamp = (value: number, size: number) => Math.max(0, Math.min(size - 1, value));
  const { row, col } = from;
  switch (step) {
    case 'up':
      return { row: clamp(row - 1, rows), col };
    case 'down':
      return { row: clamp(row + 1, rows), col };
    case 'start':
      return { row, col: clamp(col - 1, cols) };
    case 'end':
      return { row, col: clamp(col + 1, cols) };
    case 'home':
      return { row, col: 0 };
    case 'last':
      return { row, col: cols - 1 };
    case 'next':
      if (col < cols - 1) return { row, col: col + 1 };
      return row < rows - 1 ? { row: row + 1, col: 0 } : from;
    case 'previous':
      if (col > 0) return { row, col: col - 1 };
      return row > 0 ? { row: row - 1, col: cols - 1 } : from;
  }
}

/** A typed or pasted number a cell accepts: a whole number 0 … 10,000 (blank is 0); else null. */
export function parseRequired(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  // Arabic-Indic digits typed on an Arabic keyboard count as the same number.
  const latin = trimmed.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (!/^\d+$/.test(latin)) return null;
  const value = Number(latin);
  return value <= MAX_REQUIRED ? value : null;
}

/** A block copied from a spreadsheet: rows by newline, cells by tab; the final newline is not a row. */
export function parseBlock(text: string): (number | null)[][] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((line) => line.split('\t').map(parseRequired));
}

export interface PasteResult {
  edits: { key: string; value: number }[];
  /** Cells whose text is not a number the matrix accepts. */
  rejected: number;
  /** Cells that fell outside the matrix. */
  clipped: number;
}

/** The cells a block pasted at `anchor` sets, in the matrix's visible rows and columns. */
export function pasteBlock(
  anchor: Position,
  block: (number | null)[][],
  rows: readonly Row[],
  columns: readonly Column[],
): PasteResult {
  const result: PasteResult = { edits: [], rejected: 0, clipped: 0 };
  block.forEach((values, i) => {
    values.forEach((value, j) => {
      const row = anchor.row + i;
      const col = anchor.col + j;
      if (row >= rows.length || col >= columns.length) result.clipped += 1;
      else if (value === null) result.rejected += 1;
      else result.edits.push({ key: keyAt(rows, columns, { row, col }), value });
    });
  });
  return result;
}

/** Records an edit; an edit back to the stored value is no edit at all. */
export function setEdit(
  stored: ReadonlyMap<string, Stored>,
  edits: Map<string, number>,
  key: string,
  value: number,
): void {
  if ((stored.get(key)?.required ?? 0) === value) edits.delete(key);
  else edits.set(key, value);
}

export interface CellUpdate {
  date: string;
  terminalCode: string;
  shiftTemplateCode: string;
  skillCode: string | null;
  required: number;
  reasonCode?: string | null;
}

/** The body of the one PATCH a save sends: each edited cell, keeping the reason the line had. */
export function pendingCells(stored: ReadonlyMap<string, Stored>, edits: ReadonlyMap<string, number>) {
  const cells: CellUpdate[] = [];
  for (const [key, required] of edits) {
    const before = stored.get(key);
    if ((before?.required ?? 0) === required) continue;
    const reasonCode = before?.reasonCode ?? null;
    cells.push({ ...parseKey(key), required, ...(reasonCode && required > 0 ? { reasonCode } : {}) });
  }
  return cells;
}

export interface Totals {
  byDate: Map<string, number>;
  byShift: Map<string, number>;
  byColumn: Map<string, number>;
  total: number;
}

/** Totals per date, per shift and per column (terminal's shift) over the stored cells and the edits. */
export function totals(stored: ReadonlyMap<string, Stored>, edits: ReadonlyMap<string, number>): Totals {
  const result: Totals = { byDate: new Map(), byShift: new Map(), byColumn: new Map(), total: 0 };
  const add = (key: string, value: number) => {
    if (value === 0) return;
    const { date, terminalCode, shiftTemplateCode } = parseKey(key);
    result.byDate.set(date, (result.byDate.get(date) ?? 0) + value);
    result.byShift.set(shiftTemplateCode, (result.byShift.get(shiftTemplateCode) ?? 0) + value);
    const column = `${terminalCode}|${shiftTemplateCode}`;
    result.byColumn.set(column, (result.byColumn.get(column) ?? 0) + value);
    result.total += value;
  };
  for (const [key, cell] of stored) if (!edits.has(key)) add(key, cell.required);
  for (const [key, value] of edits) add(key, value);
  return result;
}

export interface StaleChange {
  key: string;
  date: string;
  terminalCode: string;
  shiftTemplateCode: string;
  skillCode: string | null;
  /** When the edit began. */
  before: number;
  /** On the server now. */
  server: number;
  /** The person's edit, or null where they did not touch the cell. */
  mine: number | null;
  /** Both sides changed the cell, to different values. */
  conflict: boolean;
}

/**
 * What a stale save meets: every cell the server changed since the edit began, and every edited cell,
 * with the value before, the server's and the person's; sorted by date, terminal, shift and skill.
 */
export function staleDiff(
  before: ReadonlyMap<string, Stored>,
  server: ReadonlyMap<string, Stored>,
  edits: ReadonlyMap<string, number>,
): StaleChange[] {
  const keys = new Set<string>();
  for (const key of new Set([...before.keys(), ...server.keys()]))
    if ((before.get(key)?.required ?? 0) !== (server.get(key)?.required ?? 0)) keys.add(key);
  for (const key of edits.keys()) keys.add(key);
  return [...keys].sort().map((key) => {
    const was = before.get(key)?.required ?? 0;
    const now = server.get(key)?.required ?? 0;
    const mine = edits.get(key) ?? null;
    return {
      key,
      ...parseKey(key),
      before: was,
      server: now,
      mine,
      conflict: mine !== null && now !== was && mine !== now,
    };
  });
}

/** The edits laid again over the server's cells: those that now equal the server's value drop out. */
export function rebase(server: ReadonlyMap<string, Stored>, edits: ReadonlyMap<string, number>) {
  const next = new Map<string, number>();
  for (const [key, value] of edits) setEdit(server, next, key, value);
  return next;
}

/** The matrix's rows: each date's general line, then its skill lines when the date is unfolded. */
export function matrixRows(
  dates: readonly string[],
  skills: readonly string[],
  unfolded: (date: string) => boolean,
) {
  const rows: Row[] = [];
  for (const date of dates) {
    rows.push({ date, skill: null });
    if (unfolded(date)) for (const skill of skills) rows.push({ date, skill });
  }
  return rows;
}
