import { sql } from 'drizzle-orm';
import { plannedRosterLines, publishedRosterLines } from './tables/index.ts';

/**
 * A line of `published_roster_lines` is planned when the `planned_roster_lines` view holds it: what
 * publishing shows as the roster and reconciliation compares attendance with.
 */
export const isPlannedLine = sql<boolean>`exists (select 1 from ${plannedRosterLines}
  where ${plannedRosterLines.id} = ${publishedRosterLines.id})`;
