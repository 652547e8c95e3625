import type { Caller } from '../auth/caller.ts';
import type { Executor } from '../db/database.ts';
import { auditEvents } from '../db/tables/index.ts';

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  buId: string | null;
  userId: string | null;
  username: string | null;
  traceId: string | null;
}

export const actorOf = (caller: Caller): AuditActor => ({
  buId: caller.principal.buId,
  userId: caller.principal.userId,
  username: caller.principal.username,
  traceId: caller.traceId,
});

/** Records an audit event in the caller's transaction, so the event and the change land together or not at all. */
export const recordAudit = (executor: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> =>
  recordAudits(executor, actor, [entry]);

/** Records several audit events of one change in one statement, in the caller's transaction. */
export async function recordAudits(
  executor: Executor,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (!entries.length) return;
  await executor.insert(auditEvents).values(
    entries.map((entry) => ({
      buId: actor.buId,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId ?? null,
      details: entry.details ?? null,
      traceId: actor.traceId,
    })),
  );
}
