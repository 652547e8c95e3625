import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const login = (username: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  payload: { username, password },
});

describeEachDatabase(
  'account lockout',
  (t) => {
    it('locks after five consecutive failures for fifteen minutes, then lets the right password in', async () => {
      offsetMs = 0;
      for (let i = 1; i <= 4; i++) {
        const response = await t.request(null, login('supervisor', 'Wrong#Password1'));
        expect(response.statusCode).toBe(401);
      }
      const fifth = await t.request(null, login('supervisor', 'Wrong#Password1'));
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', reason: 'TOO_MANY_FAILED_ATTEMPTS' });
      const until = new Date(fifth.json().lockoutUntil).getTime();
      expect(until - clock().getTime()).toBeGreaterThan(14 * 60_000);
      expect(until - clock().getTime()).toBeLessThanOrEqual(15 * 60_000);

      const locked = await t.request(null, login('supervisor', DEMO_PASSWORD));
      expect(locked.statusCode).toBe(423);

      const users = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=supervisor' });
      expect(users.json().items[0]).toMatchObject({ failed_login_count: 5, locked: true });
      expect(users.json().items[0].lockout_until).toBe(fifth.json().lockoutUntil);

      offsetMs = 16 * 60_000;
      const after = await t.request(null, login('supervisor', DEMO_PASSWORD));
      expect(after.statusCode).toBe(200);
      const reset = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=supervisor' });
      expect(reset.json().items[0]).toMatchObject({
        failed_login_count: 0,
        lockout_until: null,
        locked: false,
      });
      offsetMs = 0;
    });

    it('records lockouts in the audit log', async () => {
      const audit = await t.request('sysadmin', {
        method: 'GET',
        url: '/api/audit/events?action=auth.lockout',
      });
      expect(audit.json().total).toBeGreaterThanOrEqual(1);
      expect(audit.json().items[0].actorUsername).toBe('supervisor');
    });

    it('resets the count after a success, so failures must be consecutive', async () => {
      offsetMs = 0;
      for (let i = 0; i < 4; i++) await t.request(null, login('coo', 'Wrong#Password1'));
      expect((await t.request(null, login('coo', DEMO_PASSWORD))).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await t.request(null, login('coo', 'Wrong#Password1'))).statusCode).toBe(401);
      }
    });

    it("keeps an administrator lock until unlock, and revokes the user's tokens at once", async () => {
      const token = await t.tokenOf('hrdirector');
      const users = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=hrdirector' });
      const id = users.json().items[0].id;
      const lock = await t.request('sysadmin', {
        method: 'POST',
        url: `/api/users/${id}/lock`,
        payload: { reason: 'left the company' },
      });
      expect(lock.statusCode).toBe(200);
      expect(lock.json()).toMatchObject({ locked: true, lockedByAdmin: true });

      const revoked = await t.app.inject({
        method: 'GET',
        url: '/api/me/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(revoked.statusCode).toBe(401);

      offsetMs = 48 * 3600_000;
      const attempt = await t.request(null, login('hrdirector', DEMO_PASSWORD));
      expect(attempt.statusCode).toBe(423);
      expect(attempt.json()).toMatchObject({ reason: 'LOCKED_BY_ADMIN', lockoutUntil: null });
      offsetMs = 0;

      const unlock = await t.request('sysadmin', { method: 'POST', url: `/api/users/${id}/unlock` });
      expect(unlock.json()).toMatchObject({ locked: false, failed_login_count: 0 });
      expect((await t.request(null, login('hrdirector', DEMO_PASSWORD))).statusCode).toBe(200);
    });
  },
  { now: clock },
);
