import { type AuditActor, actorOf, recordAudit } from '../../core/audit/record.ts';
import type { Caller } from '../../core/auth/caller.ts';
import { principalOf } from '../../core/auth/principal.ts';
import { loadGrants } from '../../core/auth/principal-store.ts';
import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db, Executor } from '../../core/db/database.ts';
import { AppError, businessRule } from '../../core/http/errors.ts';
import { businessDate } from '../../core/time/dates.ts';
import { readSettings, readSettingsOfNoUnit } from '../settings/service.ts';
import {
  countRecentFailures,
  endSessions,
  findUnknownName,
  findUnknownNameForUpdate,
  insertLoginAttempt,
  insertSession,
  saveUnknownName,
} from './login-repository.ts';
import { assertPasswordPolicy, burnVerification, hashPassword, verifyPassword } from './passwords.ts';
import { findUser, findUserByUsername, recordLoginOutcome, type UserRow, updateUser } from './repository.ts';
import type { LoginResult } from './schemas.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  traceId: string;
}

/**
 * Failed logins allowed per minute (a sliding window), per client address and per username, before 429.
 * Only failures count, so a shift of colleagues signing in behind one NAT address is never refused for
 * signing in; the per-username figure stops guessing one account from many addresses (an existing
 * account locks sooner, at the settings' `lockout.threshold`). Documented in the login operation.
 */
export const LOGIN_RATE = { windowMs: 60_000, failuresPerIp: 30, failuresPerUsername: 10 } as const;

const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'The username or password is not correct');

const selfActor = (
  user: Pick<UserRow, 'id' | 'buId' | 'username'> | null,
  client: ClientInfo,
): AuditActor => ({
  buId: user?.buId ?? null,
  userId: user?.id ?? null,
  username: user?.username ?? null,
  traceId: client.traceId,
});

