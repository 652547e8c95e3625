import type { DepartmentScope } from '../../core/auth/principal.ts';
import { cellOf, dateOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './repository.ts';
import {
  type CertificationColumn,
  type EmployeeColumn,
  isOrphanSkill,
  type OrgNodeColumn,
  SHEETS,
  type SkillColumn,
} from './workbook.ts';

/**
 * The workbook's rows as work units, checked against the unit's codes. The order is fixed by the file
 * alone (OrgNodes rows, parents before children; then Employees rows; then EmployeeSkills rows, then
 * EmployeeCertifications rows, whose employee is not on the Employees sheet), so a resume counts to the same unit as the attempt it resumes.
 */
export type Unit =
  | { kind: 'node'; rowNumber: number; values: repo.NodeValues }
  | { kind: 'employee'; rowNumber: number; values: repo.EmployeeValues }
  | { kind: 'failed'; errors: repo.RowError[] };

const EMPLOYEE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** A new node's code follows the lookup code rule; existing codes are taken as they are. */
const NODE_CODE = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;
const MAX_NAME = 200;

const nameProblem = (value: string) =>
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

// ---------------------------------------------------------------- EmployeeSkills

interface SkillEntry {
  rows: number[];
  skills: { skillId: string; levelId: string | null }[];
  errors?: repo.RowError[];
  /** Whether the employee is on the Employees sheet (their skill rows are theirs, not orphans). */
  claimed: boolean;
}

/** The EmployeeSkills sheet by employee number, read before the Employees sheet streams. */
export interface SkillIndex {
  add(row: SheetRow, columns: Record<SkillColumn, number>): void;
  /** The skills of an employee of the Employees sheet (null when the sheet lists none) and their errors. */
  claim(employeeNumber: string): SkillEntry | undefined;
  /** One failed unit per EmployeeSkills row whose employee was not on the Employees sheet. */
  orphans(): Unit[];
}

export function createSkillIndex(maps: repo.CodeMaps): SkillIndex {
  const byNumber = new Map<string, SkillEntry>();
  return {
    add(row, columns) {
      const number = cellOf(row, columns, 'employeeNumber');
      let entry = byNumber.get(number);
      if (!entry) {
        entry = { rows: [], skills: [], claimed: false };
        byNumber.set(number, entry);
      }
      entry.rows.push(row.rowNumber);
      const skillCode = cellOf(row, columns, 'skillCode');
      const levelCode = cellOf(row, columns, 'levelCode');
      const skillId = maps.skills.get(skillCode);
      const levelId = levelCode === '' ? null : maps.levels.get(levelCode);
      const err = (column: SkillColumn, value: string, reason: string) => {
        entry.errors ??= [];
        entry.errors.push({
          rowNumber: row.rowNumber,
          employeeNumber: number,
          sheet: SHEETS.skills,
          column,
          value,
          reason,
        });
      };
      if (!skillId) err('skillCode', skillCode, skillCode ? 'Unknown skill code' : 'Required');
      else if (levelId === undefined) err('levelCode', levelCode, 'Unknown skill level code');
      else if (entry.skills.some((s) => s.skillId === skillId)) {
        err('skillCode', skillCode, 'The skill is listed twice for this employee');
      } else entry.skills.push({ skillId, levelId });
    },
    claim(employeeNumber) {
      const entry = byNumber.get(employeeNumber);
      if (entry) entry.claimed = true;
      return entry;
    },
    orphans() {
      const claimed = new Set([...byNumber].filter(([, entry]) => entry.claimed).map(([number]) => number));
      const units: Unit[] = [];
      for (const [number, entry] of byNumber) {
        if (!isOrphanSkill(number, claimed)) continue;
        for (const rowNumber of entry.rows) {
          units.push({
            kind: 'failed',
            errors: [
              {
                rowNumber,
                employeeNumber: number,
                sheet: SHEETS.skills,
                column: 'employeeNumber',
                value: number,
                reason: 'The employee is not on the Employees sheet of this workbook',
              },
            ],
          });
        }
      }
      return units;
    },
  };
}

// ---------------------------------------------------------------- Employees

/**
 * One Employees row as a unit, checked against the codes (read once the OrgNodes rows have landed, so a
 * department of the same file is known). `seen` holds the numbers of the rows before it.
 */
export function planEmployee(
  row: SheetRow,
  columns: Record<EmployeeColumn, number>,
  maps: repo.CodeMaps,
  scope: DepartmentScope,
  skillIndex: SkillIndex,
  seen: Set<string>,
  certificationIndex?: CertificationIndex,
): Unit {
  const errors: repo.RowError[] = [];
  const cell = (column: EmployeeColumn) => cellOf(row, columns, column);
  const number = cell('employeeNumber');
  const err = (column: EmployeeColumn, value: string, reason: string) =>
    errors.push({
      rowNumber: row.rowNumber,
      employeeNumber: number,
      sheet: SHEETS.employees,
      column,
      value,
      reason,
    });
  if (!number) err('employeeNumber', number, 'Required');
  else if (!EMPLOYEE_NUMBER.test(number))
    err('employeeNumber', number, 'Letters, digits, _ . - only (at most 64)');
  else if (seen.has(number)) err('employeeNumber', number, 'The number appears twice on the sheet');
  seen.add(number);
  const nameEn = cell('Name_1_English');
  const nameAr = cell('Name_2_Arabic');
  const nameEnProblem = nameProblem(nameEn);
  if (nameEnProblem) err('Name_1_English', nameEn.slice(0, 50), nameEnProblem);
  const nameArProblem = nameProblem(nameAr);
  if (nameArProblem) err('Name_2_Arabic', nameAr.slice(0, 50), nameArProblem);
  const departmentCode = cell('departmentCode');
  let departmentId: string | null = null;
  if (departmentCode) {
    departmentId = maps.departments.get(departmentCode) ?? null;
    if (!departmentId) err('departmentCode', departmentCode, 'Unknown department code');
  }
  if (scope.kind === 'departments') {
    const inScope = (id: string | null | undefined) => id != null && scope.departmentIds.includes(id);
    if (departmentId !== null && !inScope(departmentId)) {
      err('departmentCode', departmentCode, 'The department is outside your scope');
    } else if (departmentId === null && departmentCode === '') {
      err('departmentCode', departmentCode, 'Required for an importer whose grant covers some departments');
    } else if (maps.existing.has(number) && !inScope(maps.existing.get(number))) {
      err('employeeNumber', number, 'The employee belongs to a department outside your scope');
    }
  }
  const gradeCode = cell('gradeCode');
  let gradeId: string | null = null;
  if (gradeCode) {
    gradeId = maps.grades.get(gradeCode) ?? null;
    if (!gradeId) err('gradeCode', gradeCode, 'Unknown grade code');
  }
  const status = cell('Status') || 'ACTIVE';
  if (!maps.statuses.has(status)) err('Status', status, 'Unknown employee status code');
  const hire = dateOf(cell('hireDate'));
  const end = dateOf(cell('endDate'));
  if (hire === 'invalid') err('hireDate', cell('hireDate'), 'Not a date (YYYY-MM-DD)');
  if (end === 'invalid') err('endDate', cell('endDate'), 'Not a date (YYYY-MM-DD)');
  if (hire && end && hire !== 'invalid' && end !== 'invalid' && end < hire) {
    err('endDate', cell('endDate'), 'Before hireDate');
  }
  let homePoolId: string | null | undefined;
  if (columns.homePoolCode >= 0) {
    const poolCode = cell('homePoolCode');
    const pool = poolCode ? maps.pools.get(poolCode) : undefined;
    homePoolId = pool?.id ?? null;
    if (poolCode && !pool) err('homePoolCode', poolCode, 'Unknown pool code');
    else if (pool && pool.departmentId !== departmentId) {
      err('homePoolCode', poolCode, "The pool belongs to another department than the employee's");
    }
  }
  const skills = number ? skillIndex.claim(number) : undefined;
  if (skills?.errors) errors.push(...skills.errors);
  const certifications = number ? certificationIndex?.claim(number, departmentId) : undefined;
  if (certifications?.errors) errors.push(...certifications.errors);
  if (errors.length) return { kind: 'failed', errors };
  return {
    kind: 'employee',
    rowNumber: row.rowNumber,
    values: {
      employeeNumber: number,
      nameEn,
      nameAr,
      departmentId,
      gradeId,
      status,
      hireDate: hire as string | null,
      endDate: end as string | null,
      skills: skills ? skills.skills : null,
      homePoolId,
      certifications: certifications ? certifications.certifications : null,
    },
  };
}

// ---------------------------------------------------------------- EmployeeCertifications

interface CertificationEntry {
  rows: number[];
  certifications: repo.CertificationValues[];
  errors?: repo.RowError[];
  claimed: boolean;
}

/** The EmployeeCertifications sheet by employee number, read before the Employees sheet streams. */
export interface CertificationIndex {
  add(row: SheetRow, columns: Record<CertificationColumn, number>): void;
  /**
   * The certifications of an employee of the Employees sheet, once their department is known (the
   * importer's certifications.manage grant must cover it), with their errors.
   */
  claim(employeeNumber: string, departmentId: string | null): CertificationEntry | undefined;
  /** One failed unit per EmployeeCertifications row whose employee was not on the Employees sheet. */
  orphans(): Unit[];
}

const MAX_NOTES = 1000;

/**
 * The index of the EmployeeCertifications rows. A code is trimmed and upper-cased, then must be in the
 * catalogue; a row is keyed by employee, code and issuedOn (the same key twice is an error). Overlaps with
 * the employee's stored rows are judged when the batch is applied, under the employees' row locks.
 * `manageScope` is the importer's certifications.manage grant (null: none).
 */
export function createCertificationIndex(
  maps: repo.CodeMaps,
  manageScope: DepartmentScope | null,
): CertificationIndex {
  const byNumber = new Map<string, CertificationEntry>();
  const error = (
    number: string,
    rowNumber: number,
    column: CertificationColumn | null,
    value: string,
    reason: string,
  ): repo.RowError => ({
    rowNumber,
    employeeNumber: number,
    sheet: SHEETS.certifications,
    column,
    value,
    reason,
  });
  return {
    add(row, columns) {
      const number = cellOf(row, columns, 'employeeNumber');
      let entry = byNumber.get(number);
      if (!entry) {
        entry = { rows: [], certifications: [], claimed: false };
        byNumber.set(number, entry);
      }
      entry.rows.push(row.rowNumber);
      const errors: repo.RowError[] = [];
      const err = (column: CertificationColumn, value: string, reason: string) =>
        errors.push(error(number, row.rowNumber, column, value, reason));
      const given = cellOf(row, columns, 'certificationCode');
      const code = given.trim().toUpperCase();
      if (!code) err('certificationCode', given, 'Required');
      const issued = dateOf(cellOf(row, columns, 'issuedOn'));
      const expires = dateOf(cellOf(row, columns, 'expiresOn'));
      if (!issued) err('issuedOn', '', 'Required');
      else if (issued === 'invalid')
        err('issuedOn', cellOf(row, columns, 'issuedOn'), 'Not a date (YYYY-MM-DD)');
      if (expires === 'invalid')
        err('expiresOn', cellOf(row, columns, 'expiresOn'), 'Not a date (YYYY-MM-DD)');
      else if (expires && issued && issued !== 'invalid' && expires < issued) {
        err('expiresOn', cellOf(row, columns, 'expiresOn'), 'Before issuedOn (CERTIFICATION_DATES_INVALID)');
      }
      const notes = cellOf(row, columns, 'notes');
      if (notes.length > MAX_NOTES) err('notes', notes.slice(0, 50), `At most ${MAX_NOTES} characters`);
      if (!errors.length) {
        const twice = entry.certifications.find((c) => c.code === code && c.issuedOn === issued);
        if (twice) {
          err(
            'issuedOn',
            issued as string,
            `${code} issued on this date is listed twice for this employee (row ${twice.rowNumber})`,
          );
        }
      }
      if (errors.length) {
        entry.errors ??= [];
        entry.errors.push(...errors);
        return;
      }
      entry.certifications.push({
        rowNumber: row.rowNumber,
        code,
        issuedOn: issued as string,
        expiresOn: (expires || null) as string | null,
        notes: notes || null,
        known: maps.certifications.has(code),
      });
    },
    claim(employeeNumber, departmentId) {
      const entry = byNumber.get(employeeNumber);
      if (!entry) return undefined;
      entry.claimed = true;
      const covered =
        manageScope !== null &&
        (manageScope.kind === 'unit' ||
          (departmentId !== null && manageScope.departmentIds.includes(departmentId)));
      if (covered) return entry;
      const reason =
        manageScope === null
          ? 'Certifications are written by holders of certifications.manage'
          : "The employee's department is outside your certifications.manage grant";
      return {
        ...entry,
        errors: [
          ...(entry.errors ?? []),
          ...entry.certifications.map((c) =>
            error(employeeNumber, c.rowNumber, 'certificationCode', c.code, reason),
          ),
        ],
      };
    },
    orphans() {
      const claimed = new Set([...byNumber].filter(([, entry]) => entry.claimed).map(([number]) => number));
      const units: Unit[] = [];
      for (const [number, entry] of byNumber) {
        if (!isOrphanSkill(number, claimed)) continue;
        for (const rowNumber of entry.rows) {
          units.push({
            kind: 'failed',
            errors: [
              error(
                number,
                rowNumber,
                'employeeNumber',
                number,
                'The employee is not on the Employees sheet of this workbook',
              ),
            ],
          });
        }
      }
      return units;
    },
  };
}

const unknownCode = (code: string) =>
  `Unknown certification code ${code} (CERTIFICATION_UNKNOWN): the template's comment, or ` +
  'GET /api/lookups/certification-types, lists the valid codes';

/** A certification as stored, for the overlap check of a batch. */
export interface StoredCertification {
  employee_number: string;
  code: string;
  issued_on: string;
  expires_on: string | null;
  status: string;
}

const overlaps = (
  a: { issuedOn: string; expiresOn: string | null },
  b: { issuedOn: string; expiresOn: string | null },
) => a.issuedOn <= (b.expiresOn ?? '9999-12-31') && b.issuedOn <= (a.expiresOn ?? '9999-12-31');

/**
 * Fails the employee units of a batch whose certifications would overlap (CERTIFICATION_DUPLICATE): the
 * employee's rows as they will be (stored rows, a matched one with the sheet's dates, plus the sheet's new
 * rows), Revoked rows aside, two rows of one code may not share a day. A code outside the catalogue passes
 * only on a row matching a stored one (CERTIFICATION_UNKNOWN otherwise). Judged against `stored`, read
 * under the employees' row locks, in the transaction that applies the batch.
 */
export function failOverlappingCertifications(
  units: readonly Unit[],
  stored: readonly StoredCertification[],
): Unit[] {
  const byNumber = new Map<string, StoredCertification[]>();
  for (const row of stored) {
    const list = byNumber.get(row.employee_number) ?? [];
    list.push(row);
    byNumber.set(row.employee_number, list);
  }
  return units.map((unit): Unit => {
    if (unit.kind !== 'employee' || !unit.values.certifications?.length) return unit;
    const number = unit.values.employeeNumber;
    const listed = unit.values.certifications;
    type After = { code: string; issuedOn: string; expiresOn: string | null; rowNumber: number | null };
    const after: After[] = [];
    const matched = new Set<StoredCertification>();
    const errors: repo.RowError[] = [];
    for (const c of listed) {
      const match = (byNumber.get(number) ?? []).find(
        (s) => s.code === c.code && s.issued_on === c.issuedOn && !matched.has(s),
      );
      if (match) matched.add(match);
      if (!c.known && !match) {
        errors.push({
          rowNumber: c.rowNumber,
          employeeNumber: number,
          sheet: SHEETS.certifications,
          column: 'certificationCode',
          value: c.code,
          reason: unknownCode(c.code),
        });
      }
      if (match?.status === 'Revoked') continue;
      after.push({ code: c.code, issuedOn: c.issuedOn, expiresOn: c.expiresOn, rowNumber: c.rowNumber });
    }
    for (const s of byNumber.get(number) ?? []) {
      if (matched.has(s) || s.status === 'Revoked') continue;
      after.push({ code: s.code, issuedOn: s.issued_on, expiresOn: s.expires_on, rowNumber: null });
    }
    for (const [i, a] of after.entries()) {
      if (a.rowNumber === null) continue;
      const other = after.find((b, j) => j !== i && b.code === a.code && overlaps(a, b));
      if (!other) continue;
      const where =
        other.rowNumber === null
          ? `the employee's stored ${other.code} from ${other.issuedOn} to ${other.expiresOn ?? '(no expiry)'}`
          : `row ${other.rowNumber} of this sheet`;
      errors.push({
        rowNumber: a.rowNumber,
        employeeNumber: number,
        sheet: SHEETS.certifications,
        column: 'issuedOn',
        value: a.issuedOn,
        reason: `Overlaps ${where} (CERTIFICATION_DUPLICATE): one row per code and period; renew by a new expiresOn on the matching row`,
      });
    }
    return errors.length ? { kind: 'failed', errors } : unit;
  });
}
