import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../core/db/database.ts';
import { businessUnits, roles, userRoles, users } from '../core/db/tables/index.ts';
import { hashPassword, unmetPasswordRules } from '../modules/identity/passwords.ts';
import { SETTING_DEFAULTS } from '../modules/settings/schemas.ts';
import { loadDemoData } from './demo/index.ts';
import { createBusinessUnit, seedReferenceData } from './reference.ts';

export class BootstrapError extends Error {}

/**
 * A production database starts with one business unit and an `admin` user whose password comes from
 * ADMIN_PASSWORD; without it the first start refuses, rather than inventing a password nobody knows.
 */
async function bootstrapProduction(db: Executor, config: Config): Promise<void> {
  const [any] = await db.select({ id: businessUnits.id }).from(businessUnits).limit(1);
  if (any) return;
  if (!config.adminPassword) {
    throw new BootstrapError(
      'ADMIN_PASSWORD is required on the first start in production to create the admin user',
    );
  }
  const unmet = unmetPasswordRules(config.adminPassword, SETTING_DEFAULTS);
  if (unmet.length) {
    throw new BootstrapError(`ADMIN_PASSWORD needs ${unmet.map((rule) => rule.message).join(', ')}`);
  }
  const passwordHash = await hashPassword(config.adminPassword);
  await db.transaction(async (tx) => {
    const buId = await createBusinessUnit(tx, { code: 'MAIN', nameEn: 'Main', nameAr: 'الرئيسي' });
    const [user] = await tx
      .insert(users)
      .values({
        buId,
        username: 'admin',
        displayName: 'Administrator',
        passwordHash,
        mustChangePassword: true,
      })
      .returning({ id: users.id });
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'SYS_ADMIN'));
    await tx.insert(userRoles).values({ buId, userId: user!.id, roleId: role!.id });
  });
}

/** Reference data on every start; demo data in development when the database is empty. */
export async function prepareData(db: Executor, config: Config): Promise<{ demoLoaded: boolean }> {
  await seedReferenceData(db);
  if (config.env === 'production') {
    await bootstrapProduction(db, config);
    return { demoLoaded: false };
  }
  if (config.env === 'development') return { demoLoaded: await loadDemoData(db) };
  return { demoLoaded: false };
}
