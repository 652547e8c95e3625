import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../core/auth/caller.ts';
import { businessRule, forbidden } from '../../core/http/errors.ts';
import { offsetOf, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { listAuditEvents } from './repository.ts';
import type { AuditQuery } from './schemas.ts';

export const AUDIT_PERMISSION = 'admin.audit';

type AuditRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];

export const auditEventView = (row: AuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  actorUserId: row.actorUserId,
  actorUsername: row.actorUsername,
  action: row.action,
  entityType: row.entityType,
  entityId: row.entityId,
  details: (row.details as Record<string, unknown> | null) ?? null,
  traceId: row.traceId,
});

export async function queryAuditLog(
  { db: executor }: ServiceDeps,
  caller: Caller,
  query: Static<typeof AuditQuery>,
) {
  // The spec asks the handler to check the policy itself, beside the route's declaration.
  if (!caller.principal.can(AUDIT_PERMISSION)) throw forbidden(AUDIT_PERMISSION);
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from > to) throw businessRule('INVALID_DATE_RANGE', '"from" must not be after "to"');
  const { rows, total } = await listAuditEvents(
    executor,
    caller.principal.buId,
    { ...query, from, to },
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(auditEventView), total, query);
}

/** The latest events, of one unit or of all (diagnostics only). */
export async function recentAuditEvents({ db: executor }: ServiceDeps, buId: string | null, limit: number) {
  const { rows } = await listAuditEvents(executor, buId, {}, limit, 0);
  return rows.map(auditEventView);
}
