import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';
import { keys } from '../../../lib/api/keys';
import { settingsQuery } from '../../../lib/api/settings';

export type SettingValues = Schemas['SettingValues'];
export type DashboardSummary = Schemas['DashboardSummary'];

/** The unit's settings: its time zone, weekend and week start shape every date on screen. */
export function useSettings(enabled = true) {
  return useQuery({
    ...settingsQuery,
    enabled,
    staleTime: 10 * 60_000,
    select: (answer) => answer.settings,
  });
}

export function useDashboardSummary() {
  return useQuery({
    queryKey: keys.platform.dashboard(),
    queryFn: () => call(api.GET('/api/dashboard/summary')),
    refetchInterval: 60_000,
  });
}
