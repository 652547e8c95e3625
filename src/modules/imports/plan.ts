import type { DepartmentScope } from '../../core/auth/principal.ts';
import { cellOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './batch-repository.ts';
import { type OrgNodeColumn, SHEETS } from './workbook.ts';

/**
 * The workbook's rows as work units, checked against the unit's codes. The order is fixed by the file
 * alone (OrgNodes rows, parents before children; then Employees rows; then EmployeeSkills rows, then
 * EmployeeCertifications rows, whose employee is not on the Employees sheet), so a resume counts to the same unit as the attempt it resumes.
 */
export type Unit =
  | { kind: 'node'; rowNumber: number; values: repo.NodeValues }
  | { kind: 'employee'; rowNumber: number; values: repo.EmployeeValues }
  | { kind: 'failed'; errors: repo.RowError[] };

/** A new node's code follows the lookup code rule; existing codes are taken as they are. */
const NODE_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
const MAX_NAME = 200;

export const nameProblem = (value: string) =>
  !value ? 'Required' : value.length > MAX_NAME ? `At most ${MAX_NAME} characters` : null;

// ---------------------------------------------------------------- OrgNodes

interface NodeRow {
  rowNumber: number;
  code: string;
  nameEn: string;
  nameAr: string;
  typeCode: string;
  parentCode: string;
  errors: repo.RowError[];
}

/**
 * The OrgNodes rows as units. A row upserts its node by code: names and parent follow the row; the type
 * of an existing node cannot change (a department stays a department: grants, pools and rosters hang on
 * it). The parent must be a node of the unit or of the sheet, and no row may close a cycle in the tree
 * as it will be. Changing the tree needs a unit-wide grant.
 */
export function planNodes(
  rows: readonly SheetRow[],
  columns: Record<OrgNodeColumn, number>,
  maps: repo.OrgMaps,
  scope: DepartmentScope,
): Unit[] {
  const planned: NodeRow[] = [];
  const firstOf = new Map<string, NodeRow>();
  for (const row of rows) {
    const cell = (column: OrgNodeColumn) => cellOf(row, columns, column);
    const node: NodeRow = {
      rowNumber: row.rowNumber,
      code: cell('nodeCode'),
      nameEn: cell('Name_1_English'),
      nameAr: cell('Name_2_Arabic'),
      typeCode: cell('nodeTypeCode'),
      parentCode: cell('parentCode'),
      errors: [],
    };
    const err = (column: OrgNodeColumn, value: string, reason: string) =>
      node.errors.push({
        rowNumber: row.rowNumber,
        employeeNumber: null,
        sheet: SHEETS.orgNodes,
        column,
        value,
        reason,
      });
    const existing = maps.nodes.get(node.code);
    if (scope.kind === 'departments') {
      err('nodeCode', node.code, 'Changing the organisation tree needs a unit-wide imports.run grant');
    }
    if (!node.code) err('nodeCode', node.code, 'Required');
    else if (!existing && !NODE_CODE.test(node.code)) {
      err('nodeCode', node.code, 'Upper-case letters, digits, _ and - only (at most 40)');
    } else if (firstOf.has(node.code)) err('nodeCode', node.code, 'The code appears twice on the sheet');
    else firstOf.set(node.code, node);
    const nameEn = nameProblem(node.nameEn);
    if (nameEn) err('Name_1_English', node.nameEn.slice(0, 50), nameEn);
    const nameAr = nameProblem(node.nameAr);
    if (nameAr) err('Name_2_Arabic', node.nameAr.slice(0, 50), nameAr);
    const typeId = maps.nodeTypes.get(node.typeCode);
    if (!node.typeCode) err('nodeTypeCode', node.typeCode, 'Required');
    else if (!typeId) err('nodeTypeCode', node.typeCode, 'Unknown node type code');
    else if (existing && existing.typeId !== typeId) {
      err('nodeTypeCode', node.typeCode, 'The type of an existing node cannot change');
    }
    if (node.parentCode && node.parentCode === node.code) {
      err('parentCode', node.parentCode, 'A node cannot be its own parent');
    }
    planned.push(node);
  }
  failBrokenParents(planned, firstOf, maps);
  // Parents of the sheet before their children: a unit's depth among the sheet's own nodes.
  const depth = new Map<NodeRow, number>();
  const depthOf = (node: NodeRow): number => {
    const known = depth.get(node);
    if (known !== undefined) return known;
    const parent = node.errors.length ? undefined : firstOf.get(node.parentCode);
    const value = parent && !parent.errors.length ? depthOf(parent) + 1 : 0;
    depth.set(node, value);
    return value;
  };
  return planned
    .map((node, order) => ({ node, order, depth: depthOf(node) }))
    .sort((a, b) => a.depth - b.depth || a.order - b.order)
    .map(
      ({ node }): Unit =>
        node.errors.length
          ? { kind: 'failed', errors: node.errors }
          : {
              kind: 'node',
              rowNumber: node.rowNumber,
              values: {
                code: node.code,
                nameEn: node.nameEn,
                nameAr: node.nameAr,
                nodeTypeId: maps.nodeTypes.get(node.typeCode)!,
                parentCode: node.parentCode || null,
              },
            },
    );
}

/**
 * Fails rows whose parent will not exist (unknown, or only on a failed row) or whose parent closes a
 * cycle in the tree as it will be (the sheet's good rows over the database's nodes), until none is left:
 * each failure can take a parent away from another row.
 */
function failBrokenParents(planned: NodeRow[], firstOf: Map<string, NodeRow>, maps: repo.OrgMaps) {
  const good = (code: string) => {
    const node = firstOf.get(code);
    return node && !node.errors.length ? node : undefined;
  };
  const parentOf = (code: string): string | null => {
    const node = good(code);
    return node ? node.parentCode || null : (maps.nodes.get(code)?.parentCode ?? null);
  };
  // Each pass judges every row against the tree as it stood when the pass began, so both rows of a
  // cycle are blamed for the cycle; failures take effect for the next pass.
  for (let failures = failuresOf(planned, good, parentOf, maps); failures.length; ) {
    for (const [node, reason] of failures) {
      node.errors.push({
        rowNumber: node.rowNumber,
        employeeNumber: null,
        sheet: SHEETS.orgNodes,
        column: 'parentCode',
        value: node.parentCode,
        reason,
      });
    }
    failures = failuresOf(planned, good, parentOf, maps);
  }
}

function failuresOf(
  planned: NodeRow[],
  good: (code: string) => NodeRow | undefined,
  parentOf: (code: string) => string | null,
  maps: repo.OrgMaps,
): [NodeRow, string][] {
  const failures: [NodeRow, string][] = [];
  for (const node of planned) {
    if (node.errors.length || !node.parentCode) continue;
    if (!good(node.parentCode) && !maps.nodes.has(node.parentCode)) {
      failures.push([node, 'Unknown parent code (not a node of the unit, nor a good row of this sheet)']);
    } else if (cycleBack(node.code, parentOf)) {
      failures.push([node, 'The parent makes a cycle in the organisation tree']);
    }
  }
  return failures;
}

/** Whether walking up from `code` comes back to it. */
function cycleBack(code: string, parentOf: (code: string) => string | null): boolean {
  const visited = new Set<string>();
  for (let up = parentOf(code); up !== null; up = parentOf(up)) {
    if (up === code) return true;
    if (visited.has(up)) return false;
    visited.add(up);
  }
  return false;
}
