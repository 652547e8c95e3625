import { session } from '../../../lib/auth/session';

/**
 * A plan's unsaved cells, kept in this tab's `sessionStorage` under the plan and the person, so that a
 * reload, a session that ended or a screen left by choice gives them back on return; saving or
 * discarding them clears it.
 */
const keyOf = (planId: string) => `rostering.demand-draft.${session.get()?.username ?? ''}.${planId}`;

export function readDraft(planId: string): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(keyOf(planId));
    if (!raw) return new Map();
    const entries = JSON.parse(raw) as [string, number][];
    return new Map(entries.filter(([key, value]) => typeof key === 'string' && Number.isInteger(value)));
  } catch {
    return new Map();
  }
}

export function keepDraft(planId: string, edits: ReadonlyMap<string, number>): void {
  try {
    if (edits.size) sessionStorage.setItem(keyOf(planId), JSON.stringify([...edits]));
    else sessionStorage.removeItem(keyOf(planId));
  } catch {
    // A full or unavailable storage keeps the edits on screen only, as before.
  }
}
