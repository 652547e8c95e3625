import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openXlsx } from '../../src/core/xlsx/index.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { importWorkbook, upload, waitForJob } from '../helpers/workbooks.ts';

/** Small batches (IMPORT_BATCH_ROWS), so that a job of a few thousand rows runs long enough to cancel. */
describeEachDatabase(
  'the employee import in batches',
  (t) => {
    const get = (user: string, url: string) => t.request(user, { method: 'GET', url });

    it('applies a batch the database refuses again row by row: good rows land, the refused one is reported', async () => {
      // A refusal the import's own checks cannot foresee (as a code deleted after the upload would be).
      await t.database.db.execute(
        sql`alter table employees add constraint test_refused_name check (name_en <> 'Refused by the database')`,
      );
      const rows = Array.from({ length: 50 }, (_, i) => [
        `V${String(i).padStart(5, '0')}`,
        i === 25 ? 'Refused by the database' : `Valid ${i}`,
        `صالح ${i}`,
        i === 30 ? 'NOPE' : 'RAMP',
      ]);
      const skills = rows.map((row) => [row[0], 'MARSHALLING', 'BASIC']);
      const { job } = (await upload(t, 'hradmin', await importWorkbook(rows, skills))).json();
      const done = await waitForJob(t, 'hradmin', job.id);
      expect(done).toMatchObject({
        status: 'CompletedWithErrors',
        rowsTotal: 50,
        rowsDone: 50,
        rowsFailed: 2,
        rowsChanged: 48,
      });
      expect((await get('hradmin', '/api/employees?q=V0&pageSize=1')).json().total).toBe(48);
      expect((await get('hradmin', '/api/employees?q=V0&skill=MARSHALLING&pageSize=1')).json().total).toBe(
        48,
      );
      const report = await openXlsx(
        (await get('hradmin', `/api/imports/jobs/${job.id}/error-report`)).rawPayload,
      );
      const errors = (await report.readAll('Errors')).slice(1).map((row) => row.cells);
      expect(errors).toHaveLength(2);
      expect(errors[0]!.slice(0, 5)).toEqual(['27', 'V00025', 'Employees', '', 'V00025']);
      expect(errors[0]![5]).toMatch(/^The database refused the row: .*test_refused_name/);
      expect(errors[1]!.slice(0, 5)).toEqual(['32', 'V00030', 'Employees', 'departmentCode', 'NOPE']);

      // The same rows again: the refused one is refused again, nothing else differs.
      const again = (await upload(t, 'hradmin', await importWorkbook(rows, skills), 'again.xlsx')).json();
      expect(await waitForJob(t, 'hradmin', again.job.id)).toMatchObject({
        rowsDone: 50,
        rowsFailed: 2,
        rowsChanged: 0,
      });
    });

    it('lets only a SYS_ADMIN with imports.view_history cancel, and cancels a queued job at once', async () => {
      // The worker runs one job at a time: a small job uploaded behind a large one waits Queued.
      const large = Array.from({ length: 5_000 }, (_, i) => [
        `Q${String(i).padStart(5, '0')}`,
        `Queue ${i}`,
        `طابور ${i}`,
      ]);
      const ahead = (await upload(t, 'planner', await importWorkbook(large))).json().job;
      const bytes = await importWorkbook([['C0001', 'Cancel Me', 'ألغني', null, null, null, null, null]]);
      const { job } = (await upload(t, 'planner', bytes)).json();
      expect(
        (await t.request('planner', { method: 'DELETE', url: `/api/imports/jobs/${job.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await t.request('hradmin', { method: 'DELETE', url: `/api/imports/jobs/${job.id}` })).statusCode,
      ).toBe(403);
      const cancelled = await t.request('sysadmin', { method: 'DELETE', url: `/api/imports/jobs/${job.id}` });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'Cancelled', rowsDone: 0 });
      const again = await t.request('sysadmin', { method: 'DELETE', url: `/api/imports/jobs/${job.id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('IMPORT_JOB_FINISHED');
      expect(
        (await t.request('north.admin', { method: 'GET', url: `/api/imports/jobs/${job.id}` })).statusCode,
      ).toBe(404);
      await t.request('sysadmin', { method: 'DELETE', url: `/api/imports/jobs/${ahead.id}` });
      expect(['Cancelled', 'Completed']).toContain((await waitForJob(t, 'sysadmin', ahead.id)).status);
      expect((await get('sysadmin', '/api/employees?q=C0001')).json().total).toBe(0);
    }, 300_000);

    it('cancels a running job between batches: the batches before the cancel land, none after', async () => {
      const rows = Array.from({ length: 5_000 }, (_, i) => [
        `K${String(i).padStart(5, '0')}`,
        `Cancel ${i}`,
        `إلغاء ${i}`,
      ]);
      const { job } = (await upload(t, 'sysadmin', await importWorkbook(rows))).json();
      for (;;) {
        const current = (await get('sysadmin', `/api/imports/jobs/${job.id}`)).json();
        if (current.rowsDone > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const cancel = await t.request('sysadmin', { method: 'DELETE', url: `/api/imports/jobs/${job.id}` });
      expect(
        cancel.statusCode,
        cancel.body + JSON.stringify((await get('sysadmin', `/api/imports/jobs/${job.id}`)).json()),
      ).toBe(200);
      const final = await waitForJob(t, 'sysadmin', job.id);
      expect(final.status).toBe('Cancelled');
      expect(final.rowsDone).toBeLessThan(5_000);
      const landed = (await get('sysadmin', '/api/employees?q=K0&pageSize=1')).json().total;
      expect(landed).toBe(final.rowsDone);
      const audit = (await get('sysadmin', '/api/diagnostics/audit/recent'))
        .json()
        .items.map((e: { action: string }) => e.action);
      expect(audit).toEqual(expect.arrayContaining(['import.cancel_requested', 'import.cancelled']));
    }, 300_000);
  },
  { env: { IMPORT_BATCH_ROWS: '20' } },
);
