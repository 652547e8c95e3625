import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

/** A versioned write to try with a stale version: where, as whom, with what body, and where it is read. */
interface StaleCase {
  as: string;
  url: string;
  payload?: Record<string, unknown>;
  /** The resource's read, whose `version` must be the same after the refused write. */
  read: string;
}

type Json = Record<string, unknown> & { id: string; version: number };

const body = async (t: TestContext, username: string, url: string) => {
  const response = await t.request(username, { method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const first = async (t: TestContext, username: string, url: string): Promise<Json> =>
  (await body(t, username, url)).items[0];
const pick = (record: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));

/**
 * Issue 50: If-Match is honoured by one core mechanism declared on the route (`config.versioned`).
 * Every route the route table marks versioned has a case here, and each refuses a stale version with
 * 412, changing nothing.
 */
const cases: Record<string, (t: TestContext) => Promise<StaleCase>> = {
  'PATCH /api/settings': async () => ({
    as: 'sysadmin',
    url: '/api/settings',
    payload: { 'lockout.minutes': 20 },
    read: '/api/settings',
  }),
  'PATCH /api/me/profile': async () => ({
    as: 'planner',
    url: '/api/me/profile',
    payload: { displayName: 'Stale Planner' },
    read: '/api/me/profile',
  }),
  'PATCH /api/users/:id': async (t) => {
    const user = await first(t, 'sysadmin', '/api/users?q=coo');
    return {
      as: 'sysadmin',
      url: `/api/users/${user.id}`,
      payload: { displayName: 'Stale' },
      read: `/api/users/${user.id}`,
    };
  },
  'PATCH /api/roles/:id': async (t) => {
    // System roles refuse every change (409 before any version): a role of the unit's own.
    const made = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/roles',
      payload: { code: 'STALE_CASE', name: 'Stale case', permissions: ['roster.view'] },
    });
    const role = made.json();
    return {
      as: 'sysadmin',
      url: `/api/roles/${role.id}`,
      payload: { description: 'Stale' },
      read: `/api/roles/${role.id}`,
    };
  },
  ...Object.fromEntries(
    [
      'grades',
      'skills',
      'terminals',
      'node-types',
      'holidays',
      'demand-reasons',
      'shift-templates',
      'attendance-statuses',
      'certification-types',
    ].map((group) => [
      `PUT /api/admin/${group}/:id`,
      async (t: TestContext) => {
        const records: Json[] = (await body(t, 'sysadmin', `/api/admin/${group}?pageSize=200`)).items;
        // System rows refuse every change (409 before any version): one of the unit's own.
        const own =
          records.find((row) => !row.isSystem) ??
          (
            await t.request('sysadmin', {
              method: 'POST',
              url: `/api/admin/${group}`,
              payload: { code: 'STALE_CASE', Name_1_English: 'Stale case', Name_2_Arabic: 'حالة قديمة' },
            })
          ).json();
        const record = own as Json;
        return {
          as: 'sysadmin',
          url: `/api/admin/${group}/${record.id}`,
          payload: await replacementOf(t, 'PUT', `/api/admin/${group}/{id}`, record),
          read: `/api/admin/${group}/${record.id}`,
        };
      },
    ]),
  ),
  'PUT /api/skills/:id/requires-certification': async (t) => {
    const skill = await first(t, 'hradmin', '/api/skills');
    return {
      as: 'hradmin',
      url: `/api/skills/${skill.id}/requires-certification`,
      payload: { requiresCertification: Boolean(skill.requiresCertification) },
      read: `/api/admin/skills/${skill.id}`,
    };
  },
  ...Object.fromEntries(
    (['PUT', 'DELETE', 'PUT status'] as const).map((kind) => [
      kind === 'PUT status'
        ? 'PUT /api/employees/:id/certifications/:certId/status'
        : `${kind} /api/employees/:id/certifications/:certId`,
      async (t: TestContext) => {
        const certification: Json & { employeeId: string } = (
          await body(t, 'hradmin', '/api/certifications/expiring?withinDays=3650')
        ).items[0].certification;
        const url = `/api/employees/${certification.employeeId}/certifications/${certification.id}`;
        const payload =
          kind === 'PUT'
            ? await replacementOf(t, 'PUT', '/api/employees/{id}/certifications/{certId}', certification)
            : kind === 'PUT status'
              ? { Status: 'Suspended' }
              : undefined;
        return {
          as: 'hradmin',
          url: kind === 'PUT status' ? `${url}/status` : url,
          payload,
          read: `/api/employees/${certification.employeeId}/certifications`,
        };
      },
    ]),
  ),
  ...Object.fromEntries(
    (['PATCH', 'DELETE'] as const).map((method) => [
      `${method} /api/employee-groups/:id`,
      async (t: TestContext) => {
        const group = await first(t, 'hradmin', '/api/employee-groups');
        return {
          as: 'hradmin',
          url: `/api/employee-groups/${group.id}`,
          payload: method === 'PATCH' ? { Name_1_English: 'Stale' } : undefined,
          read: `/api/employee-groups/${group.id}`,
        };
      },
    ]),
  ),
  'PATCH /api/pools/:id': async (t) => {
    const pool = await first(t, 'manager', '/api/pools');
    return {
      as: 'manager',
      url: `/api/pools/${pool.id}`,
      payload: { description: 'Stale' },
      read: `/api/pools/${pool.id}`,
    };
  },
  'PATCH /api/pool-lending-rules/:id': async (t) => {
    const rule = await first(t, 'sysadmin', '/api/pool-lending-rules');
    return {
      as: 'sysadmin',
      url: `/api/pool-lending-rules/${rule.id}`,
      payload: { maxPerDay: 3 },
      read: `/api/pool-lending-rules/${rule.id}`,
    };
  },
  'PATCH /api/demand/plans/:id': async (t) => {
    const plan = await first(t, 'planner', '/api/demand/plans');
    return {
      as: 'planner',
      url: `/api/demand/plans/${plan.id}`,
      payload: { cells: [] },
      read: `/api/demand/plans/${plan.id}`,
    };
  },
  'PATCH /api/demand/templates/:id': async (t) => {
    const template = await first(t, 'planner', '/api/demand/templates');
    return {
      as: 'planner',
      url: `/api/demand/templates/${template.id}`,
      payload: { name: 'Stale' },
      read: `/api/demand/templates/${template.id}`,
    };
  },
  ...Object.fromEntries(
    (['approve', 'reject', 'cancel'] as const).map((action) => [
      `PATCH /api/leave-requests/:id/${action}`,
      async (t: TestContext) => {
        const request = await pendingLeave(t);
        return {
          as: action === 'cancel' ? 'employee' : 'supervisor',
          url: `/api/leave-requests/${request.id}/${action}`,
          payload: action === 'cancel' ? undefined : { comment: 'Stale decision' },
          read: `/api/leave-requests/${request.id}`,
        };
      },
    ]),
  ),
  'PUT /api/admin/attendance/:id': async (t) => {
    const record = await first(t, 'hrdirector', '/api/attendance/all?pageSize=1');
    return {
      as: 'hrdirector',
      url: `/api/admin/attendance/${record.id}`,
      payload: pick(record, ['Time_In', 'Time_Out', 'statusCode']),
      read: `/api/attendance/${record.id}`,
    };
  },
  'PATCH /api/labour-rates/:id': async (t) => {
    const rate = await first(t, 'sysadmin', '/api/labour-rates');
    return {
      as: 'sysadmin',
      url: `/api/labour-rates/${rate.id}`,
      payload: pick(rate, ['hourlyRate']),
      read: `/api/labour-rates/${rate.id}`,
    };
  },
  'PUT /api/labour-premiums/:kind': async (t) => {
    const premiums: (Json & { kind: string })[] = (await body(t, 'sysadmin', '/api/labour-premiums')).items;
    const premium = premiums[0]!;
    return {
      as: 'sysadmin',
      url: `/api/labour-premiums/${premium.kind}`,
      payload: await replacementOf(t, 'PUT', '/api/labour-premiums/{kind}', premium),
      read: '/api/labour-premiums',
    };
  },
  'PATCH /api/labour-budgets/:id': async (t) => {
    const budget = await first(t, 'sysadmin', '/api/labour-budgets');
    return {
      as: 'sysadmin',
      url: `/api/labour-budgets/${budget.id}`,
      payload: { note: 'Stale' },
      read: `/api/labour-budgets/${budget.id}`,
    };
  },
};

