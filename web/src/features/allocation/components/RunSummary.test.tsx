import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIn } from '../../../test/render';
import type { AllocationRunResult } from '../api';
import { RunSummary } from './RunSummary';

const cohorts = { gradeDepartment: 0, pool: 0, shiftType: 0 };
const result = (wishes?: AllocationRunResult['wishes']): AllocationRunResult => ({
  coverage: { required: 40, assigned: 38, ratio: 0.95 },
  unfilled: [],
  fairness: { spreadHours: cohorts, spreadShifts: cohorts },
  ...(wishes ? { wishes } : {}),
  proposed: 38,
  lent: 0,
  fixed: 0,
  droppedLiveWork: [],
  employees: 20,
  changedFromPrevious: null,
  durationMs: 900,
  executionMs: 1200,
  timeLimitMs: 20_000,
  engineVersion: 'test',
});

describe('RunSummary', () => {
  it('shows how many of the staff’s wishes the run grants, in Arabic too', () => {
    renderIn('ar', <RunSummary result={result({ asked: 12, granted: 9 })} />);
    expect(screen.getByTestId('run-wishes').textContent).toBe('9 من 12');
  });

  it('says nothing of wishes when nobody stated one', () => {
    renderIn('en', <RunSummary result={result({ asked: 0, granted: 0 })} />);
    expect(screen.queryByTestId('run-wishes')).toBeNull();
  });
});
