import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { permissionsOfSystemRole, type SystemRole } from '../../src/core/auth/role-matrix.ts';
import { DEMO_USERS } from '../../src/seed/demo/index.ts';

/**
 * Issue 51: the README's table of demo users promises only what their roles allow. Each phrase a row may
 * use names the permission it needs; a row that promises a screen its user's roles do not open fails.
 */
const CLAIMS: [RegExp, string][] = [
  [/ask for leave/, 'leave_request.submit'],
  [/read their attendance/, 'attendance.view.own'],
  [/demand plans/, 'demand.read'],
  [/allocation runs/, 'allocation_run.read'],
  [/the live roster/, 'roster.view'],
  [/approve or reject roster versions/, 'roster.approve'],
  [/decide leave step [12]/, 'leave_request.approve'],
  [/edit pools and lending rules/, 'pool_lending_rule.write'],
  [/the ramp's people/, 'employee.view'],
  [/the ramp's attendance/, 'attendance.view.scoped'],
  [/claim an open shift/, 'open_shift.claim'],
  [/the employee import/, 'imports.run'],
  [/expiring certifications/, 'certifications.read'],
  [/groups/, 'employee_group.read'],
  [/\*\*Attendance\*\*: (the )?records/, 'attendance.view.all'],
  [/the import with its preview/, 'attendance.import'],
  [/the review queue/, 'attendance.review'],
  [/exceptions, variance/, 'reconciliation.view'],
  [/users \(lock/, 'admin.users'],
  [/roles, the reference lists/, 'admin.roles'],
  [/settings, the audit log/, 'admin.config'],
  [/the audit log/, 'admin.audit'],
];

const rows = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => /^\| `[a-z]/.test(line))
  .map((line) => {
    const [users, , promised] = line.split('|').slice(1, -1);
    return { users: [...users!.matchAll(/`([a-z.]+)`/g)].map((match) => match[1]!), promised: promised! };
  });

const permissionsOf = (username: string) => {
  const user = DEMO_USERS.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`the README names ${username}, who is not a demo user`);
  const roles: readonly string[] = [user.role, ...('alsoRoles' in user ? user.alsoRoles : [])];
  return new Set(roles.flatMap((role) => permissionsOfSystemRole(role as SystemRole)));
};

describe('the README’s demo users', () => {
  it('lists every demo user of the main unit', () => {
    expect(rows.flatMap((row) => row.users).sort()).toEqual(DEMO_USERS.map((user) => user.username).sort());
  });

  it('promises each user only what their roles allow', () => {
    const broken = rows.flatMap(({ users, promised }) =>
      users.flatMap((username) => {
        const held = permissionsOf(username);
        return CLAIMS.filter(([phrase, permission]) => phrase.test(promised) && !held.has(permission)).map(
          ([phrase, permission]) => `${username}: "${phrase.source}" needs ${permission}`,
        );
      }),
    );
    expect(broken).toEqual([]);
  });
});
