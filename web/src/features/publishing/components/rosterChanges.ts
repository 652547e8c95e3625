import type { PublishedRosterDetail } from '../api';

type Line = PublishedRosterDetail['lines'][number];

export interface LineChange {
  employee: Line['employee'];
  date: string;
  before: { shift: string; terminal: string } | null;
  after: { shift: string; terminal: string } | null;
}

export interface RosterChanges {
  added: LineChange[];
  removed: LineChange[];
  moved: LineChange[];
}

const keyOf = (line: Line) => `${line.employee.id}|${line.date}`;
const slot = (line: Line) => ({ shift: line.shift.code, terminal: line.terminal.code });

/** What a version changes against the one it supersedes, per person and date. */
export function diffRosters(previous: readonly Line[], current: readonly Line[]): RosterChanges {
  const before = new Map(previous.map((line) => [keyOf(line), line]));
  const after = new Map(current.map((line) => [keyOf(line), line]));
  const changes: RosterChanges = { added: [], removed: [], moved: [] };
  for (const [key, line] of after) {
    const old = before.get(key);
    if (!old)
      changes.added.push({ employee: line.employee, date: line.date, before: null, after: slot(line) });
    else if (old.shift.code !== line.shift.code || old.terminal.code !== line.terminal.code)
      changes.moved.push({ employee: line.employee, date: line.date, before: slot(old), after: slot(line) });
  }
  for (const [key, line] of before) {
    if (!after.has(key))
      changes.removed.push({ employee: line.employee, date: line.date, before: slot(line), after: null });
  }
  const order = (a: LineChange, b: LineChange) =>
    a.date.localeCompare(b.date) || a.employee.employeeNumber.localeCompare(b.employee.employeeNumber);
  changes.added.sort(order);
  changes.removed.sort(order);
  changes.moved.sort(order);
  return changes;
}
