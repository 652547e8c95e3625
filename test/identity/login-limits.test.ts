import { expect, it } from 'vitest';
import { LOGIN_RATE } from '../../src/modules/identity/auth-service.ts';
import { DEMO_PASSWORD, describeEachDatabase, SYSTEM_ROLE_USERS } from '../helpers/app.ts';

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const DEMO_USERS = Object.values(SYSTEM_ROLE_USERS);

/**
 * Issue 40: logins are limited by failures, per address and per username; a workplace behind one NAT
 * address signs in one colleague after the other without ever meeting the limit.
 */
describeEachDatabase(
  'login limits',
  (t) => {
    const login = (username: string, password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress,
      });

    it('lets 40 colleagues sign in from one address within a minute', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await login(DEMO_USERS[i % DEMO_USERS.length]!, DEMO_PASSWORD, '10.40.0.1');
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual(Array(40).fill(200));
    });

    it('limits failures from one address with 429 and Retry-After, and frees it when the minute is over', async () => {
      const address = '10.40.0.2';
      // Different (unknown) usernames, so only the address's limit applies.
      for (let i = 0; i < LOGIN_RATE.failuresPerIp; i++) {
        const response = await login(`typo.${i}`, 'Wrong#Password1', address);
        expect(response.statusCode, `failure ${i + 1}`).toBe(401);
      }
      const refused = await login('typo.last', 'Wrong#Password1', address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json().retryAfterSeconds).toBe(retryAfter);
      // While the address is limited, even a right password waits; another address is not affected.
      expect((await login('planner', DEMO_PASSWORD, address)).statusCode).toBe(429);
      expect((await login('planner', DEMO_PASSWORD, '10.40.0.3')).statusCode).toBe(200);
      offsetMs += (retryAfter + 1) * 1000;
      expect((await login('planner', DEMO_PASSWORD, address)).statusCode).toBe(200);
    });

    it('does not count successful logins towards the address limit', async () => {
      const address = '10.40.0.4';
      for (let i = 0; i < LOGIN_RATE.failuresPerIp - 1; i++) {
        expect((await login(`miss.${i}`, 'Wrong#Password1', address)).statusCode).toBe(401);
      }
      for (let i = 0; i < 20; i++) {
        expect((await login(DEMO_USERS[i % DEMO_USERS.length]!, DEMO_PASSWORD, address)).statusCode).toBe(
          200,
        );
      }
      expect((await login('miss.last', 'Wrong#Password1', address)).statusCode).toBe(401);
      expect((await login('planner', DEMO_PASSWORD, address)).statusCode).toBe(429);
      offsetMs += 61_000;
    });

    it('limits failures for one username across addresses', async () => {
      // The name locks at the threshold first (issue 56: as an account would), and goes on counting.
      for (let i = 0; i < LOGIN_RATE.failuresPerUsername; i++) {
        expect((await login('spread.target', `Wrong#${i}`, `10.41.0.${i + 1}`)).statusCode).toBe(
          i < 4 ? 401 : 423,
        );
      }
      const refused = await login('spread.target', 'Wrong#again', '10.41.1.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Other usernames from those addresses are not affected.
      expect((await login('coo', DEMO_PASSWORD, '10.41.0.1')).statusCode).toBe(200);
      offsetMs += 61_000;
    });

    it('still locks an account after the threshold of failed attempts, right password or not', async () => {
      const password = 'Limits#Lockout2026';
      const created = await t.request('sysadmin', {
        method: 'POST',
        url: '/api/users',
        payload: { username: 'limits.lockout', displayName: 'Lockout Check', password },
      });
      expect(created.statusCode).toBe(201);
      const settings = (await t.request('sysadmin', { method: 'GET', url: '/api/settings' })).json().settings;
      const threshold = settings['lockout.threshold'] as number;
      expect(threshold).toBeLessThan(LOGIN_RATE.failuresPerUsername);
      const statuses: number[] = [];
      for (let i = 0; i < threshold; i++) {
        statuses.push((await login('limits.lockout', `Wrong#${i}`, `10.42.0.${i + 1}`)).statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(423);
      const locked = await login('limits.lockout', password, '10.42.1.1');
      expect(locked.statusCode).toBe(423);
      expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', reason: 'TOO_MANY_FAILED_ATTEMPTS' });
    });

    it('documents the figures on the login operation', async () => {
      const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
      const description: string = document.paths['/api/auth/login'].post.description;
      expect(description).toContain(`${LOGIN_RATE.failuresPerIp} per client address`);
      expect(description).toContain(`${LOGIN_RATE.failuresPerUsername} per username`);
      expect(description).toContain('Successful logins never count');
    });
  },
  { now },
);
