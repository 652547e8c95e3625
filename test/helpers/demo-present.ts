import { expect } from 'vitest';
import type { TestContext } from './app.ts';

/** The demo's one give-away waiting for the manager, approved as the manager would: it keeps every rule. */
export async function approveTheWaitingGiveAway(t: Pick<TestContext, 'request'>): Promise<void> {
  const waiting = await t.request('manager', { method: 'GET', url: '/api/shift-swaps?status=Accepted' });
  expect(waiting.statusCode, waiting.body).toBe(200);
  const items = waiting.json().items as { id: string; version: number }[];
  expect(items).toHaveLength(1);
  const approved = await t.request('manager', {
    method: 'POST',
    url: `/api/shift-swaps/${items[0]!.id}/approve`,
    headers: { 'if-match': `"${items[0]!.version}"` },
    payload: { comment: 'Fine' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
}
