import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { scopeReaches } from '../../core/auth/principal.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { versionCosts } from '../costs/service.ts';
import * as repo from './repository.ts';
import type { ApprovalDecision, PublishedRoster, RosterApprovalItem } from './schemas.ts';
import { changesBetween, comparedVersions, headerView } from './service.ts';

/**
 * One item of the queue: the version, what it changes against the one that stood before it and, for a
 * caller who reads labour cost there, what both cost (issue 53: the manager approves knowing what).
 */
async function approvalItem(
  deps: ServiceDeps,
  caller: Caller,
  row: repo.PendingApprovalRow,
): Promise<RosterApprovalItem> {
  const { previous, before, after } = await comparedVersions(deps.db, row.runId, row.id, row.version);
  const cost = scopeReaches(caller.principal.scopeOf('labour_cost.view'), row.departmentId)
    ? await versionCosts(
        deps.db,
        caller.principal.buId,
        { from: row.periodFrom, to: row.periodTo },
        after,
        before,
      )
    : null;
  return {
    id: row.approvalId,
    rosterId: row.id,
    runId: row.runId,
    department: {
      id: row.departmentId,
      code: row.departmentCode,
      Name_1_English: row.departmentNameEn,
      Name_2_Arabic: row.departmentNameAr,
    },
    from: row.periodFrom,
    to: row.periodTo,
    version: row.version,
    reason: row.reason,
    publishedBy: { id: row.publishedBy, displayName: row.publisherName },
    publishedAt: row.publishedAt.toISOString(),
    lineCount: row.lineCount,
    coverage: { required: row.requiredHeads, assigned: row.coveredHeads },
    previousVersion: previous?.version ?? null,
    changes: before ? changesBetween(before, after) : null,
    cost,
  };
}

/** The queue: the approvals the caller may decide (in scope, not of their own publications). */
export async function pendingApprovals(
  deps: ServiceDeps,
  caller: Caller,
  query: PageQuery,
): Promise<Page<RosterApprovalItem>> {
  const { principal } = caller;
  const { rows, total } = await repo.pendingApprovals(
    deps.db,
    principal.buId,
    scopeOf(caller, 'roster.approve'),
    principal.userId,
    query.pageSize,
    offsetOf(query),
  );
  const items = [];
  for (const row of rows) items.push(await approvalItem(deps, caller, row));
  return pageOf(items, total, query);
}

export async function decideApproval(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  decision: 'Approved' | 'Rejected',
  body: ApprovalDecision,
): Promise<PublishedRoster> {
  const { principal } = caller;
  const rosterId = await deps.db.transaction(async (tx) => {
    const approval = await repo.findApproval(tx, principal.buId, principal.scopeOf('roster.approve'), id);
    if (!approval) throw notFound('The roster approval');
    if (approval.status !== 'Pending') {
      throw conflict('APPROVAL_ALREADY_DECIDED', `The approval is ${approval.status} already`, {
        approvalStatus: approval.status,
      });
    }
    if (approval.publishedBy === principal.userId) {
      throw businessRule('SAME_APPROVER', 'Whoever published a roster version does not approve it');
    }
    const comment = body.comment?.trim() || null;
    if (decision === 'Rejected' && !comment) {
      throw businessRule('COMMENT_REQUIRED', 'Say why the version is rejected: its publisher reads it', {
        errors: [{ path: '/comment', message: 'required to reject' }],
      });
    }
    const decided = await repo.decideApproval(tx, id, {
      status: decision,
      decidedBy: principal.userId,
      decidedAt: deps.now(),
      comment,
    });
    if (!decided) throw conflict('APPROVAL_ALREADY_DECIDED', 'The approval was decided meanwhile');
    await recordAudit(tx, actorOf(caller), {
      action: decision === 'Approved' ? 'roster.approve' : 'roster.reject',
      entityType: 'published_roster',
      entityId: approval.rosterId,
      details: { approvalId: id, comment },
    });
    // A rejected version is withdrawn: the one that stands again waits for a decision if it never had one.
    if (decision === 'Rejected') {
      const standing = await repo.standingVersion(tx, approval.runId);
      if (standing) await repo.reopenApproval(tx, standing.id);
    }
    return approval.rosterId;
  });
  const row = await repo.findRoster(deps.db, principal.buId, { kind: 'unit' }, rosterId);
  return headerView(row!);
}
