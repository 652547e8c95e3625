import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../../test/render';
import type { RosterApprovalItem } from '../api';
import { ApprovalItem } from './ApprovalItem';

const labour = (total: string, hours: string, unratedHours = '0.00') => ({
  currency: 'SAR',
  hours,
  unratedHours,
  base: total,
  night: '0.00',
  weekend: '0.00',
  holiday: '0.00',
  overtime: '0.00',
  total,
});

const slot = (shiftCode: string, terminalCode = 'T1') => ({ shiftCode, terminalCode });
const item: RosterApprovalItem = {
  id: 'approval-2',
  rosterId: 'v2',
  runId: 'run',
  department: { id: 'ramp', code: 'RAMP', Name_1_English: 'Ramp', Name_2_Arabic: 'الساحة' },
  from: '2026-12-01',
  to: '2026-12-07',
  version: 2,
  reason: 'sick cover',
  publishedBy: { id: 'p', displayName: 'Roster Planner' },
  publishedAt: '2026-11-30T08:00:00Z',
  lineCount: 40,
  coverage: { required: 42, assigned: 40 },
  previousVersion: 1,
  changes: {
    added: [
      { employeeId: 'e4', employeeNumber: 'E0004', date: '2026-12-02', before: null, after: slot('NIGHT') },
    ],
    removed: [
      { employeeId: 'e3', employeeNumber: 'E0003', date: '2026-12-02', before: slot('NIGHT'), after: null },
    ],
    moved: [
      {
        employeeId: 'e2',
        employeeNumber: 'E0002',
        date: '2026-12-01',
        before: slot('EVENING'),
        after: slot('NIGHT', 'T2'),
      },
    ],
  },
  cost: {
    cost: labour('12345.50', '320.00', '8.00'),
    previous: labour('12465.50', '328.00'),
    difference: labour('-120.00', '-8.00'),
  },
};

/** The service's answer to the opened card: one person near the weekly limit. */
const compliance = {
  runId: 'run',
  from: '2026-12-01',
  to: '2026-12-07',
  brokenCount: 0,
  warningCount: 1,
  people: [
    {
      employee: {
        id: 'e4',
        employeeNumber: 'E0004',
        Name_1_English: 'Noura',
        Name_2_Arabic: 'نورة',
        departmentId: 'ramp',
      },
      broken: [],
      warnings: [
        {
          rule: 'WEEKLY_HOURS_NEAR_LIMIT' as const,
          dates: ['2026-12-01', '2026-12-02'],
          value: 56,
          limit: 60,
          certification: null,
          validTo: null,
        },
      ],
    },
  ],
};

/** Answers the card's compliance read as the service would, every other list empty; counts the reads. */
function serveCompliance() {
  const reads = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/admin/roster-approvals/approval-2/compliance') {
        reads();
        return Response.json(compliance);
      }
      return Response.json({ items: [], page: 1, pageSize: 500, total: 0 });
    }),
  );
  return reads;
}

afterEach(() => vi.unstubAllGlobals());

const show = (lang: 'en' | 'ar', onDecide = vi.fn(), shown: RosterApprovalItem = item) =>
  renderIn(
    lang,
    <ApprovalItem item={shown} timeZone="Asia/Riyadh" busy={null} error={null} onDecide={onDecide} />,
  );

