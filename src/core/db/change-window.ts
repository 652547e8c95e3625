import type { SQL } from 'drizzle-orm';

/**
 * A department's period and the instant after which its changes count, each as SQL of the caller's query
 * (a run's own columns), so that every owner of a table answers "what changed since" for a whole page of
 * runs in one statement, without any module naming another's tables (issue 53: a run that went stale).
 * Each owner's fragment selects rows of one kind of change each: `kind`, `n` (how many), `latest_at`.
 */
export interface ChangeWindow {
  buId: SQL;
  departmentId: SQL;
  from: SQL;
  to: SQL;
  since: SQL;
  /** Whether an employee (SQL) is of the window's staff: in its department now, or when it was taken. */
  staff: (employeeId: SQL) => SQL;
}
