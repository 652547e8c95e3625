import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDatabase } from '../helpers/app.ts';

/** The shape of an answer without its values that differ by nature (ids, times). */
const shapeOf = (response: { statusCode: number; json(): Record<string, unknown> }) => {
  const body = response.json();
  return {
    status: response.statusCode,
    code: body.code,
    reason: body.reason,
    keys: Object.keys(body).sort(),
    lockoutUntil: typeof body.lockoutUntil,
  };
};

/** Issue 56: whether a name has an account does not show in what a login answers. */
describeEachDatabase('login answers', (t) => {
  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress,
    });

  it('answers a name with no account exactly as an account, attempt by attempt, lockout included', async () => {
    const real: ReturnType<typeof shapeOf>[] = [];
    const unknown: ReturnType<typeof shapeOf>[] = [];
    for (let i = 0; i < 7; i++) {
      real.push(shapeOf(await login('supervisor', 'Wrong#Password1', '10.56.0.1')));
      unknown.push(shapeOf(await login('no.such.person', 'Wrong#Password1', '10.56.0.2')));
    }
    expect(unknown).toEqual(real);
    expect(real.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 423, 423, 423]);
    expect(real[4]).toMatchObject({ code: 'ACCOUNT_LOCKED', reason: 'TOO_MANY_FAILED_ATTEMPTS' });
    // The name's lockout ends as an account's does: the same minutes.
    const history = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=supervisor' });
    expect(history.json().items[0].failed_login_count).toBe(5);
  });

  it('counts a name with no account case-blind, as login names compare', async () => {
    for (let i = 0; i < 4; i++)
      expect((await login(i % 2 ? 'Ghost.User' : 'ghost.user', 'x', '10.56.0.3')).statusCode).toBe(401);
    expect((await login('GHOST.USER', 'x', '10.56.0.3')).statusCode).toBe(423);
  });

  it("shows an administrator's lock only to whoever gives the account's right password", async () => {
    const users = await t.request('sysadmin', { method: 'GET', url: '/api/users?q=hrdirector' });
    const id = users.json().items[0].id;
    expect((await t.request('sysadmin', { method: 'POST', url: `/api/users/${id}/lock` })).statusCode).toBe(
      200,
    );
    const guess = await login('hrdirector', 'Wrong#Password1', '10.56.0.4');
    const stranger = await login('nobody.at.all', 'Wrong#Password1', '10.56.0.5');
    expect(shapeOf(guess)).toEqual(shapeOf(stranger));
    expect(guess.statusCode).toBe(401);
    const owner = await login('hrdirector', DEMO_PASSWORD, '10.56.0.6');
    expect(owner.statusCode).toBe(423);
    expect(owner.json()).toMatchObject({ reason: 'LOCKED_BY_ADMIN', lockoutUntil: null });
  });
});
