import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { PrincipalStore } from '../../core/auth/principal-store.ts';
import type { Executor } from '../../core/db/database.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import { assertDateRange } from '../../core/http/date-range.ts';
import { conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, utcInstant, WEEKDAY_NAMES, weekdayOf } from '../../core/time/dates.ts';
import { endDateOf } from '../../core/time/shift-times.ts';
import { requireRun } from '../allocation/runs-service.ts';
import { notify } from '../notifications/service.ts';
import { settingsOf } from '../settings/service.ts';
import { rosterAwaitingEvent, rosterChangeEvents } from './notices.ts';
import * as ownRosterRepo from './own-roster-repository.ts';
import * as repo from './repository.ts';
import type {
  OwnRoster,
  OwnRosterQuery,
  PublicationPreview,
  PublishedRoster,
  PublishedRosterDetail,
  PublishedRosterQuery,
  PublishOutcome,
  PublishRequest,
  RepublishRequest,
  RosterChanges,
  RosterLine,
} from './schemas.ts';

const STATUS_NAMES: Record<number, PublishedRoster['Status']> = { 2: 'Published', 3: 'Approved' };
const MAX_OWN_DAYS = 92;

export function headerView(row: repo.HeaderRow): PublishedRoster {
  return {
    id: row.id,
    runId: row.runId,
    planId: row.planId,
    departmentId: row.departmentId,
    from: row.periodFrom,
    to: row.periodTo,
    version: row.version,
    Status: STATUS_NAMES[row.status] ?? 'Published',
    statusValue: row.status,
    current: Boolean(row.current),
    reason: row.reason,
    supersedesId: row.supersedesId,
    lineCount: row.lineCount,
    coverage: { required: row.requiredHeads, assigned: row.coveredHeads },
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt.toISOString(),
    approval: {
      id: row.approvalId,
      status: row.approvalStatus,
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      comment: row.comment,
    },
  };
}

/** What a line's view reads of a row, whether of a version or of the planned roster. */
type LineFields = Omit<repo.LineRow, 'rosterId' | 'assignmentId'>;

function lineView(row: LineFields): RosterLine {
  return {
    id: row.id,
    employee: {
      id: row.employeeId,
      employeeNumber: row.employeeNumber,
      Name_1_English: row.nameEn,
      Name_2_Arabic: row.nameAr,
    },
    date: row.date,
    shift: {
      id: row.shiftTemplateId,
      code: row.shiftCode,
      nameEn: row.shiftNameEn,
      nameAr: row.shiftNameAr,
      start: row.startTime,
      end: row.endTime,
      paidHours: Number(row.paidHours),
    },
    terminal: {
      id: row.terminalId,
      code: row.terminalCode,
      nameEn: row.terminalNameEn,
      nameAr: row.terminalNameAr,
    },
    skillCode: row.skillCode,
  };
}

/** Lines by employee and date, to compare two versions. */
export function changesBetween(before: repo.ComparedLine[], after: repo.ComparedLine[]): RosterChanges {
  const key = (row: repo.ComparedLine) => `${row.employeeId}|${row.date}`;
  const place = (row: repo.ComparedLine | undefined) =>
    row ? { shiftCode: row.shiftCode, terminalCode: row.terminalCode } : null;
  const old = new Map(before.map((row) => [key(row), row]));
  const now = new Map(after.map((row) => [key(row), row]));
  const change = (
    row: repo.ComparedLine,
    was: repo.ComparedLine | undefined,
    is: repo.ComparedLine | undefined,
  ) => ({
    employeeId: row.employeeId,
    employeeNumber: row.employeeNumber,
    date: row.date,
    before: place(was),
    after: place(is),
  });
  const added = after.filter((row) => !old.has(key(row))).map((row) => change(row, undefined, row));
  const removed = before.filter((row) => !now.has(key(row))).map((row) => change(row, row, undefined));
  const moved = after
    .filter((row) => {
      const was = old.get(key(row));
      return (
        was !== undefined &&
        (was.shiftTemplateId !== row.shiftTemplateId || was.terminalId !== row.terminalId)
      );
    })
    .map((row) => change(row, old.get(key(row)), row));
  return { added, removed, moved };
}

const changesNothing = (changes: RosterChanges) =>
  !changes.added.length && !changes.removed.length && !changes.moved.length;

/** A version's lines and those of the one that stood before it in its run (none for a first version). */
export async function comparedVersions(executor: Executor, runId: string, rosterId: string, version: number) {
  const previous = await repo.previousStanding(executor, runId, version);
  const [before, after] = await Promise.all([
    previous ? repo.linesOf(executor, [previous.id]) : Promise.resolve(null),
    repo.linesOf(executor, [rosterId]),
  ]);
  return { previous, before, after };
}

