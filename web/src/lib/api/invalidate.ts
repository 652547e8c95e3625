import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { keys } from './keys';

/**
 * What a change on the server shows in: for each resource a mutation may change, the queries that show
 * it. A mutation names what it changed (`invalidate(client, ['leave', 'rosters'])`) and never a key, so
 * a new screen that shows a resource is refreshed by adding its key here, once.
 */
const SHOWN_IN = {
  /** The caller's own profile (language, password). */
  profile: [keys.me.profile()],
  /** The unit's settings: its calendar shapes the profile, one's own screens and the dashboard. */
  settings: [keys.platform.all, keys.me.all],
  users: [keys.users.all],
  /** The administered lookups; shift templates are read through the shifts' paths too. */
  lookups: [keys.lookups.all, keys.shifts.all],
  people: [keys.people.all],
  /** The import jobs' lists (a job's own screen reads itself until it ends). */
  imports: [keys.imports.jobs()],
  /** Pools and their members: an employee's pool shows on the people screens. */
  pools: [keys.pools.all, keys.people.all],
  /** The plans' lists and templates; an open plan is replaced by the answer that changed it. */
  demand: [keys.demand.plans(), keys.demand.templates()],
  /** The lines of the plans (a template laid over one). */
  demandLines: [keys.demand.details()],
  /** The runs, listed and each on its own (what an execution produced is keyed by it). */
  allocation: [keys.allocation.lists(), keys.allocation.details()],
  costs: [keys.costs.all],
  /** The live roster: its screens, one's own roster, and the dashboard's coverage and gaps. */
  rosters: [keys.rosters.all, keys.me.rosters(), keys.platform.dashboard()],
  /** The published versions and their approval; one's own roster is the published one. */
  publishing: [
    keys.publishing.all,
    keys.rosters.publicationPreviews(),
    keys.me.rosters(),
    keys.platform.dashboard(),
  ],
  /** Leave requests; pending and approved leave shows on one's own roster. */
  leave: [keys.leave.all, keys.me.rosters(), keys.platform.dashboard()],
  /** Attendance records: the reconciliation is computed from them. */
  attendance: [
    keys.attendance.all,
    keys.me.attendances(),
    keys.reconciliation.all,
    keys.platform.dashboard(),
  ],
  reconciliation: [keys.reconciliation.all, keys.platform.dashboard()],
  openShifts: [keys.openShifts.all],
  swaps: [keys.swaps.all],
  availability: [keys.availability.all],
  calendarFeed: [keys.me.calendarFeed()],
  /** One's own notifications and their unread count (the bell). */
  notifications: [keys.me.notifications()],
  /** Which notifications come to one by mail. */
  mailPreferences: [keys.me.mailPreferences()],
} satisfies Record<string, readonly QueryKey[]>;

/** A resource a mutation may change. */
export type Resource = keyof typeof SHOWN_IN;

/** Marks every query that shows a changed resource stale; those on screen are read again. */
export async function invalidate(client: QueryClient, changed: readonly Resource[]): Promise<void> {
  const queryKeys = new Set<QueryKey>(changed.flatMap((resource): readonly QueryKey[] => SHOWN_IN[resource]));
  await Promise.all([...queryKeys].map((queryKey) => client.invalidateQueries({ queryKey })));
}
