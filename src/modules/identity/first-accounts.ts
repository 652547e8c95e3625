/** Accounts an employee import opens, and their first passwords (issue 51). */
import { type AuditActor, actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { employeeNumbersOf, employeesByNumbers } from '../people/reads.ts';
import { readSettings } from '../settings/service.ts';
import { hashPassword, NO_PASSWORD_YET, temporaryPassword } from './passwords.ts';
import * as repo from './repository.ts';
import type { User } from './schemas.ts';
import { requireUser, view } from './users-service.ts';

/** The role an account opened for an employee holds: their own roster, leave, swaps and open shifts. */
const EMPLOYEE_ROLE = 'EMPLOYEE';

/**
 * Opens the accounts of employees who have none (the employee import's `username` column), linked to
 * them, with the employee role and no password yet: an administrator gives the first passwords
 * (`issueFirstPasswords`), and each must be changed at the first login.
 */
export async function openEmployeeAccounts(
  executor: Executor,
  actor: AuditActor & { buId: string },
  accounts: readonly { username: string; employeeNumber: string }[],
): Promise<number> {
  if (!accounts.length) return 0;
  const role = await repo.findRoleByCode(executor, actor.buId, EMPLOYEE_ROLE);
  if (!role) return 0;
  const employees = new Map(
    (
      await employeesByNumbers(
        executor,
        actor.buId,
        accounts.map((account) => account.employeeNumber),
      )
    ).map((employee) => [employee.employeeNumber, employee]),
  );
  const opened = await repo.openEmployeeAccounts(executor, {
    buId: actor.buId,
    roleId: role.id,
    createdBy: actor.userId,
    accounts: accounts.flatMap(({ username, employeeNumber }) => {
      const employee = employees.get(employeeNumber);
      return employee ? [{ username, employeeId: employee.id, displayName: employee.nameEn }] : [];
    }),
  });
  for (const user of opened) {
    await recordAudit(executor, actor, {
      action: 'user.create',
      entityType: 'user',
      entityId: user.id,
      details: { username: user.username, roles: [EMPLOYEE_ROLE], by: 'employee import' },
    });
  }
  return opened.length;
}

/**
 * A first password for each account that has none yet (opened by an import), shown once in the answer;
 * each must be changed at the first login. Accounts that have a password are passed over and named.
 */
export async function issueFirstPasswords(
  deps: ServiceDeps,
  caller: Caller,
  userIds: readonly string[],
): Promise<{ issued: { user: User; temporaryPassword: string }[]; skipped: string[] }> {
  const { settings } = await readSettings(deps.db, caller.principal.buId);
  const issued: { user: User; temporaryPassword: string }[] = [];
  const skipped: string[] = [];
  for (const id of new Set(userIds)) {
    const password = temporaryPassword(settings['password.min_length']);
    const passwordHash = await hashPassword(password);
    const now = deps.now();
    const row = await deps.db.transaction(async (tx) => {
      const user = await requireUser(tx, caller, id, true);
      if (user.passwordHash !== NO_PASSWORD_YET) return null;
      const updated = await repo.updateUser(
        tx,
        id,
        { passwordHash, mustChangePassword: true, passwordChangedAt: now, tokensValidAfter: now },
        now,
      );
      await recordAudit(tx, actorOf(caller), {
        action: 'user.password_reset',
        entityType: 'user',
        entityId: id,
        details: { first: true },
      });
      return updated;
    });
    if (row) issued.push({ user: await view(deps, deps.db, row), temporaryPassword: password });
    else skipped.push(id);
  }
  return { issued, skipped };
}

/**
 * What the employee import's `username` column is checked against: every username in use (lower case;
 * usernames are unique across units) and the employees of the unit who have an account, by number.
 */
export async function accountsOf(
  executor: Executor,
  buId: string,
): Promise<{ byUsername: Set<string>; byEmployeeNumber: Map<string, string> }> {
  const { usernames, linked } = await repo.accountNames(executor, buId);
  const numbers = await employeeNumbersOf(
    executor,
    buId,
    linked.map((row) => row.employeeId),
  );
  return {
    byUsername: new Set(usernames.map((name) => name.toLowerCase())),
    byEmployeeNumber: new Map(
      linked.flatMap((row) => {
        const number = numbers.get(row.employeeId);
        return number === undefined ? [] : [[number, row.username] as const];
      }),
    ),
  };
}
