/** The Employees sheet: one row as a unit, with the skills and certifications of its employee. */
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { cellOf, dateOf, type SheetRow } from '../../core/xlsx/index.ts';
import type * as repo from './batch-repository.ts';
import { nameProblem, type Unit } from './plan.ts';
import type { CertificationIndex } from './plan-certifications.ts';
import type { SkillIndex } from './plan-skills.ts';
import { type EmployeeColumn, SHEETS } from './workbook.ts';

const EMPLOYEE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** As the users' own schema has it (identity/schemas.ts `Username`). */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;

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
  seenUsernames: Set<string> = new Set(),
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
  let username: string | undefined;
  if (columns.username >= 0) {
    const wanted = cell('username');
    const own = number ? maps.accounts.byEmployeeNumber.get(number) : undefined;
    if (!wanted || own !== undefined) {
      // Blank, or the employee has an account already: nothing to open.
    } else if (!USERNAME.test(wanted)) {
      err('username', wanted, 'Letters, digits, . _ - only, 3 to 64, starting with a letter or digit');
    } else if (
      maps.accounts.byUsername.has(wanted.toLowerCase()) ||
      seenUsernames.has(wanted.toLowerCase())
    ) {
      err('username', wanted, 'The username is taken by another account');
    } else username = wanted;
    if (wanted) seenUsernames.add(wanted.toLowerCase());
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
      ...(username ? { username } : {}),
    },
  };
}
