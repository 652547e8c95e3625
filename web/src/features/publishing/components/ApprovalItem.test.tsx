import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderIn } from '../../../test/render';
import type { PublishedRoster, PublishedRosterDetail } from '../api';
import { ApprovalItem } from './ApprovalItem';
import { diffRosters } from './rosterChanges';

const item: PublishedRoster = {
  id: 'v2',
  runId: 'run',
  planId: 'plan',
  departmentId: 'ramp',
  from: '2026-12-01',
  to: '2026-12-07',
  version: 2,
  Status: 'Published',
  statusValue: 1,
  current: true,
  reason: 'sick cover',
  supersedesId: 'v1',
  lineCount: 40,
  publishedBy: 'planner',
  publishedAt: '2026-11-30T08:00:00Z',
  approval: { id: 'approval-2', status: 'Pending', decidedBy: null, decidedAt: null, comment: null },
};

type Line = PublishedRosterDetail['lines'][number];
const person = (n: number) => ({
  id: `e${n}`,
  employeeNumber: `E${n}`,
  Name_1_English: `Person ${n}`,
  Name_2_Arabic: `شخص ${n}`,
});
const at = (n: number, date: string, shift: string, terminal = 'T1'): Line =>
  ({
    id: `${n}-${date}`,
    employee: person(n),
    date,
    shift: {
      id: shift,
      code: shift,
      nameEn: shift,
      nameAr: null,
      start: '06:00',
      end: '14:00',
      paidHours: 8,
    },
    terminal: { id: terminal, code: terminal, nameEn: terminal, nameAr: null },
    skillCode: null,
  }) as Line;

const previous = [
  at(1, '2026-12-01', 'MORNING'),
  at(2, '2026-12-01', 'EVENING'),
  at(3, '2026-12-02', 'NIGHT'),
];
const current = [
  at(1, '2026-12-01', 'MORNING'),
  at(2, '2026-12-01', 'NIGHT', 'T2'),
  at(4, '2026-12-02', 'NIGHT'),
];

const show = (lang: 'en' | 'ar', onDecide = vi.fn(), busy: 'approve' | 'reject' | null = null) =>
  renderIn(
    lang,
    <ApprovalItem
      item={item}
      departmentName={lang === 'ar' ? 'الساحة' : 'Ramp'}
      timeZone="Asia/Riyadh"
      changes={diffRosters(previous, current)}
      busy={busy}
      error={null}
      onDecide={onDecide}
    />,
  );

describe('an approval item', () => {
  it('says what the version changes against the previous one', () => {
    show('en');
    expect(screen.getByText('Ramp · version 2')).toBeInTheDocument();
    expect(screen.getByText(/1 added, 1 removed, 1 changed/)).toBeInTheDocument();
    expect(screen.getByText(/Person 4: added NIGHT at T1/)).toBeInTheDocument();
    expect(screen.getByText(/Person 3: removed NIGHT at T1/)).toBeInTheDocument();
    expect(screen.getByText(/Person 2: EVENING T1 → NIGHT T2/)).toBeInTheDocument();
  });

  it('approves at once', async () => {
    const onDecide = vi.fn();
    show('en', onDecide);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
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

  it('reads in Arabic with Arabic names and plural forms', () => {
    show('ar');
    expect(screen.getByText('الساحة · النسخة 2')).toBeInTheDocument();
    expect(screen.getByText(/شخص 4/)).toBeInTheDocument();
    expect(screen.getByText('40 مناوبة')).toBeInTheDocument();
  });

  it('names a first version as wholly new', () => {
    renderIn(
      'en',
      <ApprovalItem
        item={{ ...item, supersedesId: null }}
        departmentName="Ramp"
        timeZone="UTC"
        changes={undefined}
        busy={null}
        error={null}
        onDecide={vi.fn()}
      />,
    );
    expect(screen.getByText(/First version of this roster/)).toBeInTheDocument();
  });
});
