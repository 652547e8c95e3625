import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../lib/auth/permissions';
import { renderIn } from '../test/render';
import { Bell } from './Bell';

const page = (total: number) =>
  new Response(JSON.stringify({ items: [], page: 1, pageSize: 1, total }), {
    headers: { 'content-type': 'application/json' },
  });

/** The service as the bell reads it: two swaps proposed to the caller, three agreed ones to approve. */
function serve() {
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/me/shift-swaps') return page(2);
    if (url.pathname === '/api/shift-swaps') return page(3);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const showWith = (lang: 'en' | 'ar', permissions: string[]) =>
  renderIn(
    lang,
    <PermissionsProvider permissions={permissions}>
      <Bell />
    </PermissionsProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the bell', () => {
  it('counts the swaps asked of the caller and those waiting for their approval', async () => {
    const fetch = serve();
    showWith('en', ['shift_swap.propose', 'shift_swap.view', 'shift_swap.approve']);
    expect(await screen.findByRole('button', { name: '5 items waiting for you' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('bell'));
    const answers = (await screen.findByText('Swaps asked of you')).closest('a');
    expect(answers).toHaveAttribute('href', '/my/swaps');
    expect(answers).toHaveTextContent('2');
    const approvals = screen.getByText('Shift swaps to approve').closest('a');
    expect(approvals).toHaveAttribute('href', '/approvals/swaps');
    expect(approvals).toHaveTextContent('3');
    const asked = fetch.mock.calls.map(([request]) => new URL(request.url));
    const mine = asked.find((url) => url.pathname === '/api/me/shift-swaps');
    expect(mine?.searchParams.get('role')).toBe('incoming');
    expect(mine?.searchParams.get('status')).toBe('Proposed');
    expect(asked.find((url) => url.pathname === '/api/shift-swaps')?.searchParams.get('status')).toBe(
      'Accepted',
    );
  });

  it('shows an employee only the swaps asked of them, in Arabic too', async () => {
    const fetch = serve();
    showWith('ar', ['shift_swap.propose']);
    await userEvent.click(await screen.findByTestId('bell'));
    expect(await screen.findByText('تبديلات مطلوبة منك')).toBeInTheDocument();
    expect(screen.queryByText('تبديلات مناوبات بانتظار الاعتماد')).not.toBeInTheDocument();
    expect(fetch.mock.calls.every(([request]) => !request.url.includes('/api/shift-swaps'))).toBe(true);
  });
});

const notice = (id: string, kind: string, data: object, link: string, readAt: string | null = null) => ({
  id,
  kind,
  data,
  link,
  createdAt: '2027-03-01T08:00:00Z',
  readAt,
});

/** An employee's inbox: a roster change and a swap offered, unread; a leave decision, read. */
function serveInbox() {
  const inbox = {
    items: [
      notice(
        'n1',
        'ROSTER_CHANGED',
        {
          version: 2,
          changes: [
            {
              date: '2027-03-08',
              change: 'added',
              before: null,
              after: {
                shiftCode: 'NIGHT',
                shiftNameEn: 'Night',
                shiftNameAr: 'ليلية',
                start: '22:00',
                end: '06:00',
                terminalCode: 'T1',
                terminalNameEn: 'Terminal 1',
                terminalNameAr: 'المبنى 1',
              },
            },
          ],
        },
        '/my/roster?month=2027-03',
      ),
      notice(
        'n2',
        'SWAP_PROPOSED',
        {
          swapKind: 'GiveAway',
          offeredDate: '2027-04-10',
          wantedDate: null,
          by: { employeeNumber: 'E00004', nameEn: 'Omar Haddad', nameAr: 'عمر حداد' },
        },
        '/my/swaps',
      ),
      notice(
        'n5',
        'ROSTER_AWAITING',
        { version: 3, from: '2027-03-07', to: '2027-03-13' },
        '/approvals/rosters',
        '2027-03-01T09:00:00Z',
      ),
      notice(
        'n4',
        'LEAVE_AWAITING',
        {
          from: '2031-03-01',
          to: '2031-03-02',
          step: 2,
          by: { employeeNumber: 'E00007', nameEn: 'Sara Ali', nameAr: 'سارة علي' },
        },
        '/approvals/leave',
        '2027-03-01T09:00:00Z',
      ),
      notice(
        'n3',
        'LEAVE_DECIDED',
        {
          from: '2031-02-01',
          to: '2031-02-03',
          step: 1,
          final: true,
          decision: 'Rejected',
          comment: 'No cover',
        },
        '/my/leave',
        '2027-03-01T09:00:00Z',
      ),
    ],
    page: 1,
    pageSize: 8,
    total: 5,
    unread: 2,
  };
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/me/notifications') return Response.json(inbox);
    if (url.pathname === '/api/me/notifications/read-all') return Response.json({ marked: 2 });
    if (url.pathname.startsWith('/api/me/notifications/'))
      return Response.json({ ...inbox.items[0], readAt: 'x' });
    return page(0);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posted = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([request]) => request as Request)
    .filter((request) => request.method === 'POST')
    .map((request) => new URL(request.url).pathname);

describe("the bell's notifications", () => {
  it('counts the unread ones, writes each in English with its link, and marks them read', async () => {
    const fetch = serveInbox();
    showWith('en', []);
    expect(await screen.findByRole('button', { name: '2 items waiting for you' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('bell'));
    const roster = (await screen.findByText('Your roster changed: version 2')).closest('a');
    expect(roster).toHaveAttribute('href', '/my/roster?month=2027-03');
    expect(roster).toHaveTextContent(
      '\u20688 Mar 2027\u2069: \u2068Night 22:00–06:00, Terminal 1\u2069 added',
    );
    expect(
      screen
        .getByText('\u2068Omar Haddad\u2069 offers you their shift of \u206810 Apr 2027\u2069')
        .closest('a'),
    ).toHaveAttribute('href', '/my/swaps');
    expect(
      screen
        .getByText(/Sara Ali.* asks for leave from .*1 Mar 2031.* to .*2 Mar 2031.*: step 2 waits/)
        .closest('a'),
    ).toHaveAttribute('href', '/approvals/leave');
    expect(
      screen
        .getByText(/Roster version 3 of .*7 Mar 2027.* to .*13 Mar 2027.* waits for your approval/)
        .closest('a'),
    ).toHaveAttribute('href', '/approvals/rosters');
    const leave = screen.getByText(/Your leave of .*1 Feb 2031.* to .*3 Feb 2031.* is rejected/).closest('a');
    expect(leave).toHaveTextContent('“No cover”');
    expect(leave).not.toHaveAttribute('data-unread');
    await userEvent.click(screen.getByText('Mark all read'));
    await vi.waitFor(() => expect(posted(fetch)).toEqual(['/api/me/notifications/read-all']));
    await userEvent.click(roster!);
    await vi.waitFor(() => expect(posted(fetch)).toContain('/api/me/notifications/n1/read'));
  });

  it('writes them in Arabic, names and dates isolated, and opens from the keyboard', async () => {
    serveInbox();
    showWith('ar', []);
    const bell = await screen.findByRole('button', { name: 'عنصران بانتظارك' });
    bell.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('الإشعارات')).toBeInTheDocument();
    expect(screen.getByText('تغيّر جدولك: النسخة 2')).toBeInTheDocument();
    expect(
      screen.getByText('\u20688 مارس 2027\u2069: أُضيفت \u2068ليلية 22:00–06:00، المبنى 1\u2069'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('\u2068عمر حداد\u2069: عرض مناوبة \u206810 أبريل 2027\u2069 عليك'),
    ).toBeInTheDocument();
    expect(screen.getByText(/رُفضت إجازتك من/)).toBeInTheDocument();
    expect(
      screen.getByText(/النسخة 3 من الجدول \(.*7 مارس 2027.* إلى .*13 مارس 2027.*\) بانتظار اعتمادك/),
    ).toBeInTheDocument();
    expect(screen.getByText(/سارة علي.*: طلب إجازة من .*، المرحلة 2 بانتظار قرارك/)).toBeInTheDocument();
    expect(screen.getByText('تعليم الكل كمقروء')).toBeInTheDocument();
    expect(screen.queryByText(/Your roster/)).not.toBeInTheDocument();
  });
});
