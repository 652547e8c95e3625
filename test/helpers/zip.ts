import { crc32, deflateRawSync } from 'node:zlib';

/** An entry of a hand-built zip; `declaredSize` may lie about the inflated size (a zip bomb does). */
export interface RawEntry {
  name: string;
  data: Buffer;
  declaredSize?: number;
}

/** Builds a zip by hand (deflate), so tests can make archives a well-behaved writer never would. */
export function buildZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** A workbook with one sheet `Employees` whose XML is `sheetXml` (declared as `declaredSize`, if given). */
export function rawWorkbook(sheetXml: Buffer, declaredSize?: number): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml, declaredSize },
  ]);
}

/** A zip bomb: a sheet of `megabytes` MB of blank padding inside a valid row, a few tens of KB packed. */
export function zipBomb(megabytes: number, lieAboutSize: boolean): Buffer {
  const head = Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>');
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  const sheet = Buffer.concat([head, Buffer.alloc(megabytes * 1024 * 1024, 0x20), tail]);
  return rawWorkbook(sheet, lieAboutSize ? 1000 : undefined);
}

/**
 * The hostile upload of issue 40: a workbook of the import template's shape (sheets Employees and
 * EmployeeSkills, the right headers), a few hundred KB to a few MB packed, whose Employees sheet expands to
 * `megabytes` MiB of ordinary-looking rows (about 2 KB each, under the row cap), compressing about 75:1, so
 * it passes the ratio check that stops classic zip bombs. `lieAboutSize` declares 1 KB for that sheet.
 */
export function expandingWorkbook(megabytes: number, lieAboutSize = false): Buffer {
  const target = megabytes * 1024 * 1024;
  const rows: string[] = [];
  let size = 0;
  let seed = 40;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed.toString(36);
  };
  const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const columns = 'ABCDEFGHI';
  const headerRow = (names: readonly string[]) =>
    `<row r="1">${names.map((name, i) => text(`${columns[i]}1`, name)).join('')}</row>`;
  const employees = [
    'employeeNumber',
    'Name_1_English',
    'Name_2_Arabic',
    'departmentCode',
    'gradeCode',
    'Status',
    'hireDate',
    'endDate',
  ];
  rows.push(headerRow(employees));
  const padding = 'x'.repeat(1900);
  for (let r = 2; size < target; r++) {
    const row = `<row r="${r}">${text(`A${r}`, `E${r}`)}${text(`B${r}`, padding + noise())}${text(`C${r}`, 'س')}</row>`;
    rows.push(row);
    size += row.length;
  }
  const sheet = Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`);
  const skills = Buffer.from(
    `<worksheet><sheetData>${headerRow(['employeeNumber', 'skillCode', 'levelCode'])}</sheetData></worksheet>`,
  );
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/><sheet name="EmployeeSkills" sheetId="2" r:id="rId2"/></sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`;
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', data: Buffer.from(workbook) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(rels) },
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: lieAboutSize ? 1000 : undefined },
    { name: 'xl/worksheets/sheet2.xml', data: skills },
  ]);
}
