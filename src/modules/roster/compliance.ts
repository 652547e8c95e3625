import type { Executor } from '../../core/db/database.ts';
import { employeeRefsOf } from '../../core/db/employee-ref.ts';
import {
  checkRoster,
  type Instance,
  REASON_CODES,
  type ReasonCode,
  type Warning,
} from '../../engine/index.ts';
import { buildSnapshot, liveRosterOf } from './snapshot.ts';
import { type LiveRow, planLines } from './snapshot-queries.ts';

/** Work to check as it is written (a published version's lines), in the live roster's shape. */
export type CheckedWork = LiveRow;

export interface PersonCompliance {
  employee: Awaited<ReturnType<typeof employeeRefsOf>>[number];
  broken: { rule: ReasonCode; dates: string[] }[];
  warnings: Omit<Warning, 'employeeId'>[];
}

const HARD_RULES: ReadonlySet<string> = new Set(REASON_CODES);

/**
 * Every hard rule the live roster of a plan's period breaks, and every warning, per person: what a
 * version published from it now would hold. The checker reads all of the live work, what breaks a
 * standing rule now (leave approved since, a certification that ended) included, with the work just
 * around the period that binds it; only what falls on the period's days is named. Given `work`, that is
 * what the period holds instead of the live roster's (a published version's lines, issue 53).
 */
export async function rosterCompliance(
  executor: Executor,
  buId: string,
  scope: { departmentId: string; planId: string; from: string; to: string },
  work?: readonly CheckedWork[],
): Promise<PersonCompliance[]> {
  const { departmentId, planId, from, to } = scope;
  const lines = await planLines(executor, planId, from, to);
  const { instance } = await buildSnapshot(executor, {
    buId,
    departmentId,
    from,
    to,
    lines,
    keepBrokenLiveWork: true,
    ...(work ? { work } : {}),
  });
  const people = complianceByPerson(instance, from, to);
  const refs = await employeeRefsOf(executor, buId, [...people.keys()]);
  return refs
    .sort((a, b) => a.employeeNumber.localeCompare(b.employeeNumber))
    .map((employee) => {
      const { broken, warnings } = people.get(employee.id)!;
      return { employee, broken, warnings };
    });
}

/** A person's broken rules (by rule, the dates) and warnings, as the checker finds them. */
export interface PersonFindings {
  broken: PersonCompliance['broken'];
  warnings: PersonCompliance['warnings'];
}

/**
 * The checker's findings on a snapshot's live roster, per person with any: hard rules broken and warnings,
 * of what falls on the period's days (a certification ending in it is named even without work after).
 */
export function complianceByPerson(
  instance: Instance,
  from: string,
  to: string,
): Map<string, PersonFindings> {
  const report = checkRoster(instance, { assignments: liveRosterOf(instance) }, { warnings: true });
  const lineDates = new Map(instance.demandLines.map((line) => [line.id, line.date]));
  const inPeriod = (date: string) => date >= from && date <= to;
  const people = new Map<
    string,
    { broken: Map<ReasonCode, Set<string>>; warnings: PersonCompliance['warnings'] }
  >();
  const personOf = (employeeId: string) => {
    let person = people.get(employeeId);
    if (!person) {
      person = { broken: new Map(), warnings: [] };
      people.set(employeeId, person);
    }
    return person;
  };
  const breaks = (employeeId: string, rule: ReasonCode, dates: string[]) => {
    const shown = dates.filter(inPeriod);
    if (!shown.length) return;
    const broken = personOf(employeeId).broken;
    broken.set(rule, new Set([...(broken.get(rule) ?? []), ...shown]));
  };
  for (const violation of report.violations)
    if (violation.employeeId !== undefined && HARD_RULES.has(violation.rule))
      breaks(
        violation.employeeId,
        violation.rule as ReasonCode,
        violation.lineIds.map((id) => lineDates.get(id)!),
      );
  for (const { employeeId, ...warning } of report.warnings ?? [])
    if (warning.rule === 'CERTIFICATION_EXPIRES' || warning.dates.some(inPeriod))
      personOf(employeeId).warnings.push(warning);
  return new Map(
    [...people].map(([employeeId, person]) => [
      employeeId,
      {
        broken: [...person.broken].map(([rule, dates]) => ({ rule, dates: [...dates].sort() })),
        warnings: person.warnings,
      },
    ]),
  );
}
