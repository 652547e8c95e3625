import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * A streaming xlsx writer (exceljs's WorkbookWriter): rows are committed as they are added, so a large
 * export never holds the whole sheet. Every text value is written as text; a text that begins with
 * `=`, `+`, `-` or `@` (what a spreadsheet would otherwise take for a formula) also gets the text number
 * format, so neither this writer nor a spreadsheet that re-saves the file turns it into a formula. The
 * header rows stay in view while scrolling; dates are written as dates; columns and cells may be filled.
 */
export interface XlsxColumn {
  header: string;
  /** A comment on the header cell (what the column holds, the valid codes). */
  note?: string;
  width?: number;
  /** A number format for the column's values (`yyyy-mm-dd` for dates). */
  numberFormat?: string;
  /** A fill (`#rrggbb`) behind the whole column (a weekend, a holiday). */
  fill?: string;
}

export type XlsxCell = string | number | boolean | Date | null | undefined;
/** A value on a fill of its own (a day of leave). */
export interface XlsxFilledCell {
  value: XlsxCell;
  fill: string;
}

export interface XlsxSheet {
  name: string;
  /** A right-to-left sheet view (Arabic): column A at the right. */
  rightToLeft?: boolean;
  columns: readonly XlsxColumn[];
  /** Rows under the column titles, bold and frozen with them (the weekdays of a month). */
  headers?: readonly (readonly XlsxCell[])[];
  rows:
    | Iterable<readonly (XlsxCell | XlsxFilledCell)[]>
    | AsyncIterable<readonly (XlsxCell | XlsxFilledCell)[]>;
}

const FORMULA_LIKE = /^[=+\-@]/;

export const looksLikeFormula = (value: string): boolean => FORMULA_LIKE.test(value);

const solid = (colour: string): ExcelJS.Fill => ({
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: `FF${colour.slice(1).toUpperCase()}` },
});

const isFilled = (value: XlsxCell | XlsxFilledCell): value is XlsxFilledCell =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

/** Writes the sheets in order to `target`, or answers the workbook's bytes when no target is given. */
export async function writeXlsx(
  sheets: readonly XlsxSheet[],
  target?: Writable,
): Promise<Buffer | undefined> {
  const sink = target ?? new PassThrough();
  const chunks: Buffer[] = [];
  if (!target) sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  // Loaded on first use: exceljs costs a quarter of a second of CPU at start-up, for exports few runs make.
  const { stream } = (await import('exceljs')).default;
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const sheet of sheets) {
    const headers = sheet.headers ?? [];
    const worksheet = workbook.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', ySplit: 1 + headers.length, rightToLeft: sheet.rightToLeft ?? false }],
    });
    worksheet.columns = sheet.columns.map((column, index) => ({
      key: String(index),
      width: column.width ?? Math.max(12, column.header.length + 2),
      style: {
        ...(column.numberFormat ? { numFmt: column.numberFormat } : {}),
        ...(column.fill ? { fill: solid(column.fill) } : {}),
      },
    }));
    for (const [number, values] of [sheet.columns.map((column) => column.header), ...headers].entries()) {
      const header = worksheet.addRow([...values]);
      header.font = { bold: true };
      sheet.columns.forEach((column, index) => {
        if (column.note && number === 0) header.getCell(index + 1).note = column.note;
      });
      header.commit();
    }
    for await (const cells of sheet.rows) {
      const values = cells.map((cell) => (isFilled(cell) ? cell.value : cell));
      const row = worksheet.addRow(values.map((value) => (value === undefined ? null : value)));
      cells.forEach((cell, index) => {
        if (isFilled(cell)) row.getCell(index + 1).fill = solid(cell.fill);
      });
      values.forEach((value, index) => {
        if (typeof value === 'string' && looksLikeFormula(value)) {
          const cell = row.getCell(index + 1);
          cell.value = { richText: [{ text: value }] };
          cell.numFmt = '@';
        }
      });
      row.commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
  return target ? undefined : Buffer.concat(chunks);
}
