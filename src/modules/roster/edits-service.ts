import { actorOf, recordAudits } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, forbidden, notFound } from '../../core/http/errors.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { isDepartment } from '../lookups/reads.ts';
import {
  type Addition,
  type LiveShift,
  resolveTarget,
  shiftAsLine,
  type WeighedAddition,
  weighAdditions,
} from './checks.ts';
import type { RosterEditCheck, RosterEditConflict, RosterEdits, RosterEditsSaved } from './edits-schemas.ts';
import { type GapLines, gapLinesOf } from './gap-lines.ts';
import * as roster from './repository.ts';
import { assignmentView, removeLiveWork, requireEmployee } from './service.ts';

/*
 * Editing the live roster on its grid (issue 53): shifts added, moved and removed as one write, each
 * checked by the engine's rules after the ones before it, and refused cell by cell when another planner
 * saved over the same cells since the grid was read.
 */

type Target = Addition['target'];

/** The department's roster the caller edits; 404 outside their scope, as for a department they cannot see. */
export async function requireEditableDepartment(
  executor: Executor,
  caller: Caller,
  departmentId: string,
  adding: boolean,
): Promise<void> {
  const { principal } = caller;
  if (
    !scopeReaches(principal.scopeOf('roster.edit'), departmentId) ||
    !(await isDepartment(executor, principal.buId, departmentId))
  )
    throw notFound('The department');
  if (adding && !scopeReaches(principal.scopeOf('roster.create'), departmentId))
    throw forbidden('roster.create');
}

const invalid = (index: number, detail: string) =>
  businessRule('ASSIGNMENT_INVALID', detail, { errors: [{ path: `/edits/${index}`, message: detail }] });

/** A live shift as the line it staffs on `date`: its own demand line that day, else a gap that matches, else none. */
async function movedTarget(
  executor: Executor,
  buId: string,
  departmentId: string,
  index: number,
  shift: LiveShift,
  date: string,
  gaps: GapLines,
): Promise<Target> {
  const manual: Target = shiftAsLine(`edit:${index}`, shift, date, departmentId);
  if (date !== shift.date) return gaps.take(manual) ?? manual;
  if (shift.demandLineId === null) return manual;
  const line = await roster.findLine(executor, buId, shift.demandLineId);
  if (!line) return manual;
  if (line.departmentId !== departmentId)
    throw invalid(index, "The shift staffs another department's line: it can be removed here, not moved");
  return { ...line, demandLineId: line.id };
}

interface EditPlan {
  released: LiveShift[];
  weighed: WeighedAddition[];
  conflicts: RosterEditConflict[];
}

/** What the edits would do now: the shifts they take off, each addition weighed, and the cells changed since. */
async function planEdits(executor: Executor, caller: Caller, body: RosterEdits): Promise<EditPlan> {
  const { buId } = caller.principal;
  const { departmentId, edits } = body;
  await requireEditableDepartment(
    executor,
    caller,
    departmentId,
    edits.some((edit) => edit.kind !== 'remove'),
  );
  const named = edits.flatMap((edit) => (edit.kind === 'add' ? [] : [edit.assignmentId]));
  if (new Set(named).size !== named.length)
    throw businessRule('ASSIGNMENT_INVALID', 'An edit list names the same shift twice');
  const found = new Map((await roster.findAssignments(executor, buId, named)).map((row) => [row.id, row]));
  const conflicts: RosterEditConflict[] = [];
  const released: LiveShift[] = [];
  for (const [index, edit] of edits.entries()) {
    if (edit.kind === 'add') continue;
    const shift = found.get(edit.assignmentId);
    if (!shift) {
      conflicts.push({ index, employeeId: null, date: null, kind: 'gone', current: null });
      continue;
    }
    if (shift.departmentId !== departmentId)
      throw invalid(index, "The shift is not on this department's roster");
    released.push(shift);
  }
  const writes = edits.flatMap((edit, index) =>
    edit.kind === 'remove' || (edit.kind === 'move' && !found.has(edit.assignmentId))
      ? []
      : [{ edit, index }],
  );
  for (const employeeId of new Set(writes.map(({ edit }) => edit.employeeId)))
    await requireEmployee(executor, caller, 'roster.create', employeeId);
  const dates = writes.map(({ edit }) => edit.date).sort();
  const gaps = dates.length ? await gapLinesOf(executor, buId, departmentId, dates[0]!, dates.at(-1)!) : null;
  const additions: Addition[] = [];
  for (const { edit, index } of writes) {
    if (edit.kind === 'move') {
      const shift = found.get(edit.assignmentId)!;
      const target = await movedTarget(executor, buId, departmentId, index, shift, edit.date, gaps!);
      additions.push({ index, employeeId: edit.employeeId, target, runId: shift.runId });
      continue;
    }
    const { kind: _, employeeId, ...shift } = edit;
    const resolved = await resolveTarget(executor, caller, departmentId, shift);
    if (resolved.departmentId !== departmentId)
      throw invalid(index, "The demand line is another department's");
    additions.push({
      index,
      employeeId,
      target: { ...resolved, id: resolved.demandLineId ?? `edit:${index}` },
      runId: null,
    });
  }
  const releasedIds = new Set(released.map((shift) => shift.id));
  const occupants = dates.length
    ? (
        await roster.assignmentsOf(
          executor,
          buId,
          [...new Set(additions.map((a) => a.employeeId))],
          dates[0]!,
          dates.at(-1)!,
        )
      ).filter((row) => !releasedIds.has(row.id))
    : [];
  const inCell = new Map(occupants.map((row) => [`${row.employeeId}|${row.date}`, row]));
  for (const { index, employeeId, target } of additions) {
    const occupant = inCell.get(`${employeeId}|${target.date}`);
    if (occupant)
      conflicts.push({
        index,
        employeeId,
        date: target.date,
        kind: 'occupied',
        current: assignmentView(occupant),
      });
  }
  if (conflicts.length) return { released, weighed: [], conflicts };
  const weighed = await weighAdditions(executor, buId, departmentId, released, additions);
  return { released, weighed, conflicts };
}

