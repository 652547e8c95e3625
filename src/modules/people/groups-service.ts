import { actorOf, recordAudit } from '../../core/audit/record.ts';
import { type Caller, scopeOf } from '../../core/auth/caller.ts';
import type { Permission } from '../../core/auth/catalog.ts';
import type { Executor } from '../../core/db/database.ts';
import { businessRule, conflict, notFound } from '../../core/http/errors.ts';
import { offsetOf, type Page, type PageQuery, pageOf } from '../../core/http/pagination.ts';
import { assertVersion } from '../../core/http/versioning.ts';
import type { ServiceDeps } from '../../core/module-context.ts';
import { isDepartment } from '../lookups/reads.ts';
import { findEmployee } from './employees-repository.ts';
import * as repo from './groups-repository.ts';
import type {
  EmployeeGroup,
  EmployeeGroupUpdate,
  GroupListQuery,
  GroupMember,
  NewEmployeeGroup,
} from './schemas.ts';

// Employee groups and their members.

const groupView = ({ nameEn, nameAr, createdAt, updatedAt, ...row }: repo.GroupRow): EmployeeGroup => ({
  ...row,
  Name_1_English: nameEn,
  Name_2_Arabic: nameAr,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const memberView = ({ id, addedAt, ...employee }: repo.MemberRow): GroupMember => ({
  employeeId: id,
  ...employee,
  addedAt: addedAt.toISOString(),
});

// ---------------------------------------------------------------- groups

const GROUP_READ = 'employee_group.read';
const GROUP_WRITE = 'employee_group.write';

export async function listGroups(
  deps: ServiceDeps,
  caller: Caller,
  query: GroupListQuery,
): Promise<Page<EmployeeGroup>> {
  const { rows, total } = await repo.listGroups(
    deps.db,
    caller.principal.buId,
    scopeOf(caller, GROUP_READ),
    query,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(groupView), total, query);
}

async function requireGroup(
  executor: Executor,
  caller: Caller,
  permission: Permission,
  id: string,
  forUpdate = false,
) {
  const row = await repo.findGroup(
    executor,
    caller.principal.buId,
    scopeOf(caller, permission),
    id,
    forUpdate,
  );
  if (!row) throw notFound('Employee group');
  return row;
}

export async function getGroup(deps: ServiceDeps, caller: Caller, id: string): Promise<EmployeeGroup> {
  return groupView(await requireGroup(deps.db, caller, GROUP_READ, id));
}

export async function createGroup(
  deps: ServiceDeps,
  caller: Caller,
  body: NewEmployeeGroup,
): Promise<EmployeeGroup> {
  const { buId } = caller.principal;
  const scope = scopeOf(caller, GROUP_WRITE);
  const departmentId = body.departmentId ?? null;
  if (departmentId === null && scope.kind !== 'unit') {
    throw businessRule('DEPARTMENT_REQUIRED', 'Your grant covers some departments only: name one of them', {
      errors: [{ path: '/departmentId', message: 'required for a department-scoped grant' }],
    });
  }
  return deps.db.transaction(async (tx) => {
    if (
      departmentId !== null &&
      (!(await isDepartment(tx, buId, departmentId)) ||
        (scope.kind === 'departments' && !scope.departmentIds.includes(departmentId)))
    ) {
      throw businessRule('DEPARTMENT_UNKNOWN', 'No department with this id in your scope', {
        errors: [{ path: '/departmentId', message: 'unknown department' }],
      });
    }
    const id = await repo.insertGroup(tx, buId, {
      code: body.code,
      nameEn: body.Name_1_English,
      nameAr: body.Name_2_Arabic,
      description: body.description ?? null,
      departmentId,
    });
    if (!id) throw conflict('EMPLOYEE_GROUP_CODE_TAKEN', `A group with code ${body.code} exists already`);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.created',
      entityType: 'employee_group',
      entityId: id,
      details: { code: body.code, departmentId },
    });
    return groupView((await repo.findGroup(tx, buId, { kind: 'unit' }, id))!);
  });
}

export async function updateGroup(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: EmployeeGroupUpdate,
): Promise<EmployeeGroup> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const current = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    assertVersion(caller.expectedVersion, current.version);
    const next = {
      nameEn: body.Name_1_English ?? current.nameEn,
      nameAr: body.Name_2_Arabic ?? current.nameAr,
      description: body.description === undefined ? current.description : body.description,
    };
    await repo.updateGroup(tx, buId, id, deps.now(), next);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.updated',
      entityType: 'employee_group',
      entityId: id,
      details: { code: current.code, changes: body },
    });
    return groupView((await repo.findGroup(tx, buId, { kind: 'unit' }, id))!);
  });
}

export async function deleteGroup(deps: ServiceDeps, caller: Caller, id: string) {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const current = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    assertVersion(caller.expectedVersion, current.version);
    await repo.deleteGroup(tx, buId, id);
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.deleted',
      entityType: 'employee_group',
      entityId: id,
      details: { code: current.code, memberCount: current.memberCount },
    });
  });
}

export async function membersOf(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  query: PageQuery,
): Promise<Page<GroupMember>> {
  const { buId } = caller.principal;
  await requireGroup(deps.db, caller, GROUP_READ, id);
  const { rows, total } = await repo.membersOf(
    deps.db,
    buId,
    scopeOf(caller, GROUP_READ),
    id,
    query.pageSize,
    offsetOf(query),
  );
  return pageOf(rows.map(memberView), total, query);
}

export async function addMember(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  employeeId: string,
): Promise<GroupMember> {
  const { buId } = caller.principal;
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    const employee = await findEmployee(tx, buId, scopeOf(caller, GROUP_WRITE), employeeId);
    if (!employee) {
      throw businessRule('EMPLOYEE_UNKNOWN', 'No employee with this id in your scope', {
        errors: [{ path: '/employeeId', message: 'unknown employee' }],
      });
    }
    if (group.departmentId !== null && employee.departmentId !== group.departmentId) {
      throw businessRule('GROUP_MEMBER_OUTSIDE_DEPARTMENT', "The employee is not in the group's department");
    }
    if (!(await repo.addMember(tx, id, employeeId))) {
      throw conflict('GROUP_MEMBER_EXISTS', 'The employee is a member already');
    }
    await repo.updateGroup(tx, buId, id, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.member_added',
      entityType: 'employee_group',
      entityId: id,
      details: { code: group.code, employeeId, employeeNumber: employee.employeeNumber },
    });
    return memberView((await repo.memberOf(tx, buId, id, employeeId))!);
  });
}

export async function removeMember(deps: ServiceDeps, caller: Caller, id: string, employeeId: string) {
  const { buId } = caller.principal;
  await deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, caller, GROUP_WRITE, id, true);
    const employee = await findEmployee(tx, buId, scopeOf(caller, GROUP_WRITE), employeeId);
    if (!employee || !(await repo.removeMember(tx, id, employeeId))) throw notFound('Group member');
    await repo.updateGroup(tx, buId, id, deps.now());
    await recordAudit(tx, actorOf(caller), {
      action: 'employee_group.member_removed',
      entityType: 'employee_group',
      entityId: id,
      details: { code: group.code, employeeId, employeeNumber: employee.employeeNumber },
    });
  });
}
