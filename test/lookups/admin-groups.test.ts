import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app.ts';

/** A valid create body per group, so every group goes through the same five operations. */
const GROUPS: { route: string; entity: string; extra: Record<string, unknown> }[] = [
  { route: 'grades', entity: 'grade', extra: {} },
  { route: 'skills', entity: 'skill', extra: { categoryCode: 'RAMP', requiresCertification: true } },
  { route: 'terminals', entity: 'terminal', extra: {} },
  { route: 'node-types', entity: 'node_type', extra: {} },
  {
    route: 'holidays',
    entity: 'holiday',
    extra: { date: '2027-12-01', endDate: '2027-12-02', holidayTypeCode: 'COMPANY' },
  },
  { route: 'demand-reasons', entity: 'demand_reason', extra: {} },
  {
    route: 'shift-templates',
    entity: 'shift_template',
    extra: { startTime: '09:00', endTime: '17:30', paidHours: 7.5 },
  },
  { route: 'attendance-statuses', entity: 'attendance_status', extra: {} },
  { route: 'certification-types', entity: 'certification_type', extra: {} },
];

const body = (code: string, extra: Record<string, unknown>) => ({
  code,
  Name_1_English: `Name of ${code}`,
  Name_2_Arabic: 'اسم',
  description: 'for a test',
  ...extra,
});

async function idByCode(t: TestContext, route: string, code: string, user = 'sysadmin'): Promise<string> {
  const response = await t.request(user, { method: 'GET', url: `/api/admin/${route}?pageSize=500` });
  const row = response.json().items.find((item: { code: string }) => item.code === code);
  if (!row) throw new Error(`${code} not found in ${route}`);
  return row.id;
}

