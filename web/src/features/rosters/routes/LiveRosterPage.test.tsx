import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../../../lib/auth/permissions';
import { addDays, dayAsTyped, today as todayIn } from '../../../lib/dates';
import { DEFAULT_UNIT } from '../../../lib/unit';
import { renderIn } from '../../../test/render';
import LiveRosterPage from './LiveRosterPage';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const page = (items: unknown[]) => json({ items, page: 1, pageSize: 100, total: items.length });

afterEach(() => vi.unstubAllGlobals());

describe('the live roster', () => {
  it('opens on the whole of an approved plan that runs from tomorrow for two weeks', async () => {
    const today = todayIn(DEFAULT_UNIT.timeZone);
    const plan = { id: 'plan', name: 'Fortnight', from: addDays(today, 1), to: addDays(today, 14) };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/demand/plans')
          return page(url.searchParams.get('state') === 'Approved' ? [plan] : []);
        if (url.pathname === '/api/roster/gaps') return json({ items: [], missingHeads: 0 });
        return page([]);
      }),
    );
    renderIn(
      'en',
      <PermissionsProvider permissions={['roster.view', 'demand.read']}>
        <LiveRosterPage />
      </PermissionsProvider>,
    );
    expect(await screen.findByLabelText(/^To/)).toHaveValue(dayAsTyped(addDays(today, 14)));
    expect(screen.getByLabelText(/^From/)).toHaveValue(dayAsTyped(today));
  });
});
