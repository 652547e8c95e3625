import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';

export type AuditEvent = Schemas['AuditEvent'];

export const AUDIT_PAGE_SIZE = 25;

/** What the screen filters by; `from` and `to` are instants (the screen turns the unit's days into them). */
export interface AuditQuery {
  page: number;
  action?: string;
  entityType?: string;
  entityId?: string;
  actorUserId?: string;
  from?: string;
  to?: string;
}

export function useAuditEvents(query: AuditQuery) {
  return useQuery({
    queryKey: keys.audit.events(query),
    queryFn: () =>
      call(api.GET('/api/audit/events', { params: { query: { ...query, pageSize: AUDIT_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}
