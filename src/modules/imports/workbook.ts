import {
  cellOf,
  readSheet,
  type SchemaProblem,
  type XlsxColumn,
  type XlsxWorkbook,
} from '../../core/xlsx/index.ts';

/**
 * The employee import workbook (DESIGN §8): sheets `Employees` and `EmployeeSkills`, and optionally
 * `OrgNodes` and `EmployeeCertifications` (issue 40), headers exactly as below (any order). The template, the export and the import share these
 * definitions.
 */
export const EMPLOYEE_COLUMNS = [
  'employeeNumber',
  'Name_1_English',
  'Name_2_Arabic',
  'departmentCode',
  'gradeCode',
  'Status',
  'hireDate',
  'endDate',
] as const;
/**
 * Columns a workbook may leave out (older files): without `homePoolCode` explicit pool memberships stay
 * as they are; with it, a code makes that pool the employee's home pool and a blank cell returns the
 * employee to their department's default pool.
 */
export const OPTIONAL_EMPLOYEE_COLUMNS = ['homePoolCode', 'username'] as const;
export const SKILL_COLUMNS = ['employeeNumber', 'skillCode', 'levelCode'] as const;
export const CERTIFICATION_COLUMNS = [
  'employeeNumber',
  'certificationCode',
  'issuedOn',
  'expiresOn',
  'notes',
] as const;
export const ORG_NODE_COLUMNS = [
  'nodeCode',
  'Name_1_English',
  'Name_2_Arabic',
  'nodeTypeCode',
  'parentCode',
] as const;

export type EmployeeColumn = (typeof EMPLOYEE_COLUMNS)[number] | (typeof OPTIONAL_EMPLOYEE_COLUMNS)[number];
export type SkillColumn = (typeof SKILL_COLUMNS)[number];
export type OrgNodeColumn = (typeof ORG_NODE_COLUMNS)[number];
export type CertificationColumn = (typeof CERTIFICATION_COLUMNS)[number];

export const SHEETS = {
  employees: 'Employees',
  skills: 'EmployeeSkills',
  certifications: 'EmployeeCertifications',
  orgNodes: 'OrgNodes',
} as const;
/**
 * The sheets a workbook must have; `OrgNodes` may be left out (the organisation tree stays as it is), and
 * so may `EmployeeCertifications` (certifications stay as they are).
 */
export const REQUIRED_SHEETS = [SHEETS.employees, SHEETS.skills] as const;

export const SHEET_COLUMNS = {
  employees: { expected: EMPLOYEE_COLUMNS, optional: OPTIONAL_EMPLOYEE_COLUMNS },
  skills: { expected: SKILL_COLUMNS },
  certifications: { expected: CERTIFICATION_COLUMNS },
  orgNodes: { expected: ORG_NODE_COLUMNS },
} as const;

export interface ValidCodes {
  departments: string[];
  grades: string[];
  statuses: string[];
  skills: string[];
  levels: string[];
  pools: string[];
  nodeTypes: string[];
  nodes: string[];
  certifications: string[];
}

const list = (codes: string[]) => (codes.length ? codes.join(', ') : '(none yet)');

