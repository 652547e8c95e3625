import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/core/db/database.ts';
import { businessUnits, rolePermissions, roles, serviceState } from '../../src/core/db/tables/index.ts';
import { createBusinessUnit, seedReferenceData } from '../../src/seed/reference.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { testDrivers } from '../helpers/environment.ts';

/**
 * Every start syncs the reference rows the code owns, unless the database holds the fingerprint of what
 * the sync would write (issue 37: the sync was a quarter of an existing embedded database's start).
 */
describe.each(testDrivers())('the reference-data sync [%s]', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  const plannerPermissions = async (buId: string) => {
    const rows = await database.db
      .select({ code: rolePermissions.permissionCode })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(and(eq(roles.buId, buId), eq(roles.code, 'PLANNER')));
    return rows.map((row) => row.code).sort();
  };

  it('skips an unchanged start, and syncs again when the units or the recorded fingerprint change', async () => {
    await seedReferenceData(database.db);
    const [main] = await database.db
      .select({ id: businessUnits.id })
      .from(businessUnits)
      .where(eq(businessUnits.code, 'MAIN'));
    const wanted = await plannerPermissions(main!.id);
    expect(wanted.length).toBeGreaterThan(0);

    // A row taken away behind the service's back stays away while nothing the sync depends on changed…
    await database.db.execute(
      sql`delete from role_permissions where permission_code = ${wanted[0]} and role_id in (select id from roles where bu_id = ${main!.id} and code = 'PLANNER')`,
    );
    await seedReferenceData(database.db);
    expect(await plannerPermissions(main!.id)).toEqual(wanted.slice(1));

    // …and comes back once the fingerprint differs (as after a code change or a restore).
    await database.db
      .update(serviceState)
      .set({ value: 'older code' })
      .where(eq(serviceState.key, 'reference-data'));
    await seedReferenceData(database.db);
    expect(await plannerPermissions(main!.id)).toEqual(wanted);

    // A unit created by other means than createBusinessUnit gets its reference rows at the next start.
    const [unit] = await database.db
      .insert(businessUnits)
      .values({ code: 'SYNCED', nameEn: 'Synced', nameAr: 'متزامن' })
      .returning({ id: businessUnits.id });
    await seedReferenceData(database.db);
    expect(await plannerPermissions(unit!.id)).toEqual(wanted);
  });

  it('counts a unit made by createBusinessUnit as synced, so the next start skips', async () => {
    await seedReferenceData(database.db);
    const buId = await database.db.transaction((tx) =>
      createBusinessUnit(tx, { code: 'MADE', nameEn: 'Made', nameAr: 'مصنوع' }),
    );
    const wanted = await plannerPermissions(buId);
    expect(wanted.length).toBeGreaterThan(0);
    await database.db.execute(
      sql`delete from role_permissions where role_id in (select id from roles where bu_id = ${buId} and code = 'PLANNER')`,
    );
    await seedReferenceData(database.db);
    expect(await plannerPermissions(buId)).toEqual([]);
  });
});
