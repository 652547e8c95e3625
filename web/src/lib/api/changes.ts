import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './client';
import { invalidate, type Resource } from './invalidate';

/** What a write in an area (the service's tag) may have changed, as the screens' resources. */
const CHANGED_BY_AREA: Record<string, readonly Resource[]> = {
  me: ['profile', 'availability', 'calendarFeed'],
  users: ['users'],
  roles: ['users'],
  platform: ['settings'],
  lookups: ['lookups'],
  calendar: ['settings'],
  people: ['people'],
  imports: ['imports', 'people'],
  pools: ['pools'],
  demand: ['demand', 'demandLines'],
  allocation: ['allocation', 'rosters'],
  rosters: ['rosters', 'openShifts'],
  publishing: ['publishing'],
  leave: ['leave', 'rosters'],
  attendance: ['attendance'],
  reconciliation: ['reconciliation'],
  'open-shifts': ['openShifts', 'rosters'],
  swaps: ['swaps', 'rosters'],
  availability: ['availability'],
  costs: ['costs'],
};

/** Waits this long before opening the stream again after it ended or failed. */
const REOPEN_MS = 5_000;

/**
 * Keeps open screens current with what other people do: the service's stream of the unit's changes
 * (`GET /api/changes`) names the areas each write touched, and the queries that show them are read again.
 * `["*"]` (the service missed some) reads everything again.
 */
export function useUnitChanges(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const heard = (event: string) => {
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (!event.startsWith('event: change') || !data) return;
      const { areas } = JSON.parse(data.slice(6)) as { areas: string[] };
      if (areas.includes('*')) void client.invalidateQueries();
      else void invalidate(client, [...new Set(areas.flatMap((area) => CHANGED_BY_AREA[area] ?? []))]);
    };
    const open = async () => {
      try {
        const { data } = await api.GET('/api/changes', { parseAs: 'stream', signal: abort.signal });
        if (data) {
          const reader = data.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              heard(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          }
        }
      } catch {
        // A dropped connection or a stop of the service: opened again below, unless the screen closed it.
      }
      if (!abort.signal.aborted) reopen = setTimeout(() => void open(), REOPEN_MS);
    };
    void open();
    return () => {
      abort.abort();
      clearTimeout(reopen);
    };
  }, [enabled, client]);
}
