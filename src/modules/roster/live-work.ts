import { checkRoster, type Instance, type ReasonCode } from '../../engine/index.ts';

/** The prefix of lines made for live assignments that staff no line of the snapshot (required 0). */
export const LIVE_LINE_PREFIX = 'live:';

/** A live assignment the snapshot left out because it breaks a rule now; its line is planned again. */
export interface DroppedLiveWork {
  assignmentId: string;
  employeeId: string;
  date: string;
  /** The demand line it staffed, when it staffs one of the snapshot's lines. */
  demandLineId: string | null;
  rule: string;
}

export interface Snapshot {
  instance: Instance;
  dropped: DroppedLiveWork[];
}

/**
 * Rules that one assignment breaks on its own, whatever else the roster holds: approved leave, employment,
 * skills and certifications. Rest and working-time rules depend on the rest of the roster and stay the
 * engine's to weigh.
 */
const STANDING_RULES: ReadonlySet<string> = new Set<ReasonCode>([
  'EMPLOYEE_INACTIVE',
  'ON_LEAVE',
  'SKILL_MISSING',
  'CERTIFICATION_MISSING',
  'CERTIFICATION_EXPIRED',
]);

/**
 * The instance without the live assignments that break such a rule now (leave approved since, a
 * certification that expired, an employee who left): a run never keeps them as fixed work, so their lines
 * are planned again; the caller learns which they were.
 */
export function withoutBrokenLiveWork(
  instance: Instance,
  liveIds: ReadonlyMap<string, { assignmentId: string; date: string }>,
): Snapshot {
  const fixed = instance.fixedAssignments;
  if (!fixed.length) return { instance, dropped: [] };
  const lineDates = new Map(instance.demandLines.map((line) => [line.id, line.date]));
  const report = checkRoster(instance, {
    assignments: fixed.map((pair) => ({ ...pair, date: lineDates.get(pair.lineId)!, fixed: true })),
  });
  const broken = new Map<string, string>();
  for (const violation of report.violations) {
    if (!STANDING_RULES.has(violation.rule) || violation.employeeId === undefined) continue;
    for (const lineId of violation.lineIds) broken.set(`${violation.employeeId}|${lineId}`, violation.rule);
  }
  if (!broken.size) return { instance, dropped: [] };
  const dropped = [...broken].flatMap(([key, rule]) => {
    const live = liveIds.get(key);
    if (!live) return [];
    const [employeeId, lineId] = key.split('|') as [string, string];
    return [
      {
        assignmentId: live.assignmentId,
        employeeId,
        date: live.date,
        demandLineId: lineId.startsWith(LIVE_LINE_PREFIX) ? null : lineId,
        rule,
      },
    ];
  });
  const droppedLiveLines = new Set(
    dropped
      .filter((item) => item.demandLineId === null)
      .map((item) => `${LIVE_LINE_PREFIX}${item.assignmentId}`),
  );
  return {
    instance: {
      ...instance,
      demandLines: instance.demandLines.filter((line) => !droppedLiveLines.has(line.id)),
      fixedAssignments: fixed.filter((pair) => !broken.has(`${pair.employeeId}|${pair.lineId}`)),
    },
    dropped,
  };
}
