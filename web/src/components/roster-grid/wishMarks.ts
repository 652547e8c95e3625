import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api, call } from '../../lib/api/client';
import { keys } from '../../lib/api/keys';
import type { GridEmployee } from './gridModel';

export type WishKind = 'unavailable' | 'work' | 'off';

/** An employee's wish on a date as the grid marks it: its kind and its words. */
export interface WishMark {
  kind: WishKind;
  label: string;
}

export const WISH_SYMBOL: Record<WishKind, string> = { unavailable: '⊘', work: '+', off: '−' };

/** The largest page the service gives: a department's staff with wishes fit in a few. */
const PAGE_SIZE = 500;

/**
 * The wishes of a department's staff over the dates (issue 35), for the planners' grids: a function from
 * employee and date to the mark, stable while the data is. Off without a department or the permission.
 */
export function useWishMarks(
  departmentId: string | null,
  from: string,
  to: string,
  enabled: boolean,
  /** The reader's language: the marks' words are made again when it changes. */
  language: string,
  describe: (day: { kind: WishKind; shiftTypeCode: string | null; reason: string | null }) => string,
) {
  const wishes = useQuery({
    queryKey: keys.availability.department(departmentId, from, to),
    queryFn: async () => {
      const items = [];
      for (let page = 1; ; page++) {
        const answer = await call(
          api.GET('/api/availability', {
            params: { query: { departmentId: departmentId!, from, to, page, pageSize: PAGE_SIZE } },
          }),
        );
        items.push(...answer.items);
        if (page * PAGE_SIZE >= answer.total) return items;
      }
    },
    enabled: enabled && departmentId !== null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: describe is new each render and follows the language
  const marks = useMemo(() => {
    const byCell = new Map<string, WishMark>();
    for (const { employee, days } of wishes.data ?? []) {
      for (const day of days) {
        const key = `${employee.id}|${day.date}`;
        // Unavailability outranks a preference the same day.
        if (byCell.get(key)?.kind === 'unavailable') continue;
        byCell.set(key, { kind: day.kind, label: describe(day) });
      }
    }
    return byCell;
  }, [wishes.data, language]);
  return useCallback((employee: GridEmployee, date: string) => marks.get(`${employee.id}|${date}`), [marks]);
}
