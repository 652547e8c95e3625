import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { PrincipalStore } from '../../core/auth/principal-store.ts';
import type { Executor } from '../../core/db/database.ts';
import { notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, pageOf } from '../../core/http/pagination.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { skillLevelsOf } from '../lookups/skills.ts';
import type { HomePool } from '../pools/schemas.ts';
import { homePoolsOf } from '../pools/service.ts';
import * as certificationsRepo from './certifications-repository.ts';
import * as repo from './employees-repository.ts';
import type { Employee, EmployeeDetail, EmployeeListQuery } from './schemas.ts';
import { certificationView } from './views.ts';

// Employees (read only): the list, the detail, the caller's own record, the diagnostics summary.

// ---------------------------------------------------------------- employees

/** The employees page's announcement: every write to a table it reads drops the pages kept (migration 0029). */
export const EMPLOYEES_READ = 'read:employees';

export async function listEmployees(
  deps: ServiceDeps,
  caller: Caller,
  query: EmployeeListQuery,
  cache: Pick<PrincipalStore, 'keptValue'>,
): Promise<Page<Employee>> {
  const { buId } = caller.principal;
  const scope = scopeOf(caller, 'employee.view');
  const offset = offsetOf(query);
  const { q, departmentId, grade, status, skill, poolId, activeOn } = query;
  const filters: repo.EmployeeFilters = { q, departmentId, grade, status, skill, poolId, activeOn };
  const key = JSON.stringify([buId, scope, filters, query.pageSize, offset]);
  // The page itself is kept (nothing in it depends on the clock), so its route sends the same text again.
  return cache.keptValue(EMPLOYEES_READ, key, async () => {
    const { rows, total } = await repo.listEmployees(deps.db, buId, scope, filters, query.pageSize, offset);
    return pageOf(rows, total, query);
  });
}

/** How many employees in the caller's scope pass the list's filters (the dashboard). */
export const countEmployees = (deps: ServiceDeps, caller: Caller, filters: repo.EmployeeFilters) =>
  repo.countEmployees(deps.db, caller.principal.buId, scopeOf(caller, 'employee.view'), filters);

/** Where the employee works from: their explicit pool, or else their department's default pool. */
function withHomePool<T extends { id: string }>(employee: T, pools: Map<string, HomePool>) {
  const pool = pools.get(employee.id);
  return {
    ...employee,
    homePool: pool ? { id: pool.poolId, code: pool.poolCode, source: pool.source } : null,
  };
}

async function detailOf(
  deps: ServiceDeps,
  buId: string,
  today: string,
  row: repo.EmployeeRow,
): Promise<EmployeeDetail> {
  const [held, levels, certifications, groups, pools] = await Promise.all([
    repo.skillsOfEmployee(deps.db, buId, row.id),
    skillLevelsOf(deps.db, buId),
    certificationsRepo.certificationsOf(deps.db, buId, row.id, 1000, 0),
    repo.groupsOfEmployee(deps.db, buId, row.id),
    homePoolsOf(deps.db, buId, [row.id]),
  ]);
  const levelOf = new Map(levels.map((level) => [level.id, level]));
  return {
    ...withHomePool(row, pools),
    skills: held.map(({ levelId, ...skill }) => {
      const level = levelId === null ? undefined : levelOf.get(levelId);
      return { ...skill, levelCode: level?.code ?? null, levelRank: level?.rank ?? null };
    }),
    certifications: certifications.rows.map((c) => certificationView(c, today)),
    groups,
  };
}

export async function getEmployee(deps: ServiceDeps, caller: Caller, id: string): Promise<EmployeeDetail> {
  const { buId } = caller.principal;
  const row = await repo.findEmployee(deps.db, buId, scopeOf(caller, 'employee.view'), id);
  if (!row) throw notFound('Employee');
  return detailOf(deps, buId, caller.principal.today, row);
}

/** The caller's own employee record, whatever their department scope. */
export async function myEmployee(deps: ServiceDeps, caller: Caller): Promise<EmployeeDetail> {
  const { buId, employeeId } = caller.principal;
  const row = employeeId ? await repo.findEmployee(deps.db, buId, { kind: 'unit' }, employeeId) : undefined;
  if (!row) throw notFound('Your employee record');
  return detailOf(deps, buId, caller.principal.today, row);
}

export async function requireEmployee(
  executor: Executor,
  caller: Caller,
  permission: Permission,
  id: string,
) {
  const row = await repo.findEmployee(executor, caller.principal.buId, scopeOf(caller, permission), id);
  if (!row) throw notFound('Employee');
  return row;
}

export async function employeeSummary({ db }: ServiceDeps, buId: string | null) {
  const rows = await repo.summaryCounts(db, buId);
  const of = (dimension: string) =>
    rows.filter((r) => r.dimension === dimension).map((r) => ({ key: r.key, count: r.n }));
  const byStatus = of('status');
  return {
    total: byStatus.reduce((sum, r) => sum + r.count, 0),
    byDepartment: of('department'),
    byStatus,
    byGrade: of('grade'),
  };
}
