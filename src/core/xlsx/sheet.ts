import type { SheetRow, XlsxWorkbook } from './reader.ts';

/** A sheet or header that does not match its template: `path` is `Sheet/header` or `Sheet`. */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** Maps each expected header to its column (-1 for an optional one left out), or lists what does not match. */
export function headerMap<T extends string>(
  sheet: string,
  header: SheetRow | undefined,
  expected: readonly T[],
  problems: SchemaProblem[],
  optional: readonly T[] = [],
): Record<T, number> | null {
  const cells = (header?.cells ?? []).map((cell) => cell.trim());
  const map = {} as Record<T, number>;
  const before = problems.length;
  for (const column of expected) {
    const index = cells.indexOf(column);
    if (index < 0) problems.push({ path: `${sheet}/${column}`, message: `missing header ${column}` });
    else map[column] = index;
  }
  for (const column of optional) map[column] = cells.indexOf(column);
  const known: readonly string[] = [...expected, ...optional];
  cells.forEach((cell, index) => {
    if (cell !== '' && !known.includes(cell)) {
      problems.push({ path: `${sheet}/${cell}`, message: `unknown header ${cell} (column ${index + 1})` });
    }
  });
  return problems.length === before ? map : null;
}

export const isBlankRow = (row: SheetRow) => row.cells.every((cell) => cell.trim() === '');

/** Stops a sheet's reading at a header that does not match. */
const HEADER_REFUSED = new Error('header refused');

/**
 * Streams a sheet's data rows (blank rows skipped) to `onRow`, after checking its header row against the
 * expected columns (any order; `optional` ones may be left out). Answers the column map, or null with the
 * header's problems added to `problems` and no data row read. Reading waits on what `onRow` answers.
 */
export async function readSheet<T extends string>(
  workbook: XlsxWorkbook,
  sheet: string,
  columns: { expected: readonly T[]; optional?: readonly T[] },
  problems: SchemaProblem[],
  onRow: (row: SheetRow, columns: Record<T, number>) => void | Promise<void>,
): Promise<Record<T, number> | null> {
  let map: Record<T, number> | null = null;
  let header = true;
  try {
    await workbook.rows(sheet, async (row) => {
      if (header) {
        header = false;
        map = headerMap(sheet, row, columns.expected, problems, columns.optional);
        if (!map) throw HEADER_REFUSED;
      } else if (!isBlankRow(row)) {
        await onRow(row, map!);
      }
    });
  } catch (error) {
    if (error !== HEADER_REFUSED) throw error;
  }
  // An empty sheet has no header row: every expected header is missing.
  return header ? headerMap(sheet, undefined, columns.expected, problems, columns.optional) : map;
}

/** A cell's text, trimmed; '' when absent. */
export const cellOf = <T extends string>(row: SheetRow, columns: Record<T, number>, column: T): string =>
  (row.cells[columns[column]] ?? '').trim();

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** `YYYY-MM-DD`, or a spreadsheet date serial (what a spreadsheet saves a typed date as). */
export function dateOf(value: string): string | null | 'invalid' {
  if (value === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? 'invalid' : value;
  }
  if (/^\d{1,6}(\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    if (serial < 1 || serial > 2_958_465) return 'invalid';
    return new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return 'invalid';
}

const MINUTES_PER_DAY = 1440;

/**
 * A time of day as `HH:mm`: typed as `H:mm`, `HH:mm` or `HH:mm:ss` (seconds are dropped), or a
 * spreadsheet time (a fraction of a day, what a spreadsheet saves a typed time as). With `endOfDay`,
 * `24:00` (or the fraction 1) is the end of the date: a segment of presence that runs to midnight.
 */
export function timeOf(value: string, options: { endOfDay?: boolean } = {}): string | null | 'invalid' {
  if (value === '') return null;
  const text = /^(\d{1,2}):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(value);
  let minutes: number;
  if (text) {
    const hours = Number(text[1]);
    minutes = hours * 60 + Number(text[2]);
    if (hours > 23 && !(options.endOfDay && minutes === MINUTES_PER_DAY && /^24:00(?::00)?$/.test(value))) {
      return 'invalid';
    }
  } else if (/^0?\.\d+$|^0$/.test(value) || (options.endOfDay && /^1(?:\.0+)?$/.test(value))) {
    minutes = Math.round(Number(value) * MINUTES_PER_DAY);
    if (minutes > MINUTES_PER_DAY || (minutes === MINUTES_PER_DAY && !options.endOfDay)) return 'invalid';
  } else {
    return 'invalid';
  }
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