describeEachDatabase('admin lookup groups', (t) => {
  for (const group of GROUPS) {
    it(`runs list, create, read, replace and delete for ${group.route}, audited`, async () => {
      const base = `/api/admin/${group.route}`;
      const created = await t.request('sysadmin', {
        method: 'POST',
        url: base,
        payload: body('TEST-1', group.extra),
      });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json();
      expect(created.headers.location).toBe(`${base}/${record.id}`);
      expect(created.headers.etag).toBe('"1"');
      expect(record).toMatchObject({
        code: 'TEST-1',
        Name_2_Arabic: 'اسم',
        isSystem: false,
        isActive: true,
        version: 1,
      });

      const read = await t.request('sysadmin', { method: 'GET', url: `${base}/${record.id}` });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(record);

      const listed = await t.request('sysadmin', { method: 'GET', url: `${base}?pageSize=500` });
      expect(listed.json().items.map((item: { code: string }) => item.code)).toContain('TEST-1');

      const replaced = await t.request('sysadmin', {
        method: 'PUT',
        url: `${base}/${record.id}`,
        headers: { 'if-match': '"1"' },
        payload: { ...body('TEST-1', group.extra), Name_1_English: 'Renamed', isActive: false },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.headers.etag).toBe('"2"');
      expect(replaced.json()).toMatchObject({ Name_1_English: 'Renamed', isActive: false, version: 2 });

      const inactive = await t.request('sysadmin', {
        method: 'GET',
        url: `${base}?isActive=false&pageSize=500`,
      });
      expect(inactive.json().items.map((item: { code: string }) => item.code)).toContain('TEST-1');

      const removed = await t.request('sysadmin', { method: 'DELETE', url: `${base}/${record.id}` });
      expect(removed.statusCode).toBe(204);
      expect((await t.request('sysadmin', { method: 'GET', url: `${base}/${record.id}` })).statusCode).toBe(
        404,
      );

      const audit = await t.request('sysadmin', {
        method: 'GET',
        url: `/api/audit/events?entityType=${group.entity}&entityId=${record.id}`,
      });
      expect(
        audit
          .json()
          .items.map((event: { action: string }) => event.action)
          .sort(),
      ).toEqual(['lookup.create', 'lookup.delete', 'lookup.update']);
    });
  }

  it('refuses a code taken in the unit with <ENTITY>_CODE_TAKEN, but not one of another unit', async () => {
    const taken = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/grades',
      payload: body('G2', {}),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('GRADE_CODE_TAKEN');
    const terminal = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/terminals',
      payload: body('T1', {}),
    });
    expect(terminal.json().code).toBe('TERMINAL_CODE_TAKEN');
    // NORTH has its own T1 already; MAIN's G2 does not block NORTH.
    const north = await t.request('north.admin', {
      method: 'POST',
      url: '/api/admin/grades',
      payload: body('G2', {}),
    });
    expect(north.statusCode).toBe(201);
  });

  it('keeps the code immutable: a PUT that changes it is 422 CODE_IMMUTABLE, the same code is fine', async () => {
    const id = await idByCode(t, 'terminals', 'T3');
    const changed = await t.request('sysadmin', {
      method: 'PUT',
      url: `/api/admin/terminals/${id}`,
      payload: body('T9', {}),
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({ code: 'CODE_IMMUTABLE', errors: [{ path: '/code' }] });
    const same = await t.request('sysadmin', {
      method: 'PUT',
      url: `/api/admin/terminals/${id}`,
      payload: { Name_1_English: 'Terminal Three', Name_2_Arabic: 'المبنى الثالث' },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ code: 'T3', Name_1_English: 'Terminal Three', description: null });
  });

  it('requires the Arabic name in every group except demand reasons', async () => {
    for (const group of GROUPS.filter((g) => g.route !== 'demand-reasons')) {
      const { Name_2_Arabic: _omitted, ...payload } = body('NO-ARABIC', group.extra);
      const response = await t.request('sysadmin', {
        method: 'POST',
        url: `/api/admin/${group.route}`,
        payload,
      });
      expect(response.statusCode, group.route).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ path: 'body/Name_2_Arabic' }));
    }
    const { Name_2_Arabic: _omitted, ...reason } = body('NO-ARABIC', {});
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/demand-reasons',
      payload: reason,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().Name_2_Arabic).toBeNull();
    const blank = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/grades',
      payload: { ...body('BLANK-AR', {}), Name_2_Arabic: '   ' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('answers 412 on a stale If-Match and leaves the row as it was', async () => {
    const id = await idByCode(t, 'demand-reasons', 'VIP_FLIGHT');
    const stale = await t.request('sysadmin', {
      method: 'PUT',
      url: `/api/admin/demand-reasons/${id}`,
      headers: { 'if-match': '"7"' },
      payload: { Name_1_English: 'Changed' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', currentVersion: 1 });
    const read = await t.request('sysadmin', { method: 'GET', url: `/api/admin/demand-reasons/${id}` });
    expect(read.json()).toMatchObject({ Name_1_English: 'VIP flight', version: 1 });
    expect(read.headers.etag).toBe('"1"');
  });

  it('lets exactly one of simultaneous creates of a code win; the others hear 409, never 500', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('sysadmin', { method: 'POST', url: '/api/admin/skills', payload: body('RACE', {}) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('SKILL_CODE_TAKEN');
  });

  it('lets one of two simultaneous replacements at the same version win; the other is 412', async () => {
    const id = await idByCode(t, 'terminals', 'T1');
    const replace = (name: string) =>
      t.request('sysadmin', {
        method: 'PUT',
        url: `/api/admin/terminals/${id}`,
        headers: { 'if-match': '"1"' },
        payload: { Name_1_English: name, Name_2_Arabic: 'المبنى' },
      });
    const statuses = (await Promise.all([replace('First'), replace('Second')]))
      .map((r) => r.statusCode)
      .sort();
    expect(statuses).toEqual([200, 412]);
  });

  it('protects system rows from change and deletion with <ENTITY>_PROTECTED', async () => {
    const present = await idByCode(t, 'attendance-statuses', 'PRESENT');
    const edit = await t.request('sysadmin', {
      method: 'PUT',
      url: `/api/admin/attendance-statuses/${present}`,
      payload: { Name_1_English: 'Here', Name_2_Arabic: 'هنا' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('ATTENDANCE_STATUS_PROTECTED');
    const remove = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/attendance-statuses/${present}`,
    });
    expect(remove.json().code).toBe('ATTENDANCE_STATUS_PROTECTED');
    const department = await idByCode(t, 'node-types', 'DEPARTMENT');
    const nodeType = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/node-types/${department}`,
    });
    expect(nodeType.statusCode).toBe(409);
    expect(nodeType.json().code).toBe('NODE_TYPE_PROTECTED');
  });

  it('refuses to delete a referenced row with <ENTITY>_REFERENCED, naming the referencing tables', async () => {
    // Demo employees carry grades G2–G5; G1 is unused.
    const g2 = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/grades/${await idByCode(t, 'grades', 'G2')}`,
    });
    expect(g2.statusCode).toBe(409);
    // The demo's labour rates are per grade too (issue 36).
    expect(g2.json()).toMatchObject({
      code: 'GRADE_REFERENCED',
      referencedBy: [{ table: 'employees' }, { table: 'labour_rates' }],
    });
    const morning = await idByCode(t, 'shift-templates', 'MORNING');
    const template = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/shift-templates/${morning}`,
    });
    expect(template.json()).toMatchObject({
      code: 'SHIFT_TEMPLATE_REFERENCED',
      // The demo's demand plan and template use it too.
      referencedBy: expect.arrayContaining([expect.objectContaining({ table: 'shift_pattern_days' })]),
    });
    const g1 = await t.request('sysadmin', {
      method: 'DELETE',
      url: `/api/admin/grades/${await idByCode(t, 'grades', 'G1')}`,
    });
    expect(g1.statusCode).toBe(204);
  });

  it('finds references from tables it has never heard of, through the foreign keys', async () => {
    await t.database.db.execute(
      'create table later_area_rows (id serial primary key, terminal_id uuid references terminals(id))',
    );
    const t2 = await idByCode(t, 'terminals', 'T2');
    await t.database.db.execute(`insert into later_area_rows (terminal_id) values ('${t2}')`);
    const response = await t.request('sysadmin', { method: 'DELETE', url: `/api/admin/terminals/${t2}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TERMINAL_REFERENCED',
      referencedBy: expect.arrayContaining([expect.objectContaining({ table: 'later_area_rows', rows: 1 })]),
    });
  });

  it("answers 404 for another unit's row on every operation", async () => {
    const mainGrade = await idByCode(t, 'grades', 'G3');
    for (const method of ['GET', 'DELETE'] as const) {
      const response = await t.request('north.admin', { method, url: `/api/admin/grades/${mainGrade}` });
      expect(response.statusCode).toBe(404);
    }
    const put = await t.request('north.admin', {
      method: 'PUT',
      url: `/api/admin/grades/${mainGrade}`,
      payload: { Name_1_English: 'Mine', Name_2_Arabic: 'لي' },
    });
    expect(put.statusCode).toBe(404);
    const list = await t.request('north.admin', { method: 'GET', url: '/api/admin/terminals' });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ code: 'T1', Name_1_English: 'North Terminal' }],
    });
  });

  it('rejects unknown fields, wrong types and malformed ids with 400', async () => {
    const cases = [
      { ...body('X1', {}), colour: 'red' },
      { ...body('X1', {}), isActive: 'sometimes' },
      { ...body('x-lower', {}) },
      { Name_1_English: 'No code', Name_2_Arabic: 'بلا رمز' },
      { ...body('X1', {}), isSystem: true },
      // PostgreSQL refuses NUL in text; the schema turns it away first.
      { ...body('X1', {}), Name_1_English: 'a\u0000b' },
    ];
    for (const payload of cases) {
      const response = await t.request('sysadmin', { method: 'POST', url: '/api/admin/grades', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const badId = await t.request('sysadmin', { method: 'GET', url: '/api/admin/grades/not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    const badTime = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/shift-templates',
      payload: body('LATE', { startTime: '24:00', endTime: '08:00' }),
    });
    expect(badTime.statusCode).toBe(400);
    // Year 0 exists in ISO 8601 but not in PostgreSQL: business dates keep to 2000–2100.
    for (const date of ['0000-01-01', '2027-02-30', '12027-01-01']) {
      const holiday = await t.request('sysadmin', {
        method: 'POST',
        url: '/api/admin/holidays',
        payload: body('ODD-DATE', { date }),
      });
      expect(holiday.statusCode, date).toBe(400);
    }
  });

  it('answers 422 for unknown referenced codes and broken group rules', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['holidays', body('H1', { date: '2027-01-01', holidayTypeCode: 'NOPE' }), 'HOLIDAY_TYPE_UNKNOWN'],
      ['holidays', body('H1', { date: '2027-01-05', endDate: '2027-01-04' }), 'HOLIDAY_RANGE_INVALID'],
      [
        'shift-templates',
        body('S1', { startTime: '08:00', endTime: '16:00', shiftTypeCode: 'NOPE' }),
        'SHIFT_TYPE_UNKNOWN',
      ],
      ['shift-templates', body('S1', { startTime: '08:00', endTime: '08:00' }), 'SHIFT_TEMPLATE_INVALID'],
      [
        'shift-templates',
        body('S1', { startTime: '08:00', endTime: '12:00', paidHours: 5 }),
        'SHIFT_TEMPLATE_INVALID',
      ],
      ['shift-templates', body('OFF', { startTime: '08:00', endTime: '12:00' }), 'CODE_RESERVED'],
      ['skills', body('K1', { categoryCode: 'NOPE' }), 'SKILL_CATEGORY_UNKNOWN'],
    ];
    for (const [route, payload, code] of cases) {
      const response = await t.request('sysadmin', { method: 'POST', url: `/api/admin/${route}`, payload });
      expect(response.statusCode, code).toBe(422);
      expect(response.json().code).toBe(code);
    }
  });

  it('models a night template across midnight and defaults paid hours to its length', async () => {
    const created = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/shift-templates',
      payload: body('LATE-NIGHT', { startTime: '23:30', endTime: '07:00', shiftTypeCode: 'NIGHT' }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      crossesMidnight: true,
      durationHours: 7.5,
      paidHours: 7.5,
      shiftTypeCode: 'NIGHT',
    });
    const holiday = await t.request('sysadmin', {
      method: 'POST',
      url: '/api/admin/holidays',
      payload: body('ONE-DAY', { date: '2027-10-10' }),
    });
    expect(holiday.json()).toMatchObject({
      date: '2027-10-10',
      endDate: '2027-10-10',
      days: 1,
      holidayTypeCode: null,
    });
  });

  it('gates reads with <entity>.view and writes with <entity>.config', async () => {
    expect((await t.request('employee', { method: 'GET', url: '/api/admin/grades' })).statusCode).toBe(403);
    expect((await t.request('hrdirector', { method: 'GET', url: '/api/admin/grades' })).statusCode).toBe(200);
    const denied = await t.request('hrdirector', {
      method: 'POST',
      url: '/api/admin/grades',
      payload: body('HD', {}),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().permission).toBe('grade.config');
    const planner = await t.request('planner', {
      method: 'POST',
      url: '/api/admin/demand-reasons',
      payload: { code: 'PLANNED', Name_1_English: 'Planned by the planner' },
    });
    expect(planner.statusCode).toBe(201);
    expect((await t.request(null, { method: 'GET', url: '/api/admin/grades' })).statusCode).toBe(401);
  });
});
