import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type CalendarHoliday = Schemas['CalendarHoliday'];

export function useHolidays(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: ['calendar', 'holidays', from, to],
    queryFn: () => call(api.GET('/api/calendar/holidays', { params: { query: { from, to } } })),
    enabled,
    staleTime: 10 * 60_000,
  });
}
