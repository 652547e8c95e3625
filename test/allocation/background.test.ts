import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

interface Run {
  id: string;
  Status: string;
  executing: boolean;
  executions: number;
  progress: {
    phase: string;
    elapsedMs: number;
    coverage: { required: number; assigned: number } | null;
  } | null;
  lastFailure: { code: string; detail: string } | null;
  reviewComment: string | null;
}

const rampPlan = async (t: TestContext) =>
  (await t.request('planner', { method: 'GET', url: '/api/demand/plans' }))
    .json()
    .items.find((plan: { name: string }) => plan.name.startsWith('Ramp'));

describeEachDatabase(
  'allocation runs in the background',
  (t) => {
    const get = async (id: string) =>
      (await t.request('planner', { method: 'GET', url: `/api/allocation-runs/${id}` })).json<Run>();
    const draft = async () => {
      const plan = await rampPlan(t);
      return (
        await t.request('planner', {
          method: 'POST',
          url: '/api/allocation-runs',
          payload: { planId: plan.id, from: plan.from, to: plan.to },
        })
      ).json<Run>();
    };
    const until = async (id: string, done: (run: Run) => boolean) => {
      for (let i = 0; i < 600; i++) {
        const run = await get(id);
        if (done(run)) return run;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`run ${id} never got there`);
    };

    it('answers 202 with the run Executing and its progress, and GET shows it until it is Executed', async () => {
      const run = await draft();
      const accepted = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/execute`,
      });
      expect(accepted.statusCode, accepted.body).toBe(202);
      expect(accepted.headers.location).toBe(`/api/allocation-runs/${run.id}`);
      const started = accepted.json<Run>();
      expect(started).toMatchObject({ Status: 'Executing', executing: true });
      expect(['queued', 'snapshot', 'solving', 'storing']).toContain(started.progress!.phase);
      expect(started.progress!.elapsedMs).toBeGreaterThanOrEqual(0);
      const again = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/execute`,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('RUN_EXECUTING');
      const review = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/review`,
      });
      expect(review.json().code).toBe('RUN_EXECUTING');
      const executed = await until(run.id, (current) => !current.executing);
      expect(executed).toMatchObject({
        Status: 'Executed',
        executions: 1,
        progress: null,
        lastFailure: null,
      });
    });

    it('waits for the end with Prefer: wait, and says so; a review takes a comment', async () => {
      const run = await draft();
      const waited = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/execute`,
        headers: { prefer: 'wait=120' },
      });
      expect(waited.statusCode, waited.body).toBe(200);
      expect(waited.headers['preference-applied']).toBe('wait=120');
      expect(waited.json<Run>()).toMatchObject({ Status: 'Executed', executing: false });
      const reviewed = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/review`,
        payload: { comment: 'Night cover checked with the shift lead' },
      });
      expect(reviewed.json<Run>()).toMatchObject({
        Status: 'Reviewed',
        reviewComment: 'Night cover checked with the shift lead',
      });
      const rerun = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${run.id}/rerun`,
        headers: { prefer: 'wait=0' },
      });
      expect(rerun.statusCode).toBe(202);
      expect(rerun.json<Run>().Status).toBe('Executing');
      expect(await until(run.id, (current) => !current.executing)).toMatchObject({
        Status: 'Executed',
        executions: 2,
        reviewComment: null,
      });
    });

    /** A run left `Executing` by a process that died: its job is Running with a heartbeat long stale. */
    const orphaned = async (attempts: number) => {
      const run = await draft();
      const [job] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into jobs (bu_id, kind, status, payload, attempts, worker_id, heartbeat_at, created_by_username)
            select r.bu_id, 'allocation_run', 'Running',
                   jsonb_build_object('runId', r.id, 'action', 'execute', 'actor',
                     jsonb_build_object('buId', r.bu_id, 'userId', r.created_by, 'username', 'planner', 'traceId', 'gone')),
                   ${attempts}, 'dead-host:1:gone', now() - interval '1 hour', 'planner'
              from allocation_runs r where r.id = ${run.id}
            returning id`,
      );
      await t.database.db.execute(
        sql`update allocation_runs set status = 'Executing', execution_from = 'Draft', execution_job_id = ${job!.id},
                   progress = '{"phase":"solving","startedAt":"2026-01-01T00:00:00.000Z","coverage":null}'
             where id = ${run.id}`,
      );
      return run.id;
    };

    it('resumes a run whose process died once its job’s heartbeat is stale', async () => {
      const id = await orphaned(1);
      expect((await get(id)).Status).toBe('Executing');
      const executed = await until(id, (run) => !run.executing);
      expect(executed).toMatchObject({ Status: 'Executed', executions: 1, lastFailure: null });
    });

    it('marks failed a run whose processes died too often, back in the state it came from', async () => {
      const id = await orphaned(3);
      const failed = await until(id, (run) => !run.executing);
      expect(failed).toMatchObject({ Status: 'Draft', executions: 0, progress: null });
      expect(failed.lastFailure).toMatchObject({ code: 'EXECUTION_ABANDONED' });
      const audit = (
        await t.request('sysadmin', { method: 'GET', url: `/api/audit/events?entityId=${id}` })
      ).json();
      expect(audit.items[0].action).toBe('allocation_run.execute_failed');
      // It can be executed again.
      const again = await t.request('planner', {
        method: 'POST',
        url: `/api/allocation-runs/${id}/execute`,
        headers: { prefer: 'wait=120' },
      });
      expect(again.json<Run>()).toMatchObject({ Status: 'Executed', lastFailure: null });
    });
  },
  { env: { JOB_STALE_AFTER_MS: '1000' } },
);
