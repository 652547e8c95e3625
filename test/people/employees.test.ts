import { expect, it } from 'vitest';
import { businessDate, DEFAULT_TIMEZONE, daysBetween } from '../../src/core/time/dates.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';

describeEachDatabase('employees, skills and the people diagnostics', (t) => {
  const get = (user: string | null, url: string) => t.request(user, { method: 'GET', url });
  const idOf = async (number: string) => {
    const page = (await get('sysadmin', `/api/employees?q=${number}`)).json();
    return page.items.find((e: { employeeNumber: string }) => e.employeeNumber === number).id as string;
  };

  it('lists the unit’s employees a page at a time, ordered by number, with names in both languages', async () => {
    const first = await get('hradmin', '/api/employees?pageSize=10');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 60 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toMatchObject({
      employeeNumber: 'E00001',
      Status: 'ACTIVE',
      departmentCode: 'RAMP',
    });
    expect(page.items[0].Name_2_Arabic).toMatch(/[\u0600-\u06FF]/);
    const last = (await get('hradmin', '/api/employees?pageSize=10&page=6')).json();
    expect(last.items.at(-1).employeeNumber).toBe('E00060');
  });

  it('filters by department, grade, status, skill, text and the date employees are active on', async () => {
    const departments = (await get('sysadmin', '/api/lookups/departments')).json();
    const list = Array.isArray(departments) ? departments : departments.items;
    const pax = list.find((d: { code: string }) => d.code === 'PAX');
    const byDepartment = (await get('hradmin', `/api/employees?departmentId=${pax.id}&pageSize=500`)).json();
    expect(byDepartment.total).toBe(20);
    expect(byDepartment.items.every((e: { departmentCode: string }) => e.departmentCode === 'PAX')).toBe(
      true,
    );
    const byGrade = (await get('hradmin', '/api/employees?grade=G3&pageSize=500')).json();
    expect(byGrade.total).toBeGreaterThan(0);
    expect(byGrade.items.every((e: { gradeCode: string }) => e.gradeCode === 'G3')).toBe(true);
    expect((await get('hradmin', '/api/employees?status=TERMINATED')).json().total).toBe(0);
    const forklift = (await get('hradmin', '/api/employees?skill=FORKLIFT&pageSize=500')).json();
    expect(forklift.total).toBe(20);
    const text = (await get('hradmin', '/api/employees?q=E0001')).json();
    expect(text.items.map((e: { employeeNumber: string }) => e.employeeNumber)).toContain('E00010');
    const early = (await get('hradmin', '/api/employees?activeOn=2015-06-01&pageSize=500')).json();
    expect(early.total).toBeGreaterThan(0);
    expect(early.total).toBeLessThan(60);
  });

  it('shows an employee with skills and levels, certifications and groups', async () => {
    const id = await idOf('E00004');
    const response = await get('hradmin', `/api/employees/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"1"');
    const employee = response.json();
    expect(employee.skills.map((s: { skillCode: string }) => s.skillCode)).toEqual([
      'MARSHALLING',
      'PUSHBACK',
    ]);
    expect(employee.skills[0].levelCode).toMatch(/BASIC|INTERMEDIATE|ADVANCED|EXPERT/);
    const codes = employee.certifications
      .map((c: { certificationCode: string }) => c.certificationCode)
      .sort();
    expect(codes).toEqual(['FIRST_AID', 'PUSHBACK_LICENCE']);
    const firstAid = employee.certifications.find(
      (c: { certificationCode: string }) => c.certificationCode === 'FIRST_AID',
    );
    // The demo dates lapsed three days before the day it was seeded; the suite may cross midnight in the
    // unit's time zone after seeding, so the distance is counted from the service's today, not assumed.
    const today = businessDate(new Date(), DEFAULT_TIMEZONE);
    expect(firstAid).toMatchObject({ Status: 'Expired', storedStatus: 'Active' });
    expect(firstAid.expiresOn < today).toBe(true);
    expect(firstAid.daysToExpiry).toBe(daysBetween(today, firstAid.expiresOn) - 1);
    expect(firstAid.daysToExpiry).toBeLessThanOrEqual(-3);
    expect(employee.groups.map((g: { code: string }) => g.code)).toEqual(['RAMP_NIGHT_CREW']);
  });

  it('says where each employee works from: an explicit pool, or else the department’s default pool', async () => {
    const pools = (await get('hradmin', '/api/pools?pageSize=500')).json().items as {
      id: string;
      code: string;
      isDefault: boolean;
      memberCount: number;
    }[];
    const apron = pools.find((pool) => pool.code === 'RAMP-APRON')!;
    const rampDefault = pools.find((pool) => pool.code === 'RAMP-DEFAULT')!;
    const members = (await get('hradmin', `/api/employees?poolId=${apron.id}&pageSize=500`)).json();
    expect(members.total).toBe(apron.memberCount);
    expect(members.total).toBeGreaterThan(0);
    for (const employee of members.items) {
      expect(employee.homePool).toEqual({ id: apron.id, code: 'RAMP-APRON', source: 'explicit' });
    }
    const rest = (await get('hradmin', `/api/employees?poolId=${rampDefault.id}&pageSize=500`)).json();
    expect(rest.total).toBeGreaterThan(0);
    for (const employee of rest.items) {
      expect(employee.homePool).toEqual({
        id: rampDefault.id,
        code: 'RAMP-DEFAULT',
        source: 'department-default',
      });
    }
    const ids = new Set(members.items.map((employee: { id: string }) => employee.id));
    expect(rest.items.some((employee: { id: string }) => ids.has(employee.id))).toBe(false);
    const detail = (await get('hradmin', `/api/employees/${members.items[0].id}`)).json();
    expect(detail.homePool.source).toBe('explicit');
  });

  it('lists each employee with the home pool of their record, and answers a page past the end with the total', async () => {
    const all = (await get('hradmin', '/api/employees?pageSize=500')).json();
    const sources = all.items.map((e: { homePool: { source: string } | null }) => e.homePool?.source);
    expect(new Set(sources)).toEqual(new Set(['explicit', 'department-default']));
    for (const employee of all.items) {
      const detail = (await get('hradmin', `/api/employees/${employee.id}`)).json();
      expect(employee.homePool, employee.employeeNumber).toEqual(detail.homePool);
    }
    const later = (await get('hradmin', '/api/employees?pageSize=7&page=3')).json();
    expect(later.items).toEqual(all.items.slice(14, 21));
    const pastEnd = Math.ceil(all.total / 7) + 1;
    const past = (await get('hradmin', `/api/employees?pageSize=7&page=${pastEnd}`)).json();
    expect(past).toEqual({ items: [], page: pastEnd, pageSize: 7, total: all.total });
  });

  it('answers the caller’s own record at /my, and 404 for an account without one', async () => {
    const mine = await get('manager', '/api/employees/my');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().employeeNumber).toBe('E00001');
    const created = await createReadyUser(t, {
      username: 'no.employee',
      displayName: 'Nobody',
      roles: [{ roleCode: 'PLANNER' }],
    });
    expect(created.statusCode).toBe(201);
    expect((await get('no.employee', '/api/employees/my')).statusCode).toBe(404);
  });

  it('keeps a department-scoped caller to their departments: others are 404 and absent from lists', async () => {
    const scoped = (await get('manager', '/api/employees?pageSize=500')).json();
    expect(scoped.total).toBe(20);
    expect(scoped.items.every((e: { departmentCode: string }) => e.departmentCode === 'RAMP')).toBe(true);
    const paxAgent = await idOf('E00002');
    expect((await get('manager', `/api/employees/${paxAgent}`)).statusCode).toBe(404);
    expect((await get('supervisor', `/api/employees/${paxAgent}`)).statusCode).toBe(404);
    expect((await get('manager', `/api/employees/${await idOf('E00004')}`)).statusCode).toBe(200);
    const skills = (await get('sysadmin', '/api/skills?q=CHECK_IN')).json();
    const holders = (await get('manager', `/api/skills/${skills.items[0].id}/employees`)).json();
    expect(holders.total).toBe(0);
  });

  it('isolates business units: another unit’s employees, skills and groups are 404 and never listed', async () => {
    const mainEmployee = await idOf('E00001');
    expect((await get('north.admin', `/api/employees/${mainEmployee}`)).statusCode).toBe(404);
    const north = (await get('north.admin', '/api/employees?pageSize=500')).json();
    expect(north.total).toBe(5);
    const skill = (await get('sysadmin', '/api/skills?q=FORKLIFT')).json().items[0];
    expect((await get('north.admin', `/api/skills/${skill.id}/employees`)).statusCode).toBe(404);
    expect((await get('north.admin', `/api/skills/${skill.id}/certification-requirements`)).statusCode).toBe(
      404,
    );
    expect((await get('north.admin', '/api/skills')).json().total).toBe(0);
    expect((await get('north.admin', '/api/employee-groups')).json().total).toBe(0);
    expect((await get('north.admin', '/api/certifications/expiring')).json().total).toBe(0);
  });

  it('refuses callers without the permission', async () => {
    expect((await get('employee', '/api/employees')).statusCode).toBe(403);
    expect((await get(null, '/api/employees')).statusCode).toBe(401);
  });

  it('lists production skills with their required certifications and the holders of a skill with levels', async () => {
    const skills = (await get('planner', '/api/skills')).json();
    expect(skills.total).toBe(5);
    const pushback = skills.items.find((s: { code: string }) => s.code === 'PUSHBACK');
    expect(pushback).toMatchObject({
      requiresCertification: true,
      requiredCertifications: ['PUSHBACK_LICENCE'],
    });
    const holders = (await get('planner', `/api/skills/${pushback.id}/employees?pageSize=500`)).json();
    expect(holders.total).toBeGreaterThan(0);
    expect(holders.items[0].levelCode).toBeTruthy();
    const expert = (
      await get('planner', `/api/skills/${pushback.id}/employees?minLevel=EXPERT&pageSize=500`)
    ).json();
    expect(expert.items.every((h: { levelCode: string }) => h.levelCode === 'EXPERT')).toBe(true);
    expect(expert.total).toBeLessThan(holders.total);
    expect((await get('planner', `/api/skills/${pushback.id}/employees?minLevel=NOPE`)).statusCode).toBe(422);
  });

  it('adds and removes certification requirements and toggles requires-certification, shared with the admin group', async () => {
    const skill = (await get('hradmin', '/api/skills?q=CHECK_IN')).json().items[0];
    expect(skill.requiresCertification).toBe(false);
    const url = `/api/skills/${skill.id}/certification-requirements`;
    const added = await t.request('hradmin', { method: 'POST', url, payload: { certificationCode: 'DGR' } });
    expect(added.statusCode).toBe(201);
    expect(added.headers.location).toBe(`${url}/DGR`);
    const again = await t.request('hradmin', { method: 'POST', url, payload: { certificationCode: 'DGR' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CERTIFICATION_REQUIREMENT_EXISTS');
    expect(
      (await get('planner', url)).json().items.map((r: { certificationCode: string }) => r.certificationCode),
    ).toEqual(['DGR']);
    expect(
      (await t.request('planner', { method: 'POST', url, payload: { certificationCode: 'X' } })).statusCode,
    ).toBe(403);

    const toggle = await t.request('hradmin', {
      method: 'PUT',
      url: `/api/skills/${skill.id}/requires-certification`,
      headers: { 'if-match': `"${skill.version}"` },
      payload: { requiresCertification: true },
    });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json()).toMatchObject({ requiresCertification: true, version: skill.version + 1 });
    const admin = (await get('hradmin', `/api/admin/skills/${skill.id}`)).json();
    expect(admin.requiresCertification).toBe(true);
    const stale = await t.request('hradmin', {
      method: 'PUT',
      url: `/api/skills/${skill.id}/requires-certification`,
      headers: { 'if-match': `"${skill.version}"` },
      payload: { requiresCertification: false },
    });
    expect(stale.statusCode).toBe(412);

    expect((await t.request('hradmin', { method: 'DELETE', url: `${url}/DGR` })).statusCode).toBe(204);
    expect((await t.request('hradmin', { method: 'DELETE', url: `${url}/DGR` })).statusCode).toBe(404);
    const audit = (await get('sysadmin', '/api/diagnostics/audit/recent'))
      .json()
      .items.map((e: { action: string }) => e.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'skill.certification_requirement.added',
        'skill.certification_requirement.removed',
        'skill.requires_certification.changed',
      ]),
    );
  });

  it('summarises employees and dumps the skill matrix (diagnostics)', async () => {
    const summary = (await get('sysadmin', '/api/diagnostics/employees/summary')).json();
    expect(summary.total).toBe(60);
    expect(summary.byDepartment).toEqual(
      expect.arrayContaining([
        { key: 'RAMP', count: 20 },
        { key: 'PAX', count: 20 },
        { key: 'CARGO', count: 20 },
      ]),
    );
    expect(summary.byStatus).toEqual([{ key: 'ACTIVE', count: 60 }]);
    const matrix = (await get('sysadmin', '/api/diagnostics/skills/matrix')).json();
    expect(matrix.skills).toEqual(['BOARDING', 'CHECK_IN', 'FORKLIFT', 'MARSHALLING', 'PUSHBACK']);
    expect(matrix.employees[0].employeeNumber).toBe('E00001');
    expect(Object.keys(matrix.employees[0].levels)).toContain('MARSHALLING');
  });
});
