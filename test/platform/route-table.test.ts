import { expect, it } from 'vitest';
import { permissionsOfSystemRole, SYSTEM_ROLES, type SystemRole } from '../../src/core/auth/role-matrix.ts';
import { DEMO_USERS } from '../../src/seed/demo/index.ts';
import { describeEachDatabase, SYSTEM_ROLE_USERS } from '../helpers/app.ts';

type Outcome = 'allowed' | 401 | 403;

/** The roles the demo user of a system role holds: the supervisor works shifts too (an employee). */
const rolesOf = (caller: SystemRole): SystemRole[] => {
  const user = DEMO_USERS.find((candidate) => candidate.role === caller);
  return [caller, ...((user && 'alsoRoles' in user ? user.alsoRoles : []) as SystemRole[])];
};

function expected(route: { auth: string; role?: string }, caller: SystemRole | null): Outcome {
  if (route.auth === 'open') return 'allowed';
  if (caller === null) return 401;
  if (route.auth === 'auth') return 'allowed';
  const holds = rolesOf(caller).some(
    (role) => permissionsOfSystemRole(role).includes(route.auth) && (!route.role || route.role === role),
  );
  return holds ? 'allowed' : 403;
}

/**
 * One table drives the authorization test of every registered route for anonymous callers and each
 * system role: the outcome follows from the route's declared permission and the default role matrix.
 */
describeEachDatabase('route table authorization', (t) => {
  const freshToken = async (username: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/dev-token', payload: { username } })).json<{
      token: string;
    }>().token;

  it('answers every route for every role as its declaration says', async () => {
    // Signing out everywhere ends the callers' other tokens too: those routes come last.
    const signsOut = (route: { url: string }) => route.url.startsWith('/api/auth/logout');
    const routes = t.app.routeTable
      // A stream never ends under inject; its gate is tested over a socket (change-feed.test.ts).
      .filter((route) => route.method !== 'OPTIONS' && !route.endless)
      .sort((a, b) => Number(signsOut(a)) - Number(signsOut(b)));
    expect(routes.length).toBeGreaterThan(20);
    const mismatches: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      // Signing out ends the session of the token it is called with: each such call has a token of its own.
      const endsSession = signsOut(route);
      for (const caller of [null, ...SYSTEM_ROLES]) {
        const username = caller ? SYSTEM_ROLE_USERS[caller] : null;
        const request = { method: route.method as 'GET', url, ...(hasBody ? { payload: {} } : {}) };
        const response =
          endsSession && username
            ? await t.app.inject({
                ...request,
                headers: { authorization: `Bearer ${await freshToken(username)}` },
              })
            : await t.request(username, request);
        const want = expected(route, caller);
        const got = response.statusCode;
        const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok)
          mismatches.push(
            `${route.method} ${route.url} as ${caller ?? 'anonymous'}: ${got}, expected ${want}`,
          );
        if (want === 403 && got === 403) {
          expect(response.json().permission ?? response.json().role).toBeTruthy();
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
