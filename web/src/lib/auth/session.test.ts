import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client';
import { session } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  session.end('logout');
});

describe('the session', () => {
  it('keeps the token in sessionStorage, never in localStorage', () => {
    session.start({
      token: 'abc',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      username: 'employee',
    });
    expect(sessionStorage.getItem('rostering.session')).toContain('abc');
    expect(Object.keys(localStorage)).toEqual([]);
    session.end('logout');
    expect(sessionStorage.getItem('rostering.session')).toBeNull();
  });

  it('sends the bearer token, and ends as expired when the service answers 401', async () => {
    session.start({
      token: 'abc',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      username: 'employee',
    });
    const fetch = vi.fn(
      async (_request: Request) =>
        new Response(JSON.stringify({ code: 'TOKEN_EXPIRED' }), {
          status: 401,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await api.GET('/api/me/profile');
    expect(fetch.mock.calls[0]![0].headers.get('authorization')).toBe('Bearer abc');
    expect(session.get()).toBeNull();
    expect(session.endReason()).toBe('expired');
  });

  it('a late 401 to a call of the session before leaves the new session alone', async () => {
    const start = (token: string, username: string) =>
      session.start({ token, username, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    start('supervisor-token', 'supervisor');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const late = api.GET('/api/me/profile');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // The supervisor signs out (the service revokes that token) and HR signs in before the answer comes.
    session.end('logout');
    start('hr-token', 'hradmin');
    answer(new Response('{}', { status: 401, headers: { 'content-type': 'application/problem+json' } }));
    await late;
    expect(session.get()?.username).toBe('hradmin');
  });

  it('a 403 leaves the session alone', async () => {
    session.start({
      token: 'abc',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      username: 'employee',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 403, headers: { 'content-type': 'application/json' } })),
    );
    await api.GET('/api/users');
    expect(session.get()).not.toBeNull();
  });
});
