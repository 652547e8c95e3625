import { type AuditActor, actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, businessDate } from '../../core/time/dates.ts';
import { readSettings } from '../settings/service.ts';
import * as repo from './certifications-repository.ts';
import { requireEmployee } from './employees-service.ts';
import type {
  Certification,
  CertificationListQuery,
  CertificationReplacement,
  CertificationStatus,
  CertificationStatusChange,
  ExpiringCertification,
  ExpiringQuery,
  NewCertification,
} from './schemas.ts';
import { certificationView, effectiveStatus } from './views.ts';

// Employee certifications: the rows, the catalogue and overlap checks, the expiring list and the sweep.

/** The unit's business date where no caller brings it (the expiry sweep runs for several units). */
async function todayOf(executor: Executor, buId: string, now: Date): Promise<string> {
  const { settings } = await readSettings(executor, buId);
  return businessDate(now, settings.timezone);
}

// ---------------------------------------------------------------- certifications

export async function certificationsOf(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  const { buId } = caller.principal;
  await requireEmployee(deps.db, caller, 'certifications.read', employeeId);
  return pageOfCertifications(deps, buId, caller.principal.today, employeeId, query);
}

async function pageOfCertifications(
  deps: ServiceDeps,
  buId: string,
  today: string,
  employeeId: string,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  if (query.status) {
    // The status filter reads the computed status, so it filters after computing (a person has few).
    const all = await repo.certificationsOf(deps.db, buId, employeeId, 10_000, 0);
    const matching = all.rows
      .map((r) => certificationView(r, today))
      .filter((c) => c.Status === query.status);
    return pageOf(matching.slice(offsetOf(query), offsetOf(query) + query.pageSize), matching.length, query);
  }
  const { rows, total } = await repo.certificationsOf(
    deps.db,
    buId,
    employeeId,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map((r) => certificationView(r, today)),
    total,
    query,
  );
}

export async function myCertifications(
  deps: ServiceDeps,
  caller: Caller,
  query: CertificationListQuery,
): Promise<Page<Certification>> {
  const { buId, employeeId } = caller.principal;
  if (!employeeId) return pageOf([], 0, query);
  return pageOfCertifications(deps, buId, caller.principal.today, employeeId, query);
}

/** A certification code as stored and compared: trimmed, upper case. */
export const normaliseCertificationCode = (code: string) => code.trim().toUpperCase();

/** Where the valid codes are listed (the 422's detail and the import's reason say it). */
export const CERTIFICATION_CODES_HINT =
  'GET /api/lookups/certification-types lists the valid codes; an administrator adds one at /api/admin/certification-types';

/** A code outside the unit's catalogue (an active certification type, or a code a skill requires) is a 422. */
export async function assertKnownCode(tx: Executor, buId: string, code: string) {
  if (await repo.certificationCodeKnown(tx, buId, code)) return;
  throw businessRule(
    'CERTIFICATION_UNKNOWN',
    `There is no certification type with the code ${code}: ${CERTIFICATION_CODES_HINT}`,
    { errors: [{ path: '/certificationCode', message: `unknown code "${code}"` }] },
  );
}

/**
 * No two rows of one code with overlapping dates for one employee (Revoked rows aside): a 409 naming the
 * row in the way. The caller holds the employee's row lock, so a concurrent writer waits for this one.
 */
async function assertNoOverlap(
  tx: Executor,
  buId: string,
  employeeId: string,
  values: { code: string; issuedOn: string; expiresOn: string | null },
  exceptId: string | null,
) {
  const other = await repo.overlappingCertification(
    tx,
    buId,
    employeeId,
    values.code,
    values.issuedOn,
    values.expiresOn,
    exceptId,
  );
  if (!other) return;
  throw conflict(
    'CERTIFICATION_DUPLICATE',
    `The employee holds ${values.code} from ${other.issuedOn} to ${other.expiresOn ?? '(no expiry)'} already: ` +
      'change that row (a renewal is a new expiry date on it), or delete it if it was entered by mistake',
    {
      existing: {
        id: other.id,
        certificationCode: other.certificationCode,
        issuedOn: other.issuedOn,
        expiresOn: other.expiresOn,
        storedStatus: other.status,
      },
    },
  );
}

