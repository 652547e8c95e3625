import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { openXlsx, writeXlsx, type XlsxCell } from '../../src/core/xlsx/index.ts';
import {
  CERTIFICATION_COLUMNS,
  EMPLOYEE_COLUMNS,
  SKILL_COLUMNS,
} from '../../src/modules/imports/workbook.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { upload, waitForJob } from '../helpers/workbooks.ts';

/** An import workbook with the EmployeeCertifications sheet (issue 40). */
async function onboardingWorkbook(
  employees: readonly (readonly XlsxCell[])[],
  certifications: readonly (readonly XlsxCell[])[],
  skills: readonly (readonly XlsxCell[])[] = [],
): Promise<Buffer> {
  return (await writeXlsx([
    { name: 'Employees', columns: EMPLOYEE_COLUMNS.map((header) => ({ header })), rows: employees },
    { name: 'EmployeeSkills', columns: SKILL_COLUMNS.map((header) => ({ header })), rows: skills },
    {
      name: 'EmployeeCertifications',
      columns: CERTIFICATION_COLUMNS.map((header) => ({ header })),
      rows: certifications,
    },
  ]))!;
}

describeEachDatabase('the certification catalogue, duplicates and delete (issue 40)', (t) => {
  const get = (user: string | null, url: string) => t.request(user, { method: 'GET', url });
  const send = (
    user: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    version?: number,
  ) =>
    t.request(user, {
      method,
      url,
      payload,
      headers: version === undefined ? {} : { 'if-match': `"${version}"` },
    });
  const idOf = async (number: string) => {
    const page = (await get('sysadmin', `/api/employees?q=${number}`)).json();
    return page.items.find((e: { employeeNumber: string }) => e.employeeNumber === number).id as string;
  };
  const certificationsOf = async (number: string) =>
    (await get('hradmin', `/api/employees/${await idOf(number)}/certifications?pageSize=500`)).json()
      .items as { id: string; certificationCode: string; issuedOn: string; expiresOn: string | null }[];
  const recentAudit = async () =>
    (await get('sysadmin', '/api/diagnostics/audit/recent')).json().items as {
      action: string;
      entityId: string | null;
      details: Record<string, unknown>;
    }[];

  it('normalises a code (trimmed, upper case), then refuses the same code over overlapping dates with 409', async () => {
    const url = `/api/employees/${await idOf('E00020')}/certifications`;
    const created = await send('hradmin', 'POST', url, {
      certificationCode: '  dgr ',
      issuedOn: '2026-01-01',
      expiresOn: '2027-12-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().certificationCode).toBe('DGR');
    for (const certificationCode of ['DGR', 'dgr', ' Dgr']) {
      const again = await send('hradmin', 'POST', url, { certificationCode, issuedOn: '2026-06-01' });
      expect(again.statusCode, certificationCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'CERTIFICATION_DUPLICATE',
        existing: { id: created.json().id, certificationCode: 'DGR', issuedOn: '2026-01-01' },
      });
    }
    const codes = (await certificationsOf('E00020')).filter((c) => c.certificationCode === 'DGR');
    expect(codes).toHaveLength(1);
  });

  it('refuses a misspelled code with 422 CERTIFICATION_UNKNOWN saying where the valid codes are', async () => {
    const url = `/api/employees/${await idOf('E00021')}/certifications`;
    const misspelled = await send('hradmin', 'POST', url, {
      certificationCode: 'FIRST_AIID',
      issuedOn: '2026-01-01',
    });
    expect(misspelled.statusCode).toBe(422);
    expect(misspelled.json().code).toBe('CERTIFICATION_UNKNOWN');
    expect(misspelled.json().detail).toContain('/api/lookups/certification-types');
    expect(misspelled.json().errors).toEqual([
      { path: '/certificationCode', message: 'unknown code "FIRST_AIID"' },
    ]);
    // The catalogue any signed-in caller reads lists the valid codes.
    const catalogue = (await get('employee', '/api/lookups/certification-types?pageSize=100')).json();
    expect(catalogue.items.map((item: { code: string }) => item.code)).toEqual(
      expect.arrayContaining(['AVSEC', 'DGR', 'FIRST_AID', 'FORKLIFT_LICENCE', 'PUSHBACK_LICENCE']),
    );
    // A skill's requirement is checked and normalised the same way.
    const skills = (await get('hradmin', '/api/skills?q=MARSHALLING')).json().items;
    const requirements = `/api/skills/${skills[0].id}/certification-requirements`;
    const unknown = await send('hradmin', 'POST', requirements, { certificationCode: 'AVSECC' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('CERTIFICATION_UNKNOWN');
    const lower = await send('hradmin', 'POST', requirements, { certificationCode: ' avsec' });
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().certificationCode).toBe('AVSEC');
  });

  it('takes a code an administrator adds to the catalogue, and no longer one deactivated', async () => {
    const created = await send('hradmin', 'POST', '/api/admin/certification-types', {
      code: 'DEICING',
      Name_1_English: 'Aircraft de-icing',
      Name_2_Arabic: 'إزالة الجليد عن الطائرات',
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/employees/${await idOf('E00022')}/certifications`;
    expect(
      (await send('hradmin', 'POST', url, { certificationCode: 'deicing', issuedOn: '2026-01-01' }))
        .statusCode,
    ).toBe(201);
    const type = created.json();
    const off = await send(
      'hradmin',
      'PUT',
      `/api/admin/certification-types/${type.id}`,
      { Name_1_English: type.Name_1_English, Name_2_Arabic: type.Name_2_Arabic, isActive: false },
      1,
    );
    expect(off.statusCode, off.body).toBe(200);
    const refused = await send('hradmin', 'POST', `/api/employees/${await idOf('E00023')}/certifications`, {
      certificationCode: 'DEICING',
      issuedOn: '2026-01-01',
    });
    expect(refused.json().code).toBe('CERTIFICATION_UNKNOWN');
  });

  it('takes the same code again over dates that do not overlap, and refuses a change that makes them overlap', async () => {
    const url = `/api/employees/${await idOf('E00024')}/certifications`;
    const first = await send('hradmin', 'POST', url, {
      certificationCode: 'AVSEC',
      issuedOn: '2024-01-01',
      expiresOn: '2024-12-31',
    });
    expect(first.statusCode).toBe(201);
    const second = await send('hradmin', 'POST', url, {
      certificationCode: 'AVSEC',
      issuedOn: '2025-01-01',
      expiresOn: '2025-12-31',
    });
    expect(second.statusCode, second.body).toBe(201);
    const overlapping = await send('hradmin', 'POST', url, {
      certificationCode: 'AVSEC',
      issuedOn: '2025-12-31',
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().existing.id).toBe(second.json().id);
    // An open-ended row overlaps everything after its start.
    const later = await send('hradmin', 'POST', url, { certificationCode: 'AVSEC', issuedOn: '2026-01-01' });
    expect(later.statusCode).toBe(201);
    const earlier = await send('hradmin', 'POST', url, {
      certificationCode: 'AVSEC',
      issuedOn: '2023-01-01',
      expiresOn: '2030-01-01',
    });
    expect(earlier.json().code).toBe('CERTIFICATION_DUPLICATE');
    // PUT: moving the first row's expiry into the second's dates is refused; its own dates are not a clash.
    const put = (expiresOn: string) =>
      send('hradmin', 'PUT', `${url}/${first.json().id}`, {
        certificationCode: 'avsec',
        issuedOn: '2024-01-01',
        expiresOn,
      });
    expect((await put('2025-03-01')).json().code).toBe('CERTIFICATION_DUPLICATE');
    const shorter = await put('2024-06-30');
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ certificationCode: 'AVSEC', expiresOn: '2024-06-30' });
    // A Revoked row is no longer in the way.
    const revoked = await send('hradmin', 'PUT', `${url}/${later.json().id}/status`, { Status: 'Revoked' });
    expect(revoked.statusCode).toBe(200);
    const reissued = await send('hradmin', 'POST', url, {
      certificationCode: 'AVSEC',
      issuedOn: '2026-02-01',
    });
    expect(reissued.statusCode, reissued.body).toBe(201);
  });

  it('lets one of two simultaneous overlapping adds through and refuses the other', async () => {
    const url = `/api/employees/${await idOf('E00025')}/certifications`;
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        send('hradmin', 'POST', url, {
          certificationCode: 'DGR',
          issuedOn: '2026-03-01',
          expiresOn: '2027-03-01',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await certificationsOf('E00025')).filter((c) => c.certificationCode === 'DGR')).toHaveLength(1);
  });

  it('deletes a row entered by mistake: 204 and audited, 403 without certifications.manage, 404 for an unknown one', async () => {
    const employeeId = await idOf('E00026');
    const url = `/api/employees/${employeeId}/certifications`;
    const mistake = (
      await send('hradmin', 'POST', url, { certificationCode: 'DGR', issuedOn: '2026-01-01', notes: 'typo' })
    ).json();
    expect((await send('planner', 'DELETE', `${url}/${mistake.id}`)).statusCode).toBe(403);
    expect((await send('employee', 'DELETE', `${url}/${mistake.id}`)).statusCode).toBe(403);
    expect((await send('hradmin', 'DELETE', `${url}/${mistake.id}`, undefined, 7)).statusCode).toBe(412);
    const deleted = await send('hradmin', 'DELETE', `${url}/${mistake.id}`, undefined, 1);
    expect(deleted.statusCode).toBe(204);
    expect((await certificationsOf('E00026')).map((c) => c.id)).not.toContain(mistake.id);
    const audit = (await recentAudit()).find((e) => e.action === 'certification.deleted');
    expect(audit).toMatchObject({
      entityId: mistake.id,
      details: {
        employeeId,
        employeeNumber: 'E00026',
        certificationCode: 'DGR',
        issuedOn: '2026-01-01',
        notes: 'typo',
      },
    });
    expect((await send('hradmin', 'DELETE', `${url}/${mistake.id}`)).statusCode).toBe(404);
    expect((await send('hradmin', 'DELETE', `${url}/${crypto.randomUUID()}`)).statusCode).toBe(404);
    // A certification of another employee is not found under this one.
    const other = (await certificationsOf('E00027'))[0]!;
    expect((await send('hradmin', 'DELETE', `${url}/${other.id}`)).statusCode).toBe(404);
    // Deleted, the code may be entered again over the same dates.
    expect(
      (await send('hradmin', 'POST', url, { certificationCode: 'DGR', issuedOn: '2026-01-01' })).statusCode,
    ).toBe(201);
  });

  it('onboards a person with their certifications from one workbook; the same workbook again changes nothing', async () => {
    const employees = [
      ['K0001', 'New Hire', 'موظف جديد', 'CARGO', null, null, '2026-01-05', null],
      ['K0002', 'Second Hire', 'موظف ثان', 'CARGO', null, null, null, null],
    ];
    const certifications = [
      ['K0001', ' forklift_licence', '2026-01-02', '2028-01-01', 'Issued by the academy'],
      ['K0001', 'FIRST_AID', '2025-06-01', null, null],
      ['K0002', 'FIRST_AID', '2025-06-01', '2026-05-31', null],
      ['K0002', 'FIRST_AID', '2026-06-01', '2027-05-31', null],
    ];
    const bytes = await onboardingWorkbook(employees, certifications, [['K0001', 'FORKLIFT', 'BASIC']]);
    const first = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', bytes)).json().job.id);
    expect(first).toMatchObject({ status: 'Completed', rowsTotal: 2, rowsFailed: 0, rowsChanged: 2 });
    const k1 = await certificationsOf('K0001');
    expect(k1.map((c) => [c.certificationCode, c.issuedOn, c.expiresOn])).toEqual([
      ['FIRST_AID', '2025-06-01', null],
      ['FORKLIFT_LICENCE', '2026-01-02', '2028-01-01'],
    ]);
    expect((await certificationsOf('K0002')).map((c) => c.issuedOn).sort()).toEqual([
      '2025-06-01',
      '2026-06-01',
    ]);

    const again = await waitForJob(
      t,
      'hradmin',
      (await upload(t, 'hradmin', bytes, 'again.xlsx')).json().job.id,
    );
    expect(again).toMatchObject({ status: 'Completed', rowsFailed: 0, rowsChanged: 0 });
    expect(await certificationsOf('K0001')).toEqual(k1);

    // A matched row (employee, code, issuedOn) takes the sheet's expiry and notes.
    const renewed = await onboardingWorkbook(employees.slice(0, 1), [
      ['K0001', 'FORKLIFT_LICENCE', '2026-01-02', '2029-01-01', 'Issued by the academy'],
    ]);
    const third = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', renewed)).json().job.id);
    expect(third).toMatchObject({ status: 'Completed', rowsChanged: 1 });
    const forklift = (await certificationsOf('K0001')).find(
      (c) => c.certificationCode === 'FORKLIFT_LICENCE',
    );
    expect(forklift).toMatchObject({ expiresOn: '2029-01-01', id: k1[1]!.id });
  });

  it('reports each failed certification row with its employee number: unknown code, bad dates, overlaps, no employee', async () => {
    const bytes = await onboardingWorkbook(
      [
        ['L0001', 'Typo Code', 'رمز خاطئ', 'RAMP', null, null, null, null],
        ['L0002', 'Bad Dates', 'تواريخ', 'RAMP', null, null, null, null],
        ['L0003', 'Overlapping', 'متداخل', 'RAMP', null, null, null, null],
        ['E00030', 'Stored Overlap', 'متداخل مخزن', 'RAMP', null, null, null, null],
        ['L0005', 'Fine', 'سليم', 'RAMP', null, null, null, null],
      ],
      [
        ['L0001', 'FIRST_AIID', '2026-01-01', null, null],
        ['L0002', 'DGR', '2026-02-30', null, null],
        ['L0002', 'AVSEC', '2026-05-01', '2026-01-01', null],
        ['L0003', 'DGR', '2026-01-01', '2026-12-31', null],
        ['L0003', 'dgr', '2026-06-01', null, null],
        ['E00030', 'FIRST_AID', '2026-07-01', null, null],
        ['NOBODY', 'DGR', '2026-01-01', null, null],
        ['L0005', 'AVSEC', '2026-01-01', null, null],
      ],
    );
    const done = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', bytes)).json().job.id);
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsTotal: 6, rowsDone: 6, rowsFailed: 5 });
    expect(
      (await get('hradmin', '/api/employees?q=L000'))
        .json()
        .items.map((e: { employeeNumber: string }) => e.employeeNumber),
    ).toEqual(['L0005']);
    const report = await openXlsx(
      (await get('hradmin', `/api/imports/jobs/${done.id}/error-report`)).rawPayload,
    );
    const rows = (await report.readAll('Errors')).map((row) => row.cells);
    expect(rows[0]).toEqual(['rowNumber', 'employeeNumber', 'sheet', 'column', 'value', 'reason']);
    const found = rows.slice(1).map(([row, number, sheet, column]) => `${sheet}:${row}:${number}:${column}`);
    expect(found.sort()).toEqual(
      [
        'EmployeeCertifications:2:L0001:certificationCode',
        'EmployeeCertifications:3:L0002:issuedOn',
        'EmployeeCertifications:4:L0002:expiresOn',
        'EmployeeCertifications:5:L0003:issuedOn',
        'EmployeeCertifications:6:L0003:issuedOn',
        'EmployeeCertifications:7:E00030:issuedOn',
        'EmployeeCertifications:8:NOBODY:employeeNumber',
      ].sort(),
    );
    const reasons = rows.slice(1).map((row) => row[5]);
    expect(reasons.join('\n')).toContain('CERTIFICATION_UNKNOWN');
    expect(reasons.join('\n')).toContain("Overlaps the employee's stored FIRST_AID");
    expect(reasons.join('\n')).toContain('Overlaps row 6 of this sheet');
  });

  it('writes certification rows only for a holder of certifications.manage; the export follows the same grant', async () => {
    const bytes = await onboardingWorkbook(
      [['M0001', 'Planner Hire', 'موظف المخطط', 'PAX', null, null, null, null]],
      [['M0001', 'AVSEC', '2026-01-01', null, null]],
    );
    const done = await waitForJob(t, 'planner', (await upload(t, 'planner', bytes)).json().job.id);
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsFailed: 1 });
    const report = await openXlsx(
      (await get('planner', `/api/imports/jobs/${done.id}/error-report`)).rawPayload,
    );
    const [, error] = await report.readAll('Errors');
    expect(error!.cells.slice(1, 3)).toEqual(['M0001', 'EmployeeCertifications']);
    expect(error!.cells[5]).toContain('certifications.manage');
    const exported = await openXlsx((await get('planner', '/api/imports/export-current')).rawPayload);
    expect(exported.sheetNames).not.toContain('EmployeeCertifications');
    const template = await openXlsx((await get('hradmin', '/api/imports/template')).rawPayload);
    expect(template.sheetNames).toContain('EmployeeCertifications');
  });

  it('exports every certification; importing the export changes no certification', async () => {
    const snapshot = () =>
      queryRows<{ id: string; version: number; code: string; expires_on: string | null; status: string }>(
        t.database.db,
        sql`select id, version, certification_code as code, expires_on::text as expires_on, status
              from certifications order by id`,
      );
    const before = await snapshot();
    const exported = await get('hradmin', '/api/imports/export-current');
    const sheet = (await (await openXlsx(exported.rawPayload)).readAll('EmployeeCertifications')).map(
      (row) => row.cells,
    );
    expect(sheet[0]).toEqual([...CERTIFICATION_COLUMNS]);
    expect(sheet.length - 1).toBe(before.length);
    const job = await waitForJob(
      t,
      'hradmin',
      (await upload(t, 'hradmin', exported.rawPayload, 'export.xlsx')).json().job.id,
      300_000,
    );
    expect(job).toMatchObject({ status: 'Completed', rowsFailed: 0, rowsChanged: 0 });
    expect(await snapshot()).toEqual(before);
  }, 600_000);
});
