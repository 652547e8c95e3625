import { and, asc, count, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { DepartmentScope } from '../../core/auth/principal.ts';
import type { Executor } from '../../core/db/database.ts';
import { employeeRefColumns } from '../../core/db/employee-ref.ts';
import { paged } from '../../core/db/paging.ts';
import { inDepartmentScope } from '../../core/db/scope.ts';
import {
  type CertificationStatus,
  certifications,
  employees,
  skillCertificationRequirements,
} from '../../core/db/tables/index.ts';
import { edited } from '../../core/db/versioned.ts';
import { isActiveCertificationType } from '../lookups/reads.ts';

/* The queries of employee certifications: the rows, the catalogue check, the overlap check and the expiry sweep. */

const certificationColumns = {
  id: certifications.id,
  employeeId: certifications.employeeId,
  certificationCode: certifications.certificationCode,
  issuedOn: certifications.issuedOn,
  expiresOn: certifications.expiresOn,
  status: certifications.status,
  notes: certifications.notes,
  version: certifications.version,
  createdAt: certifications.createdAt,
  updatedAt: certifications.updatedAt,
};

export type CertificationRow = Awaited<ReturnType<typeof findCertification>> & {};

/** What a write sets on a certification row. */
export interface CertificationValues {
  certificationCode: string;
  issuedOn: string;
  expiresOn: string | null;
  notes: string | null;
  status: CertificationStatus;
}

const ofEmployee = (buId: string, employeeId: string) =>
  and(eq(certifications.buId, buId), eq(certifications.employeeId, employeeId));

export const certificationsOf = (
  executor: Executor,
  buId: string,
  employeeId: string,
  limit: number,
  offset: number,
) =>
  paged(
    executor
      .select(certificationColumns)
      .from(certifications)
      .where(ofEmployee(buId, employeeId))
      .orderBy(asc(certifications.certificationCode), desc(certifications.issuedOn), asc(certifications.id))
      .limit(limit)
      .offset(offset),
    executor.select({ n: count() }).from(certifications).where(ofEmployee(buId, employeeId)),
  );

export async function findCertification(
  executor: Executor,
  buId: string,
  employeeId: string,
  id: string,
  forUpdate = false,
) {
  const query = executor
    .select(certificationColumns)
    .from(certifications)
    .where(and(ofEmployee(buId, employeeId), eq(certifications.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertCertification(
  executor: Executor,
  buId: string,
  employeeId: string,
  values: CertificationValues,
) {
  const [row] = await executor
    .insert(certifications)
    .values({ buId, employeeId, ...values })
    .returning(certificationColumns);
  return row!;
}

export async function updateCertification(
  executor: Executor,
  buId: string,
  id: string,
  values: CertificationValues,
  at: Date,
) {
  const [row] = await executor
    .update(certifications)
    .set(edited(certifications, values, at))
    .where(and(eq(certifications.buId, buId), eq(certifications.id, id)))
    .returning(certificationColumns);
  return row!;
}

export const deleteCertification = (executor: Executor, buId: string, id: string) =>
  executor.delete(certifications).where(and(eq(certifications.buId, buId), eq(certifications.id, id)));

/**
 * Takes the employee's row lock: every write of an employee's certifications takes it first (the API's
 * and the import's), so two writers cannot both pass the overlap check.
 */
export const lockEmployee = (executor: Executor, buId: string, id: string) =>
  executor
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.buId, buId), eq(employees.id, id)))
    .for('update');

/**
 * Whether a code is in the unit's catalogue: an active certification type, or a code a skill requires.
 */
export async function certificationCodeKnown(executor: Executor, buId: string, code: string) {
  if (await isActiveCertificationType(executor, buId, code)) return true;
  const [required] = await executor
    .select({ code: skillCertificationRequirements.certificationCode })
    .from(skillCertificationRequirements)
    .where(
      and(
        eq(skillCertificationRequirements.buId, buId),
        eq(skillCertificationRequirements.certificationCode, code),
      ),
    )
    .limit(1);
  return Boolean(required);
}

/**
 * A row of the same employee and code, not Revoked, whose dates overlap `issuedOn`…`expiresOn` (both
 * inclusive; no expiry runs for ever), other than `exceptId`.
 */
export async function overlappingCertification(
  executor: Executor,
  buId: string,
  employeeId: string,
  code: string,
  issuedOn: string,
  expiresOn: string | null,
  exceptId: string | null,
) {
  const [row] = await executor
    .select(certificationColumns)
    .from(certifications)
    .where(
      and(
        ofEmployee(buId, employeeId),
        eq(certifications.certificationCode, code),
        ne(certifications.status, 'Revoked'),
        lte(certifications.issuedOn, sql`coalesce(${expiresOn}::date, 'infinity'::date)`),
        gte(sql`coalesce(${certifications.expiresOn}, 'infinity'::date)`, sql`${issuedOn}::date`),
        exceptId ? ne(certifications.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(certifications.issuedOn))
    .limit(1);
  return row;
}

/** Active certifications in scope expiring from `today` to `until`. */
const expiringCondition = (buId: string, scope: DepartmentScope, today: string, until: string) =>
  and(
    eq(certifications.buId, buId),
    eq(certifications.status, 'Active'),
    gte(certifications.expiresOn, today),
    lte(certifications.expiresOn, until),
    inDepartmentScope(employees.departmentId, scope),
  );

const countExpiring = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
) =>
  executor
    .select({ n: count() })
    .from(certifications)
    .innerJoin(employees, eq(employees.id, certifications.employeeId))
    .where(expiringCondition(buId, scope, today, until));

export async function countExpiringCertifications(
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
): Promise<number> {
  const [counted] = await countExpiring(executor, buId, scope, today, until);
  return counted?.n ?? 0;
}

export const expiringCertifications = (
  executor: Executor,
  buId: string,
  scope: DepartmentScope,
  today: string,
  until: string,
  limit: number,
  offset: number,
) =>
  paged(
    executor
      .select({ certification: certificationColumns, employee: employeeRefColumns })
      .from(certifications)
      .innerJoin(employees, eq(employees.id, certifications.employeeId))
      .where(expiringCondition(buId, scope, today, until))
      .orderBy(asc(certifications.expiresOn), asc(employees.employeeNumber), asc(certifications.id))
      .limit(limit)
      .offset(offset),
    countExpiring(executor, buId, scope, today, until),
  );

/** Writes Expired onto Active rows whose expiry date is before `today` of their unit; answers the rows. */
export const expireLapsed = (executor: Executor, buId: string, today: string, at: Date) =>
  executor
    .update(certifications)
    .set(edited(certifications, { status: 'Expired' }, at))
    .where(
      and(
        eq(certifications.buId, buId),
        eq(certifications.status, 'Active'),
        lt(certifications.expiresOn, today),
      ),
    )
    .returning({ id: certifications.id });
