import { describe, expect, it } from 'vitest';
import { createUploadGate, uploadGate } from '../../src/core/http/upload-gate.ts';
import { DEFAULT_READ_LIMITS, openXlsx, SHEET_BYTES_PER_ROW, XlsxError } from '../../src/core/xlsx/index.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { importWorkbook, multipartBody, upload } from '../helpers/workbooks.ts';
import { expandingWorkbook } from '../helpers/zip.ts';

/** Issue 40: an upload whose sheet expands far past what its rows could need is refused unread. */
const MiB = 1024 * 1024;
let hostile: Buffer | undefined;
/** About 1 MB packed, 80 MiB inflated: under the ratio check and the old 200 MiB cap, over the new one. */
const hostileFile = () => {
  hostile ??= expandingWorkbook(80);
  return hostile;
};

describe('sheet size caps', () => {
  it('derives each part’s cap from the row cap, and the total from it', () => {
    expect(DEFAULT_READ_LIMITS.maxEntryBytes).toBe(DEFAULT_READ_LIMITS.maxRows * SHEET_BYTES_PER_ROW);
    expect(DEFAULT_READ_LIMITS.maxTotalBytes).toBe(2 * DEFAULT_READ_LIMITS.maxEntryBytes);
    expect(DEFAULT_READ_LIMITS.maxEntryBytes).toBeLessThan(80 * MiB);
  });

  it('refuses a small file whose sheet declares a huge expansion when opening it, before reading a row', async () => {
    const bytes = hostileFile();
    expect(bytes.length).toBeLessThan(2 * MiB);
    const error = await openXlsx(bytes).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(XlsxError);
    expect((error as XlsxError).reason).toBe('UNSAFE_ARCHIVE');
    expect((error as XlsxError).message).toContain('xl/worksheets/sheet1.xml declares 80.0 MiB');
  });

  it('stops inflating a sheet that lies about its size at the first byte past the declared one', async () => {
    const workbook = await openXlsx(expandingWorkbook(8, true));
    let rows = 0;
    const error = await workbook
      .rows('Employees', () => {
        rows += 1;
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    workbook.close();
    expect((error as XlsxError).reason).toBe('UNSAFE_ARCHIVE');
    expect(rows).toBeLessThan(2);
  });
});

describe('upload gate', () => {
  it('parses one upload at a time; the next waits its turn, the one that waits too long gets 503', async () => {
    const gate = createUploadGate({ maxWaitMs: 200, maxQueue: 1, retryAfterSeconds: 7 });
    const order: string[] = [];
    let release!: () => void;
    const first = gate.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first');
          release = resolve;
        }),
    );
    const second = gate.run(async () => {
      order.push('second');
    });
    const third = gate.run(async () => order.push('third')).catch((error) => error);
    expect(gate.state).toEqual({ parsing: 1, waiting: 1 });
    const refused = await third;
    expect(refused).toMatchObject({ status: 503, code: 'UPLOADS_BUSY', headers: { 'retry-after': '7' } });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(gate.state).toEqual({ parsing: 0, waiting: 0 });
    const late = createUploadGate({ maxWaitMs: 50, maxQueue: 4, retryAfterSeconds: 5 });
    const held = late.run(() => new Promise((resolve) => setTimeout(resolve, 300)));
    await expect(late.run(async () => 'never')).rejects.toMatchObject({ code: 'UPLOADS_BUSY' });
    await held;
    expect(await late.run(async () => 'now')).toBe('now');
  });
});

describeEachDatabase('hostile uploads', (t) => {
  it('refuses the employee import of a sheet that expands hugely with 422 IMPORT_FILE_UNSAFE, before any job', async () => {
    const before = (await t.request('hradmin', { method: 'GET', url: '/api/imports/jobs' })).json().total;
    const response = await upload(t, 'hradmin', hostileFile(), 'hostile.xlsx');
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('IMPORT_FILE_UNSAFE');
    expect(response.json().detail).toContain('declares 80.0 MiB');
    expect((await t.request('hradmin', { method: 'GET', url: '/api/imports/jobs' })).json().total).toBe(
      before,
    );
  });

  it('refuses the attendance import of the same file the same way', async () => {
    const body = multipartBody(hostileFile(), 'hostile.xlsx');
    const response = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/attendance/import/preview',
      ...body,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('IMPORT_FILE_UNSAFE');
  });

  it('keeps answering the health check while three hostile uploads are refused', async () => {
    const uploads = [1, 2, 3].map(() => upload(t, 'hradmin', hostileFile(), 'hostile.xlsx'));
    const health: number[] = [];
    let settled = false;
    const all = Promise.all(uploads).finally(() => {
      settled = true;
    });
    do {
      health.push((await t.request(null, { method: 'GET', url: '/api/health' })).statusCode);
      // A pause, as a monitor polls: the embedded database answers without I/O, so a loop without one would
      // hold the event loop from the uploads it is meant to watch.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (!settled);
    const answers = await all;
    expect(health.every((status) => status === 200)).toBe(true);
    for (const answer of answers) {
      expect([422, 503]).toContain(answer.statusCode);
      expect(['IMPORT_FILE_UNSAFE', 'UPLOADS_BUSY']).toContain(answer.json().code);
    }
  });

  it('answers 503 UPLOADS_BUSY with Retry-After when another upload holds the slot too long', async () => {
    let release!: () => void;
    const holder = uploadGate.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    try {
      const good = await importWorkbook([['B1', 'Busy', 'مشغول', null, null, null, null, null]]);
      const response = await upload(t, 'hradmin', good, 'busy.xlsx');
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('UPLOADS_BUSY');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      release();
      await holder;
    }
  }, 30_000);
});