const verdictsOf = (weighed: readonly WeighedAddition[]) =>
  weighed.map(({ index, employeeId, target, reasons, certification }) => ({
    index,
    employeeId,
    date: target.date,
    reasons,
    certification,
  }));

/** Whether the edits could be saved now, and why not: nothing is written. */
export async function checkRosterEdits(
  deps: ServiceDeps,
  caller: Caller,
  body: RosterEdits,
): Promise<RosterEditCheck> {
  const plan = await planEdits(deps.db, caller, body);
  return {
    accepted: !plan.conflicts.length && plan.weighed.every((w) => !w.reasons.length),
    verdicts: verdictsOf(plan.weighed),
    conflicts: plan.conflicts,
  };
}

/** Writes live shifts the rules accepted (edited or copied), each audited with why. */
export async function writeAdditions(
  tx: Executor,
  caller: Caller,
  accepted: readonly WeighedAddition[],
  why: Record<string, unknown>,
): Promise<string[]> {
  const { buId, userId } = caller.principal;
  const created = await roster.insertAssignments(
    tx,
    buId,
    accepted.map(({ employeeId, target, runId, lendingRuleId }) => ({
      employeeId,
      date: target.date,
      shiftTemplateId: target.shiftTemplateId,
      terminalId: target.terminalId,
      skillId: target.skillId,
      demandLineId: target.demandLineId,
      runId,
      lendingRuleId,
      source: 'Manual',
      createdBy: userId,
    })),
  );
  await recordAudits(
    tx,
    actorOf(caller),
    created.map((id, n) => {
      const { employeeId, target, lendingRuleId } = accepted[n]!;
      return {
        action: 'shift_assignment.create',
        entityType: 'shift_assignment',
        entityId: id,
        details: { employeeId, date: target.date, demandLineId: target.demandLineId, lendingRuleId, ...why },
      };
    }),
  );
  return created;
}

/**
 * Saves the edits as one write under the roster lock: every edit or none. 409 `ROSTER_CHANGED` lists the
 * cells another save changed since; 422 `NOT_ELIGIBLE` names the first edit the rules refuse and why.
 */
export async function saveRosterEdits(
  deps: ServiceDeps,
  caller: Caller,
  body: RosterEdits,
): Promise<RosterEditsSaved> {
  const { buId } = caller.principal;
  const created = await deps.db.transaction(async (tx) => {
    await roster.lockRoster(tx, buId);
    const plan = await planEdits(tx, caller, body);
    if (plan.conflicts.length)
      throw conflict('ROSTER_CHANGED', 'Another save changed cells these edits change', {
        conflicts: plan.conflicts,
      });
    const refused = plan.weighed.find((w) => w.reasons.length);
    if (refused)
      throw businessRule(
        'NOT_ELIGIBLE',
        `Edit ${refused.index} breaks a rule: ${refused.reasons.join(', ')}`,
        {
          reasons: refused.reasons,
          ...(refused.certification === null ? {} : { certification: refused.certification }),
          edit: verdictsOf([refused])[0],
        },
      );
    const why = { reason: 'roster_edit' };
    await removeLiveWork(
      tx,
      caller,
      plan.released.map((shift) => ({
        assignmentId: shift.id,
        employeeId: shift.employeeId,
        date: shift.date,
        why,
      })),
    );
    return {
      ids: await writeAdditions(tx, caller, plan.weighed, why),
      removed: plan.released.map((shift) => shift.id),
    };
  });
  const rows = await roster.findAssignments(deps.db, buId, created.ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { created: created.ids.map((id) => assignmentView(byId.get(id)!)), removed: created.removed };
}
