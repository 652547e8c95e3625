import { type GridColumn, type NoteLine, renderGrid } from './pdf/grid.ts';
import { writeXlsx, type XlsxCell, type XlsxColumn, type XlsxFilledCell } from './xlsx/index.ts';

/**
 * A report as a table, and the table as a workbook (streaming writer, right-to-left sheet for Arabic,
 * header frozen, dates as dates) and as a PDF grid (mirrored for Arabic): both files show the same cells.
 */

export type TableCell = XlsxCell | XlsxFilledCell;

/** The languages a report is written in, and the words of a PDF's page numbers in each. */
export type TableLanguage = 'en' | 'ar';
const PAGE_WORDS = { en: { page: 'Page', of: 'of' }, ar: { page: 'صفحة', of: 'من' } } as const;

/** What each file of a report needs: its columns, its rows, and its words. */
export interface Table {
  lang: TableLanguage;
  title: string;
  subtitle: string[];
  sheet: string;
  columns: (GridColumn & { xlsxWidth?: number; date?: boolean })[];
  /** Rows under the column titles (the weekdays of a month). */
  headers?: string[][];
  rows: TableCell[][];
  totals: XlsxCell[][];
  notes?: { title: string; lines: NoteLine[] };
  landscape?: boolean;
  fontSize?: number;
}

const DATE_FORMAT = 'yyyy-mm-dd';
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
export const hours = (value: number) => String(Math.round(value * 100) / 100);

export async function workbook(table: Table): Promise<Buffer> {
  const columns: XlsxColumn[] = table.columns.map((column) => ({
    header: column.title,
    width: column.xlsxWidth ?? Math.max(10, column.width),
    ...(column.date ? { numberFormat: DATE_FORMAT } : {}),
    ...(column.shade ? { fill: column.shade } : {}),
  }));
  const dateColumns = table.columns.flatMap((column, index) => (column.date ? [index] : []));
  const asCells = (row: TableCell[]) =>
    row.map((cell, index) =>
      dateColumns.includes(index) && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell)
        ? asDate(cell)
        : cell,
    );
  const bytes = await writeXlsx([
    {
      name: table.sheet.slice(0, 31),
      rightToLeft: table.lang === 'ar',
      columns,
      ...(table.headers ? { headers: table.headers } : {}),
      rows: [...table.rows, ...table.totals].map(asCells),
    },
  ]);
  return bytes!;
}

const text = (cell: XlsxCell) =>
  cell === null || cell === undefined ? '' : typeof cell === 'number' ? hours(cell) : String(cell);

export function pdf(table: Table): Promise<Buffer> {
  return renderGrid({
    direction: table.lang === 'ar' ? 'rtl' : 'ltr',
    landscape: table.landscape ?? false,
    title: table.title,
    subtitle: table.subtitle,
    columns: table.columns,
    ...(table.headers ? { headers: table.headers } : {}),
    rows: table.rows.map((row) =>
      row.map((cell) =>
        typeof cell === 'object' && cell !== null && !(cell instanceof Date)
          ? { text: text(cell.value), fill: cell.fill }
          : text(cell),
      ),
    ),
    totals: table.totals.map((row) => row.map(text)),
    ...(table.notes ? { notes: table.notes } : {}),
    pageWords: PAGE_WORDS[table.lang],
    fontSize: table.fontSize ?? 8,
  });
}
