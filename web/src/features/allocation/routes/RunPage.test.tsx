import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import { renderIn } from '../../../test/render';
import type { AllocationRun } from '../api';
import RunPage from './RunPage';

const planner = '00000000-0000-4000-8000-000000000001';
const run = (planChangedSinceRun: boolean): AllocationRun => ({
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
  reviewed: null,
  reviewComment: null,
  locked: null,
  archived: null,
  version: 2,
  updatedAt: '2026-12-01T09:00:00Z',
});

function show(lang: 'en' | 'ar', shown: AllocationRun) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(shown), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  renderIn(
    lang,
    <PermissionsProvider permissions={['allocation_run.read']}>
      <RunPage />
    </PermissionsProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a run whose plan changed after it ran', () => {
  it('says so', async () => {
    show('en', run(true));
    expect(await screen.findByTestId('plan-changed')).toHaveTextContent('The plan changed since this run');
    expect(screen.getByTestId('plan-changed')).toHaveTextContent('“Ramp fortnight” was edited after');
  });

  it('says so in Arabic', async () => {
    show('ar', run(true));
    expect(await screen.findByTestId('plan-changed')).toHaveTextContent('تغيّرت الخطة بعد هذا التشغيل');
  });

  it('says nothing while the plan is as the run found it', async () => {
    show('en', run(false));
    expect(await screen.findByText('Ramp fortnight', { exact: false })).toBeInTheDocument();
    expect(screen.queryByTestId('plan-changed')).toBeNull();
  });
});
