import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/database.ts';

export interface NewJob {
  buId: string;
  kind: string;
  payload: Record<string, unknown>;
  createdBy: string;
  createdByUsername: string;
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
