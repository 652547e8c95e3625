import { sql } from 'drizzle-orm';
import { type Executor, queryRows, uuidList } from '../../core/db/database.ts';
import {
  certifications,
  employeeSkills,
  employees,
  skillCertificationRequirements,
} from '../../core/db/tables/index.ts';

/*
 * The staff as the engine's input takes them: employees, their skills and certificates, and what each skill
 * requires. Raw SQL because id lists travel as one parameter (`uuidList`), which a builder's `inArray` cannot.
 */

export interface EmployeeRow {
  id: string;
  departmentId: string | null;
  gradeId: string | null;
  status: string;
  hireDate: string | null;
  endDate: string | null;
}

export async function employeesOf(executor: Executor, buId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<EmployeeRow>(
    executor,
    sql`select e.id, e.department_id as "departmentId", e.grade_id as "gradeId", e.status,
          e.hire_date::text as "hireDate", e.end_date::text as "endDate"
        from ${employees} e
        where e.bu_id = ${buId} and e.id = any(${uuidList(ids)})
        order by e.employee_number`,
  );
}

export async function skillsOf(executor: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<{ employeeId: string; skillId: string }>(
    executor,
    sql`select employee_id as "employeeId", skill_id as "skillId" from ${employeeSkills}
        where employee_id = any(${uuidList(ids)}) order by skill_id`,
  );
}

export async function certificationsOf(executor: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return queryRows<{
    employeeId: string;
    code: string;
    issuedOn: string;
    expiresOn: string | null;
    status: string;
  }>(
    executor,
    sql`select employee_id as "employeeId", certification_code as "code", issued_on::text as "issuedOn",
          expires_on::text as "expiresOn", status
        from ${certifications} where employee_id = any(${uuidList(ids)}) order by issued_on, id`,
  );
}

export async function certificationRequirements(executor: Executor, buId: string) {
  return queryRows<{ skillId: string; code: string }>(
    executor,
    sql`select skill_id as "skillId", certification_code as "code" from ${skillCertificationRequirements}
        where bu_id = ${buId} order by certification_code`,
  );
}
