import { LOOKUP_ENTITIES, PERMISSION_CATALOG } from './catalog.ts';

export const SYSTEM_ROLES = [
  'SYS_ADMIN',
  'HR_ADMIN',
  'HR_DIRECTOR',
  'COO',
  'PLANNER',
  'MANAGER',
  'SUPERVISOR',
  'EMPLOYEE',
] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const SUPER_ADMIN_ROLE: SystemRole = 'SYS_ADMIN';

const lookupViews = LOOKUP_ENTITIES.map((entity) => `${entity}.view`);
const lookupConfigs = LOOKUP_ENTITIES.map((entity) => `${entity}.config`);
const shiftViews = ['calendar.view', 'shift_template.view', 'shift_pattern.view'];
const everyone = ['attendance.view.own', 'leave_request.submit', 'leave_request.view_own'];

const directorate = [
  'dashboard.view',
  'employee.view',
  'attendance.view.all',
  'attendance.edit',
  'attendance.import',
  'attendance.review',
  'reconciliation.view',
  'reconciliation.validate',
  'roster.view',
  'leave_request.view_all',
  ...lookupViews,
  ...shiftViews,
  'labour_cost.view',
  'labour_budget.manage',
];

/** The default role matrix of DESIGN §5, binding where the spec's "Known permission holders" speaks. */
export const ROLE_MATRIX: Readonly<Record<SystemRole, readonly string[]>> = {
  SYS_ADMIN: PERMISSION_CATALOG.map(([code]) => code),
  HR_ADMIN: [
    'employee.view',
    'skill.view',
    'skill.edit',
    'certifications.read',
    'certifications.manage',
    'employee_group.read',
    'employee_group.write',
    'imports.run',
    'imports.view_history',
    'leave_request.view_all',
    'leave_request.approve',
    'pool.read',
    'pool.write',
    'pool_lending_rule.read',
    'pool_lending_rule.write',
    'demand.read',
    'demand.write',
    'demand.template_read',
    ...lookupViews,
    ...lookupConfigs,
    ...shiftViews,
    'admin.audit',
    'dashboard.view',
    'attendance.view.all',
    'labour_cost.view',
    'labour_rate.manage',
    'labour_budget.manage',
  ],
  HR_DIRECTOR: directorate,
  COO: [...directorate, 'demand.read', 'allocation_run.read'],
  PLANNER: [
    'dashboard.view',
    'employee.view',
    'skill.view',
    'certifications.read',
    'employee_group.read',
    'imports.run',
    'demand.read',
    'demand.write',
    'demand.template_read',
    'allocation_run.read',
    'allocation_run.write',
    'allocation_run.execute',
    'allocation_run.lock',
    'allocation_run.archive',
    'roster.view',
    'roster.create',
    'roster.edit',
    'roster.publish',
    'pool.read',
    'pool_lending_rule.read',
    ...shiftViews,
    'reconciliation.view',
    ...lookupViews,
    'demand_reason.config',
    'shift_template.config',
    'labour_cost.view',
  ],
  MANAGER: [
    'dashboard.view',
    'employee.view',
    'skill.view',
    'certifications.read',
    'employee_group.read',
    'demand.read',
    'allocation_run.read',
    'roster.view',
    'roster.publish',
    'roster.approve',
    'leave_request.approve',
    'leave.approve',
    'leave_request.view_all',
    'pool.read',
    'pool.write',
    'pool_lending_rule.read',
    'pool_lending_rule.write',
    'attendance.view.scoped',
    'reconciliation.view',
    ...shiftViews,
    ...lookupViews,
    'labour_cost.view',
  ],
  SUPERVISOR: [
    'dashboard.view',
    'employee.view',
    'roster.view',
    'leave_request.approve',
    'leave_request.view_all',
    'attendance.view.scoped',
    ...shiftViews,
    ...lookupViews,
  ],
  EMPLOYEE: ['calendar.view', 'shift_template.view'],
};

/** A role's permissions with the ones every role holds, without repeats. */
export function permissionsOfSystemRole(role: SystemRole): string[] {
  return [...new Set([...ROLE_MATRIX[role], ...everyone])].sort();
}
