import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import { auditEvents } from '../../core/db/tables/index.ts';

export interface AuditFilter {
  action?: string;
  actorUserId?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
}

export async function listAuditEvents(
  executor: Executor,
  buId: string | null,
  filter: AuditFilter,
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [];
  if (buId) conditions.push(eq(auditEvents.buId, buId));
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.actorUserId) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.entityType) conditions.push(eq(auditEvents.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditEvents.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditEvents.at, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.at, filter.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
