import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../../test/render';
import type { RosterApprovalItem } from '../api';
import { ApprovalItem } from './ApprovalItem';

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
};

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

  it('reads in Arabic: the department’s Arabic name and Arabic plural forms', () => {
    show('ar');
    expect(screen.getByText('الساحة · النسخة 2')).toBeInTheDocument();
    expect(screen.getByTestId('approval-coverage')).toHaveTextContent('40 مناوبة');
  });

  it('names a first version as wholly new', () => {
    show('en', vi.fn(), { ...item, previousVersion: null, changes: null });
    expect(screen.getByText(/First version of this roster/)).toBeInTheDocument();
  });
});