/**
 * A replacement body made of what the resource's read shows, limited to the fields the operation's
 * request schema names (read from the OpenAPI document): a valid PUT that would change nothing.
 */
async function replacementOf(
  t: TestContext,
  method: 'PUT',
  path: string,
  record: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
  const reference: string =
    document.paths[path][method.toLowerCase()].requestBody.content['application/json'].schema.$ref;
  const schema = document.components.schemas[reference.split('/').pop()!];
  return pick(record, Object.keys(schema.properties ?? {}));
}

/** Days ahead already taken by a case's leave request: each case gets its own day, so none overlaps. */
let leaveDaysTaken = 0;

/** A leave request of the demo employee waiting at step 1, made for the case. */
async function pendingLeave(t: TestContext): Promise<Json> {
  leaveDaysTaken += 1;
  const day = 200 + leaveDaysTaken;
  const from = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  const made = await t.request('employee', {
    method: 'POST',
    url: '/api/leave-requests',
    payload: { from, to: from, comment: 'If-Match case' },
  });
  if (made.statusCode !== 201) throw new Error(`leave: ${made.statusCode} ${made.body}`);
  return made.json();
}

/** The version a read shows: the resource's own, or the one of `id` in a list. */
const versionIn = (read: Record<string, unknown>, url: string): unknown => {
  const items = (read.items as Json[] | undefined) ?? null;
  if (!items) return read.version;
  return items.map((item) => item.version).join(',') + url;
};

