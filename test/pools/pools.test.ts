import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { homePoolsOf } from '../../src/modules/pools/service.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

interface Pool {
  id: string;
  code: string;
  departmentId: string;
  departmentCode: string;
  isDefault: boolean;
  version: number;
}

async function poolsOf(t: TestContext, user = 'sysadmin', query = '') {
  const response = await t.request(user, { method: 'GET', url: `/api/pools?pageSize=500${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: Pool[]; total: number }>();
}

async function departmentId(t: TestContext, code: string, unit = 'MAIN') {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select n.id from org_nodes n join business_units b on b.id = n.bu_id where n.code = ${code} and b.code = ${unit}`,
  );
  return row!.id;
}

async function createPool(t: TestContext, code: string, department: string, user = 'sysadmin') {
  const response = await t.request(user, {
    method: 'POST',
    url: '/api/pools',
    payload: { code, Name_1_English: code, Name_2_Arabic: code, departmentId: department },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Pool>();
}

describeEachDatabase('pools', (t) => {
  it('gives every department exactly one default pool, created by the database', async () => {
    const { items } = await poolsOf(t, 'sysadmin', '&isDefault=true');
    expect(items.map((pool) => pool.departmentCode).sort()).toEqual(['CARGO', 'PAX', 'RAMP']);
    const counts = await queryRows<{ department_id: string; defaults: number }>(
      t.database.db,
      sql`select n.id as department_id, (select count(*)::int from pools p where p.department_id = n.id and p.is_default) as defaults
          from org_nodes n join node_types t on t.id = n.node_type_id where t.code = 'DEPARTMENT'`,
    );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((row) => row.defaults === 1)).toBe(true);
  });

  it('creates a default pool for a department inserted by any path, such as the import', async () => {
    const [unit] = await queryRows<{ id: string; type: string; parent: string }>(
      t.database.db,
      sql`select b.id, t.id as type, (select id from org_nodes where code = 'MAIN-HQ') as parent
          from business_units b join node_types t on t.bu_id = b.id and t.code = 'DEPARTMENT' where b.code = 'MAIN'`,
    );
    await t.database.db.execute(
      sql`insert into org_nodes (bu_id, code, name_en, name_ar, node_type_id, parent_id)
          values (${unit!.id}, 'FUEL', 'Fuelling', 'التزود بالوقود', ${unit!.type}, ${unit!.parent})`,
    );
    const { items } = await poolsOf(t, 'sysadmin', '&isDefault=true');
    const fuel = items.find((pool) => pool.departmentCode === 'FUEL');
    expect(fuel?.code).toBe('FUEL-DEFAULT');
  });

  it('refuses a second default pool in a department at the database', async () => {
    const ramp = await departmentId(t, 'RAMP');
    await expect(
      t.database.db.execute(
        sql`insert into pools (bu_id, department_id, code, name_en, name_ar, is_default)
            select bu_id, id, 'SECOND-DEFAULT', 'x', 'x', true from org_nodes where id = ${ramp}`,
      ),
    ).rejects.toThrow();
  });

  it('protects the default pool from deletion and from being un-defaulted', async () => {
    const [rampDefault] = (await poolsOf(t, 'sysadmin', '&isDefault=true')).items.filter(
      (pool) => pool.departmentCode === 'RAMP',
    );
    const del = await t.request('sysadmin', { method: 'DELETE', url: `/api/pools/${rampDefault!.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('POOL_DEFAULT_PROTECTED');
    const undefault = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pools/${rampDefault!.id}`,
      payload: { isDefault: false },
    });
    expect(undefault.statusCode).toBe(409);
    expect(undefault.json().code).toBe('POOL_DEFAULT_PROTECTED');
  });

  it('moves the default to another pool of the department, keeping one default', async () => {
    const cargo = await departmentId(t, 'CARGO');
    const pool = await createPool(t, 'CARGO-NIGHT', cargo);
    const moved = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pools/${pool.id}`,
      headers: { 'if-match': `"${pool.version}"` },
      payload: { isDefault: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().isDefault).toBe(true);
    const defaults = (await poolsOf(t, 'sysadmin', `&isDefault=true&departmentId=${cargo}`)).items;
    expect(defaults.map((p) => p.id)).toEqual([pool.id]);
  });

  it('keeps one default when two pools are made the default at the same moment', async () => {
    const pax = await departmentId(t, 'PAX');
    const first = await createPool(t, 'PAX-A', pax);
    const second = await createPool(t, 'PAX-B', pax);
    const responses = await Promise.all(
      [first, second].map((pool) =>
        t.request('sysadmin', {
          method: 'PATCH',
          url: `/api/pools/${pool.id}`,
          payload: { isDefault: true },
        }),
      ),
    );
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().code).toBe('POOL_DEFAULT_EXISTS');
    }
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    const defaults = (await poolsOf(t, 'sysadmin', `&isDefault=true&departmentId=${pax}`)).items;
    expect(defaults).toHaveLength(1);
    expect([first.id, second.id]).toContain(defaults[0]!.id);
  });

  it('lets exactly one of two overlapping transactions make a second default (PostgreSQL)', async () => {
    if (t.driver !== 'postgres') return; // PGlite runs one transaction at a time: nothing overlaps.
    const ramp = await departmentId(t, 'RAMP');
    const a = await createPool(t, 'RAMP-RACE-A', ramp);
    const b = await createPool(t, 'RAMP-RACE-B', ramp);
    const { takeDefault } = await import('../../src/modules/pools/repository.ts');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstHolds!: () => void;
    const holding = new Promise<void>((resolve) => {
      firstHolds = resolve;
    });
    const first = t.database.db.transaction(async (tx) => {
      await takeDefault(tx, ramp, a.id, new Date());
      firstHolds();
      await gate;
    });
    await holding;
    const second = t.database.db.transaction(async (tx) => takeDefault(tx, ramp, b.id, new Date()));
    // The second waits on the first's row lock; let it queue, then commit the first.
    for (let i = 0; i < 50; i++) {
      const [waiting] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from pg_locks where not granted`,
      );
      if (waiting!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    const results = await Promise.allSettled([first, second]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    const defaults = (await poolsOf(t, 'sysadmin', `&isDefault=true&departmentId=${ramp}`)).items;
    expect(defaults.map((p) => p.id)).toEqual([a.id]);
  });

  it('answers 412 to a PATCH whose If-Match is stale and 409 to a duplicate code', async () => {
    const cargo = await departmentId(t, 'CARGO');
    const pool = await createPool(t, 'CARGO-STALE', cargo);
    const stale = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pools/${pool.id}`,
      headers: { 'if-match': `"${pool.version + 1}"` },
      payload: { Name_1_English: 'Renamed' },
    });
    expect(stale.statusCode).toBe(412);
    const ok = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pools/${pool.id}`,
      headers: { 'if-match': `"${pool.version}"` },
      payload: { Name_1_English: 'Renamed' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe(`"${pool.version + 1}"`);
    const duplicate = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/pools',
      payload: { code: 'CARGO-STALE', Name_1_English: 'x', Name_2_Arabic: 'x', departmentId: cargo },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('POOL_CODE_TAKEN');
  });

  it('keeps explicit members, answers home pools with their source, and refuses to delete a pool in use', async () => {
    const ramp = await departmentId(t, 'RAMP');
    const pool = await createPool(t, 'RAMP-BAGGAGE', ramp);
    const staff = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from employees where department_id = ${ramp} order by employee_number limit 2`,
    );
    const added = await t.request('manager', {
      method: 'POST',
      url: `/api/pools/${pool.id}/members`,
      payload: { employeeId: staff[0]!.id },
    });
    expect(added.statusCode, added.body).toBe(201);
    const members = await t.request('manager', { method: 'GET', url: `/api/pools/${pool.id}/members` });
    expect(members.json().items.map((m: { employeeId: string }) => m.employeeId)).toEqual([staff[0]!.id]);

    const [unit] = await queryRows<{ bu_id: string }>(
      t.database.db,
      sql`select bu_id from org_nodes where id = ${ramp}`,
    );
    const homes = await homePoolsOf(t.database.db, unit!.bu_id, [staff[0]!.id, staff[1]!.id]);
    expect(homes.get(staff[0]!.id)).toMatchObject({ poolId: pool.id, source: 'explicit' });
    expect(homes.get(staff[1]!.id)).toMatchObject({ source: 'department-default' });

    const referenced = await t.request('sysadmin', { method: 'DELETE', url: `/api/pools/${pool.id}` });
    expect(referenced.statusCode).toBe(409);
    expect(referenced.json().code).toBe('POOL_REFERENCED');

    const otherDepartment = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from employees where department_id = ${await departmentId(t, 'PAX')} limit 1`,
    );
    const foreign = await t.request('sysadmin', {
      method: 'POST',
      url: `/api/pools/${pool.id}/members`,
      payload: { employeeId: otherDepartment[0]!.id },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('EMPLOYEE_NOT_IN_POOL_DEPARTMENT');

    const removed = await t.request('manager', {
      method: 'DELETE',
      url: `/api/pools/${pool.id}/members/${staff[0]!.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const deleted = await t.request('sysadmin', { method: 'DELETE', url: `/api/pools/${pool.id}` });
    expect(deleted.statusCode).toBe(204);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where entity_id = ${pool.id} order by at`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'pool.create',
      'pool.member_add',
      'pool.member_remove',
      'pool.delete',
    ]);
  });

  it('shows a department-scoped manager only the pools of their department', async () => {
    const { items } = await poolsOf(t, 'manager');
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((pool) => pool.departmentCode))).toEqual(new Set(['RAMP']));
    const pax = (await poolsOf(t)).items.find((pool) => pool.departmentCode === 'PAX')!;
    const hidden = await t.request('manager', { method: 'GET', url: `/api/pools/${pax.id}` });
    expect(hidden.statusCode).toBe(404);
    const write = await t.request('manager', {
      method: 'POST',
      url: '/api/pools',
      payload: { code: 'PAX-X', Name_1_English: 'x', Name_2_Arabic: 'x', departmentId: pax.departmentId },
    });
    expect(write.statusCode).toBe(422);
  });

  it('keeps units apart: another unit sees neither the pools nor the rules of this one', async () => {
    const north = await poolsOf(t, 'north.admin');
    expect(north.items.map((pool) => pool.code)).toEqual(['RAMP-DEFAULT']);
    const main = (await poolsOf(t)).items[0]!;
    const read = await t.request('north.admin', { method: 'GET', url: `/api/pools/${main.id}` });
    expect(read.statusCode).toBe(404);
    const patch = await t.request('north.admin', {
      method: 'PATCH',
      url: `/api/pools/${main.id}`,
      payload: { Name_1_English: 'Taken' },
    });
    expect(patch.statusCode).toBe(404);
    const rules = await t.request('north.admin', { method: 'GET', url: '/api/pool-lending-rules' });
    expect(rules.json().total).toBe(0);
  });
});

describeEachDatabase('pool-lending rules', (t) => {
  const defaults = async () => {
    const { items } = await poolsOf(t, 'sysadmin', '&isDefault=true');
    const of = (code: string) => items.find((pool) => pool.departmentCode === code)!;
    return { ramp: of('RAMP'), pax: of('PAX'), cargo: of('CARGO') };
  };
  const create = (payload: Record<string, unknown>, user = 'sysadmin') =>
    t.request(user, { method: 'POST', url: '/api/pool-lending-rules', payload });

  it('creates a directional rule with skills by code or id and a daily limit', async () => {
    const { pax, cargo } = await defaults();
    const [skill] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select s.id from skills s join business_units b on b.id = s.bu_id where b.code = 'MAIN' and s.code = 'BOARDING'`,
    );
    const response = await create({
      sourcePoolId: cargo.id,
      targetPoolId: pax.id,
      effectiveFrom: '2027-01-01',
      effectiveTo: '2027-03-31',
      skills: ['CHECK_IN', skill!.id],
      maxPerDay: 3,
    });
    expect(response.statusCode, response.body).toBe(201);
    const rule = response.json();
    expect(rule).toMatchObject({
      sourcePoolCode: 'CARGO-DEFAULT',
      targetPoolCode: 'PAX-DEFAULT',
      maxPerDay: 3,
    });
    expect(rule.skills.map((s: { code: string }) => s.code)).toEqual(['BOARDING', 'CHECK_IN']);
    const reverse = await create({
      sourcePoolId: pax.id,
      targetPoolId: cargo.id,
      effectiveFrom: '2027-01-01',
    });
    expect(reverse.statusCode).toBe(201);

    const onDate = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/pool-lending-rules?sourcePoolId=${cargo.id}&targetPoolId=${pax.id}&date=2027-02-01`,
    });
    expect(onDate.json().items.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    const outside = await t.request('sysadmin', {
      method: 'GET',
      url: `/api/pool-lending-rules?sourcePoolId=${cargo.id}&targetPoolId=${pax.id}&date=2027-05-01`,
    });
    expect(outside.json().total).toBe(0);

    const stale = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pool-lending-rules/${rule.id}`,
      headers: { 'if-match': '"99"' },
      payload: { maxPerDay: 4 },
    });
    expect(stale.statusCode).toBe(412);
    const changed = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pool-lending-rules/${rule.id}`,
      headers: { 'if-match': `"${rule.version}"` },
      payload: { maxPerDay: 4, skills: [] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ maxPerDay: 4, skills: [], version: rule.version + 1 });
  });

  it('refuses a rule from a pool to itself, an inverted window, unknown skills and unknown pools', async () => {
    const { ramp } = await defaults();
    const self = await create({ sourcePoolId: ramp.id, targetPoolId: ramp.id, effectiveFrom: '2027-01-01' });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('LENDING_RULE_SELF');
    const { pax } = await defaults();
    const inverted = await create({
      sourcePoolId: ramp.id,
      targetPoolId: pax.id,
      effectiveFrom: '2027-02-01',
      effectiveTo: '2027-01-01',
    });
    expect(inverted.json().code).toBe('INVALID_DATE_RANGE');
    const skill = await create({
      sourcePoolId: ramp.id,
      targetPoolId: pax.id,
      effectiveFrom: '2027-01-01',
      skills: ['NO_SUCH_SKILL'],
    });
    expect(skill.statusCode).toBe(422);
    expect(skill.json().code).toBe('SKILL_UNKNOWN');
    const pool = await create({
      sourcePoolId: ramp.id,
      targetPoolId: '00000000-0000-4000-8000-000000000000',
      effectiveFrom: '2027-01-01',
    });
    expect(pool.json().code).toBe('POOL_UNKNOWN');
  });

  it('refuses a window that overlaps another rule of the same pair, also when changed into one', async () => {
    const { ramp, cargo } = await defaults();
    const first = await create({
      sourcePoolId: ramp.id,
      targetPoolId: cargo.id,
      effectiveFrom: '2027-06-01',
      effectiveTo: '2027-06-30',
    });
    expect(first.statusCode).toBe(201);
    const overlapping = await create({
      sourcePoolId: ramp.id,
      targetPoolId: cargo.id,
      effectiveFrom: '2027-06-30',
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('LENDING_RULE_OVERLAP');
    const openEnded = await create({
      sourcePoolId: ramp.id,
      targetPoolId: cargo.id,
      effectiveFrom: '2027-01-01',
    });
    expect(openEnded.json().code).toBe('LENDING_RULE_OVERLAP');
    const after = await create({
      sourcePoolId: ramp.id,
      targetPoolId: cargo.id,
      effectiveFrom: '2027-07-01',
    });
    expect(after.statusCode).toBe(201);
    const moved = await t.request('sysadmin', {
      method: 'PATCH',
      url: `/api/pool-lending-rules/${after.json().id}`,
      payload: { effectiveFrom: '2027-06-15' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('LENDING_RULE_OVERLAP');
  });

  it('creates one of several overlapping rules sent at the same moment', async () => {
    const { pax, ramp } = await defaults();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        create({ sourcePoolId: pax.id, targetPoolId: ramp.id, effectiveFrom: '2028-01-01' }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('lets a manager write rules only from a pool of their own department and delete them', async () => {
    const { ramp, pax } = await defaults();
    const foreign = await create(
      { sourcePoolId: pax.id, targetPoolId: ramp.id, effectiveFrom: '2029-01-01' },
      'manager',
    );
    expect(foreign.statusCode).toBe(422);
    const own = await create(
      { sourcePoolId: ramp.id, targetPoolId: pax.id, effectiveFrom: '2029-01-01' },
      'manager',
    );
    expect(own.statusCode, own.body).toBe(201);
    const list = await t.request('manager', { method: 'GET', url: '/api/pool-lending-rules?pageSize=500' });
    for (const rule of list.json().items) {
      expect([rule.sourcePoolId, rule.targetPoolId]).toContain(ramp.id);
    }
    const deleted = await t.request('manager', {
      method: 'DELETE',
      url: `/api/pool-lending-rules/${own.json().id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.request('manager', {
      method: 'GET',
      url: `/api/pool-lending-rules/${own.json().id}`,
    });
    expect(gone.statusCode).toBe(404);
  });
});
