/**
 * Every query key of the client, one factory per resource of the API (named as its tags are). A key
 * starts with its resource, then its kind: invalidating a prefix (`keys.leave.all`) reaches every query
 * below it. A query that reads a resource's endpoint takes that resource's key, whichever screen asks.
 * What a change refreshes is said once, in `invalidate.ts`.
 */
export const keys = {
  me: {
    all: ['me'] as const,
    profile: () => ['me', 'profile'] as const,
    loginHistory: (page: number) => ['me', 'login-history', page] as const,
    /** The caller's published roster: every range. */
    rosters: () => ['me', 'roster'] as const,
    roster: (from: string, to: string) => ['me', 'roster', from, to] as const,
    attendances: () => ['me', 'attendance'] as const,
    attendance: (from: string, to: string, page: number) => ['me', 'attendance', from, to, page] as const,
    calendarFeed: () => ['me', 'calendar-feed'] as const,
    notifications: () => ['me', 'notifications'] as const,
    mailPreferences: () => ['me', 'notification-preferences'] as const,
  },
  users: {
    all: ['users'] as const,
    list: (q: string, page: number) => ['users', 'list', q, page] as const,
    awaitingFirstPassword: (q: string) => ['users', 'awaiting-first-password', q] as const,
    one: (id: string) => ['users', 'one', id] as const,
    logins: (id: string, page: number) => ['users', 'one', id, 'logins', page] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
    permissions: () => ['roles', 'permissions'] as const,
  },
  audit: {
    events: (query: object) => ['audit', 'events', query] as const,
  },
  mailOutbox: {
    page: (page: number) => ['mail-outbox', page] as const,
  },
  platform: {
    all: ['platform'] as const,
    settings: () => ['platform', 'settings'] as const,
    dashboard: () => ['platform', 'dashboard'] as const,
  },
  lookups: {
    all: ['lookups'] as const,
    /** One group (grades, terminals, departments, …), whichever path reads it. */
    group: (group: string) => ['lookups', group] as const,
    page: (group: string, page: number) => ['lookups', group, 'page', page] as const,
    every: (group: string) => ['lookups', group, 'every'] as const,
  },
  shifts: {
    all: ['shifts'] as const,
    templates: () => ['shifts', 'templates'] as const,
    types: () => ['shifts', 'types'] as const,
  },
  people: {
    all: ['people'] as const,
    myCertifications: () => ['people', 'me', 'certifications'] as const,
    employees: (filters: object) => ['people', 'employees', filters] as const,
    employee: (id: string) => ['people', 'employee', id] as const,
    /** Employees of a department matching a search (choosing one to add somewhere). */
    search: (departmentId: string, q: string) => ['people', 'search', departmentId, q] as const,
    skills: (q: string, category: string, page: number) => ['people', 'skills', q, category, page] as const,
    allSkills: () => ['people', 'skills', 'all'] as const,
    holders: (id: string, minLevel: string, page: number) =>
      ['people', 'holders', id, minLevel, page] as const,
    requirements: (id: string) => ['people', 'requirements', id] as const,
    expiring: (withinDays: number, page: number) => ['people', 'expiring', withinDays, page] as const,
    groups: (q: string, page: number) => ['people', 'groups', q, page] as const,
    group: (id: string) => ['people', 'group', id] as const,
    members: (id: string, page: number) => ['people', 'members', id, page] as const,
  },
  imports: {
    /** Every list of jobs; a job's own screen is apart (it reads itself while it runs). */
    jobs: () => ['imports', 'jobs'] as const,
    jobPage: (status: string, page: number) => ['imports', 'jobs', status, page] as const,
    job: (id: string) => ['imports', 'job', id] as const,
  },
  pools: {
    all: ['pools'] as const,
    list: () => ['pools', 'list'] as const,
    members: (poolId: string, page: number) => ['pools', 'members', poolId, page] as const,
    rules: (poolId: string) => ['pools', 'rules', poolId] as const,
  },
  demand: {
    all: ['demand'] as const,
    /** Every list of plans. */
    plans: () => ['demand', 'plans'] as const,
    planPage: (filters: object) => ['demand', 'plans', filters] as const,
    /** The live plans a run can be made for. */
    runnablePlans: () => ['demand', 'plans', 'runnable'] as const,
    /** Every plan's lines (each plan's own screen). */
    details: () => ['demand', 'plan'] as const,
    plan: (id: string) => ['demand', 'plan', id] as const,
    templates: () => ['demand', 'templates'] as const,
  },
  allocation: {
    all: ['allocation'] as const,
    /** Every list of runs. */
    lists: () => ['allocation', 'list'] as const,
    list: () => ['allocation', 'list', 'all'] as const,
    locked: (scope: object) => ['allocation', 'list', 'locked', scope] as const,
    drafts: () => ['allocation', 'list', 'drafts'] as const,
    /** Every run read on its own. */
    details: () => ['allocation', 'one'] as const,
    one: (id: string) => ['allocation', 'one', id] as const,
    // What an execution produced: keyed by the execution, so a rerun reads them anew.
    grid: (id: string, executions: number) => ['allocation', 'grid', id, executions] as const,
    unfilled: (id: string, executions: number) => ['allocation', 'unfilled', id, executions] as const,
    candidates: (id: string, lineId: string, executions: number) =>
      ['allocation', 'candidates', id, lineId, executions] as const,
    ineligible: (id: string, lineId: string, executions: number) =>
      ['allocation', 'ineligible', id, lineId, executions] as const,
  },
  costs: {
    all: ['costs'] as const,
    run: (id: string, executions: number) => ['costs', 'run', id, executions] as const,
    month: (month: string) => ['costs', 'month', month] as const,
    totals: (month: string) => ['costs', 'totals', month] as const,
    rates: () => ['costs', 'rates'] as const,
    premiums: () => ['costs', 'premiums'] as const,
    budgets: () => ['costs', 'budgets'] as const,
  },
  rosters: {
    all: ['rosters'] as const,
    grid: (scope: object, everyone: boolean) => ['rosters', 'grid', scope, everyone] as const,
    gaps: (scope: object) => ['rosters', 'gaps', scope] as const,
    figures: (scope: object) => ['rosters', 'figures', scope] as const,
    coming: (from: string, to: string, departmentId: string | null, plans: boolean) =>
      ['rosters', 'coming', from, to, departmentId, plans] as const,
    cover: (lineId: string) => ['rosters', 'cover', lineId] as const,
    /** Every comparison of the live roster with the version that stands. */
    publicationPreviews: () => ['rosters', 'publication-preview'] as const,
    publicationPreview: (runId: string) => ['rosters', 'publication-preview', runId] as const,
    publicationCompliance: (runId: string) =>
      ['rosters', 'publication-preview', runId, 'compliance'] as const,
    employee: (employeeId: string, from: string, to: string) =>
      ['rosters', 'employee', employeeId, from, to] as const,
  },
  publishing: {
    all: ['publishing'] as const,
    pending: () => ['publishing', 'pending'] as const,
    pendingCount: () => ['publishing', 'pending-count'] as const,
    approvalCompliance: (approvalId: string) => ['publishing', 'pending', approvalId, 'compliance'] as const,
    versions: (scope: object) => ['publishing', 'versions', scope] as const,
    covering: (departmentId: string, from: string, to: string) =>
      ['publishing', 'covering', departmentId, from, to] as const,
  },
  leave: {
    all: ['leave'] as const,
    mine: () => ['leave', 'mine'] as const,
    queue: () => ['leave', 'queue'] as const,
    awaitingCount: () => ['leave', 'awaiting-count'] as const,
  },
  attendance: {
    all: ['attendance'] as const,
    records: (scope: 'all' | 'scoped', filters: object, page: number) =>
      ['attendance', 'records', scope, filters, page] as const,
    record: (id: string) => ['attendance', 'record', id] as const,
    trail: (id: string) => ['attendance', 'trail', id] as const,
    reviews: () => ['attendance', 'pending-reviews'] as const,
    pendingCount: () => ['attendance', 'pending-count'] as const,
  },
  reconciliation: {
    all: ['reconciliation'] as const,
    pendingCount: () => ['reconciliation', 'pending-count'] as const,
    exceptions: (filters: object, page: number) => ['reconciliation', 'exceptions', filters, page] as const,
    variance: (filters: object) => ['reconciliation', 'variance', filters] as const,
    utilization: (filters: object) => ['reconciliation', 'utilization', filters] as const,
  },
  reports: {
    all: ['reports'] as const,
    utilization: (query: object | null) => ['reports', 'utilization', query] as const,
  },
  openShifts: {
    all: ['openShifts'] as const,
    mine: (from?: string) => ['openShifts', 'mine', ...(from ? [from] : [])] as const,
    myClaims: () => ['openShifts', 'myClaims'] as const,
    offers: () => ['openShifts', 'offers'] as const,
    pendingClaims: () => ['openShifts', 'pendingClaims'] as const,
  },
  swaps: {
    all: ['swaps'] as const,
    mine: () => ['swaps', 'mine'] as const,
    myShifts: (from?: string) => ['swaps', 'my-shifts', ...(from ? [from] : [])] as const,
    candidates: (assignmentId: string) => ['swaps', 'candidates', assignmentId] as const,
    department: (status: string) => ['swaps', 'department', status] as const,
    awaitingAnswerCount: () => ['swaps', 'awaiting-answer-count'] as const,
    awaitingApprovalCount: () => ['swaps', 'awaiting-approval-count'] as const,
  },
  availability: {
    all: ['availability'] as const,
    mine: (from: string, to: string) => ['availability', 'mine', from, to] as const,
    department: (departmentId: string | null, from: string, to: string) =>
      ['availability', 'department', departmentId, from, to] as const,
  },
};
