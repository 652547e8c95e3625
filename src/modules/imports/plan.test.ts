import { describe, expect, it } from 'vitest';
import type { CertificationValues, OrgMaps } from './batch-repository.ts';
import { planNodes, type Unit } from './plan.ts';
import { failOverlappingCertifications } from './plan-certifications.ts';
import { ORG_NODE_COLUMNS } from './workbook.ts';

const columns = Object.fromEntries(ORG_NODE_COLUMNS.map((column, index) => [column, index])) as Record<
  (typeof ORG_NODE_COLUMNS)[number],
  number
>;
const maps: OrgMaps = {
  nodeTypes: new Map([
    ['COMPANY', 'type-company'],
    ['DEPARTMENT', 'type-department'],
  ]),
  nodes: new Map([
    ['HQ', { typeId: 'type-company', parentCode: null }],
    ['RAMP', { typeId: 'type-department', parentCode: 'HQ' }],
  ]),
};
const unit = { kind: 'unit' } as const;
const sheet = (rows: [code: string, type: string, parent: string][]) =>
  rows.map(([code, type, parent], index) => ({
    rowNumber: index + 2,
    cells: [code, `${code} name`, `اسم ${code}`, type, parent],
  }));
const summary = (units: Unit[]) =>
  units.map((u) =>
    u.kind === 'node'
      ? u.values.code
      : `failed:${u.kind === 'failed' ? u.errors.map((e) => e.column).join() : ''}`,
  );

describe('planning the OrgNodes rows', () => {
  it('puts parents of the sheet before their children, whatever the sheet order', () => {
    const units = planNodes(
      sheet([
        ['NIGHT', 'DEPARTMENT', 'SECURITY'],
        ['SHIFT-A', 'DEPARTMENT', 'NIGHT'],
        ['SECURITY', 'DEPARTMENT', 'HQ'],
      ]),
      columns,
      maps,
      unit,
    );
    expect(summary(units)).toEqual(['SECURITY', 'NIGHT', 'SHIFT-A']);
  });

  it('fails a row that closes a cycle through the stored tree, and keeps a row below a cycle of new nodes out', () => {
    const units = planNodes(
      sheet([
        ['HQ', 'COMPANY', 'RAMP'], // RAMP's stored parent is HQ: a cycle
        ['LOOP-A', 'DEPARTMENT', 'LOOP-B'],
        ['LOOP-B', 'DEPARTMENT', 'LOOP-A'],
        ['BELOW', 'DEPARTMENT', 'LOOP-A'], // its parent will not exist once the loop's rows fail
        ['RAMP-EAST', 'DEPARTMENT', 'RAMP'],
      ]),
      columns,
      maps,
      unit,
    );
    expect(summary(units)).toEqual([
      'failed:parentCode',
      'failed:parentCode',
      'failed:parentCode',
      'failed:parentCode',
      'RAMP-EAST',
    ]);
    const reasons = units.flatMap((u) =>
      u.kind === 'failed' ? u.errors.map((e) => `${e.value}: ${e.reason}`) : [],
    );
    expect(reasons).toEqual([
      'RAMP: The parent makes a cycle in the organisation tree',
      'LOOP-B: The parent makes a cycle in the organisation tree',
      'LOOP-A: The parent makes a cycle in the organisation tree',
      'LOOP-A: Unknown parent code (not a node of the unit, nor a good row of this sheet)',
    ]);
  });

  it('refuses a type change, an unknown type, a twice-listed code, and any row of a department-scoped importer', () => {
    const rows = sheet([
      ['RAMP', 'COMPANY', 'HQ'],
      ['NEW', 'NO_SUCH', ''],
      ['TWICE', 'DEPARTMENT', ''],
      ['TWICE', 'DEPARTMENT', ''],
    ]);
    expect(summary(planNodes(rows, columns, maps, unit))).toEqual([
      'failed:nodeTypeCode',
      'failed:nodeTypeCode',
      'TWICE',
      'failed:nodeCode',
    ]);
    const scoped = planNodes(rows.slice(2, 3), columns, maps, { kind: 'departments', departmentIds: [] });
    expect(summary(scoped)).toEqual(['failed:nodeCode']);
  });
});

describe('judging the certifications of a batch (issue 40)', () => {
  const employee = (certifications: Omit<CertificationValues, 'notes'>[]): Unit => ({
    kind: 'employee',
    rowNumber: 2,
    values: {
      employeeNumber: 'E1',
      nameEn: 'E',
      nameAr: 'ع',
      departmentId: null,
      gradeId: null,
      status: 'ACTIVE',
      hireDate: null,
      endDate: null,
      skills: null,
      certifications: certifications.map((c) => ({ ...c, notes: null })),
    },
  });
  const stored = (code: string, issued: string, expires: string | null, status = 'Active') => ({
    employee_number: 'E1',
    code,
    issued_on: issued,
    expires_on: expires,
    status,
  });
  const reasons = (units: Unit[]) =>
    units.flatMap((u) =>
      u.kind === 'failed' ? u.errors.map((e) => `${e.rowNumber}:${e.reason.split(' (')[0]}`) : [],
    );

  it('judges the rows as they will be: a matched row with its new dates, Revoked rows aside', () => {
    const renewal = employee([
      { rowNumber: 3, code: 'DGR', issuedOn: '2025-01-01', expiresOn: '2025-12-31', known: true },
    ]);
    // The stored row it matches ran to 2027; the next one starts in 2026: shortened, no clash.
    const rows = [stored('DGR', '2025-01-01', '2027-01-01'), stored('DGR', '2026-01-01', null)];
    expect(failOverlappingCertifications([renewal], rows)[0]!.kind).toBe('employee');
    const clash = employee([
      { rowNumber: 3, code: 'DGR', issuedOn: '2024-01-01', expiresOn: '2026-06-01', known: true },
    ]);
    expect(reasons(failOverlappingCertifications([clash], rows))).toEqual([
      "3:Overlaps the employee's stored DGR from 2025-01-01 to 2027-01-01",
    ]);
    expect(
      failOverlappingCertifications([clash], [stored('DGR', '2026-01-01', null, 'Revoked')])[0]!.kind,
    ).toBe('employee');
  });

  it('passes a code outside the catalogue only on a row matching a stored one', () => {
    const kept = employee([
      { rowNumber: 4, code: 'OLD', issuedOn: '2020-01-01', expiresOn: null, known: false },
    ]);
    expect(failOverlappingCertifications([kept], [stored('OLD', '2020-01-01', null)])[0]!.kind).toBe(
      'employee',
    );
    expect(reasons(failOverlappingCertifications([kept], []))).toEqual(['4:Unknown certification code OLD']);
  });
});
