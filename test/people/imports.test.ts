import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../src/core/db/database.ts';
import { openXlsx } from '../../src/core/xlsx/index.ts';
import {
  CERTIFICATION_COLUMNS,
  EMPLOYEE_COLUMNS,
  ORG_NODE_COLUMNS,
} from '../../src/modules/imports/workbook.ts';
import { describeEachDatabase } from '../helpers/app.ts';
import { importWorkbook, upload, waitForJob } from '../helpers/workbooks.ts';
import { zipBomb } from '../helpers/zip.ts';

describeEachDatabase('the employee import', (t) => {
  const get = (user: string, url: string) => t.request(user, { method: 'GET', url });

  it('lands good rows, reports bad ones with row, column, value and reason in the error report', async () => {
    const bytes = await importWorkbook(
      [
        ['G0001', 'Good One', 'جيد', 'RAMP', 'G3', 'ACTIVE', '2020-01-01', null],
        ['G0002', '', 'بلا اسم', 'RAMP', null, null, null, null],
        ['G0003', 'Bad Dept', 'قسم', 'NOPE', null, null, null, null],
        ['G0004', 'Bad Date', 'تاريخ', 'PAX', null, null, '2020-02-30', null],
        ['G0001', 'Twice', 'مرتين', 'RAMP', null, null, null, null],
        ['G0005', 'Good Two', 'جيد ٢', 'CARGO', null, 'ON_LEAVE', null, null],
        ['G0006', 'Bad Skill', 'مهارة', 'CARGO', null, null, null, null],
      ],
      [
        ['G0005', 'FORKLIFT', 'EXPERT'],
        ['G0006', 'JUGGLING', null],
        ['NOBODY', 'FORKLIFT', null],
      ],
    );
    const { job } = (await upload(t, 'hradmin', bytes)).json();
    const done = await waitForJob(t, 'hradmin', job.id);
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsTotal: 8, rowsDone: 8, rowsFailed: 6 });
    const good = (await get('hradmin', '/api/employees?q=G000'))
      .json()
      .items.map((e: { employeeNumber: string }) => e.employeeNumber);
    expect(good).toEqual(['G0001', 'G0005']);
    const g5 = (await get('hradmin', '/api/employees?q=G0005')).json().items[0];
    const detail = (await get('hradmin', `/api/employees/${g5.id}`)).json();
    expect(detail).toMatchObject({
      Status: 'ON_LEAVE',
      skills: [expect.objectContaining({ skillCode: 'FORKLIFT', levelCode: 'EXPERT' })],
    });

    const report = await get('hradmin', `/api/imports/jobs/${job.id}/error-report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const workbook = await openXlsx(report.rawPayload);
    const rows = (await workbook.readAll('Errors')).map((r) => r.cells);
    expect(rows[0]).toEqual(['rowNumber', 'employeeNumber', 'sheet', 'column', 'value', 'reason']);
    const reasons = rows
      .slice(1)
      .map(([row, number, sheet, column]) => `${sheet}:${row}:${number}:${column}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'Employees:3:G0002:Name_1_English',
        'Employees:4:G0003:departmentCode',
        'Employees:5:G0004:hireDate',
        'Employees:6:G0001:employeeNumber',
        'EmployeeSkills:3:G0006:skillCode',
        'EmployeeSkills:4:NOBODY:employeeNumber',
      ]),
    );
  });

  it('takes a grade without a labour rate and says so on the job, once per grade; rated grades say nothing', async () => {
    const bytes = await importWorkbook([
      ['R0001', 'Trainee One', 'متدرب ١', 'RAMP', 'G1', 'ACTIVE', '2024-01-01', null],
      ['R0002', 'Trainee Two', 'متدرب ٢', 'RAMP', 'G1', 'ACTIVE', '2024-01-01', null],
      ['R0003', 'Senior', 'أول', 'RAMP', 'G3', 'ACTIVE', '2024-01-01', null],
      ['R0004', 'Refused', 'مرفوض', 'NOPE', 'G2', null, null, null],
    ]);
    const { job } = (await upload(t, 'hradmin', bytes)).json();
    expect(job.notices).toEqual([]);
    const done = await waitForJob(t, 'hradmin', job.id);
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsFailed: 1 });
    // G1 has no rate in the demo; G3 has one; G2 was named only by a row the import refused.
    expect(done.notices).toEqual([{ code: 'GRADE_WITHOUT_RATE', gradeCode: 'G1' }]);
    const listed = (await get('hradmin', '/api/imports/jobs?pageSize=5')).json().items;
    expect(listed.find((item: { id: string }) => item.id === job.id).notices).toEqual(done.notices);
    const rated = await importWorkbook([
      ['R0003', 'Senior', 'أول', 'RAMP', 'G3', 'ACTIVE', '2024-01-01', null],
    ]);
    const again = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', rated)).json().job.id);
    expect(again.notices).toEqual([]);
  });

  it('answers 413 over 10 MB, 415 for a PNG named .xlsx, 422 listing bad sheets and headers', async () => {
    const big = await upload(t, 'planner', Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
    const notXlsx = await upload(t, 'planner', png, 'photo.xlsx');
    expect(notXlsx.statusCode).toBe(415);
    const json = await t.request('planner', {
      method: 'POST',
      url: '/api/imports/employees',
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const badHeaders = await importWorkbook([], [], {
      employees: [
        'employeeNumber',
        'Name',
        'Name_2_Arabic',
        'departmentCode',
        'gradeCode',
        'Status',
        'hireDate',
        'endDate',
      ],
      skills: ['employeeNumber', 'skill'],
    });
    const invalid = await upload(t, 'planner', badHeaders);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().code).toBe('IMPORT_SCHEMA_INVALID');
    expect(invalid.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining([
        'Employees/Name_1_English',
        'Employees/Name',
        'EmployeeSkills/skillCode',
        'EmployeeSkills/skill',
      ]),
    );
    expect(
      (await get('planner', '/api/imports/jobs?pageSize=500'))
        .json()
        .items.some((j: { fileName: string }) => j.fileName === 'photo.xlsx'),
    ).toBe(false);
  });

  it('refuses a zip bomb and a truncated workbook within seconds, before any job', async () => {
    const before = (await get('planner', '/api/imports/jobs')).json().total;
    for (const lie of [false, true]) {
      const bomb = await upload(t, 'planner', zipBomb(400, lie), 'bomb.xlsx');
      expect(bomb.statusCode).toBe(422);
      expect(bomb.json().code).toMatch(/IMPORT_FILE_UNSAFE|IMPORT_SCHEMA_INVALID/);
    }
    const good = await importWorkbook([['T1', 'T', 'ت', null, null, null, null, null]]);
    const truncated = await upload(t, 'planner', good.subarray(0, Math.floor(good.length * 0.7)));
    expect([415, 422]).toContain(truncated.statusCode);
    expect((await get('planner', '/api/imports/jobs')).json().total).toBe(before);
  }, 60_000);

  it('exports names that look like formulas as text, and export then import changes nothing', async () => {
    const bytes = await importWorkbook([
      ['F0001', '=HYPERLINK("http://evil")', '=1+1', 'RAMP', null, null, null, null],
      ['F0002', '+44 Person', '@handle', 'PAX', null, null, null, null],
      ['F0003', '-minus', 'ناقص', 'PAX', null, null, null, null],
    ]);
    const first = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', bytes)).json().job.id);
    expect(first).toMatchObject({ status: 'Completed', rowsChanged: 3 });
    const exported = await get('hradmin', '/api/imports/export-current');
    expect(exported.statusCode).toBe(200);
    const { openGuardedZip } = await import('../../src/core/xlsx/zip-guard.ts');
    const zip = await openGuardedZip(exported.rawPayload);
    const sheet = await zip.text('xl/worksheets/sheet1.xml');
    zip.close();
    expect(sheet).not.toContain('<f>');
    const workbook = await openXlsx(exported.rawPayload);
    expect(workbook.sheetNames).toEqual([
      'Employees',
      'EmployeeSkills',
      'EmployeeCertifications',
      'OrgNodes',
    ]);
    const rows = (await workbook.readAll('Employees')).map((r) => r.cells);
    expect(rows.find((r) => r[0] === 'F0001')?.[1]).toBe('=HYPERLINK("http://evil")');
    const total = (await get('hradmin', '/api/employees?pageSize=1')).json().total;
    expect(rows.length - 1).toBe(total);
    const nodes = (await workbook.readAll('OrgNodes')).map((r) => r.cells);
    expect(nodes).toContainEqual(['RAMP', 'Ramp Services', 'خدمات الساحة', 'DEPARTMENT', 'MAIN-HQ']);
    const skillRows = (await workbook.readAll('EmployeeSkills')).length - 1;
    expect(skillRows).toBeGreaterThan(0);

    // The certifications travel too (issue 40): every stored row, written back unchanged.
    const certificationRows = (await workbook.readAll('EmployeeCertifications')).length - 1;
    const certifications = () =>
      queryRows<{ id: string; version: number }>(
        t.database.db,
        sql`select id, version from certifications order by id`,
      );
    const certificationsBefore = await certifications();
    expect(certificationRows).toBe(certificationsBefore.length);

    const reimport = await upload(t, 'hradmin', exported.rawPayload, 'export.xlsx');
    expect(reimport.statusCode).toBe(201);
    const job = await waitForJob(t, 'hradmin', reimport.json().job.id, 300_000);
    expect(job).toMatchObject({
      status: 'Completed',
      rowsFailed: 0,
      rowsChanged: 0,
      rowsDone: total + nodes.length - 1,
    });
    expect(await certifications()).toEqual(certificationsBefore);
  }, 600_000);

  it('sets home pools through the optional homePoolCode column, within the employee’s department', async () => {
    const headers = { employees: [...EMPLOYEE_COLUMNS, 'homePoolCode'] };
    const first = await importWorkbook(
      [
        ['H0001', 'Pool One', 'مجموعة ١', 'RAMP', null, null, null, null, 'RAMP-APRON'],
        ['H0002', 'Pool Two', 'مجموعة ٢', 'PAX', null, null, null, null, 'RAMP-APRON'],
        ['H0003', 'Pool Three', 'مجموعة ٣', 'PAX', null, null, null, null, 'NO-SUCH-POOL'],
      ],
      [],
      headers,
    );
    const done = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', first)).json().job.id);
    expect(done).toMatchObject({ rowsDone: 3, rowsFailed: 2 });
    const one = (await get('hradmin', '/api/employees?q=H0001')).json().items[0];
    expect(one.homePool).toMatchObject({ code: 'RAMP-APRON', source: 'explicit' });
    const report = await openXlsx(
      (await get('hradmin', `/api/imports/jobs/${done.id}/error-report`)).rawPayload,
    );
    const columns = (await report.readAll('Errors')).slice(1).map((row) => row.cells[3]);
    expect(columns).toEqual(['homePoolCode', 'homePoolCode']);

    // Without the column memberships stay; a blank cell returns the employee to the department's default.
    const keep = await importWorkbook([['H0001', 'Pool One', 'مجموعة ١', 'RAMP']]);
    await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', keep)).json().job.id);
    expect((await get('hradmin', '/api/employees?q=H0001')).json().items[0].homePool.code).toBe('RAMP-APRON');
    const back = await importWorkbook(
      [['H0001', 'Pool One', 'مجموعة ١', 'RAMP', null, null, null, null, '']],
      [],
      headers,
    );
    await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', back)).json().job.id);
    expect((await get('hradmin', '/api/employees?q=H0001')).json().items[0].homePool).toMatchObject({
      code: 'RAMP-DEFAULT',
      source: 'department-default',
    });
  });

  it('offers the template with its four sheets and a comment on every header listing the codes', async () => {
    const response = await get('planner', '/api/imports/template');
    expect(response.statusCode).toBe(200);
    const workbook = await openXlsx(response.rawPayload);
    expect(workbook.sheetNames).toEqual([
      'Employees',
      'EmployeeSkills',
      'EmployeeCertifications',
      'OrgNodes',
    ]);
    expect((await workbook.readAll('EmployeeCertifications'))[0]!.cells).toEqual([...CERTIFICATION_COLUMNS]);
    expect((await workbook.readAll('Employees'))[0]!.cells).toContain('Name_2_Arabic');
    expect((await workbook.readAll('OrgNodes'))[0]!.cells).toEqual([...ORG_NODE_COLUMNS]);
    const { openGuardedZip } = await import('../../src/core/xlsx/zip-guard.ts');
    const zip = await openGuardedZip(response.rawPayload);
    const comments = [...zip.entries.keys()].filter((name) => /comments\d+\.xml$/.test(name)).sort();
    expect(comments.length).toBe(4);
    expect(await zip.text(comments[0]!)).toContain('RAMP');
    expect(await zip.text(comments[2]!)).toMatch(
      /Certification code \(trimmed, upper-cased\): AVSEC, DGR, FIRST_AID/,
    );
    const orgComments = await zip.text(comments[3]!);
    expect(orgComments).toMatch(/Node type code: COMPANY, DEPARTMENT/);
    expect(orgComments).toContain('MAIN-HQ');
    zip.close();
  });

  it('accepts the same content again within 24 hours with a DUPLICATE_FILE warning and the earlier job', async () => {
    const bytes = await importWorkbook([['D0001', 'Dup Person', 'مكرر', 'RAMP', null, null, null, null]]);
    const first = await upload(t, 'planner', bytes, 'dup.xlsx');
    expect(first.json().warning).toBeUndefined();
    await waitForJob(t, 'planner', first.json().job.id);
    const again = await upload(t, 'planner', bytes, 'dup-renamed.xlsx');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ warning: 'DUPLICATE_FILE', duplicateOfJobId: first.json().job.id });
    const second = await waitForJob(t, 'planner', again.json().job.id);
    expect(second).toMatchObject({ status: 'Completed', rowsDone: 1, rowsChanged: 0 });
  });

  it('imports 10,000 rows with the right counts', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `B${String(i).padStart(6, '0')}`,
      `Bulk Person ${i}`,
      `شخص ${i}`,
      ['RAMP', 'PAX', 'CARGO'][i % 3],
      'G2',
      'ACTIVE',
      '2024-01-01',
      null,
    ]);
    const skills = rows.filter((_, i) => i % 2 === 0).map((r) => [r[0], 'MARSHALLING', 'BASIC']);
    const bytes = await importWorkbook(rows, skills);
    const response = await upload(t, 'planner', bytes, 'bulk.xlsx');
    expect(response.statusCode).toBe(201);
    const { job } = response.json();
    expect(response.headers.location).toBe(`/api/imports/jobs/${job.id}`);
    expect(job).toMatchObject({ status: 'Queued', rowsTotal: 10_000, fileName: 'bulk.xlsx' });
    expect(response.json().warning).toBeUndefined();
    const done = await waitForJob(t, 'planner', job.id, 300_000);
    expect(done).toMatchObject({
      status: 'Completed',
      rowsTotal: 10_000,
      rowsDone: 10_000,
      rowsFailed: 0,
      rowsChanged: 10_000,
    });
    expect((await get('planner', '/api/employees?q=B0&pageSize=1')).json().total).toBe(10_000);
    const marshalling = (await get('planner', '/api/employees?q=B0&skill=MARSHALLING&pageSize=1')).json();
    expect(marshalling.total).toBe(5_000);

    const audit = (await get('sysadmin', '/api/diagnostics/audit/recent'))
      .json()
      .items.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['import.started', 'import.finished']));
  }, 600_000);
});