describe('an approval item', () => {
  it('shows the department, version, publisher, coverage and the changes against the previous version', () => {
    show('en');
    expect(screen.getByText('Ramp · version 2')).toBeInTheDocument();
    expect(screen.getByText(/Published by \u2068Roster Planner\u2069/)).toBeInTheDocument();
    expect(screen.getByTestId('approval-coverage')).toHaveTextContent(
      'Coverage: 40 of 42 required · 40 assignments',
    );
    expect(screen.getByText(/Against version 1: 1 added, 1 removed, 1 changed/)).toBeInTheDocument();
    const changes = screen.getByTestId('approval-changes');
    expect(changes).toHaveTextContent('2 Dec · E0004: added NIGHT at T1');
    expect(changes).toHaveTextContent('2 Dec · E0003: removed NIGHT at T1');
    expect(changes).toHaveTextContent('1 Dec · E0002: EVENING T1 → NIGHT T2');
  });

  it('asks before it approves, and approves on the answer', async () => {
    const onDecide = vi.fn();
    show('en', onDecide);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByTestId('confirm-action'));
    expect(onDecide).toHaveBeenCalledWith('approve', '');
  });

  it('shows what the version costs and what it saves against the previous one', () => {
    show('en');
    const cost = screen.getByTestId('approval-cost');
    expect(cost).toHaveTextContent('Cost: \u2068SAR 12,345.50\u2069 for \u2068320.00\u2069 paid hours');
    expect(screen.getByTestId('approval-cost-difference')).toHaveTextContent(
      '\u2068-SAR 120.00\u2069 against version 1',
    );
    expect(cost).toHaveTextContent('8.00\u2069 of those hours have no rate');
  });

  it('leaves the cost out for a reader who may not see it', () => {
    show('en', vi.fn(), { ...item, cost: null });
    expect(screen.queryByTestId('approval-cost')).toBeNull();
  });

  it('reads what the version breaks or comes near only once it is opened', async () => {
    const reads = serveCompliance();
    show('en');
    const open = screen.getByRole('button', { name: 'Rules and warnings' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(reads).not.toHaveBeenCalled();
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const person = await screen.findByTestId('compliance-person');
    expect(person).toHaveTextContent('56 hours in the week to 2 Dec 2026, of at most 60');
    expect(screen.getByRole('heading', { name: 'What this version breaks or comes near' })).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('takes an optional comment with the approval', async () => {
    const onDecide = vi.fn();
    show('en', onDecide);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.type(await screen.findByLabelText(/Comment \(optional\)/), 'Night cover checked with T2');
    await userEvent.click(screen.getByTestId('confirm-action'));
    expect(onDecide).toHaveBeenCalledWith('approve', 'Night cover checked with T2');
  });

  it('asks why before it rejects, and sends the comment', async () => {
    const onDecide = vi.fn();
    show('en', onDecide);
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const confirm = screen.getByRole('button', { name: 'Reject and withdraw' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Why is it rejected/), 'T2 is short on nights');
    await userEvent.click(confirm);
    expect(onDecide).toHaveBeenCalledWith('reject', 'T2 is short on nights');
  });

  it('reads in Arabic: the department’s Arabic name, Arabic plural forms, the cost and the rules', async () => {
    serveCompliance();
    const onDecide = vi.fn();
    show('ar', onDecide);
    expect(screen.getByText('الساحة · النسخة 2')).toBeInTheDocument();
    expect(screen.getByTestId('approval-coverage')).toHaveTextContent('40 مناوبة');
    const cost = screen.getByTestId('approval-cost');
    expect(cost).toHaveTextContent(/التكلفة: \u2068.*12,345\.50.*ر\.س/);
    expect(screen.getByTestId('approval-cost-difference')).toHaveTextContent('مقارنة بالنسخة 1');
    expect(cost).not.toHaveTextContent('SAR');
    await userEvent.click(screen.getByRole('button', { name: 'القواعد والتنبيهات' }));
    const person = await screen.findByTestId('compliance-person');
    expect(person).toHaveTextContent('نورة');
    expect(person).toHaveTextContent('والحد الأقصى 60');
    await userEvent.click(screen.getByRole('button', { name: 'اعتماد' }));
    await userEvent.type(await screen.findByLabelText(/تعليق \(اختياري\)/), 'تمت المراجعة');
    await userEvent.click(screen.getByTestId('confirm-action'));
    expect(onDecide).toHaveBeenCalledWith('approve', 'تمت المراجعة');
  });

  it('names a first version as wholly new', () => {
    show('en', vi.fn(), { ...item, previousVersion: null, changes: null });
    expect(screen.getByText(/First version of this roster/)).toBeInTheDocument();
  });
});
