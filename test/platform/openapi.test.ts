import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app.ts';

/** Path prefixes of the areas built so far: each of their operations in the spec must be registered. */
const BUILT_AREAS = [
  '/api/auth/',
  '/api/me/profile',
  '/api/me/login-history',
  '/api/users',
  '/api/roles',
  '/api/permissions',
  '/api/health',
  '/api/settings',
  '/api/audit/',
  '/api/diagnostics/auth/',
  '/api/diagnostics/audit/',
  // A prefix ending in `$` names one path exactly.
  '/api/employees$',
  '/api/employees/{}$',
  '/api/employees/my',
  '/api/employees/me/',
  '/api/employees/{}/certifications',
  '/api/skills',
  '/api/certifications',
  '/api/employee-groups',
  '/api/diagnostics/certifications/',
  '/api/diagnostics/employees/',
  '/api/diagnostics/skills/',
  '/api/imports/',
  '/api/pools',
  '/api/pool-lending-rules',
  '/api/demand/',
  '/api/leave-requests',
  '/api/diagnostics/approval-matrix/',
  '/api/allocation-runs',
  '/api/shift-assignments',
  '/api/employees/{}/shift-',
  '/api/admin/equalization',
  '/api/admin/roster',
  '/api/admin/published-rosters',
  '/api/me/roster',
  '/api/attendance/',
  '/api/admin/attendance/',
  '/api/me/attendance',
  '/api/admin/reconciliation/',
  '/api/dashboard/',
  '/api/me/calendar-feed',
  '/api/calendar-feeds/',
  '/api/me/shift-swap',
  '/api/me/live-shifts',
  '/api/shift-swaps',
];

const inArea = (path: string, prefix: string) =>
  prefix.endsWith('$') ? path === prefix.slice(0, -1) : path.startsWith(prefix);

const specOperations = readFileSync(new URL('../fixtures/operations.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'));

const operationOf = (method: string, url: string) => `${method} ${url.replace(/:[A-Za-z]+/g, '{}')}`;

describeEachDatabase('OpenAPI document', (t) => {
  it('validates as OpenAPI 3.1 and is served at /swagger/json, with the UI at /swagger', async () => {
    const response = await t.request(null, { method: 'GET', url: '/swagger/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    const ui = await t.request(null, { method: 'GET', url: '/swagger/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('documents every route with a tag, a summary, its permission, security and error responses', async () => {
    const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
    for (const route of t.app.routeTable) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation.tags?.length).toBeGreaterThan(0);
      expect(operation.summary).toBeTruthy();
      expect(operation['x-permission']).toBe(route.auth);
      expect(operation.responses['500']).toBeDefined();
      if (route.auth !== 'open') {
        // The bearer token is the document's default requirement; only open operations override it.
        expect(operation.security ?? document.security).toEqual([{ bearerAuth: [] }]);
        expect(operation.responses['401']).toBeDefined();
      }
      if (route.auth !== 'open' && route.auth !== 'auth') expect(operation.responses['403']).toBeDefined();
    }
  });

  it('names shared parameters, answers and schemas as a person would: no numbered twins, none over 45 characters (issue 54)', async () => {
    const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
    const names = ['parameters', 'responses', 'schemas'].flatMap((kind) =>
      Object.keys(document.components[kind] ?? {}).map((name) => `${kind}.${name}`),
    );
    expect(names.filter((name) => /[A-Za-z]\d+$/.test(name) || name.split('.')[1]!.length > 45)).toEqual([]);
  });

  it('registers every operation of the built areas and nothing the spec does not list', () => {
    const registered = new Set(
      t.app.routeTable.map((route) => operationOf(route.method, route.url).toLowerCase()),
    );
    const missing = specOperations.filter(
      (operation) =>
        BUILT_AREAS.some((prefix) => inArea(operation.split(' ')[1]!, prefix)) &&
        !registered.has(operation.toLowerCase()),
    );
    expect(missing).toEqual([]);
    const spec = new Set(specOperations.map((operation) => operation.toLowerCase()));
    const extra = [...registered].filter((operation) => !spec.has(operation));
    expect(extra).toEqual([]);
  });
});
