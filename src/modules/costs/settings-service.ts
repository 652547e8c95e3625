import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../core/db/errors.ts';
import type { LabourPremiumKind } from '../../core/db/tables/index.ts';
import { AppError, businessRule, conflict, notFound, validationFailed } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { addDays, isRealDate } from '../../core/time/dates.ts';
import { currencyOf } from './pricing-context.ts';
import { formatMinor, parseMinor } from './rational.ts';
import * as repo from './repository.ts';
import type {
  BudgetListQuery,
  Currency,
  LabourBudget,
  LabourBudgetUpdate,
  LabourPremium,
  LabourPremiumUpdate,
  LabourRate,
  LabourRateUpdate,
  NewLabourBudget,
  NewLabourRate,
  RateListQuery,
} from './schemas.ts';

/** The first and last dates of a `YYYY-MM` month. */
export function monthRange(month: string) {
  const from = `${month}-01`;
  const next = addDays(from, 31).slice(0, 7);
  return { from, to: addDays(`${next}-01`, -1) };
}

export const budgetMinorOf = (amountMinor: number, currency: Currency) =>
  formatMinor(BigInt(amountMinor), currency.minorUnits);

/** An amount typed by a person, in minor units: more digits than the currency has is refused, not rounded. */
function minorOf(text: string, currency: Currency, path: string): number {
  const minor = parseMinor(text, currency.minorUnits);
  if (minor === null || minor < 0n || minor > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw validationFailed(`${text} is not an amount of ${currency.code}`, [
      { path, message: `a non-negative amount with at most ${currency.minorUnits} decimals` },
    ]);
  }
  return Number(minor);
}

const preconditionFailed = () =>
  new AppError(412, 'PRECONDITION_FAILED', 'It was changed meanwhile; read it again before changing it');

/* Rates */

