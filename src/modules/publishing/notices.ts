import type { NotificationEvent } from '../notifications/service.ts';
import type { LineRow } from './repository.ts';
import type { RosterChanges } from './schemas.ts';

type Told = NonNullable<NotificationEvent['data']['changes']>[number];

/** A shift as it is told: its names in both languages and its times, in the unit's zone as planned. */
const placeOf = (line: LineRow | undefined): Told['before'] =>
  line
    ? {
        shiftCode: line.shiftCode,
        shiftNameEn: line.shiftNameEn,
        shiftNameAr: line.shiftNameAr,
        start: line.startTime,
        end: line.endTime,
        terminalCode: line.terminalCode,
        terminalNameEn: line.terminalNameEn,
        terminalNameAr: line.terminalNameAr,
      }
    : null;

/**
 * What a published version tells each employee whose shifts it changes (issue 55): their own changes
 * only, by date. A first version tells everyone on it their shifts, all added.
 */
export function rosterChangeEvents(
  buId: string,
  rosterId: string,
  version: number,
  compared: { told: RosterChanges; before: LineRow[]; after: LineRow[] },
): NotificationEvent[] {
  const key = (line: { employeeId: string; date: string }) => `${line.employeeId}|${line.date}`;
  const was = new Map(compared.before.map((line) => [key(line), line]));
  const is = new Map(compared.after.map((line) => [key(line), line]));
  const byEmployee = new Map<string, Told[]>();
  for (const change of ['added', 'removed', 'moved'] as const)
    for (const line of compared.told[change])
      byEmployee.set(line.employeeId, [
        ...(byEmployee.get(line.employeeId) ?? []),
        {
          date: line.date,
          change,
          before: change === 'added' ? null : placeOf(was.get(key(line))),
          after: change === 'removed' ? null : placeOf(is.get(key(line))),
        },
      ]);
  return [...byEmployee].map(([employeeId, own]) => ({
    buId,
    employeeIds: [employeeId],
    kind: 'ROSTER_CHANGED',
    data: { version, changes: own.sort((a, b) => a.date.localeCompare(b.date)) },
    key: `roster:${rosterId}`,
  }));
}

/** A published version waits for the approval of a manager of its department, never its publisher. */
export const rosterAwaitingEvent = (
  buId: string,
  rosterId: string,
  version: number,
  run: { departmentId: string; periodFrom: string; periodTo: string },
  publishedBy: string,
  today: string,
): NotificationEvent => ({
  buId,
  employeeIds: [],
  deciders: {
    permission: 'roster.approve',
    departmentId: run.departmentId,
    today,
    exceptUserIds: [publishedBy],
  },
  kind: 'ROSTER_AWAITING',
  data: { version, from: run.periodFrom, to: run.periodTo },
  key: `roster:${rosterId}:awaiting`,
});
