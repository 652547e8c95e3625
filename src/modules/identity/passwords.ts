import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { businessRule } from '../../core/http/errors.ts';
import type { SettingsValues } from '../settings/schemas.ts';

/** OWASP's argon2id recommendation (DESIGN §2). */
// 2 is `Algorithm.Argon2id`, a const enum that isolated modules cannot read.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/**
 * The stored "hash" of an account opened without a password (by an import): no password verifies against
 * it, and the administrators' first-password issue finds the accounts by it.
 */
export const NO_PASSWORD_YET = '!no-password-yet';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throw-away hash makes an unknown user cost as long as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

export type PasswordPolicy = Pick<
  SettingsValues,
  | 'password.min_length'
  | 'password.require_uppercase'
  | 'password.require_lowercase'
  | 'password.require_digit'
  | 'password.require_symbol'
>;

/** Each unmet rule of the policy, as a code and a sentence. */
export function unmetPasswordRules(
  password: string,
  policy: PasswordPolicy,
): { rule: string; message: string }[] {
  const unmet: { rule: string; message: string }[] = [];
  const min = policy['password.min_length'];
  if ([...password].length < min) unmet.push({ rule: 'min_length', message: `at least ${min} characters` });
  if (policy['password.require_uppercase'] && !/\p{Lu}/u.test(password)) {
    unmet.push({ rule: 'require_uppercase', message: 'an upper-case letter' });
  }
  if (policy['password.require_lowercase'] && !/\p{Ll}/u.test(password)) {
    unmet.push({ rule: 'require_lowercase', message: 'a lower-case letter' });
  }
  if (policy['password.require_digit'] && !/\p{Nd}/u.test(password)) {
    unmet.push({ rule: 'require_digit', message: 'a digit' });
  }
  if (policy['password.require_symbol'] && !/[^\p{L}\p{Nd}\s]/u.test(password)) {
    unmet.push({ rule: 'require_symbol', message: 'a symbol such as # or !' });
  }
  return unmet;
}

export function assertPasswordPolicy(password: string, policy: PasswordPolicy): void {
  const unmet = unmetPasswordRules(password, policy);
  if (unmet.length) {
    throw businessRule('PASSWORD_POLICY', `The password needs ${unmet.map((u) => u.message).join(', ')}`, {
      unmetRules: unmet.map((u) => u.rule),
      errors: unmet.map((u) => ({ path: '/password', message: u.message })),
    });
  }
}

/** A temporary password that meets any policy up to 32 characters. */
export function temporaryPassword(minLength: number): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#!$%&*+-=?@'];
  const all = sets.join('');
  const chars = sets.map((set) => set[randomInt(set.length)]);
  while (chars.length < Math.max(minLength, 16)) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
