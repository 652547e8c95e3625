import { LOOKUP_ENTITIES, type LookupEntity } from '../lookup-entities.ts';

export { LOOKUP_ENTITIES, type LookupEntity };

/**
 * The global permission catalog (DESIGN §5): every gate of the interface spec, the eight lookup pairs (and the certification types' of issue 40),
 * `imports.view_history` and the legacy `leave.approve`. One table in code, seeded on every start and
 * read by the route-table test.
 */
type LookupPermission = `${LookupEntity}.view` | `${LookupEntity}.config`;

const lookupPermissions = LOOKUP_ENTITIES.flatMap((entity) => [
  [`${entity}.view`, 'lookups', `Read the ${entity.replaceAll('_', ' ')} lookup`] as const,
  [
    `${entity}.config`,
    'lookups',
    `Create, change and delete ${entity.replaceAll('_', ' ')} lookup rows`,
  ] as const,
]) satisfies (readonly [LookupPermission, string, string])[];

const namedPermissions = [
  ['admin.users', 'identity', 'Administer users: create, change, lock, reset passwords, grant roles'],
  ['admin.roles', 'identity', 'Administer roles and their permissions'],
  ['admin.config', 'platform', 'Change business-unit settings'],
  ['admin.audit', 'platform', 'Read the audit event log'],
  ['dashboard.view', 'platform', 'Read the manager dashboard tiles'],
  ['employee.view', 'people', 'Read employees'],
  ['skill.edit', 'people', 'Change which certifications a skill requires'],
  ['certifications.read', 'people', 'Read employee certifications'],
  ['certifications.manage', 'people', 'Add and change employee certifications'],
  ['employee_group.read', 'people', 'Read employee groups'],
  ['employee_group.write', 'people', 'Create, change and delete employee groups and members'],
  ['imports.run', 'people', 'Run employee imports and read their jobs'],
  ['imports.view_history', 'people', 'Read import history (with the SYS_ADMIN role: cancel jobs)'],
  ['attendance.view.all', 'attendance', 'Read all attendance records'],
  ['attendance.view.scoped', 'attendance', 'Read attendance of the departments in scope'],
  ['attendance.view.own', 'attendance', 'Read own attendance'],
  ['attendance.edit', 'attendance', 'Edit attendance records (opens a review)'],
  ['attendance.import', 'attendance', 'Import attendance spreadsheets'],
  ['attendance.review', 'attendance', 'Acknowledge or revert attendance edits'],
  ['reconciliation.view', 'attendance', 'Read reconciliation exceptions, variance and utilization'],
  ['reconciliation.validate', 'attendance', 'Validate reconciliation exceptions'],
  ['demand.read', 'demand', 'Read demand plans'],
  ['demand.write', 'demand', 'Create and change demand plans and templates'],
  ['demand.template_read', 'demand', 'Read demand templates'],
  ['allocation_run.read', 'allocation', 'Read allocation runs and candidates'],
  ['allocation_run.write', 'allocation', 'Create allocation runs and review them'],
  ['allocation_run.execute', 'allocation', 'Execute and re-run allocation runs'],
  ['allocation_run.lock', 'allocation', 'Lock allocation runs into the live roster'],
  ['allocation_run.archive', 'allocation', 'Archive allocation runs'],
  ['allocation_run.debug', 'allocation', 'Read per-rule ineligibility reasons'],
  ['roster.view', 'rosters', 'Read rosters, assignments and published rosters'],
  ['roster.create', 'rosters', 'Create shift assignments'],
  ['roster.edit', 'rosters', 'Remove shift assignments'],
  ['roster.publish', 'rosters', 'Publish and republish rosters'],
  ['roster.approve', 'rosters', 'Approve or reject published rosters'],
  ['leave_request.view_all', 'leave', 'Read the leave requests in scope'],
  ['leave_request.submit', 'leave', 'Submit own leave requests'],
  ['leave_request.view_own', 'leave', 'Read and cancel own leave requests'],
  ['leave_request.approve', 'leave', 'Approve or reject a step of a leave request'],
  ['leave.approve', 'leave', 'Legacy alias of leave_request.approve'],
  ['pool.read', 'pools', 'Read pools'],
  ['pool.write', 'pools', 'Create, change and delete pools'],
  ['pool_lending_rule.read', 'pools', 'Read pool-lending rules'],
  ['pool_lending_rule.write', 'pools', 'Create, change and delete pool-lending rules'],
  ['calendar.view', 'calendar', 'Read the resolved working calendar'],
  ['shift_pattern.view', 'calendar', 'Read shift patterns and their previews'],
  ['calendar_feed.manage_own', 'calendar-feed', 'Create, rotate and revoke the own calendar feed URL'],
  ['open_shift.view', 'open-shifts', 'Read open shifts and their claims in scope'],
  ['open_shift.offer', 'open-shifts', 'Offer gaps of the live roster as open shifts, and withdraw them'],
  ['open_shift.approve', 'open-shifts', 'Approve a claim of an open shift onto the live roster'],
  ['open_shift.claim', 'open-shifts', 'See the open shifts one may work, claim them, withdraw a claim'],
  ['shift_swap.propose', 'swaps', 'Propose, answer and cancel swaps and give-aways of own live shifts'],
  ['shift_swap.approve', 'swaps', 'Approve or reject accepted shift swaps in scope'],
  ['shift_swap.view', 'swaps', 'Read the shift swaps in scope'],
  ['availability.manage_own', 'availability', 'Record and remove own unavailability and work preferences'],
  ['availability.view', 'availability', 'Read the unavailability and preferences of the staff in scope'],
  ['labour_cost.view', 'costs', 'Read labour rates, premiums, budgets and the cost of runs and rosters'],
  ['labour_rate.manage', 'costs', 'Set hourly rates per grade and the premiums'],
  ['labour_budget.manage', 'costs', 'Set departments’ monthly labour budgets'],
] as const;

/** A permission of the catalog: routes, services and the role matrix name them through this type. */
export type Permission = (typeof namedPermissions)[number][0] | LookupPermission;

export const PERMISSION_CATALOG: readonly (readonly [code: Permission, area: string, description: string])[] =
  [...namedPermissions, ...lookupPermissions];

export const PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSION_CATALOG.map(([code]) => code));

/** Whether a code read from outside (a request, a stored role) is a permission of the catalog. */
export const isPermission = (code: string): code is Permission => PERMISSION_CODES.has(code);

/** Legacy permissions that give what their successor gives (DESIGN §5: `leave.approve`). */
export const PERMISSION_ALIASES: Readonly<Partial<Record<Permission, Permission>>> = {
  'leave.approve': 'leave_request.approve',
};
