import ExcelJS from 'exceljs';
import { apiAs } from './support.ts';

/** The template's sheets with their header rows, as the service hands them out today. */
export async function templateHeaders(): Promise<Map<string, string[]>> {
  const hr = await apiAs('hradmin');
  const answer = await hr.get('/api/imports/template');
  if (answer.status() !== 200) throw new Error(`template: ${answer.status()}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await answer.body()) as unknown as ArrayBuffer);
  await hr.dispose();
  const sheets = new Map<string, string[]>();
  book.eachSheet((sheet) => {
    const headers: string[] = [];
    sheet.getRow(1).eachCell({ includeEmpty: false }, (cell, column) => {
      headers[column - 1] = String(cell.value ?? '');
    });
    sheets.set(sheet.name, headers);
  });
  return sheets;
}

/**
 * An import workbook with the template's sheets and headers, employees given by column name; the
 * optional sheets left out (they are optional for the import too).
 */
export async function employeeWorkbook(employees: Record<string, string>[]): Promise<Buffer> {
  const headers = await templateHeaders();
  const book = new ExcelJS.Workbook();
  for (const name of ['Employees', 'EmployeeSkills']) {
    const columns = headers.get(name);
    if (!columns) throw new Error(`the template has no sheet ${name}`);
    const sheet = book.addWorksheet(name);
    sheet.addRow(columns);
    if (name === 'Employees')
      for (const row of employees) sheet.addRow(columns.map((column) => row[column] ?? ''));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of the first sheet of a workbook file, each cell as text. */
export async function readRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.value === null || cell.value === undefined ? '' : String(cell.value);
    });
    rows.push(cells);
  });
  return rows;
}
