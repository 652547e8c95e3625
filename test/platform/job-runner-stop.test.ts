import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/core/db/database.ts';
import { enqueueJob } from '../../src/core/jobs/queue.ts';
import { createJobRunner, type JobHandler, type JobStatus } from '../../src/core/jobs/runner.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * A stopping process (issue 40) first stops claiming: a job queued after that is left for the next
 * process, while the job being run goes on until the runner stops, which puts it back at its cursor.
 */
for (const driver of testDrivers()) {
  describe(`a job runner that pauses [${driver}]`, () => {
    let database: Database;
    let buId: string;
    beforeAll(async () => {
      database = await openTestDatabase(driver);
      [{ id: buId }] = (await queryRows<{ id: string }>(
        database.db,
        sql`select id from business_units order by code limit 1`,
      )) as [{ id: string }];
    });
    afterAll(() => database.close());

    const enqueue = (kind: string) =>
      enqueueJob(database.db, {
        buId,
        kind,
        payload: {},
        createdBy: null as unknown as string,
        createdByUsername: 'test',
      });
    const jobOf = async (id: string) =>
      (
        await queryRows<{ status: string; worker_id: string | null; attempts: number }>(
          database.db,
          sql`select status, worker_id, attempts from jobs where id = ${id}`,
        )
      )[0];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('claims no job queued after it paused, and finishes none it did not claim', async () => {
      const ran: string[] = [];
      const handler: JobHandler = {
        kind: 'pause_test',
        async run(job) {
          ran.push(job.id);
          return { status: 'Completed' };
        },
      };
      const runner = createJobRunner({ database, handlers: [handler], pollMs: 20 });
      runner.start();
      runner.pause();
      const id = await enqueue('pause_test');
      runner.wake();
      await sleep(300);
      expect(ran).toEqual([]);
      expect(await jobOf(id)).toEqual({ status: 'Queued', worker_id: null, attempts: 0 });
      await runner.stop();
      expect(await jobOf(id)).toEqual({ status: 'Queued', worker_id: null, attempts: 0 });
    });

    it('lets the job it runs go on while paused, and puts it back in the queue when it stops', async () => {
      const finished: JobStatus[] = [];
      let batches = 0;
      const handler: JobHandler = {
        kind: 'pause_running_test',
        async run(_job, control) {
          while (!control.stopping) {
            batches += 1;
            await sleep(20);
          }
          return { status: 'Running' };
        },
      };
      const runner = createJobRunner({
        database,
        handlers: [handler],
        pollMs: 20,
        onFinished: (_id, status) => finished.push(status),
      });
      const id = await enqueue('pause_running_test');
      runner.start();
      for (let i = 0; i < 100 && batches === 0; i++) await sleep(20);
      runner.pause();
      const before = batches;
      await sleep(200);
      // Paused, not stopped: the claimed job still advances.
      expect(batches).toBeGreaterThan(before);
      expect((await jobOf(id))?.status).toBe('Running');
      await runner.stop();
      expect(await jobOf(id)).toEqual({ status: 'Queued', worker_id: null, attempts: 1 });
      expect(finished).toEqual([]);
    });
  });
}