const assertDates = (issuedOn: string, expiresOn: string | null | undefined) => {
  if (expiresOn && expiresOn < issuedOn) {
    throw businessRule('CERTIFICATION_DATES_INVALID', 'expiresOn is before issuedOn', {
      errors: [{ path: '/expiresOn', message: 'must be on or after issuedOn' }],
    });
  }
};

export async function addCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  body: NewCertification,
): Promise<Certification> {
  const { buId } = caller.principal;
  assertDates(body.issuedOn, body.expiresOn);
  const certificationCode = normaliseCertificationCode(body.certificationCode);
  return deps.db.transaction(async (tx) => {
    await requireEmployee(tx, caller, 'certifications.manage', employeeId);
    await repo.lockEmployee(tx, buId, employeeId);
    await assertKnownCode(tx, buId, certificationCode);
    await assertNoOverlap(
      tx,
      buId,
      employeeId,
      { code: certificationCode, issuedOn: body.issuedOn, expiresOn: body.expiresOn ?? null },
      null,
    );
    const row = await repo.insertCertification(tx, buId, employeeId, {
      certificationCode,
      issuedOn: body.issuedOn,
      expiresOn: body.expiresOn ?? null,
      notes: body.notes ?? null,
      status: 'Active',
    });
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.added',
      entityType: 'certification',
      entityId: row.id,
      details: { employeeId, certificationCode, expiresOn: body.expiresOn ?? null },
    });
    return certificationView(row, caller.principal.today);
  });
}

async function requireCertification(tx: Executor, caller: Caller, employeeId: string, id: string) {
  const employee = await requireEmployee(tx, caller, 'certifications.manage', employeeId);
  await repo.lockEmployee(tx, caller.principal.buId, employeeId);
  const row = await repo.findCertification(tx, caller.principal.buId, employeeId, id, true);
  if (!row) throw notFound('Certification');
  return { ...row, employeeNumber: employee.employeeNumber };
}

export async function replaceCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
  body: CertificationReplacement,
): Promise<Certification> {
  const { buId } = caller.principal;
  assertDates(body.issuedOn, body.expiresOn);
  const certificationCode = normaliseCertificationCode(body.certificationCode);
  return deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(caller.expectedVersion, current.version);
    // A code kept as stored passes (a type deactivated since); a new one must be in the catalogue.
    if (certificationCode !== current.certificationCode) await assertKnownCode(tx, buId, certificationCode);
    if (current.status !== 'Revoked') {
      await assertNoOverlap(
        tx,
        buId,
        employeeId,
        { code: certificationCode, issuedOn: body.issuedOn, expiresOn: body.expiresOn },
        id,
      );
    }
    const { today } = caller.principal;
    // A renewal (a new expiry date in the future) brings a swept certification back to Active.
    const renewed =
      current.status === 'Expired' && (body.expiresOn === null || body.expiresOn >= today)
        ? 'Active'
        : current.status;
    const row = await repo.updateCertification(
      tx,
      buId,
      id,
      {
        certificationCode,
        issuedOn: body.issuedOn,
        expiresOn: body.expiresOn,
        notes: body.notes === undefined ? current.notes : body.notes,
        status: renewed,
      },
      deps.now(),
    );
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.updated',
      entityType: 'certification',
      entityId: id,
      details: {
        employeeId,
        before: {
          certificationCode: current.certificationCode,
          issuedOn: current.issuedOn,
          expiresOn: current.expiresOn,
        },
        after: {
          certificationCode,
          issuedOn: body.issuedOn,
          expiresOn: body.expiresOn,
        },
      },
    });
    return certificationView(row, today);
  });
}

/**
 * Which status changes make sense, from the status as read (an Active row past its date reads Expired).
 * Revoked is final; an expired certification comes back only through a renewal of its dates (PUT).
 */
