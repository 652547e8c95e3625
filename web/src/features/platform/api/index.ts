import { useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../../lib/api/client';

export type SettingValues = Schemas['SettingValues'];
export type DashboardSummary = Schemas['DashboardSummary'];

export const platformKeys = {
  settings: ['platform', 'settings'] as const,
  dashboard: ['platform', 'dashboard'] as const,
};

/** The unit's settings: its time zone, weekend and week start shape every date on screen. */
export function useSettings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: platformKeys.settings,
    queryFn: () => call(api.GET('/api/settings')),
    staleTime: 10 * 60_000,
    select: (answer) => answer.settings,
  });
}

export function useDashboardSummary() {
  return useQuery({
    queryKey: platformKeys.dashboard,
    queryFn: () => call(api.GET('/api/dashboard/summary')),
    refetchInterval: 60_000,
  });
}
