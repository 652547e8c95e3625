import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A streaming xlsx writer (exceljs's WorkbookWriter): rows are committed as they are added, so a large
 * export never holds the whole sheet. Every text value is written as text; a text that begins with
 * `=`, `+`, `-` or `@` (what a spreadsheet would otherwise take for a formula) also gets the text number
 * format, so neither this writer nor a spreadsheet that re-saves the file turns it into a formula. The
 * header row stays in view while scrolling; dates are written as dates.
 */
export interface XlsxColumn {
  header: string;
  /** A comment on the header cell (what the column holds, the valid codes). */
  note?: string;
  width?: number;
  /** A number format for the column's values (`yyyy-mm-dd` for dates). */
  numberFormat?: string;
}

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxSheet {
  name: string;
  /** A right-to-left sheet view (Arabic): column A at the right. */
  rightToLeft?: boolean;
  columns: readonly XlsxColumn[];
  rows: Iterable<readonly XlsxCell[]> | AsyncIterable<readonly XlsxCell[]>;
}

const FORMULA_LIKE = /^[=+\-@]/;

export const looksLikeFormula = (value: string): boolean => FORMULA_LIKE.test(value);

/** Writes the sheets in order to `target`, or answers the workbook's bytes when no target is given. */
export async function writeXlsx(
  sheets: readonly XlsxSheet[],
  target?: Writable,
): Promise<Buffer | undefined> {
  const sink = target ?? new PassThrough();
  const chunks: Buffer[] = [];
  if (!target) sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: sheet.rightToLeft ?? false }],
    });
    worksheet.columns = sheet.columns.map((column, index) => ({
      key: String(index),
      width: column.width ?? Math.max(12, column.header.length + 2),
      ...(column.numberFormat ? { style: { numFmt: column.numberFormat } } : {}),
    }));
    const header = worksheet.addRow(sheet.columns.map((column) => column.header));
    header.font = { bold: true };
    sheet.columns.forEach((column, index) => {
      if (column.note) header.getCell(index + 1).note = column.note;
    });
    header.commit();
    for await (const values of sheet.rows) {
      const row = worksheet.addRow(values.map((value) => (value === undefined ? null : value)));
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
