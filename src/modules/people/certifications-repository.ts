import { sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import { type Executor, queryRows } from '../../core/db/database.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import { one } from './sql.ts';

/* The SQL of employee certifications: the rows, the catalogue check, the overlap check and the expiry sweep. */

export interface CertificationRow {
  id: string;
  employee_id: string;
  certification_code: string;
  issued_on: string;
  expires_on: string | null;
  status: string;
  notes: string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const certificationColumns = sql`c.id, c.employee_id, c.certification_code, c.issued_on::text as issued_on,
  c.expires_on::text as expires_on, c.status, c.notes, c.version, c.created_at, c.updated_at`;

export async function certificationsOf(
  executor: Executor,
  buId: string,
  employeeId: string,
  limit: number,
  offset: number,
): Promise<{ rows: CertificationRow[]; total: number }> {
  const rows = await queryRows<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId}
         order by c.certification_code, c.issued_on desc, c.id limit ${limit} offset ${offset}`,
  );
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from certifications where bu_id = ${buId} and employee_id = ${employeeId}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export const findCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  id: string,
  forUpdate = false,
) =>
  one<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId} and c.id = ${id}
         ${forUpdate ? sql`for update` : sql``}`,
  );

export const insertCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  values: {
    certificationCode: string;
    issuedOn: string;
    expiresOn: string | null;
    notes: string | null;
    status: string;
  },
) =>
  one<CertificationRow>(
    executor,
    sql`insert into certifications as c (bu_id, employee_id, certification_code, issued_on, expires_on, notes, status)
        values (${buId}, ${employeeId}, ${values.certificationCode}, ${values.issuedOn}, ${values.expiresOn},
                ${values.notes}, ${values.status})
        returning ${certificationColumns}`,
  );

export const updateCertification = (
  executor: Executor,
  buId: string,
  id: string,
  values: {
    certificationCode: string;
    issuedOn: string;
    expiresOn: string | null;
    notes: string | null;
    status: string;
  },
) =>
  one<CertificationRow>(
    executor,
    sql`update certifications c set certification_code = ${values.certificationCode},
          issued_on = ${values.issuedOn}, expires_on = ${values.expiresOn}, notes = ${values.notes},
          status = ${values.status}, version = c.version + 1, updated_at = now()
         where c.bu_id = ${buId} and c.id = ${id}
     returning ${certificationColumns}`,
  );

export const deleteCertification = (executor: Executor, buId: string, id: string) =>
  executor.execute(sql`delete from certifications where bu_id = ${buId} and id = ${id}`);

/**
 * Takes the employee's row lock: every write of an employee's certifications takes it first (the API's
 * and the import's), so two writers cannot both pass the overlap check.
 */
export const lockEmployee = (executor: Executor, buId: string, id: string) =>
  executor.execute(sql`select 1 from employees where bu_id = ${buId} and id = ${id} for update`);

/**
 * Whether a code is in the unit's catalogue: an active certification type, or a code a skill requires.
 */
export const certificationCodeKnown = async (executor: Executor, buId: string, code: string) =>
  Boolean(
    await one(
      executor,
      sql`select 1 where exists (select 1 from certification_types
                                  where bu_id = ${buId} and code = ${code} and is_active)
                      or exists (select 1 from skill_certification_requirements
                                  where bu_id = ${buId} and certification_code = ${code})`,
    ),
  );

/**
 * A row of the same employee and code, not Revoked, whose dates overlap `issuedOn`…`expiresOn` (both
 * inclusive; no expiry runs for ever), other than `exceptId`.
 */
export const overlappingCertification = (
  executor: Executor,
  buId: string,
  employeeId: string,
  code: string,
  issuedOn: string,
  expiresOn: string | null,
  exceptId: string | null,
) =>
  one<CertificationRow>(
    executor,
    sql`select ${certificationColumns} from certifications c
         where c.bu_id = ${buId} and c.employee_id = ${employeeId} and c.certification_code = ${code}
           and c.status <> 'Revoked'
           and c.issued_on <= coalesce(${expiresOn}::date, 'infinity'::date)
           and coalesce(c.expires_on, 'infinity'::date) >= ${issuedOn}::date
           ${exceptId ? sql`and c.id <> ${exceptId}` : sql``}
         order by c.issued_on limit 1`,
  );

export interface ExpiringRow extends CertificationRow {
  employee_number: string;
  name_en: string;
  name_ar: string;
  department_id: string | null;
}

/** Active certifications in scope expiring from `today` to `until` (certifications `c`, employees `e`). */
const expiringCondition = (buId: string, scope: DepartmentScope, today: string, until: string) =>
  sql`c.bu_id = ${buId} and c.status = 'Active' and c.expires_on is not null
    and c.expires_on >= ${today}::date and c.expires_on <= ${until}::date
    and ${inDepartmentScope(sql`e.department_id`, scope)}`;

export async function countExpiringCertifications(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
): Promise<number> {
  const counted = await one<{ n: number }>(
    executor,
    sql`select count(*)::int as n from certifications c join employees e on e.id = c.employee_id
         where ${expiringCondition(buId, scope, today, until)}`,
  );
  return counted?.n ?? 0;
}

export async function expiringCertifications(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
  limit: number,
  offset: number,
): Promise<{ rows: ExpiringRow[]; total: number }> {
  const rows = await queryRows<ExpiringRow>(
    executor,
    sql`select ${certificationColumns}, e.employee_number, e.name_en, e.name_ar, e.department_id
          from certifications c join employees e on e.id = c.employee_id
         where ${expiringCondition(buId, scope, today, until)}
         order by c.expires_on, e.employee_number, c.id limit ${limit} offset ${offset}`,
  );
  return { rows, total: await countExpiringCertifications(executor, buId, scope, today, until) };
}

/** Writes Expired onto Active rows whose expiry date is before `today` of their unit; answers the rows. */
export const expireLapsed = (executor: Executor, buId: string | null, today: string) =>
  queryRows<{ id: string; bu_id: string; employee_id: string; certification_code: string }>(
    executor,
    sql`update certifications set status = 'Expired', version = version + 1, updated_at = now()
         where status = 'Active' and expires_on < ${today}::date
           ${buId ? sql`and bu_id = ${buId}` : sql``}
     returning id, bu_id, employee_id, certification_code`,
  );
