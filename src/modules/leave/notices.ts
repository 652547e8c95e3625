import type { Executor } from '../../core/db/database.ts';
import type { NotificationEvent } from '../notifications/service.ts';
import { ANY_STEP_ROLE, LEAVE_CHAIN } from './approval-chain.ts';
import * as repo from './repository.ts';

/**
 * The approvers of a step told that a request waits for them (issue 55), as the approval matrix
 * resolves them today: never the requester, nor whoever decided the request's earlier step.
 */
export async function awaitingApproval(
  tx: Executor,
  request: { id: string; employeeId: string; fromDate: string; toDate: string },
  stepNumber: 1 | 2,
  today: string,
  decidedBy: string[] = [],
): Promise<NotificationEvent[]> {
  const requester = await repo.requesterOf(tx, request.employeeId);
  if (!requester) return [];
  const step = LEAVE_CHAIN.find((candidate) => candidate.step === stepNumber)!;
  const approvers = await repo.approvers(
    tx,
    requester.buId,
    [...step.roles, ANY_STEP_ROLE],
    requester.departmentId,
    today,
  );
  const excluded = new Set([...(requester.userIds ?? []), ...decidedBy]);
  return [
    {
      buId: requester.buId,
      employeeIds: [],
      userIds: [...new Set(approvers.map((row) => row.userId))].filter((userId) => !excluded.has(userId)),
      kind: 'LEAVE_AWAITING',
      data: { from: request.fromDate, to: request.toDate, step: stepNumber },
      key: `leave:${request.id}:awaiting:${stepNumber}`,
      byEmployeeId: request.employeeId,
    },
  ];
}