async function assertNotRateLimited(deps: AuthDeps, username: string, client: ClientInfo): Promise<void> {
  const now = deps.now().getTime();
  const since = new Date(now - LOGIN_RATE.windowMs);
  const [byIp, byName] = await Promise.all([
    countRecentFailures(deps.db, { ip: client.ip }, since),
    countRecentFailures(deps.db, { username }, since),
  ]);
  const limited = [
    byIp.failures >= LOGIN_RATE.failuresPerIp ? byIp : null,
    byName.failures >= LOGIN_RATE.failuresPerUsername ? byName : null,
  ].filter((window) => window !== null);
  if (!limited.length) return;
  // Until the oldest counted failure leaves the window (the later of the two when both are full).
  const freeAt = Math.max(
    ...limited.map((window) => (window.oldest?.getTime() ?? now) + LOGIN_RATE.windowMs),
  );
  const retryAfter = Math.min(Math.max(1, Math.ceil((freeAt - now) / 1000)), LOGIN_RATE.windowMs / 1000);
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Too many failed login attempts; try again in ${retryAfter} s`,
    { retryAfterSeconds: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}

/** A token for the user and its live session: the token is honoured while the session is. */
async function startSession(executor: Executor, deps: AuthDeps, user: Pick<UserRow, 'id' | 'buId'>) {
  const issued = deps.tokens.issue(user.id, user.buId);
  await insertSession(executor, {
    id: issued.claims.sid,
    buId: user.buId,
    userId: user.id,
    startedAt: new Date(issued.claims.iatMs),
    expiresAt: issued.expiresAt,
  });
  return issued;
}

/** The token and the session description every successful login answers with. */
async function sessionFor(deps: AuthDeps, user: UserRow, now: Date): Promise<LoginResult> {
  const { settings, businessUnit } = await readSettings(deps.db, user.buId);
  const issued = await startSession(deps.db, deps, user);
  // The same resolution the guard applies on every request, so the answer never disagrees with it.
  const principal = principalOf(
    {
      userId: user.id,
      buId: user.buId,
      buCode: businessUnit.code,
      username: user.username,
      displayName: user.displayName,
      employeeId: user.employeeId,
      sessionId: issued.claims.sid,
      issuedAt: issued.claims.iat,
      expiresAt: issued.claims.exp,
      mustChangePassword: user.mustChangePassword,
    },
    await loadGrants(deps.db, user.id, user.buId),
    businessDate(now, settings.timezone),
  );
  return {
    token: issued.token,
    ExpiresAt: issued.expiresAt.toISOString(),
    user: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      roles: [...principal.roles],
      permissions: [...principal.permissions].sort(),
    },
    mustChangePassword: user.mustChangePassword,
  };
}

const tooManyFailures = (lockoutUntil: Date) =>
  new AppError(423, 'ACCOUNT_LOCKED', 'The account is locked after too many failed attempts', {
    reason: 'TOO_MANY_FAILED_ATTEMPTS',
    lockoutUntil: lockoutUntil.toISOString(),
  });

const lockedByAdmin = () =>
  new AppError(423, 'ACCOUNT_LOCKED', 'The account is locked by an administrator', {
    reason: 'LOCKED_BY_ADMIN',
    lockoutUntil: null,
  });

/**
 * A login answers the same whether the name has an account or not (docs/decisions.md, "Login answers"):
 * a wrong password and an unknown name are the same 401, counted alike, and lock alike at the threshold
 * (the same 423). An administrator's lock shows only to whoever gives the account's right password: to
 * anyone else the account answers as any other name does.
 */
export async function login(
  deps: AuthDeps,
  credentials: { username: string; password: string },
  client: ClientInfo,
): Promise<LoginResult> {
  const now = deps.now();
  await assertNotRateLimited(deps, credentials.username, client);
  const attempt = { username: credentials.username, ip: client.ip, userAgent: client.userAgent, at: now };
  const user = await findUserByUsername(deps.db, credentials.username);
  if (!user) return refuseUnknownName(deps, credentials, attempt);
  const history = { ...attempt, userId: user.id, buId: user.buId };
  if (user.lockoutUntil && user.lockoutUntil > now) {
    await insertLoginAttempt(deps.db, { ...history, success: false, reason: 'LOCKED' });
    throw tooManyFailures(user.lockoutUntil);
  }
  if (!(await verifyPassword(user.passwordHash, credentials.password))) {
    const lockout = await recordFailure(deps, user, now, client);
    await insertLoginAttempt(deps.db, { ...history, success: false, reason: 'WRONG_PASSWORD' });
    throw lockout ?? invalidCredentials();
  }
  if (user.lockedByAdmin) {
    await insertLoginAttempt(deps.db, { ...history, success: false, reason: 'LOCKED' });
    throw lockedByAdmin();
  }
  const updated = await deps.db.transaction(async (tx) => {
    const row = await recordLoginOutcome(tx, user.id, {
      failedLoginCount: 0,
      lockoutUntil: null,
      lastLoginAt: now,
    });
    await insertLoginAttempt(tx, { ...history, success: true, reason: 'SUCCESS' });
    await recordAudit(tx, selfActor(user, client), {
      action: 'auth.login',
      entityType: 'user',
      entityId: user.id,
    });
    return row;
  });
  return sessionFor(deps, updated, now);
}

/**
 * A name no account has: counted and locked as an account is, under the settings of the first business
 * unit (a name belongs to no unit), and costing a password verification like a wrong password does.
 */
async function refuseUnknownName(
  deps: AuthDeps,
  credentials: { username: string; password: string },
  attempt: { username: string; ip: string; userAgent: string | null; at: Date },
): Promise<never> {
  const now = attempt.at;
  const key = credentials.username.toLowerCase();
  const known = await findUnknownName(deps.db, key);
  if (known?.lockoutUntil && known.lockoutUntil > now) {
    await insertLoginAttempt(deps.db, { ...attempt, success: false, reason: 'LOCKED' });
    throw tooManyFailures(known.lockoutUntil);
  }
  await burnVerification(credentials.password);
  const settings = await readSettingsOfNoUnit(deps.db);
  const lockoutUntil = await deps.db.transaction(async (tx) => {
    const row = await findUnknownNameForUpdate(tx, key);
    const previous = !row || (row.lockoutUntil && row.lockoutUntil <= now) ? 0 : row.failedLoginCount;
    const count = previous + 1;
    const until =
      count >= settings['lockout.threshold']
        ? new Date(now.getTime() + settings['lockout.minutes'] * 60_000)
        : null;
    await saveUnknownName(tx, {
      usernameKey: key,
      failedLoginCount: count,
      lockoutUntil: until ?? row?.lockoutUntil ?? null,
      updatedAt: now,
    });
    await insertLoginAttempt(tx, { ...attempt, success: false, reason: 'UNKNOWN_USER' });
    return until;
  });
  throw lockoutUntil ? tooManyFailures(lockoutUntil) : invalidCredentials();
}

/** Counts a failed attempt; at the threshold the account locks for the configured minutes. */
async function recordFailure(
  deps: AuthDeps,
  user: UserRow,
  now: Date,
  client: ClientInfo,
): Promise<AppError | null> {
  const { settings } = await readSettings(deps.db, user.buId);
  // A lockout that has run out starts a fresh count.
  const previous = user.lockoutUntil && user.lockoutUntil <= now ? 0 : user.failedLoginCount;
  const count = previous + 1;
  const reachesThreshold = count >= settings['lockout.threshold'];
  const lockoutUntil = reachesThreshold
    ? new Date(now.getTime() + settings['lockout.minutes'] * 60_000)
    : null;
  return deps.db.transaction(async (tx) => {
    await recordLoginOutcome(tx, user.id, {
      failedLoginCount: count,
      lockoutUntil: lockoutUntil ?? user.lockoutUntil,
    });
    await recordAudit(tx, selfActor(user, client), {
      action: 'auth.login_failed',
      entityType: 'user',
      entityId: user.id,
      details: { failedLoginCount: count },
    });
    if (!lockoutUntil) return null;
    await recordAudit(tx, selfActor(user, client), {
      action: 'auth.lockout',
      entityType: 'user',
      entityId: user.id,
      details: { lockoutUntil: lockoutUntil.toISOString(), failedLoginCount: count },
    });
    return tooManyFailures(lockoutUntil);
  });
}

/** Development helpers: a session or a bare token for a named user, no password asked. */
export async function developmentSession(
  deps: AuthDeps,
  username: string,
  client: ClientInfo,
): Promise<LoginResult> {
  const user = await findUserByUsername(deps.db, username);
  if (!user) throw new AppError(401, 'UNKNOWN_USER', `Unknown user "${username}"`);
  await insertLoginAttempt(deps.db, {
    username: user.username,
    userId: user.id,
    buId: user.buId,
    ip: client.ip,
    userAgent: client.userAgent,
    success: true,
    reason: 'DEV_LOGIN',
    at: deps.now(),
  });
  return sessionFor(deps, user, deps.now());
}

export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  body: { currentPassword: string; newPassword: string },
): Promise<{ token: string; ExpiresAt: string }> {
  const user = await findUser(deps.db, caller.principal.buId, caller.principal.userId);
  if (!user) throw invalidCredentials();
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw businessRule('INVALID_CURRENT_PASSWORD', 'The current password is not correct');
  }
  const { settings } = await readSettings(deps.db, user.buId);
  assertPasswordPolicy(body.newPassword, settings);
  if (body.newPassword === body.currentPassword) {
    throw businessRule('PASSWORD_POLICY', 'The new password must differ from the current one', {
      unmetRules: ['differs_from_current'],
      errors: [{ path: '/newPassword', message: 'must differ from the current password' }],
    });
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Every token issued before now stops working, this one's included; the answer carries a fresh one.
    await updateUser(
      tx,
      user.id,
      {
        passwordHash,
        mustChangePassword: false,
        passwordChangedAt: now,
        tokensValidAfter: now,
      },
      now,
    );
    const issued = await startSession(tx, deps, user);
    await endSessions(tx, user.id, now, 'PASSWORD_CHANGED', { except: issued.claims.sid });
    await recordAudit(tx, actorOf(caller), {
      action: 'auth.password_changed',
      entityType: 'user',
      entityId: user.id,
    });
    return { token: issued.token, ExpiresAt: issued.expiresAt.toISOString() };
  });
}

/**
 * Signing out ends the token's session on the server (`everywhere`: every session of the user), at once
 * on every process: the guard's settle after a change waits until they have all heard it.
 */
export async function logout(deps: AuthDeps, caller: Caller, everywhere: boolean): Promise<void> {
  const { userId, sessionId } = caller.principal;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const ended = await endSessions(
      tx,
      userId,
      now,
      everywhere ? 'LOGOUT_EVERYWHERE' : 'LOGOUT',
      everywhere ? {} : { only: sessionId },
    );
    await recordAudit(tx, actorOf(caller), {
      action: everywhere ? 'auth.logout_everywhere' : 'auth.logout',
      entityType: 'user',
      entityId: userId,
      details: { sessionsEnded: ended },
    });
  });
}
