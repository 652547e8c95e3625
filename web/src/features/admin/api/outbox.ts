import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';

export type OutboxMail = Schemas['OutboxMail'];

export const OUTBOX_PAGE_SIZE = 20;

/** The mails the service kept instead of sending them (no SMTP_URL), newest first. */
export function useMailOutbox(page: number) {
  return useQuery({
    queryKey: keys.mailOutbox.page(page),
    queryFn: () =>
      call(api.GET('/api/admin/mail-outbox', { params: { query: { page, pageSize: OUTBOX_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}