/**
 * What a version changes against the one that stood before it in its run (null for a first version), and
 * what it tells its employees (for a first version, every line added).
 */
async function changesOf(executor: Executor, runId: string, rosterId: string, version: number) {
  const { previous, before, after } = await comparedVersions(executor, runId, rosterId, version);
  const changes = before ? changesBetween(before, after) : null;
  return { previous, changes, told: changes ?? changesBetween([], after), before: before ?? [], after };
}

/** A run is published (and its publication previewed or checked) only once it is locked. */
export function assertLocked(run: { status: string }): void {
  if (run.status !== 'Locked')
    throw conflict('RUN_NOT_LOCKED', `Only a locked run is published; this one is ${run.status}`, {
      state: run.status,
    });
}

/**
 * What publishing the run now would write, against the version that stands (everything added for a first
 * one): the same scope and comparison as the publication itself, so the list the planner confirms is the
 * list the version will say. Nothing is written.
 */
export async function publicationPreview(
  deps: ServiceDeps,
  caller: Caller,
  runId: string,
): Promise<PublicationPreview> {
  const run = await requireRun(deps.db, caller, 'roster.publish', runId);
  assertLocked(run);
  const latest = await repo.latestVersion(deps.db, runId);
  const version = (latest?.version ?? 0) + 1;
  const standing = latest ? await repo.previousStanding(deps.db, runId, version) : null;
  const [before, after] = await Promise.all([
    standing ? repo.linesOf(deps.db, [standing.id]) : Promise.resolve([]),
    repo.linesToPublish(deps.db, {
      buId: caller.principal.buId,
      runId,
      planId: run.planId,
      departmentId: run.departmentId,
      from: run.periodFrom,
      to: run.periodTo,
    }),
  ]);
  return {
    runId,
    version,
    standing: standing ? { id: standing.id, version: standing.version } : null,
    lineCount: after.length,
    changes: changesBetween(before, after),
  };
}

async function publishVersion(
  deps: ServiceDeps,
  caller: Caller,
  runId: string,
  reason: string | null,
): Promise<PublishOutcome> {
  const { principal } = caller;
  const republish = reason !== null;
  let written: { id: string; changes: RosterChanges | null };
  try {
    written = await deps.db.transaction(async (tx) => {
      const run = await requireRun(tx, caller, 'roster.publish', runId, true);
      assertLocked(run);
      const previous = await repo.latestVersion(tx, runId);
      const version = (previous?.version ?? 0) + 1;
      if (!republish && previous) {
        throw conflict('ALREADY_PUBLISHED', 'The run is published already; republish it with a reason', {
          publishedRosterId: previous.id,
        });
      }
      if (republish && !previous)
        throw conflict('NOT_PUBLISHED', 'The run has not been published yet: publish it');
      const created = await repo.publishSnapshot(
        tx,
        {
          buId: principal.buId,
          runId,
          planId: run.planId,
          departmentId: run.departmentId,
          from: run.periodFrom,
          to: run.periodTo,
        },
        {
          version,
          reason,
          supersedesId: previous?.id ?? null,
          publishedBy: principal.userId,
        },
      );
      const compared = await changesOf(tx, runId, created, version);
      if (compared.changes && changesNothing(compared.changes)) {
        throw conflict('NO_CHANGES', 'The live roster is what the standing version already says', {
          publishedRosterId: compared.previous?.id,
        });
      }
      await notify(tx, [
        ...rosterChangeEvents(principal.buId, created, version, compared),
        rosterAwaitingEvent(principal.buId, created, version, run, principal.userId, principal.today),
      ]);
      if (previous) await repo.supersedeApproval(tx, previous.id);
      await repo.insertApproval(tx, {
        buId: principal.buId,
        rosterId: created,
        departmentId: run.departmentId,
      });
      await recordAudit(tx, actorOf(caller), {
        action: republish ? 'roster.republish' : 'roster.publish',
        entityType: 'published_roster',
        entityId: created,
        details: { runId, version, reason },
      });
      return { id: created, changes: compared.changes };
    });
  } catch (error) {
    // Two publishes of one run at once: the second version 1 (or n+1) meets the unique constraint.
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw conflict(
        republish ? 'ROSTER_CHANGED' : 'ALREADY_PUBLISHED',
        republish
          ? 'Another version was published meanwhile; read it first'
          : 'The run was published meanwhile',
      );
    }
    throw error;
  }
  const header = await repo.findRoster(deps.db, principal.buId, { kind: 'unit' }, written.id);
  return { ...headerView(header!), changes: written.changes };
}

