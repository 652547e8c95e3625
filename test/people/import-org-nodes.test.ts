import { expect, it } from 'vitest';
import { openXlsx } from '../../src/core/xlsx/index.ts';
import { EMPLOYEE_COLUMNS, ORG_NODE_COLUMNS } from '../../src/modules/imports/workbook.ts';
import { createReadyUser, describeEachDatabase } from '../helpers/app.ts';
import { importWorkbook, upload, waitForJob } from '../helpers/workbooks.ts';

interface Node {
  id: string;
  code: string;
  Name_1_English: string;
  nodeTypeCode: string;
  parentCode: string | null;
}

describeEachDatabase('the OrgNodes sheet of the employee import', (t) => {
  const get = (user: string, url: string) => t.request(user, { method: 'GET', url });
  const nodes = async (): Promise<Map<string, Node>> => {
    const page = (await get('sysadmin', '/api/lookups/nodes?pageSize=500')).json();
    return new Map(page.items.map((node: Node) => [node.code, node]));
  };
  const withPool = { employees: [...EMPLOYEE_COLUMNS, 'homePoolCode'] };

  it('upserts nodes before the employees, parents first, so an employee may join a department of the same file', async () => {
    const bytes = await importWorkbook(
      [
        ['O0001', 'Guard One', 'حارس ١', 'SECURITY', null, null, null, null, null],
        ['O0002', 'Guard Two', 'حارس ٢', 'SECURITY-NIGHT', null, null, null, null, 'SECURITY-NIGHT-DEFAULT'],
        ['O0003', 'Loop Person', 'شخص الحلقة', 'LOOP-A', null, null, null, null, null],
      ],
      [['O0001', 'MARSHALLING', 'BASIC']],
      withPool,
      [
        // A child before its parent: the import orders the sheet's nodes parents first.
        ['SECURITY-NIGHT', 'Night security', 'الأمن الليلي', 'DEPARTMENT', 'SECURITY'],
        ['SECURITY', 'Security', 'الأمن', 'DEPARTMENT', 'MAIN-HQ'],
        ['RAMP', 'Ramp and Apron Services', 'خدمات الساحة والمدرج', 'DEPARTMENT', 'MAIN-HQ'],
        ['PAX', 'Passenger Services', 'خدمات المسافرين', 'DEPARTMENT', 'MAIN-HQ'],
        ['CARGO', 'Cargo', 'الشحن', 'COMPANY', 'MAIN-HQ'],
        ['LOOP-A', 'Loop A', 'حلقة أ', 'DEPARTMENT', 'LOOP-B'],
        ['LOOP-B', 'Loop B', 'حلقة ب', 'DEPARTMENT', 'LOOP-A'],
        ['STRAY', 'Stray', 'شارد', 'DEPARTMENT', 'NO-SUCH-NODE'],
        ['bad code', 'Bad', 'سيء', 'DEPARTMENT', null],
        ['WAREHOUSE', 'Warehouse', 'المستودع', 'NO_SUCH_TYPE', null],
      ],
    );
    const created = await upload(t, 'hradmin', bytes);
    expect(created.statusCode).toBe(201);
    expect(created.json().job.rowsTotal).toBe(13);
    const done = await waitForJob(t, 'hradmin', created.json().job.id);
    // Changed: SECURITY and SECURITY-NIGHT (new), RAMP (renamed), O0001 and O0002; PAX is as stored.
    expect(done).toMatchObject({
      status: 'CompletedWithErrors',
      rowsTotal: 13,
      rowsDone: 13,
      rowsFailed: 7,
      rowsChanged: 5,
    });

    const tree = await nodes();
    expect(tree.get('SECURITY')).toMatchObject({ nodeTypeCode: 'DEPARTMENT', parentCode: 'MAIN-HQ' });
    expect(tree.get('SECURITY-NIGHT')).toMatchObject({ nodeTypeCode: 'DEPARTMENT', parentCode: 'SECURITY' });
    expect(tree.get('RAMP')).toMatchObject({
      Name_1_English: 'Ramp and Apron Services',
      parentCode: 'MAIN-HQ',
    });
    expect(tree.get('CARGO')).toMatchObject({ nodeTypeCode: 'DEPARTMENT' });
    for (const code of ['LOOP-A', 'LOOP-B', 'STRAY', 'bad code', 'WAREHOUSE'])
      expect(tree.has(code)).toBe(false);

    const one = (await get('hradmin', '/api/employees?q=O0001')).json().items[0];
    expect(one).toMatchObject({
      departmentCode: 'SECURITY',
      homePool: { code: 'SECURITY-DEFAULT', source: 'department-default' },
    });
    const two = (await get('hradmin', '/api/employees?q=O0002')).json().items[0];
    expect(two.homePool).toMatchObject({ code: 'SECURITY-NIGHT-DEFAULT', source: 'explicit' });
    expect((await get('hradmin', '/api/employees?q=O0003')).json().total).toBe(0);

    const report = await openXlsx(
      (await get('hradmin', `/api/imports/jobs/${done.id}/error-report`)).rawPayload,
    );
    const errors = (await report.readAll('Errors'))
      .slice(1)
      .map(({ cells: [, , sheet, column, value] }) => ({ sheet, column, value }));
    expect(errors.map((e) => `${e.sheet}:${e.value}:${e.column}`).sort()).toEqual(
      [
        'Employees:LOOP-A:departmentCode',
        'OrgNodes:COMPANY:nodeTypeCode',
        'OrgNodes:LOOP-A:parentCode',
        'OrgNodes:LOOP-B:parentCode',
        'OrgNodes:NO-SUCH-NODE:parentCode',
        'OrgNodes:NO_SUCH_TYPE:nodeTypeCode',
        'OrgNodes:bad code:nodeCode',
      ].sort(),
    );

    // Export, then import: nothing changes, the tree included.
    const exported = await get('hradmin', '/api/imports/export-current');
    const sheet = (await (await openXlsx(exported.rawPayload)).readAll('OrgNodes')).map((row) => row.cells);
    expect(sheet[0]).toEqual([...ORG_NODE_COLUMNS]);
    expect(sheet).toContainEqual([
      'SECURITY-NIGHT',
      'Night security',
      'الأمن الليلي',
      'DEPARTMENT',
      'SECURITY',
    ]);
    const again = await upload(t, 'hradmin', exported.rawPayload, 'export.xlsx');
    expect(await waitForJob(t, 'hradmin', again.json().job.id)).toMatchObject({
      status: 'Completed',
      rowsFailed: 0,
      rowsChanged: 0,
    });
  });

  it('answers 422 when the OrgNodes headers do not match, and an import without the sheet keeps the tree', async () => {
    const headers = ['nodeCode', 'Name_1_English', 'Name_2_Arabic', 'nodeTypeCode', 'parent'];
    const invalid = await upload(
      t,
      'hradmin',
      await importWorkbook([], [], { orgNodes: headers }, [['X', 'X', 'س', 'DEPARTMENT', null]]),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().code).toBe('IMPORT_SCHEMA_INVALID');
    expect(
      invalid
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['OrgNodes/parent', 'OrgNodes/parentCode']);

    const before = await nodes();
    const plain = await importWorkbook([['O0100', 'Plain', 'عادي', 'PAX']]);
    const done = await waitForJob(t, 'hradmin', (await upload(t, 'hradmin', plain)).json().job.id);
    expect(done).toMatchObject({ status: 'Completed', rowsTotal: 1, rowsChanged: 1 });
    expect(await nodes()).toEqual(before);
  });

  it('lets only an importer with a unit-wide grant change the tree, and exports it to them alone', async () => {
    const ramp = (await nodes()).get('RAMP')!;
    const user = await createReadyUser(t, {
      username: 'ramp.importer',
      displayName: 'Ramp Importer',
      roles: [{ roleCode: 'PLANNER', departmentId: ramp.id }],
    });
    expect(user.statusCode).toBe(201);
    const bytes = await importWorkbook([['O0200', 'Ramp Hand', 'عامل الساحة', 'RAMP']], [], {}, [
      ['RAMP-EAST', 'Ramp east', 'الساحة الشرقية', 'DEPARTMENT', 'RAMP'],
    ]);
    const done = await waitForJob(
      t,
      'ramp.importer',
      (await upload(t, 'ramp.importer', bytes)).json().job.id,
    );
    expect(done).toMatchObject({ status: 'CompletedWithErrors', rowsDone: 2, rowsFailed: 1, rowsChanged: 1 });
    expect((await nodes()).has('RAMP-EAST')).toBe(false);
    const report = await openXlsx(
      (await get('ramp.importer', `/api/imports/jobs/${done.id}/error-report`)).rawPayload,
    );
    const [, error] = await report.readAll('Errors');
    expect(error!.cells.slice(1, 5)).toEqual(['', 'OrgNodes', 'nodeCode', 'RAMP-EAST']);

    const exported = await openXlsx((await get('ramp.importer', '/api/imports/export-current')).rawPayload);
    expect(exported.sheetNames).toEqual(['Employees', 'EmployeeSkills']);
  });
});
