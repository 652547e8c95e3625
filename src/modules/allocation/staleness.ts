import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { liveRosterChangesSince } from '../audit/live-roster-changes.ts';
import { availabilityChangesSince } from '../availability/changes.ts';
import { leaveChangesSince } from '../leave/changes.ts';
import { staffChangesSince, staffMember } from '../people/staff-changes.ts';
import * as repo from './repository.ts';
import { RUN_CHANGE_KINDS, type RunChange, type RunChangeKind } from './schemas.ts';

const ORDER = new Map<string, number>(RUN_CHANGE_KINDS.map((kind, index) => [kind, index]));

/**
 * What changed after the last execution of each of the runs (issue 53): the plan from its own time stamp,
 * the rest from its owners' fragments in one statement for all the runs, so a page of runs costs one query.
 */
export async function changesSinceRuns(
  executor: Executor,
  runs: readonly repo.RunRow[],
): Promise<Map<string, RunChange[]>> {
  const executed = runs.filter((run) => run.executedAt !== null);
  const found = await repo.changesSinceExecution(
    executor,
    executed.map((run) => run.id),
    (columns) => {
      const window = { ...columns, staff: staffMember(columns.departmentId, columns.staffIds) };
      return sql.join(
        [
          staffChangesSince(window, columns.staffIds),
          leaveChangesSince(window),
          availabilityChangesSince(window),
          liveRosterChangesSince(window),
        ],
        sql` union all `,
      );
    },
  );
  const changes = new Map<string, RunChange[]>();
  const add = (runId: string, change: RunChange) => {
    const list = changes.get(runId);
    if (list) list.push(change);
    else changes.set(runId, [change]);
  };
  for (const run of executed) {
    if (run.planUpdatedAt > run.executedAt!) {
      add(run.id, { kind: 'plan', count: 1, latestAt: run.planUpdatedAt.toISOString() });
    }
  }
  for (const row of found) {
    add(row.runId, {
      kind: row.kind as RunChangeKind,
      count: row.n,
      latestAt: new Date(row.latestMs).toISOString(),
    });
  }
  for (const list of changes.values()) list.sort((a, b) => ORDER.get(a.kind)! - ORDER.get(b.kind)!);
  return changes;
}
