/**
 * The one module that owns each table and view of `tables/` (issue 50). Only the owner's files name it,
 * typed or as a string in raw SQL; every other module calls the owner's read functions (its service, or a
 * file of reads beside its repository). `test/platform/layout.test.ts` holds this, and holds this map to
 * name every table once. The core's mechanisms (audit recording, principals, backups, metrics, the
 * employee reference of answers) read what they must and are no module.
 */
export const TABLE_OWNERS = {
  // settings: the business units and their settings
  business_units: 'settings',
  business_unit_settings: 'settings',
  // platform: the service's own state
  service_state: 'platform',
  idempotent_requests: 'platform',
  // identity: accounts, roles, sign-ins
  permissions: 'identity',
  roles: 'identity',
  role_permissions: 'identity',
  users: 'identity',
  user_roles: 'identity',
  login_history: 'identity',
  login_sessions: 'identity',
  unknown_login_names: 'identity',
  // audit
  audit_events: 'audit',
  // lookups: the reference data the lookups screens keep, the organisation tree among it
  node_types: 'lookups',
  org_nodes: 'lookups',
  grades: 'lookups',
  skill_categories: 'lookups',
  skill_levels: 'lookups',
  skills: 'lookups',
  certification_types: 'lookups',
  terminals: 'lookups',
  holiday_types: 'lookups',
  holidays: 'lookups',
  demand_reasons: 'lookups',
  shift_types: 'lookups',
  shift_templates: 'lookups',
  attendance_statuses: 'lookups',
  employee_statuses: 'lookups',
  // calendar: what changes a working day
  working_hour_modifiers: 'calendar',
  // shifts: rotation patterns
  shift_patterns: 'shifts',
  shift_pattern_days: 'shifts',
  // people: employees, their skills and certificates, their groups
  employees: 'people',
  employee_skills: 'people',
  skill_certification_requirements: 'people',
  certifications: 'people',
  employee_groups: 'people',
  employee_group_members: 'people',
  // imports: the import jobs and their rows' errors
  jobs: 'imports',
  job_row_errors: 'imports',
  // pools: pools, members, lending
  pools: 'pools',
  pool_members: 'pools',
  pool_lending_rules: 'pools',
  pool_lending_rule_skills: 'pools',
  // demand: plans, lines, templates
  demand_plans: 'demand',
  demand_lines: 'demand',
  demand_templates: 'demand',
  demand_template_cells: 'demand',
  // allocation: the engine's runs
  allocation_runs: 'allocation',
  // roster: the live roster, its only writer
  shift_assignments: 'roster',
  // publishing: published versions, their approvals, and the views over them
  published_rosters: 'publishing',
  published_roster_lines: 'publishing',
  roster_approvals: 'publishing',
  standing_rosters: 'publishing',
  planned_roster_lines: 'publishing',
  // leave
  leave_requests: 'leave',
  leave_request_steps: 'leave',
  // availability
  unavailability: 'availability',
  work_preferences: 'availability',
  // attendance
  attendance_records: 'attendance',
  attendance_record_changes: 'attendance',
  attendance_reviews: 'attendance',
  attendance_imports: 'attendance',
  // reconciliation
  reconciliation_exceptions: 'reconciliation',
  reconciliation_days: 'reconciliation',
  // costs: rates, premiums, budgets, a run's cost
  labour_rates: 'costs',
  labour_premiums: 'costs',
  labour_budgets: 'costs',
  run_costs: 'costs',
  // open shifts, swaps, the calendar feed
  open_shifts: 'open-shifts',
  open_shift_claims: 'open-shifts',
  shift_swaps: 'swaps',
  calendar_feeds: 'calendar-feed',
  // notifications: what each person is told
  notifications: 'notifications',
  notification_mail_choices: 'notifications',
  mail_outbox: 'notifications',
} as const;

export type OwnedTable = keyof typeof TABLE_OWNERS;
