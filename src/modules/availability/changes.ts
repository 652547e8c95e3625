import { type SQL, sql } from 'drizzle-orm';
import type { ChangeWindow } from '../../core/db/change-window.ts';
import { unavailability, workPreferences } from '../../core/db/tables/index.ts';

/**
 * Unavailability and wishes the window's staff stated for its period after `since`, as SQL fragments of the
 * caller's statement (issue 53). Both are written once and deleted, never edited: a deleted one leaves only
 * its audit entry, so it is not counted here.
 */
export function availabilityChangesSince(window: ChangeWindow): SQL {
  const { buId, from, to, since, staff } = window;
  return sql`
    (select 'unavailability'::text as kind, count(*)::int as n, max(u.created_at) as latest_at
       from ${unavailability} u
      where u.bu_id = ${buId} and u.created_at > ${since} and u.from_date <= ${to} and u.to_date >= ${from}
        and ${staff(sql`u.employee_id`)})
    union all
    (select 'wishes', count(*)::int, max(p.created_at)
       from ${workPreferences} p
      where p.bu_id = ${buId} and p.created_at > ${since}
        and (p.date is null or p.date between ${from} and ${to}) and ${staff(sql`p.employee_id`)})`;
}
