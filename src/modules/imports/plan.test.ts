import { describe, expect, it } from 'vitest';
import { planNodes, type Unit } from './plan.ts';
import type { OrgMaps } from './repository.ts';
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