export const CERTIFICATION_TRANSITIONS: Readonly<
  Record<CertificationStatus, readonly CertificationStatus[]>
> = {
  Active: ['Suspended', 'Revoked', 'Expired'],
  Suspended: ['Active', 'Revoked', 'Expired'],
  Expired: ['Revoked'],
  Revoked: [],
};

export async function changeCertificationStatus(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
  body: CertificationStatusChange,
): Promise<Certification> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(caller.expectedVersion, current.version);
    const { today } = caller.principal;
    const from = effectiveStatus(current, today);
    if (!CERTIFICATION_TRANSITIONS[from].includes(body.Status)) {
      throw conflict(
        'CERTIFICATION_TRANSITION_INVALID',
        `A certification that is ${from} cannot become ${body.Status}`,
        { from, to: body.Status, allowed: CERTIFICATION_TRANSITIONS[from] },
      );
    }
    const row = await repo.updateCertification(
      tx,
      buId,
      id,
      {
        certificationCode: current.certificationCode,
        issuedOn: current.issuedOn,
        expiresOn: current.expiresOn,
        notes: current.notes,
        status: body.Status,
      },
      deps.now(),
    );
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.status_changed',
      entityType: 'certification',
      entityId: id,
      details: { employeeId, from, to: body.Status, reason: body.reason ?? null },
    });
    return certificationView(row, today);
  });
}

/**
 * Deletes a row entered by mistake (a wrong code or dates): audited with what the row held. A certificate
 * that was real and is withdrawn is Revoked instead, so its history stays.
 */
export async function deleteCertification(
  deps: ServiceDeps,
  caller: Caller,
  employeeId: string,
  id: string,
): Promise<void> {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const current = await requireCertification(tx, caller, employeeId, id);
    assertVersion(caller.expectedVersion, current.version);
    await repo.deleteCertification(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'certification.deleted',
      entityType: 'certification',
      entityId: id,
      details: {
        employeeId,
        employeeNumber: current.employeeNumber,
        certificationCode: current.certificationCode,
        issuedOn: current.issuedOn,
        expiresOn: current.expiresOn,
        storedStatus: current.status,
        notes: current.notes,
      },
    });
  });
}

export async function expiringCertifications(
  deps: ServiceDeps,
  caller: Caller,
  query: ExpiringQuery,
): Promise<Page<ExpiringCertification>> {
  const { buId } = caller.principal;
  const { today } = caller.principal;
  const { rows, total } = await repo.expiringCertifications(
    deps.db,
    buId,
    scopeOf(caller, 'certifications.read'),
    today,
    addDays(today, query.withinDays),
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(
    rows.map(({ certification, employee: { id: _, ...employee } }) => ({
      certification: certificationView(certification, today),
      ...employee,
    })),
    total,
    query,
  );
}

/** How many certifications in the caller's scope are Active and expire within `withinDays` (the dashboard). */
export function countExpiringCertifications(deps: ServiceDeps, caller: Caller, withinDays: number) {
  const { buId, today } = caller.principal;
  const scope = scopeOf(caller, 'certifications.read');
  return repo.countExpiringCertifications(deps.db, buId, scope, today, addDays(today, withinDays));
}

/** The diagnostics sweep: writes Expired onto lapsed Active rows, per unit by that unit's today. */
export async function runExpirySweep(deps: ServiceDeps, actor: AuditActor, buIds: string[]): Promise<number> {
  let expired = 0;
  for (const buId of buIds) {
    await deps.db.transaction(async (tx) => {
      const today = await todayOf(tx, buId, deps.now());
      const rows = await repo.expireLapsed(tx, buId, today, deps.now());
      expired += rows.length;
      if (rows.length) {
        await recordAudit(
          tx,
          { ...actor, buId },
          {
            action: 'certification.expiry_sweep',
            entityType: 'certification',
            details: { expired: rows.length, today, ids: rows.slice(0, 100).map((r) => r.id) },
          },
        );
      }
    });
  }
  return expired;
}
