/** Writes the hostile workbook of the uploads benchmark: `hostile.ts <MiB> <file> [lie]`, in a process of its own. */
import { writeFileSync } from 'node:fs';
import { expandingWorkbook } from '../../test/helpers/zip.ts';

const [megabytes, file, lie] = process.argv.slice(2);
writeFileSync(file!, expandingWorkbook(Number(megabytes), lie === 'lie'));
