import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database.ts';

export interface NewJob {
  buId: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Null for a job the service queues of itself (a notification's mail). */
  createdBy: string | null;
  createdByUsername: string | null;
}

/** Queues a job in the caller's transaction; a runner claims it once that commits (wake it then). */
export async function enqueueJob(executor: Executor, job: NewJob): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    executor,
    sql`insert into jobs (bu_id, kind, payload, created_by, created_by_username)
        values (${job.buId}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.createdBy},
                ${job.createdByUsername})
        returning id`,
  );
  return row!.id;
}

/** Jobs per insert: six parameters a job stay far under the drivers' limit of 65,535. */
const CHUNK = 1000;

/** Queues many jobs in the caller's transaction (a mail per notification of a publish). */
export async function enqueueJobs(executor: Executor, jobs: NewJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += CHUNK) {
    const rows = jobs
      .slice(start, start + CHUNK)
      .map(
        (job) =>
          sql`(${job.buId}::uuid, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.createdBy}::uuid, ${job.createdByUsername})`,
      );
    await executor.execute(
      sql`insert into jobs (bu_id, kind, payload, created_by, created_by_username) values ${sql.join(rows, sql`, `)}`,
    );
  }
}
