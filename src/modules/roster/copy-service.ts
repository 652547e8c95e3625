import { createHash } from 'node:crypto';
import type { Caller } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { businessRule, conflict } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, daysBetween } from '../../core/time/dates.ts';
import { type Addition, shiftAsLine, type WeighedAddition, WHOLE_UNIT, weighAdditions } from './checks.ts';
import type { RosterCopy, RosterCopyConfirmed, RosterCopyRequest } from './edits-schemas.ts';
import { requireEditableDepartment, writeAdditions } from './edits-service.ts';
import { gapLinesOf } from './gap-lines.ts';
import * as roster from './repository.ts';
import { employeeOf } from './service.ts';

/*
 * Repeating what worked (issue 53): a period of a department's live roster copied onto another, person by
 * person, leaving out what the rules or leave forbid now. The copy is live work, so a run keeps it fixed
 * and fills around it.
 */

/** The longest period one copy takes: five weeks, a pattern of weeks. */
const MAX_COPY_DAYS = 35;

interface CopyPlan {
  view: Omit<RosterCopy, 'written'>;
  accepted: WeighedAddition[];
}

async function planCopy(executor: Executor, caller: Caller, body: RosterCopyRequest): Promise<CopyPlan> {
  const { buId } = caller.principal;
  const { departmentId, from, to, onto } = body;
  assertDateRange(from, to, { days: MAX_COPY_DAYS - 1, what: 'A copy' });
  const shift = daysBetween(from, onto) - 1;
  const ontoEnd = addDays(to, shift);
  if (onto <= to && ontoEnd >= from)
    throw businessRule('COPY_RANGES_OVERLAP', 'The copied dates and the dates they land on overlap', {
      errors: [{ path: '/onto', message: 'inside the copied range or overlapping it' }],
    });
  await requireEditableDepartment(executor, caller, departmentId, true);
  const { rows: source } = await roster.listAssignments(
    executor,
    buId,
    WHOLE_UNIT,
    { departmentId, from, to },
    Number.MAX_SAFE_INTEGER,
    0,
  );
  const lineDepartments = await roster.lineDepartments(executor, buId, [
    ...new Set(source.flatMap((row) => (row.demandLineId === null ? [] : [row.demandLineId]))),
  ]);
  // The department's own work: what its people lent elsewhere did belongs to the other roster.
  const own = source
    .filter(
      (row) =>
        row.lendingRuleId === null &&
        (row.demandLineId === null || lineDepartments.get(row.demandLineId) === departmentId),
    )
    .sort((a, b) => a.employeeNumber.localeCompare(b.employeeNumber) || a.date.localeCompare(b.date));
  const employeeIds = [...new Set(own.map((row) => row.employeeId))];
  const occupied = new Set(
    (await roster.assignmentsOf(executor, buId, employeeIds, onto, ontoEnd)).map(
      (row) => `${row.employeeId}|${row.date}`,
    ),
  );
  const gaps = await gapLinesOf(executor, buId, departmentId, onto, ontoEnd);
  const describe = (row: roster.AssignmentRow) => ({
    employee: employeeOf(row),
    date: addDays(row.date, shift),
    sourceDate: row.date,
    shiftTemplateCode: row.shiftCode,
    terminalCode: row.terminalCode,
    skillCode: row.skillCode,
  });
  const skipped: RosterCopy['skipped'] = [];
  const additions: Addition[] = [];
  for (const [index, row] of own.entries()) {
    const date = addDays(row.date, shift);
    if (occupied.has(`${row.employeeId}|${date}`)) {
      skipped.push({ ...describe(row), reasons: ['ALREADY_ASSIGNED'], certification: null });
      continue;
    }
    const manual = shiftAsLine(`copy:${index}`, row, date, departmentId);
    additions.push({ index, employeeId: row.employeeId, target: gaps.take(manual) ?? manual, runId: null });
  }
  const weighed = await weighAdditions(executor, buId, departmentId, [], additions);
  const accepted = weighed.filter((w) => !w.reasons.length);
  for (const refused of weighed.filter((w) => w.reasons.length))
    skipped.push({
      ...describe(own[refused.index]!),
      reasons: refused.reasons,
      certification: refused.certification,
    });
  const copied = accepted.map((w) => ({ ...describe(own[w.index]!), demandLineId: w.target.demandLineId }));
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify(
        accepted.map((w) => [
          w.employeeId,
          w.target.date,
          w.target.shiftTemplateId,
          w.target.terminalId,
          w.target.skillId,
          w.target.demandLineId,
        ]),
      ),
    )
    .digest('base64url');
  skipped.sort(
    (a, b) =>
      a.employee.employeeNumber.localeCompare(b.employee.employeeNumber) || a.date.localeCompare(b.date),
  );
  return { view: { from, to, onto, copied, skipped, fingerprint }, accepted };
}

/** What copying would write and leave out now; nothing is written. */
export async function previewRosterCopy(
  deps: ServiceDeps,
  caller: Caller,
  body: RosterCopyRequest,
): Promise<RosterCopy> {
  const { view } = await planCopy(deps.db, caller, body);
  return { ...view, written: false };
}

/**
 * Writes the copy the preview showed, under the roster lock; 409 `COPY_CHANGED` (nothing written) when the
 * roster, leave or rules changed since so that it would write anything else.
 */
export async function copyRoster(
  deps: ServiceDeps,
  caller: Caller,
  body: RosterCopyConfirmed,
): Promise<RosterCopy> {
  const { expected, ...request } = body;
  return deps.db.transaction(async (tx) => {
    await roster.lockRoster(tx, caller.principal.buId);
    const { view, accepted } = await planCopy(tx, caller, request);
    if (view.fingerprint !== expected)
      throw conflict('COPY_CHANGED', 'The roster changed since the preview: preview the copy again', {
        preview: { ...view, written: false },
      });
    await writeAdditions(tx, caller, accepted, {
      reason: 'roster_copy',
      from: request.from,
      onto: request.onto,
    });
    return { ...view, written: true };
  });
}
