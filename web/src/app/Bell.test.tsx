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
