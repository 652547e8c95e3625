import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import { renderIn } from '../../../test/render';
import type { AllocationRun } from '../api';
import RunPage from './RunPage';

const planner = '00000000-0000-4000-8000-000000000001';
const run = (
  planChangedSinceRun: boolean,
  changedSinceRun: AllocationRun['changedSinceRun'] = [],
): AllocationRun => ({
  id: 'run',
  plan: { id: 'plan', name: 'Ramp fortnight' },
  departmentId: 'ramp',
  from: '2026-12-03',
  to: '2026-12-16',
  Status: 'Executed',
  options: {},
  executing: false,
  progress: null,
  lastFailure: null,
  executions: 1,
  result: null,
  lockedAssignments: null,
  created: { by: planner, at: '2026-12-01T08:00:00Z' },
  executed: { by: planner, at: '2026-12-01T09:00:00Z' },
  planChangedSinceRun,
  changedSinceRun,
  reviewed: null,
  reviewComment: null,
  locked: null,
  archived: null,
  version: 2,
  updatedAt: '2026-12-01T09:00:00Z',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The lock refused: a proposed pair breaks the rest rule against the live roster now. */
const lockConflicts = {
  type: '/problems/lock-conflicts',
  title: 'Conflict',
  status: 409,
  code: 'LOCK_CONFLICTS',
  detail: '1 proposed assignments now break a rule against the live roster; rerun the allocation',
  conflicts: [
    {
      employeeId: 'e1',
      demandLineId: 'l1',
      date: '2026-12-05',
      rule: 'REST_TOO_SHORT',
      detail: 'rest 8h < 12h',
    },
    { employeeId: null, demandLineId: 'l2', date: '2026-12-06', rule: 'OVER_REQUIRED', detail: '3 > 2' },
  ],
};

function show(lang: 'en' | 'ar', shown: AllocationRun, permissions = ['allocation_run.read']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => (request.method === 'POST' ? json(lockConflicts, 409) : json(shown))),
  );
  renderIn(
    lang,
    <PermissionsProvider permissions={permissions}>
      <RunPage />
    </PermissionsProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const at = '2026-12-02T10:00:00Z';
const stale = run(true, [
  { kind: 'plan', count: 1, latestAt: at },
  { kind: 'staffJoined', count: 1, latestAt: at },
  { kind: 'leaveApproved', count: 2, latestAt: at },
  { kind: 'wishes', count: 11, latestAt: at },
  { kind: 'shiftsRemoved', count: 3, latestAt: at },
]);
const lines = () =>
  within(screen.getByTestId('run-stale'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('a run whose input changed after it ran', () => {
  it('says what changed, each kind with how many', async () => {
    show('en', stale);
    expect(await screen.findByTestId('run-stale')).toHaveTextContent('This run is out of date');
    expect(lines()).toEqual([
      'The demand plan “\u2068Ramp fortnight\u2069” was edited',
      '1 employee joined the department',
      '2 leave requests approved',
      '11 wishes stated',
      '3 shifts taken off the live roster by hand',
    ]);
    expect(screen.getByTestId('run-stale')).toHaveTextContent('Rerun it');
  });

  it('says so in Arabic, with the plural forms of each count', async () => {
    show('ar', stale);
    expect(await screen.findByTestId('run-stale')).toHaveTextContent('هذا التشغيل لم يعد محدّثًا');
    expect(lines()).toEqual([
      'عُدّلت خطة الطلب «\u2068Ramp fortnight\u2069»',
      'انضم موظف واحد إلى القسم',
      'اعتُمد طلبا إجازة',
      'سُجّلت 11 رغبة',
      'رُفعت 3 مناوبات يدويًا من الجدول الفعلي',
    ]);
  });

  it('tells a locked run whose plan changed, without asking for a rerun', async () => {
    show('en', { ...run(true), Status: 'Locked' });
    expect(await screen.findByTestId('run-stale')).toBeInTheDocument();
    expect(lines()).toEqual(['The demand plan “\u2068Ramp fortnight\u2069” was edited']);
    expect(screen.getByTestId('run-stale')).not.toHaveTextContent('Rerun it');
  });

  it('says nothing while everything is as the run found it', async () => {
    show('en', run(false));
    expect(await screen.findByText('Ramp fortnight', { exact: false })).toBeInTheDocument();
    expect(screen.queryByTestId('run-stale')).toBeNull();
  });
});

describe('a lock refused by the rules', () => {
  const reviewed = { ...run(false), Status: 'Reviewed' as const };

  it.each([
    [
      'en',
      'Lock',
      ['5 Dec 2026 · Rest too short · rest 8h < 12h', '6 Dec 2026 · More heads than required · 3 > 2'],
    ],
    ['ar', 'اعتماد', ['5 ديسمبر 2026 · الراحة أقصر من المسموح', '6 ديسمبر 2026 · أفراد أكثر من المطلوب']],
  ] as const)(
    'lists each conflict with its day in the reader’s language (%s)',
    async (lang, lockLabel, shown) => {
      show(lang, reviewed, ['allocation_run.read', 'allocation_run.lock']);
      const user = userEvent.setup();
      const lock = await screen.findByRole('button', { name: new RegExp(`^${lockLabel}`) });
      await user.click(lock);
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: new RegExp(`^${lockLabel}`) }));
      const refusal = await screen.findByTestId('run-action-error');
      expect(
        within(refusal)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(shown);
      expect(refusal.textContent).not.toContain('2026-12-05');
    },
  );
});