describeEachDatabase('If-Match on every versioned write', (t) => {
  it('has a stale-version case for every route declared versioned, and for nothing else', () => {
    const versioned = t.app.routeTable
      .filter((route) => route.versioned)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(versioned.length).toBeGreaterThan(20);
    expect(Object.keys(cases).sort()).toEqual(versioned);
  });

  it('refuses a stale version with 412 on every versioned write, and changes nothing', async () => {
    const failures: string[] = [];
    for (const [route, make] of Object.entries(cases)) {
      const method = route.split(' ')[0] as 'PUT';
      const stale = await make(t);
      const before = versionIn(await body(t, stale.as, stale.read), stale.read);
      const response = await t.request(stale.as, {
        method,
        url: stale.url,
        headers: { 'if-match': '"987654"' },
        ...(stale.payload ? { payload: stale.payload } : {}),
      });
      const after = versionIn(await body(t, stale.as, stale.read), stale.read);
      if (response.statusCode !== 412 || response.json().code !== 'PRECONDITION_FAILED')
        failures.push(
          `${route}: ${response.statusCode} ${response.body.slice(0, 200)} ${JSON.stringify(response.json().errors ?? '')}`,
        );
      else if (before !== after) failures.push(`${route}: the version moved from ${before} to ${after}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a malformed If-Match with 400 before anything else', async () => {
    const response = await t.request('planner', {
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { 'if-match': 'version three' },
      payload: { displayName: 'Planner' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

it('answers 500 outside production when a versioned write succeeds without reading its If-Match', async () => {
  const { default: Fastify } = await import('fastify');
  const { registerVersioning, expectedVersionOf } = await import('../../src/core/http/versioning.ts');
  const app = Fastify();
  registerVersioning(app, false);
  app.patch('/forgets', { config: { versioned: true } }, async () => ({ version: 2 }));
  app.patch('/honours', { config: { versioned: true } }, async (request) => ({
    version: expectedVersionOf(request) ?? 1,
  }));
  const forgets = await app.inject({ method: 'PATCH', url: '/forgets', headers: { 'if-match': '"1"' } });
  expect(forgets.statusCode).toBe(500);
  const honours = await app.inject({ method: 'PATCH', url: '/honours', headers: { 'if-match': '"1"' } });
  expect(honours.statusCode).toBe(200);
  expect(honours.headers.etag).toBe('"1"');
  // Without If-Match there is nothing to honour.
  expect((await app.inject({ method: 'PATCH', url: '/forgets' })).statusCode).toBe(200);
  await app.close();
});
