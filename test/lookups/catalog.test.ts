import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

const ROUTES = [
  'departments',
  'nodes',
  'terminals',
  'employee-statuses',
  'holiday-types',
  'skill-categories',
  'skill-levels',
  'demand-reasons',
  'certification-types',
];

const codes = (body: { items: { code: string }[] }) => body.items.map((item) => item.code);

describeEachDatabase('read-only lookups', (t) => {
  it('answers every lookup to any signed-in caller, paged, and nobody anonymous', async () => {
    for (const route of ROUTES) {
      const response = await t.request('employee', { method: 'GET', url: `/api/lookups/${route}` });
      expect(response.statusCode, route).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ page: 1, pageSize: 50 });
      expect(body.total, route).toBeGreaterThan(0);
      expect((await t.request(null, { method: 'GET', url: `/api/lookups/${route}` })).statusCode).toBe(401);
    }
  });

  it('lists as departments only the department nodes, with their parent', async () => {
    const response = await t.request('employee', { method: 'GET', url: '/api/lookups/departments' });
    expect(codes(response.json())).toEqual(['CARGO', 'PAX', 'RAMP']);
    expect(response.json().items[0]).toMatchObject({
      nodeTypeCode: 'DEPARTMENT',
      parentCode: 'MAIN-HQ',
      Name_2_Arabic: 'الشحن',
    });
  });

  it('lists the whole tree under nodes and filters it by node type', async () => {
    const all = await t.request('employee', { method: 'GET', url: '/api/lookups/nodes' });
    expect(codes(all.json())).toEqual(['CARGO', 'MAIN-HQ', 'PAX', 'RAMP']);
    const root = all.json().items.find((item: { code: string }) => item.code === 'MAIN-HQ');
    expect(root).toMatchObject({ nodeTypeCode: 'COMPANY', parentId: null, parentCode: null });
    const companies = await t.request('employee', {
      method: 'GET',
      url: '/api/lookups/nodes?nodeTypeCode=COMPANY',
    });
    expect(codes(companies.json())).toEqual(['MAIN-HQ']);
  });

  it('shows each unit only its own rows', async () => {
    const departments = await t.request('north.admin', { method: 'GET', url: '/api/lookups/departments' });
    expect(codes(departments.json())).toEqual(['RAMP']);
    const reasons = await t.request('north.admin', { method: 'GET', url: '/api/lookups/demand-reasons' });
    expect(reasons.json().total).toBe(0);
    // System rows exist in every unit.
    const statuses = await t.request('north.admin', { method: 'GET', url: '/api/lookups/employee-statuses' });
    expect(codes(statuses.json())).toContain('ACTIVE');
  });

  it('orders skill levels by rank and keeps optional Arabic names null', async () => {
    const levels = await t.request('employee', { method: 'GET', url: '/api/lookups/skill-levels' });
    const ranked = [...levels.json().items].sort((a, b) => a.rank - b.rank).map((item) => item.code);
    expect(ranked).toEqual(['BASIC', 'INTERMEDIATE', 'ADVANCED', 'EXPERT']);
    const reasons = await t.request('employee', { method: 'GET', url: '/api/lookups/demand-reasons' });
    const irregular = reasons.json().items.find((item: { code: string }) => item.code === 'IRREGULAR_OPS');
    expect(irregular.Name_2_Arabic).toBeNull();
  });

  it('filters on isActive and pages', async () => {
    const page = await t.request('employee', {
      method: 'GET',
      url: '/api/lookups/terminals?pageSize=2&page=2',
    });
    expect(page.json()).toMatchObject({ page: 2, pageSize: 2, total: 3, items: [{ code: 'T3' }] });
    const inactive = await t.request('employee', {
      method: 'GET',
      url: '/api/lookups/terminals?isActive=false',
    });
    expect(inactive.json().total).toBe(0);
    const bad = await t.request('employee', { method: 'GET', url: '/api/lookups/terminals?pageSize=501' });
    expect(bad.statusCode).toBe(400);
  });

  it('offers no way to write', async () => {
    const response = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/lookups/terminals',
      payload: { code: 'T9', Name_1_English: 'Nine', Name_2_Arabic: 'تسعة' },
    });
    expect(response.statusCode).toBe(404);
    const writes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/lookups/') && route.method !== 'GET',
    );
    expect(writes).toEqual([]);
  });
});