function rateView(row: repo.RateRow, currency: Currency): LabourRate {
  return {
    id: row.id,
    grade: { id: row.gradeId, code: row.gradeCode, nameEn: row.gradeNameEn, nameAr: row.gradeNameAr },
    effectiveFrom: row.effectiveFrom,
    hourlyRate: formatMinor(BigInt(row.hourlyMinor), currency.minorUnits),
    currency: currency.code,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listRates(
  deps: ServiceDeps,
  caller: Caller,
  query: RateListQuery,
): Promise<Page<LabourRate>> {
  const buId = caller.principal.buId;
  const [{ rows, total }, currency] = await Promise.all([
    repo.listRates(deps.db, buId, query, query.pageSize, offsetOf(query)),
    currencyOf(deps.db, buId),
  ]);
  return pageOf(
    rows.map((row) => rateView(row, currency)),
    total,
    query,
  );
}

export async function getRate(deps: ServiceDeps, caller: Caller, id: string): Promise<LabourRate> {
  const buId = caller.principal.buId;
  const row = await repo.findRate(deps.db, buId, id);
  if (!row) throw notFound('The rate');
  return rateView(row, await currencyOf(deps.db, buId));
}

const rateTaken = (error: unknown) =>
  sqlState(error) === UNIQUE_VIOLATION
    ? conflict('LABOUR_RATE_EXISTS', 'The grade has a rate from that date already: change it instead')
    : error;

function checkDate(date: string, path: string) {
  if (!isRealDate(date))
    throw validationFailed(`${date} is not a date`, [{ path, message: 'not a real date' }]);
}

export async function createRate(
  deps: ServiceDeps,
  caller: Caller,
  body: NewLabourRate,
): Promise<LabourRate> {
  const buId = caller.principal.buId;
  checkDate(body.effectiveFrom, '/effectiveFrom');
  const currency = await currencyOf(deps.db, buId);
  const hourlyMinor = minorOf(body.hourlyRate, currency, '/hourlyRate');
  const id = await deps.db
    .transaction(async (tx) => {
      if (!(await repo.gradeExists(tx, buId, body.gradeId))) {
        throw businessRule('GRADE_UNKNOWN', 'No grade of this unit has that id');
      }
      const created = await repo.insertRate(tx, {
        buId,
        gradeId: body.gradeId,
        effectiveFrom: body.effectiveFrom,
        hourlyMinor,
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'labour_rate.create',
        entityType: 'labour_rate',
        entityId: created,
        details: { gradeId: body.gradeId, effectiveFrom: body.effectiveFrom, hourlyRate: body.hourlyRate },
      });
      return created;
    })
    .catch((error) => {
      throw rateTaken(error);
    });
  return getRate(deps, caller, id);
}

export async function updateRate(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: LabourRateUpdate,
): Promise<LabourRate> {
  const buId = caller.principal.buId;
  if (body.effectiveFrom !== undefined) checkDate(body.effectiveFrom, '/effectiveFrom');
  const currency = await currencyOf(deps.db, buId);
  const hourlyMinor =
    body.hourlyRate === undefined ? undefined : minorOf(body.hourlyRate, currency, '/hourlyRate');
  await deps.db
    .transaction(async (tx) => {
      const current = await repo.findRate(tx, buId, id);
      if (!current) throw notFound('The rate');
      assertVersion(caller.expectedVersion, current.version);
      const changed = await repo.updateRate(
        tx,
        buId,
        id,
        current.version,
        {
          ...(body.effectiveFrom !== undefined ? { effectiveFrom: body.effectiveFrom } : {}),
          ...(hourlyMinor !== undefined ? { hourlyMinor } : {}),
        },
        deps.now(),
      );
      if (!changed) throw preconditionFailed();
      await recordAudit(tx, actorOf(caller), {
        action: 'labour_rate.update',
        entityType: 'labour_rate',
        entityId: id,
        details: {
          from: {
            effectiveFrom: current.effectiveFrom,
            hourlyRate: formatMinor(BigInt(current.hourlyMinor), currency.minorUnits),
          },
          to: body,
        },
      });
    })
    .catch((error) => {
      throw rateTaken(error);
    });
  return getRate(deps, caller, id);
}

export async function deleteRate(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const buId = caller.principal.buId;
  await deps.db.transaction(async (tx) => {
    const current = await repo.findRate(tx, buId, id);
    if (!current || !(await repo.deleteRate(tx, buId, id))) throw notFound('The rate');
    await recordAudit(tx, actorOf(caller), {
      action: 'labour_rate.delete',
      entityType: 'labour_rate',
      entityId: id,
      details: { gradeId: current.gradeId, effectiveFrom: current.effectiveFrom },
    });
  });
}

/* Premiums */

type PremiumRow = Awaited<ReturnType<typeof repo.listPremiums>>[number];

function premiumView(row: PremiumRow, currency: Currency): LabourPremium {
  return {
    kind: row.kind,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    basis: row.basis,
    percent:
      row.percentBasisPoints === null
        ? null
        : formatMinor(BigInt(row.percentBasisPoints), 2).replace(/\.00$/, ''),
    amount: row.amountMinor === null ? null : formatMinor(BigInt(row.amountMinor), currency.minorUnits),
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    currency: currency.code,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPremiums(deps: ServiceDeps, caller: Caller) {
  const buId = caller.principal.buId;
  const [rows, currency] = await Promise.all([repo.listPremiums(deps.db, buId), currencyOf(deps.db, buId)]);
  return { currency, items: rows.map((row) => premiumView(row, currency)) };
}

/** Sets a premium (creating it the first time); the fields its basis and kind do not use must be absent. */
export async function setPremium(
  deps: ServiceDeps,
  caller: Caller,
  kind: LabourPremiumKind,
  body: LabourPremiumUpdate,
): Promise<LabourPremium> {
  const buId = caller.principal.buId;
  const currency = await currencyOf(deps.db, buId);
  const errors: { path: string; message: string }[] = [];
  const percent = body.percent ?? null;
  const amount = body.amount ?? null;
  if (body.basis === 'PERCENT' && (percent === null || amount !== null)) {
    errors.push({ path: '/percent', message: 'PERCENT takes a percent and no amount' });
  }
  if (body.basis === 'FIXED' && (amount === null || percent !== null)) {
    errors.push({ path: '/amount', message: 'FIXED takes an amount and no percent' });
  }
  const night = kind === 'NIGHT';
  const windowGiven = (body.windowStart ?? null) !== null || (body.windowEnd ?? null) !== null;
  if (night && (!body.windowStart || !body.windowEnd || body.windowStart === body.windowEnd)) {
    errors.push({ path: '/windowStart', message: 'the night premium needs its window: two different times' });
  }
  if (!night && windowGiven)
    errors.push({ path: '/windowStart', message: 'only the night premium has a window' });
  if (errors.length) throw validationFailed('The premium does not hold together', errors);
  const values = {
    nameEn: body.nameEn.trim(),
    nameAr: body.nameAr.trim(),
    basis: body.basis,
    percentBasisPoints: percent === null ? null : Number(parseMinor(percent, 2)),
    amountMinor: amount === null ? null : minorOf(amount, currency, '/amount'),
    windowStart: night ? (body.windowStart ?? null) : null,
    windowEnd: night ? (body.windowEnd ?? null) : null,
  };
  await deps.db.transaction(async (tx) => {
    const current = await repo.findPremium(tx, buId, kind, true);
    if (current) assertVersion(caller.expectedVersion, current.version);
    await repo.upsertPremium(tx, buId, kind, values, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'labour_premium.set',
      entityType: 'labour_premium',
      entityId: kind,
      details: { from: current ? premiumView(current, currency) : null, to: body },
    });
  });
  const row = await repo.findPremium(deps.db, buId, kind);
  return premiumView(row!, currency);
}

export async function removePremium(
  deps: ServiceDeps,
  caller: Caller,
  kind: LabourPremiumKind,
): Promise<void> {
  const buId = caller.principal.buId;
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deletePremium(tx, buId, kind))) throw notFound('The premium');
    await recordAudit(tx, actorOf(caller), {
      action: 'labour_premium.delete',
      entityType: 'labour_premium',
      entityId: kind,
    });
  });
}

