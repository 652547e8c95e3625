import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/auth/session';
import { hijriDates } from '../../../lib/i18n/format';
import { renderIn } from '../../../test/render';
import ProfilePage from './ProfilePage';

const profile = (showHijri: boolean, version: number) => ({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'employee',
  displayName: 'Employee',
  email: null,
  phone: null,
  preferredLanguage: 'ar',
  employeeId: null,
  mustChangePassword: false,
  lastLoginAt: null,
  version,
  showHijri,
  businessUnit: { id: '00000000-0000-4000-8000-000000000002', code: 'MAIN' },
  roles: ['EMPLOYEE'],
  permissions: [],
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  session.end('logout');
  hijriDates.set(false);
});

describe('the profile’s Hijri dates (issue 51)', () => {
  it('turns the Hijri date on with the version read, and shows today with it', async () => {
    session.start({
      token: 't',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      username: 'employee',
    });
    const patches: Request[] = [];
    let kept = profile(false, 3);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (request.method === 'PATCH') {
          patches.push(request.clone());
          kept = profile(true, 4);
        }
        if (request.url.includes('/api/me/profile')) return json(kept);
        if (request.url.includes('/api/me/notification-preferences'))
          return json({ address: null, kinds: [{ kind: 'ROSTER_CHANGED', byMail: true, sent: true }] });
        return json({ items: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    renderIn('ar', <ProfilePage />);
    const toggle = await screen.findByRole('switch', { name: /^عرض التاريخ الهجري بجانب الميلادي/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/^اليوم: /)).not.toHaveTextContent('هـ');
    // Without an address, the mail of a notification cannot be chosen (issue 55).
    expect(await screen.findByRole('switch', { name: /^تغيّر جدولي المنشور/ })).toBeDisabled();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(patches[0]?.headers.get('If-Match')).toBe('"3"');
    expect(await patches[0]?.json()).toEqual({ showHijri: true });
    expect(screen.getByText(/^اليوم: /)).toHaveTextContent(/\(\d+ .+ \d{4} هـ\)$/);
  });
});
