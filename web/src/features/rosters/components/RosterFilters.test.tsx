import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import { renderIn } from '../../../test/render';
import type { ShiftAssignment } from '../api';
import { NO_FILTER, type RosterFilter } from '../filters';
import { useRosterEditor } from '../roster-editor';
import { LiveGrid } from './LiveGrid';
import { RosterFilters } from './RosterFilters';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const page = (items: unknown[]) => json({ items, page: 1, pageSize: 500, total: items.length });

const skills = [
  { id: 's1', code: 'MARSHALLING', Name_1_English: 'Marshalling', Name_2_Arabic: 'توجيه الطائرات' },
  { id: 's2', code: 'PUSHBACK', Name_1_English: 'Pushback', Name_2_Arabic: 'دفع الطائرات' },
];
const person = (id: string) => ({
  id,
  employeeNumber: id.toUpperCase(),
  Name_1_English: `Person ${id}`,
  Name_2_Arabic: `شخص ${id}`,
  departmentId: 'ramp',
});
const shift = (id: string, employeeId: string, skill: string): ShiftAssignment => ({
  id,
  employee: person(employeeId),
  date: '2026-12-07',
  shiftTemplate: {
    id: 'm',
    code: 'MORNING',
    nameEn: 'Morning',
    nameAr: 'صباحية',
    start: '06:00',
    end: '14:00',
    paidHours: 8,
  },
  terminal: { id: 't1', code: 'T1', nameEn: 'Terminal 1', nameAr: 'المبنى 1' },
  skill: { id: skill, code: skill === 's1' ? 'MARSHALLING' : 'PUSHBACK' },
  demandLineId: null,
  runId: null,
  lendingRuleId: null,
  source: 'Manual',
  createdBy: null,
  createdAt: '2026-12-01T08:00:00Z',
});
const assignments = [shift('a1', 'e1', 's1'), shift('a2', 'e2', 's2'), shift('a3', 'e3', 's2')];
const figures = {
  departmentId: 'ramp',
  from: '2026-12-06',
  to: '2026-12-12',
  currency: 'SAR',
  limits: { maxWeeklyHours: 60, minRestHours: 11, maxConsecutiveDays: 6, maxConsecutiveNights: null },
  people: ['e1', 'e2', 'e3'].map((id) => ({
    employee: person(id),
    shifts: 1,
    paidHours: 8,
    nights: 0,
    weekendShifts: 0,
    cost: null,
    broken: [],
    warnings:
      id === 'e3'
        ? [
            {
              rule: 'NO_DAY_OFF_IN_SEVEN',
              dates: ['2026-12-07'],
              value: 7,
              limit: 7,
              certification: null,
              validTo: null,
            },
          ]
        : [],
  })),
};

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/roster/person-figures') return json(figures);
      if (path === '/api/skills') return page(skills);
      return page([]);
    }),
  ),
);
afterEach(() => vi.unstubAllGlobals());

const scope = { from: '2026-12-06', to: '2026-12-12', departmentId: 'ramp' };
function Grid({ filter }: { filter: RosterFilter }) {
  const editor = useRosterEditor(scope.departmentId);
  return (
    <LiveGrid
      scope={scope}
      assignments={assignments}
      employees={[]}
      gaps={[]}
      filter={filter}
      editor={editor}
      editing={false}
    />
  );
}
const grid = (filter: RosterFilter) => (
  <PermissionsProvider permissions={['roster.view', 'skill.view']}>
    <Grid filter={filter} />
  </PermissionsProvider>
);

describe("the live roster's filters", () => {
  it('chooses a skill by typing its name and asks for people with a warning, by the keyboard', async () => {
    const onChange = vi.fn();
    renderIn(
      'en',
      <RosterFilters
        choices={{ terminals: ['T1'], skills: ['MARSHALLING', 'PUSHBACK'], shifts: ['MORNING'] }}
        filter={NO_FILTER}
        onChange={onChange}
        warningAvailable
      />,
    );
    // The skills' names come with the skills list.
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        expect.objectContaining({ url: expect.stringContaining('/api/skills') }),
      ),
    );
    await userEvent.click(screen.getByLabelText('Skill', { selector: 'input' }));
    await userEvent.keyboard('Push{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTER, skill: 'PUSHBACK' });
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Has a warning' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTER, warning: true });
  });

  it('reads in Arabic, and "has a warning" waits for a department', () => {
    renderIn(
      'ar',
      <RosterFilters
        choices={{ terminals: [], skills: [], shifts: [] }}
        filter={NO_FILTER}
        onChange={vi.fn()}
        warningAvailable={false}
      />,
    );
    expect(screen.getByLabelText('المهارة', { selector: 'input' })).toBeVisible();
    expect(screen.getByLabelText('المبنى', { selector: 'input' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'لديه تنبيه' })).toBeDisabled();
    expect(screen.getByText('اختر قسمًا أولًا')).toBeVisible();
  });

  it('says how many people the filters show of how many, in both languages', async () => {
    const { unmount } = renderIn('en', grid({ ...NO_FILTER, skill: 'PUSHBACK' }));
    expect(screen.getByTestId('shown-count')).toHaveTextContent('2 people shown of 3');
    unmount();
    renderIn('ar', grid({ ...NO_FILTER, skill: 'PUSHBACK', warning: true }));
    // Until the figures come, nobody is known to have a warning; then the one who has.
    await waitFor(() => expect(screen.getByTestId('shown-count')).toHaveTextContent('شخص واحد من 3'));
  });
});