/* Budgets */

function budgetView(row: repo.BudgetRow, currency: Currency): LabourBudget {
  return {
    id: row.id,
    department: {
      id: row.departmentId,
      code: row.departmentCode,
      nameEn: row.departmentNameEn,
      nameAr: row.departmentNameAr,
    },
    month: row.month.slice(0, 7),
    amount: budgetMinorOf(row.amountMinor, currency),
    currency: currency.code,
    note: row.note,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listBudgets(
  deps: ServiceDeps,
  caller: Caller,
  query: BudgetListQuery,
): Promise<Page<LabourBudget>> {
  const buId = caller.principal.buId;
  const [{ rows, total }, currency] = await Promise.all([
    repo.listBudgets(
      deps.db,
      buId,
      scopeOf(caller, 'labour_cost.view'),
      {
        ...(query.departmentId ? { departmentId: query.departmentId } : {}),
        ...(query.from ? { from: `${query.from}-01` } : {}),
        ...(query.to ? { to: `${query.to}-01` } : {}),
      },
      query.pageSize,
      offsetOf(query),
    ),
    currencyOf(deps.db, buId),
  ]);
  return pageOf(
    rows.map((row) => budgetView(row, currency)),
    total,
    query,
  );
}

export async function getBudget(deps: ServiceDeps, caller: Caller, id: string): Promise<LabourBudget> {
  const buId = caller.principal.buId;
  const row = await repo.findBudget(deps.db, buId, scopeOf(caller, 'labour_cost.view'), { id });
  if (!row) throw notFound('The budget');
  return budgetView(row, await currencyOf(deps.db, buId));
}

export async function createBudget(
  deps: ServiceDeps,
  caller: Caller,
  body: NewLabourBudget,
): Promise<LabourBudget> {
  const buId = caller.principal.buId;
  const currency = await currencyOf(deps.db, buId);
  const amountMinor = minorOf(body.amount, currency, '/amount');
  const id = await deps.db
    .transaction(async (tx) => {
      const department = await repo.findDepartment(
        tx,
        buId,
        scopeOf(caller, 'labour_budget.manage'),
        body.departmentId,
      );
      if (!department) throw businessRule('DEPARTMENT_UNKNOWN', 'No department in your scope has that id');
      const created = await repo.insertBudget(tx, {
        buId,
        departmentId: body.departmentId,
        month: monthRange(body.month).from,
        amountMinor,
        note: body.note?.trim() || null,
      });
      await recordAudit(tx, actorOf(caller), {
        action: 'labour_budget.create',
        entityType: 'labour_budget',
        entityId: created,
        details: { departmentId: body.departmentId, month: body.month, amount: body.amount },
      });
      return created;
    })
    .catch((error) => {
      throw sqlState(error) === UNIQUE_VIOLATION
        ? conflict(
            'LABOUR_BUDGET_EXISTS',
            'The department has a budget for that month already: change it instead',
          )
        : error;
    });
  return getBudget(deps, caller, id);
}

async function requireBudgetToManage(deps: ServiceDeps, caller: Caller, id: string) {
  const row = await repo.findBudget(deps.db, caller.principal.buId, scopeOf(caller, 'labour_budget.manage'), {
    id,
  });
  if (!row) throw notFound('The budget');
  return row;
}

export async function updateBudget(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: LabourBudgetUpdate,
): Promise<LabourBudget> {
  const buId = caller.principal.buId;
  const currency = await currencyOf(deps.db, buId);
  const amountMinor = body.amount === undefined ? undefined : minorOf(body.amount, currency, '/amount');
  const current = await requireBudgetToManage(deps, caller, id);
  assertVersion(caller.expectedVersion, current.version);
  await deps.db.transaction(async (tx) => {
    const changed = await repo.updateBudget(
      tx,
      buId,
      id,
      current.version,
      {
        ...(amountMinor !== undefined ? { amountMinor } : {}),
        ...(body.note !== undefined ? { note: body.note?.trim() || null } : {}),
      },
      deps.now(),
    );
    if (!changed) throw preconditionFailed();
    await recordAudit(tx, actorOf(caller), {
      action: 'labour_budget.update',
      entityType: 'labour_budget',
      entityId: id,
      details: {
        from: { amount: budgetMinorOf(current.amountMinor, currency), note: current.note },
        to: body,
      },
    });
  });
  return getBudget(deps, caller, id);
}

export async function deleteBudget(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const current = await requireBudgetToManage(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteBudget(tx, caller.principal.buId, id))) throw notFound('The budget');
    await recordAudit(tx, actorOf(caller), {
      action: 'labour_budget.delete',
      entityType: 'labour_budget',
      entityId: id,
      details: { departmentId: current.departmentId, month: current.month.slice(0, 7) },
    });
  });
}
