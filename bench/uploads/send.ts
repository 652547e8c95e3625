/**
 * The hostile client of `bench/uploads/run.ts`, in a process of its own so that building and sending the
 * bodies does not delay the service's event loop that the health check measures:
 * `send.ts <base URL> <token> <workbook file>` sends three uploads at once and prints their answers as JSON.
 */
import { readFileSync } from 'node:fs';
import { multipartBody } from '../../test/helpers/workbooks.ts';

const [base, token, file] = process.argv.slice(2) as [string, string, string];
const bytes = readFileSync(file);
const started = performance.now();
const answers = await Promise.all(
  [1, 2, 3].map(async () => {
    const body = multipartBody(bytes, 'hostile.xlsx');
    const response = await fetch(`${base}/api/imports/employees`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: body.payload,
    });
    const answer = (await response.json()) as { code?: string };
    return { status: response.status, code: answer.code, ms: performance.now() - started };
  }),
);
process.stdout.write(JSON.stringify(answers));