/** The header comments of the template: what each column holds and, for codes, the valid ones. */
export function columnsOf(codes: ValidCodes): {
  employees: XlsxColumn[];
  skills: XlsxColumn[];
  certifications: XlsxColumn[];
  orgNodes: XlsxColumn[];
} {
  const employees: Record<EmployeeColumn, string> = {
    employeeNumber: 'Required. Unique number of the employee; rows are matched (upserted) by it.',
    Name_1_English: 'Required. Name in English (at most 200 characters).',
    Name_2_Arabic: 'Required. Name in Arabic (at most 200 characters).',
    departmentCode: `Optional. Department code (or a DEPARTMENT node of the OrgNodes sheet): ${list(codes.departments)}`,
    gradeCode: `Optional. Grade code: ${list(codes.grades)}`,
    Status: `Optional (default ACTIVE). Employee status code: ${list(codes.statuses)}`,
    hireDate: 'Optional. Date hired, YYYY-MM-DD.',
    endDate: 'Optional. Last day of employment, YYYY-MM-DD (on or after hireDate).',
    homePoolCode:
      "Optional column. A pool of the employee's department, made their home pool; blank: the department's " +
      `default pool. Without the column, pools stay as they are. Pools: ${list(codes.pools)}`,
    username:
      'Optional column. Opens an account under this username for an employee who has none (letters, digits, ' +
      '. _ - ; 3 to 64), linked to the employee, with the employee role and no password yet: an administrator ' +
      'gives the first passwords on the Users screen. Blank, or an employee with an account: nothing changes.',
  };
  const skills: Record<SkillColumn, string> = {
    employeeNumber:
      'Required. An employee of the Employees sheet; the rows of an employee listed here replace their skills.',
    skillCode: `Required. Skill code: ${list(codes.skills)}`,
    levelCode: `Optional. Skill level code: ${list(codes.levels)}`,
  };
  const certifications: Record<CertificationColumn, string> = {
    employeeNumber:
      'Required. An employee of the Employees sheet. Rows are matched by employee, code and issuedOn: a match ' +
      'takes expiresOn and notes, any other row is added (Active). Certifications not listed stay; a row ' +
      "entered by mistake is deleted through the API. Optional sheet; needs certifications.manage for the employee's department.",
    certificationCode: `Required. Certification code (trimmed, upper-cased): ${list(codes.certifications)}`,
    issuedOn:
      'Required. Date issued, YYYY-MM-DD. Rows of one code may not overlap in dates for one employee (Revoked rows aside).',
    expiresOn: 'Optional. Expiry date, YYYY-MM-DD (on or after issuedOn); blank: does not expire.',
    notes: 'Optional. Free text (at most 1000 characters).',
  };
  const orgNodes: Record<OrgNodeColumn, string> = {
    nodeCode:
      'Required. Code of the organisation node; rows are matched (upserted) by it. A new code: upper-case ' +
      'letters, digits, _ and - (at most 40). Optional sheet, applied before the employees; needs a unit-wide grant.',
    Name_1_English: 'Required. Name in English (at most 200 characters).',
    Name_2_Arabic: 'Required. Name in Arabic (at most 200 characters).',
    nodeTypeCode: `Required; cannot change for an existing node. Node type code: ${list(codes.nodeTypes)}`,
    parentCode:
      'Optional. Code of the parent node (an existing node or one of this sheet); blank: a top-level node. ' +
      `Existing nodes: ${list(codes.nodes)}`,
  };
  const described = <T extends string>(headers: readonly T[], notes: Record<T, string>) =>
    headers.map((header) => ({ header, note: notes[header], width: 18 }));
  return {
    employees: described([...EMPLOYEE_COLUMNS, ...OPTIONAL_EMPLOYEE_COLUMNS], employees),
    skills: described(SKILL_COLUMNS, skills),
    certifications: described(CERTIFICATION_COLUMNS, certifications),
    orgNodes: described(ORG_NODE_COLUMNS, orgNodes),
  };
}

/**
 * An `EmployeeSkills` (or `EmployeeCertifications`) row whose employee is not on the `Employees` sheet: a
 * failed work unit of its own.
 * The upload counts them and the job reports them, by this one rule.
 */
export const isOrphanSkill = (employeeNumber: string, employeeNumbers: ReadonlySet<string>) =>
  employeeNumber === '' || !employeeNumbers.has(employeeNumber);

/**
 * The upload's check: every sheet read behind the reader's caps (so a bomb or a truncated file is refused
 * before any job), sheets and headers as the template's, and the job's work units counted (OrgNodes rows,
 * Employees rows, EmployeeSkills and EmployeeCertifications rows without their employee). No row is kept.
 */
export async function checkWorkbook(
  workbook: XlsxWorkbook,
): Promise<{ ok: true; rowsTotal: number } | { ok: false; problems: SchemaProblem[] }> {
  const problems: SchemaProblem[] = [];
  for (const sheet of REQUIRED_SHEETS) {
    if (!workbook.sheetNames.includes(sheet))
      problems.push({ path: sheet, message: `missing sheet ${sheet}` });
  }
  if (problems.length) return { ok: false, problems };
  let rowsTotal = 0;
  if (workbook.sheetNames.includes(SHEETS.orgNodes)) {
    await readSheet(workbook, SHEETS.orgNodes, SHEET_COLUMNS.orgNodes, problems, () => {
      rowsTotal += 1;
    });
  }
  const numbers = new Set<string>();
  await readSheet(workbook, SHEETS.employees, SHEET_COLUMNS.employees, problems, (row, columns) => {
    rowsTotal += 1;
    numbers.add(cellOf(row, columns, 'employeeNumber'));
  });
  await readSheet(workbook, SHEETS.skills, SHEET_COLUMNS.skills, problems, (row, columns) => {
    if (isOrphanSkill(cellOf(row, columns, 'employeeNumber'), numbers)) rowsTotal += 1;
  });
  if (workbook.sheetNames.includes(SHEETS.certifications)) {
    await readSheet(
      workbook,
      SHEETS.certifications,
      SHEET_COLUMNS.certifications,
      problems,
      (row, columns) => {
        if (isOrphanSkill(cellOf(row, columns, 'employeeNumber'), numbers)) rowsTotal += 1;
      },
    );
  }
  return problems.length ? { ok: false, problems } : { ok: true, rowsTotal };
}
