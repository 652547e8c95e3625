/**
 * Writes the benchmark's import workbook (N employees, one skill row each) to a file: run as a process
 * of its own by `run.ts`, so the memory spent building it is not counted as the import's.
 * Usage: `node --import tsx bench/people/workbook.ts <rows> <file>`.
 */
import { writeFileSync } from 'node:fs';
import { importWorkbook } from '../../test/helpers/workbooks.ts';

const [rowsArg, file] = process.argv.slice(2);
const rows = Array.from({ length: Number(rowsArg) }, (_, i) => [
  `P${String(i).padStart(7, '0')}`,
  `Bench Person ${i}`,
  `موظف ${i}`,
  ['RAMP', 'PAX', 'CARGO'][i % 3],
  `G${2 + (i % 4)}`,
  'ACTIVE',
  '2023-03-01',
  null,
]);
const skills = rows.map((r, i) => [r[0], ['MARSHALLING', 'CHECK_IN', 'FORKLIFT'][i % 3], 'INTERMEDIATE']);
writeFileSync(file!, await importWorkbook(rows, skills));
