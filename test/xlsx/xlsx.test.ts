import { describe, expect, it } from 'vitest';
import { openXlsx, writeXlsx, XlsxError } from '../../src/core/xlsx/index.ts';
import { buildZip, rawWorkbook, zipBomb } from '../helpers/zip.ts';

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error as XlsxError;
  }
  throw new Error('expected a refusal');
};

const sample = () =>
  writeXlsx([
    {
      name: 'Employees',
      columns: [
        { header: 'employeeNumber', note: 'Unique number' },
        { header: 'Name_1_English' },
        { header: 'n' },
      ],
      rows: [
        ['E1', '=HYPERLINK("http://x")', 3],
        ['E2', 'سارة', null],
        ['E3', '+1', true],
      ],
    },
    { name: 'EmployeeSkills', columns: [{ header: 'employeeNumber' }], rows: [['@cmd'], ['-2']] },
  ]) as Promise<Buffer>;

describe('the guarded xlsx reader and the writer', () => {
  it('reads back what the writer wrote, sheet by sheet, with numbers and booleans as text', async () => {
    const workbook = await openXlsx(await sample());
    expect(workbook.sheetNames).toEqual(['Employees', 'EmployeeSkills']);
    const rows = await workbook.readAll('Employees');
    expect(rows.map((row) => row.cells)).toEqual([
      ['employeeNumber', 'Name_1_English', 'n'],
      ['E1', '=HYPERLINK("http://x")', '3'],
      ['E2', 'سارة'],
      ['E3', '+1', 'TRUE'],
    ]);
    expect((await workbook.readAll('EmployeeSkills')).map((row) => row.cells[0])).toEqual([
      'employeeNumber',
      '@cmd',
      '-2',
    ]);
    workbook.close();
  });

  it('writes formula-looking text as text, never as a formula', async () => {
    const bytes = await sample();
    const { openGuardedZip } = await import('../../src/core/xlsx/zip-guard.ts');
    const zip = await openGuardedZip(bytes);
    const sheet = await zip.text('xl/worksheets/sheet1.xml');
    zip.close();
    expect(sheet).not.toContain('<f>');
    expect(sheet).toContain('=HYPERLINK');
  });

  it('refuses bytes that are not an xlsx, whatever the file is called', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await refusal(openXlsx(png))).reason).toBe('NOT_XLSX');
    const plainZip = buildZip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect((await refusal(openXlsx(plainZip))).reason).toBe('NOT_XLSX');
  });

  it('refuses a truncated workbook at once instead of hanging', async () => {
    const bytes = await sample();
    for (const cut of [bytes.length - 10, Math.floor(bytes.length / 2), 100]) {
      const started = Date.now();
      const error = await refusal(
        openXlsx(bytes.subarray(0, cut)).then((workbook) => workbook.readAll('Employees')),
      );
      expect(error).toBeInstanceOf(XlsxError);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('refuses a zip bomb that declares its size before inflating anything', async () => {
    const bomb = zipBomb(60, false);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const error = await refusal(openXlsx(bomb));
    expect(error.reason).toBe('UNSAFE_ARCHIVE');
  });

  it('refuses a zip bomb that lies about its size while inflating, with bounded memory', async () => {
    const bomb = zipBomb(60, true);
    const before = process.memoryUsage().rss;
    const error = await refusal(openXlsx(bomb).then((workbook) => workbook.readAll('Employees')));
    expect(error.reason).toBe('UNSAFE_ARCHIVE');
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * 1024 * 1024);
  });

  it('reads a formula as its stored result, or as its text when the file stores none', async () => {
    const sheet = Buffer.from(
      '<worksheet><sheetData><row r="1">' +
        '<c r="A1"><f>SUM(1,2)</f><v>3</v></c>' +
        '<c r="B1" t="str"><f>CONCAT("Al","-Harbi")</f></c>' +
        '<c r="C1"><f t="shared" si="0"/></c>' +
        '<c r="D1" t="inlineStr"><is><t>plain</t></is></c>' +
        '</row></sheetData></worksheet>',
    );
    const workbook = await openXlsx(rawWorkbook(sheet));
    const [row] = await workbook.readAll('Employees');
    workbook.close();
    expect(row!.cells).toEqual(['3', '=CONCAT("Al","-Harbi")', '', 'plain']);
  });

  it('refuses a sheet past the row cap', async () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    const bytes = rawWorkbook(Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`));
    const workbook = await openXlsx(bytes, {
      ...(await import('../../src/core/xlsx/reader.ts')).DEFAULT_READ_LIMITS,
      maxRows: 10,
    });
    expect((await refusal(workbook.readAll('Employees'))).reason).toBe('TOO_MANY_ROWS');
  });
});
