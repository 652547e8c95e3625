import { afterEach, describe, expect, it } from 'vitest';
import { announcements } from './announcements';
import { session } from './auth/session';

const signIn = (username: string, token = username) =>
  session.start({ token, username, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });

afterEach(() => {
  session.end('logout');
  announcements.clear();
});

describe('the last decision’s message', () => {
  it('is the person’s own: a sign-out or another person’s sign-in takes it away', () => {
    signIn('manager');
    announcements.say('Swap approved');
    expect(announcements.current()?.text).toBe('Swap approved');
    session.end('logout');
    expect(announcements.current()).toBeNull();

    announcements.say('said on the sign-in screen');
    signIn('hrdirector');
    expect(announcements.current()).toBeNull();
  });

  it('stays while the same person’s session is renewed', () => {
    signIn('manager');
    announcements.say('Swap approved');
    signIn('manager', 'renewed');
    expect(announcements.current()?.text).toBe('Swap approved');
  });
});
