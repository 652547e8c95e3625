import {
  headerMap,
  isBlankRow,
  type SchemaProblem,
  type SheetRow,
  type XlsxColumn,
  type XlsxWorkbook,
} from '../../core/xlsx/index.ts';

/**
 * The employee import workbook (DESIGN §8): sheets `Employees` and `EmployeeSkills`, headers exactly as
 * below (any order). The template, the export and the import share these definitions.
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
export const OPTIONAL_EMPLOYEE_COLUMNS = ['homePoolCode'] as const;
export const SKILL_COLUMNS = ['employeeNumber', 'skillCode', 'levelCode'] as const;

export type EmployeeColumn = (typeof EMPLOYEE_COLUMNS)[number] | (typeof OPTIONAL_EMPLOYEE_COLUMNS)[number];
export type SkillColumn = (typeof SKILL_COLUMNS)[number];

export const SHEETS = { employees: 'Employees', skills: 'EmployeeSkills' } as const;

export interface ValidCodes {
  departments: string[];
  grades: string[];
  statuses: string[];
  skills: string[];
  levels: string[];
  pools: string[];
}

const list = (codes: string[]) => (codes.length ? codes.join(', ') : '(none yet)');

/** The header comments of the template: what each column holds and, for codes, the valid ones. */
export function columnsOf(codes: ValidCodes): { employees: XlsxColumn[]; skills: XlsxColumn[] } {
  const employees: Record<EmployeeColumn, string> = {
    employeeNumber: 'Required. Unique number of the employee; rows are matched (upserted) by it.',
    Name_1_English: 'Required. Name in English (at most 200 characters).',
    Name_2_Arabic: 'Required. Name in Arabic (at most 200 characters).',
    departmentCode: `Optional. Department code: ${list(codes.departments)}`,
    gradeCode: `Optional. Grade code: ${list(codes.grades)}`,
    Status: `Optional (default ACTIVE). Employee status code: ${list(codes.statuses)}`,
    hireDate: 'Optional. Date hired, YYYY-MM-DD.',
    endDate: 'Optional. Last day of employment, YYYY-MM-DD (on or after hireDate).',
    homePoolCode:
      "Optional column. A pool of the employee's department, made their home pool; blank: the department's " +
      `default pool. Without the column, pools stay as they are. Pools: ${list(codes.pools)}`,
  };
  const skills: Record<SkillColumn, string> = {
    employeeNumber:
      'Required. An employee of the Employees sheet; the rows of an employee listed here replace their skills.',
    skillCode: `Required. Skill code: ${list(codes.skills)}`,
    levelCode: `Optional. Skill level code: ${list(codes.levels)}`,
  };
  return {
    employees: [...EMPLOYEE_COLUMNS, ...OPTIONAL_EMPLOYEE_COLUMNS].map((header) => ({
      header,
      note: employees[header],
      width: 18,
    })),
    skills: SKILL_COLUMNS.map((header) => ({ header, note: skills[header], width: 18 })),
  };
}

export interface ParsedWorkbook {
  employees: SheetRow[];
  skills: SheetRow[];
  employeeColumns: Record<EmployeeColumn, number>;
  skillColumns: Record<SkillColumn, number>;
}

/** Reads both sheets (under the reader's caps) and checks their headers; answers the problems if any. */
export async function parseWorkbook(
  workbook: XlsxWorkbook,
): Promise<{ ok: true; parsed: ParsedWorkbook } | { ok: false; problems: SchemaProblem[] }> {
  const problems: SchemaProblem[] = [];
  for (const sheet of Object.values(SHEETS)) {
    if (!workbook.sheetNames.includes(sheet))
      problems.push({ path: sheet, message: `missing sheet ${sheet}` });
  }
  if (problems.length) return { ok: false, problems };
  const employees = await workbook.readAll(SHEETS.employees);
  const skills = await workbook.readAll(SHEETS.skills);
  const employeeColumns = headerMap<EmployeeColumn>(
    SHEETS.employees,
    employees[0],
    EMPLOYEE_COLUMNS,
    problems,
    OPTIONAL_EMPLOYEE_COLUMNS,
  );
  const skillColumns = headerMap(SHEETS.skills, skills[0], SKILL_COLUMNS, problems);
  if (!employeeColumns || !skillColumns) return { ok: false, problems };
  return {
    ok: true,
    parsed: {
      employees: employees.slice(1).filter((row) => !isBlankRow(row)),
      skills: skills.slice(1).filter((row) => !isBlankRow(row)),
      employeeColumns,
      skillColumns,
    },
  };
}