export const publish = (deps: ServiceDeps, caller: Caller, body: PublishRequest) =>
  publishVersion(deps, caller, body.runId, null);

export const republish = (deps: ServiceDeps, caller: Caller, body: RepublishRequest) =>
  publishVersion(deps, caller, body.runId, body.reason.trim());

export async function listPublished(
  deps: ServiceDeps,
  caller: Caller,
  query: PublishedRosterQuery,
): Promise<Page<PublishedRoster>> {
  const { rows, total } = await repo.listRosters(
    deps.db,
    caller.principal.buId,
    caller.principal.scopeOf('roster.view'),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(headerView), total, query);
}

export async function getPublished(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
): Promise<PublishedRosterDetail> {
  const row = await repo.findRoster(
    deps.db,
    caller.principal.buId,
    caller.principal.scopeOf('roster.view'),
    id,
  );
  if (!row) throw notFound('The published roster');
  return { ...headerView(row), lines: (await repo.linesOf(deps.db, [id])).map(lineView) };
}

export async function pendingApprovalCount(deps: ServiceDeps, caller: Caller) {
  const { principal } = caller;
  return {
    count: await repo.pendingCount(
      deps.db,
      principal.buId,
      scopeOf(caller, 'roster.approve'),
      principal.userId,
    ),
  };
}

/** The own roster's announcement: every write to a table it reads drops the rosters kept (migration 0029). */
export const OWN_ROSTER_READ = 'read:own-roster';

/**
 * The caller's own roster: the lines of the planned roster (the latest standing version covering each
 * date, per department) with their instants, and every date of the range with what it is for them.
 */
export async function ownRoster(
  deps: ServiceDeps,
  caller: Caller,
  query: OwnRosterQuery,
  cache: Pick<PrincipalStore, 'keptValue'>,
): Promise<OwnRoster> {
  const { principal } = caller;
  const from = query.from ?? `${principal.today.slice(0, 7)}-01`;
  const to = query.to ?? addDays(`${addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
  assertDateRange(from, to, { days: MAX_OWN_DAYS, what: 'One request' });
  const { timezone } = (await settingsOf(deps, caller, cache)).settings;
  const { buId, employeeId } = principal;
  // The roster itself is kept (it depends on the clock only through the dates asked), so its route sends
  // the same text again until a write announces a change.
  return cache.keptValue(
    OWN_ROSTER_READ,
    JSON.stringify([buId, employeeId, from, to, timezone]),
    async () => {
      const sources = await ownRosterRepo.ownRosterSources(deps.runPrepared, buId, employeeId, from, to);
      const lines = sources.lines.map((line) => {
        const endDate = endDateOf(line.date, line.startTime, line.endTime);
        // Not a spread: V8 (Node 20) builds `{ ...fields, more }` many times slower (see `userView`).
        return Object.assign(lineView(line), {
          rosterId: line.rosterId,
          rosterVersion: line.rosterVersion,
          endsNextDay: endDate !== line.date,
          startsAt: utcInstant(line.date, line.startTime, timezone),
          endsAt: utcInstant(endDate, line.endTime, timezone),
        });
      });
      const days: OwnRoster['days'] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const weekday = WEEKDAY_NAMES[weekdayOf(date)]!;
        const lineIds = lines.filter((line) => line.date === date).map((line) => line.id);
        const onLeave = sources.leave.find((span) => span.from <= date && date <= span.to);
        // The first holiday by date and code, as the working calendar lists a date's reasons.
        const holiday = sources.holidays.find((span) => span.date <= date && date <= span.endDate);
        const kind = lineIds.length
          ? 'shift'
          : onLeave
            ? 'leave'
            : holiday
              ? 'holiday'
              : sources.covered.some((period) => period.from <= date && date <= period.to)
                ? 'dayOff'
                : 'unplanned';
        days.push({
          date,
          weekday,
          kind,
          lineIds,
          holiday: holiday ? { code: holiday.code, nameEn: holiday.nameEn, nameAr: holiday.nameAr } : null,
          leaveRequestId: onLeave?.id ?? null,
        });
      }
      return { from, to, timezone, lines, days };
    },
  );
}

export type PlannedLine = Awaited<ReturnType<typeof repo.plannedLines>>[number];

/**
 * The planned roster between two dates: for each date and department, the lines of the most recently
 * published current version covering it (reports read it too).
 */
export const plannedLines = repo.plannedLines;

export const standingPeriods = repo.standingPeriods;

export const homeDepartments = repo.homeDepartments;
