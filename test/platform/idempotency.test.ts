import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { addDays } from '../../src/core/time/dates.ts';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';
import { departmentId } from '../helpers/roster.ts';

/** A demand plan of the cargo department in a year nothing else plans. */
const createPlan = async (t: TestContext, key: string | null, name: string, from = '2041-03-01') =>
  t.request('planner', {
    method: 'POST',
    url: '/api/demand/plans',
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: { name, departmentId: await departmentId(t, 'CARGO'), from, to: addDays(from, 6) },
  });

const plansNamed = async (t: TestContext, name: string) =>
  (await queryRows<{ id: string }>(t.database.db, sql`select id from demand_plans where name = ${name}`)).map(
    (row) => row.id,
  );

const archive = (t: TestContext, id: string) =>
  t.request('planner', { method: 'PATCH', url: `/api/demand/plans/${id}`, payload: { status: 'Archived' } });

describeEachDatabase('Idempotency-Key on creates', (t) => {
  it('answers a retry with the first answer and creates once', async () => {
    const first = await createPlan(t, 'double-click-1', 'Idempotent plan');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createPlan(t, 'double-click-1', 'Idempotent plan');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    expect(await plansNamed(t, 'Idempotent plan')).toEqual([first.json().id]);
    await archive(t, first.json().id);
  });

  it('refuses the same key with another request, and writes nothing', async () => {
    const first = await createPlan(t, 'reused-key', 'First of a key');
    expect(first.statusCode).toBe(201);
    const other = await createPlan(t, 'reused-key', 'Second of a key', '2041-04-01');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await plansNamed(t, 'Second of a key')).toEqual([]);
    await archive(t, first.json().id);
  });

  it('keeps no failed answer: the retry of a refused create runs again', async () => {
    const blocking = await createPlan(t, null, 'Blocking plan', '2041-05-01');
    expect(blocking.statusCode).toBe(201);
    const refused = await createPlan(t, 'after-refusal', 'Blocked plan', '2041-05-01');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DEMAND_PLAN_OVERLAP');
    await archive(t, blocking.json().id);
    const retried = await createPlan(t, 'after-refusal', 'Blocked plan', '2041-05-01');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    await archive(t, retried.json().id);
  });

  it('creates once when the same key arrives twice at the same moment', async () => {
    const answers = await Promise.all([
      createPlan(t, 'same-moment', 'Concurrent plan', '2041-06-01'),
      createPlan(t, 'same-moment', 'Concurrent plan', '2041-06-01'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second waits for nothing: it is either the first's answer replayed or told the first still runs.
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await plansNamed(t, 'Concurrent plan')).toHaveLength(1);
    await archive(t, (await plansNamed(t, 'Concurrent plan'))[0]!);
  });

  it("keeps one caller's keys apart from another's and refuses a malformed key", async () => {
    const mine = await createPlan(t, 'shared-word', 'Keys apart', '2041-07-01');
    expect(mine.statusCode).toBe(201);
    await archive(t, mine.json().id);
    const hers = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/demand/plans',
      headers: { 'idempotency-key': 'shared-word' },
      payload: {
        name: 'Keys apart',
        departmentId: await departmentId(t, 'CARGO'),
        from: '2041-07-01',
        to: '2041-07-07',
      },
    });
    expect(hers.statusCode, hers.body).toBe(201);
    expect(hers.headers['idempotent-replayed']).toBeUndefined();
    expect(hers.json().id).not.toBe(mine.json().id);
    await archive(t, hers.json().id);
    const malformed = await createPlan(t, 'spaces are not allowed', 'Malformed key', '2041-08-01');
    expect(malformed.statusCode).toBe(400);
    expect(await plansNamed(t, 'Malformed key')).toEqual([]);
  });

  it('documents the header on every signed-in POST with a JSON body', async () => {
    const document = (await t.request(null, { method: 'GET', url: '/swagger/json' })).json();
    const posts = t.app.routeTable.filter((route) => route.method === 'POST' && route.auth !== 'open');
    const undocumented = [];
    for (const route of posts) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[path].post;
      const upload = Boolean(operation.requestBody?.content?.['multipart/form-data']);
      const parameters = (operation.parameters ?? []).map((parameter: { $ref?: string; name?: string }) =>
        parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop()!] : parameter,
      );
      const documented = parameters.some(
        (parameter: { name: string }) => parameter.name === 'Idempotency-Key',
      );
      if (documented === upload) undocumented.push(`${route.operationId} (upload: ${upload})`);
    }
    expect(posts.length).toBeGreaterThan(30);
    expect(undocumented).toEqual([]);
  });
});
