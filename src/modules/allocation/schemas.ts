import { type Static, Type } from '@sinclair/typebox';
import { ALLOCATION_RUN_STATUSES } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { REASON_CODES } from '../../engine/index.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment } from '../people/schemas.ts';
import { ReasonCertification } from '../roster/schemas.ts';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Code = Type.String();

export const IdParams = Type.Object({ id: Uuid });
export const RunLineParams = Type.Object({ id: Uuid, demandLineId: Uuid });

export const RunStatus = Type.Union(
  ALLOCATION_RUN_STATUSES.map((status) => Type.Literal(status)),
  { description: 'Draft → Executed → Reviewed → Locked; rerun from Executed or Reviewed; Archived from any' },
);
export type RunStatus = Static<typeof RunStatus>;

/** What can change under a run after it ran (issue 53), in the order a planner reads them. */
export const RUN_CHANGE_KINDS = [
  'plan',
  'staffJoined',
  'staffLeft',
  'staffDeactivated',
  'staffChanged',
  'leaveApproved',
  'leaveCancelled',
  'unavailability',
  'wishes',
  'shiftsAdded',
  'shiftsRemoved',
] as const;
export type RunChangeKind = (typeof RUN_CHANGE_KINDS)[number];

export const RunChange = Type.Object(
  {
    kind: Type.Union(
      RUN_CHANGE_KINDS.map((kind) => Type.Literal(kind)),
      {
        description:
          'plan: the demand plan was edited; staffJoined / staffLeft / staffDeactivated: employees who came ' +
          "into the department, left it, or were made inactive; staffChanged: an employee's record or " +
          'certificates changed; leaveApproved / leaveCancelled: approved leave touching the period came ' +
          'into force or was withdrawn; unavailability / wishes: stated for the period; shiftsAdded / ' +
          'shiftsRemoved: shifts of the period put on or taken off the live roster by hand',
      },
    ),
    count: Type.Integer({ minimum: 1, description: 'How many (1 for the plan)' }),
    latestAt: Instant,
  },
  { $id: 'AllocationRunChange' },
);
export type RunChange = Static<typeof RunChange>;

export const RunOptions = Type.Object(
  {
    timeLimitSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 600,
        description: 'How long the engine may search; default: the setting `allocation.timeLimitSeconds`',
      }),
    ),
    exactWindows: Type.Optional(
      Type.Boolean({
        description:
          'After the search, re-solve a week around each line still short exactly (HiGHS), within the time ' +
          'limit: more heads on rosters where few hold a skill or much work is fixed, for more seconds. Default false',
      }),
    ),
  },
  { $id: 'AllocationRunOptions', additionalProperties: false },
);
export type RunOptions = Static<typeof RunOptions>;

export const NewRun = Type.Object(
  {
    planId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    options: Type.Optional(RunOptions),
  },
  { $id: 'NewAllocationRun', additionalProperties: false },
);
export type NewRun = Static<typeof NewRun>;

const ReasonCounts = Type.Object(
  Object.fromEntries(REASON_CODES.map((code) => [code, Type.Optional(Type.Integer())])),
  { description: 'How many employees each rule kept off the line', additionalProperties: false },
);
const PerCohort = Type.Object({
  gradeDepartment: Type.Number(),
  pool: Type.Number(),
  shiftType: Type.Number(),
});

export const LineRef = Type.Object({
  id: Uuid,
  date: BusinessDate,
  terminalCode: Code,
  shiftTemplateCode: Code,
  skillCode: Nullable(Code),
  required: Type.Integer(),
});
export type LineRef = Static<typeof LineRef>;

export const RunResult = Type.Object(
  {
    coverage: Type.Object({
      required: Type.Integer(),
      assigned: Type.Integer(),
      ratio: Type.Number({ description: 'assigned ÷ required (1 when nothing is required)' }),
    }),
    unfilled: Type.Array(
      Type.Object({ line: LineRef, missing: Type.Integer({ minimum: 1 }), reasons: ReasonCounts }),
    ),
    fairness: Type.Object({
      spreadHours: PerCohort,
      spreadShifts: PerCohort,
      unsocialShifts: Type.Optional(
        Type.Object(
          {
            nights: Type.Number(),
            weekends: Type.Number(),
            periodNights: Type.Number(),
            periodWeekends: Type.Number(),
          },
          {
            description:
              'Largest spread (max − min) of night and weekend shifts within a cohort of department, grade and ' +
              'home pool, with the window’s history, and of this period alone (absent on runs executed before it was reported)',
          },
        ),
      ),
    }),
    search: Type.Optional(
      Type.Object(
        {
          stoppedBy: Type.Union(
            [Type.Literal('time_limit'), Type.Literal('bound_reached'), Type.Literal('search_done')],
            {
              description:
                'Whether the time limit ended the search, a bound proved it optimal, or it ran out',
            },
          ),
          bound: Type.Integer({ description: 'The best known upper bound on coverage' }),
          gap: Type.Integer({ description: 'bound − assigned heads' }),
          overrunMs: Type.Optional(Type.Integer({ description: 'How far past the time limit it ended' })),
          exactWindows: Type.Optional(
            Type.Object(
              {
                solved: Type.Integer({ description: 'Windows HiGHS solved' }),
                improved: Type.Integer({ description: 'Windows whose answer covered more and was kept' }),
                refused: Type.Integer({ description: "Answers the engine's own checks refused" }),
                gained: Type.Integer({ description: 'Heads the kept windows added' }),
                cutByClock: Type.Integer({
                  description: 'Windows left at their time cap (the result then depends on the machine)',
                }),
              },
              { description: 'What the exact windows did (runs with `options.exactWindows` only)' },
            ),
          ),
        },
        { description: 'How the search ended (absent on runs executed before it was reported)' },
      ),
    ),
    wishes: Type.Optional(
      Type.Object(
        {
          asked: Type.Integer(),
          granted: Type.Integer(),
          byEmployee: Type.Optional(
            Type.Array(
              Type.Object(
                { employeeId: Uuid, asked: Type.Integer(), granted: Type.Integer() },
                { $id: 'EmployeeWishesGranted' },
              ),
            ),
          ),
        },
        {
          $id: 'RunWishesGranted',
          description: 'Wish-days of the staff that applied, and how many the roster grants',
        },
      ),
    ),
    proposed: Type.Integer({ description: 'Assignments the run proposes beyond the live roster' }),
    lent: Type.Integer({ description: 'Proposed assignments of staff lent from another pool' }),
    fixed: Type.Integer({ description: 'Live assignments the run kept as they were' }),
    droppedLiveWork: Type.Array(
      Type.Object({
        assignmentId: Uuid,
        employeeId: Uuid,
        date: BusinessDate,
        demandLineId: Nullable(Uuid),
        rule: Type.String({ description: 'The rule it breaks now (ON_LEAVE, EMPLOYEE_INACTIVE, …)' }),
      }),
      {
        description:
          'Live assignments the run did not keep because they break a rule now; their lines were planned ' +
          'again, and locking the run removes them from the live roster',
      },
    ),
    employees: Type.Integer({ description: 'Employees the run considered' }),
    changedFromPrevious: Type.Union([Type.Integer(), Type.Null()], {
      description: 'On a rerun: previous assignments no longer in the result',
    }),
    durationMs: Type.Integer({ description: "The engine's own time" }),
    executionMs: Type.Integer({ description: 'Snapshot, engine and storing together' }),
    timeLimitMs: Type.Integer(),
    engineVersion: Type.String(),
  },
  { $id: 'AllocationRunResult' },
);
export type RunResult = Static<typeof RunResult>;

const Transition = Type.Union([Type.Object({ by: Uuid, at: Instant }), Type.Null()]);

const Coverage = Type.Object({ required: Type.Integer(), assigned: Type.Integer() });

/** How far an execution got, as stored while it runs. */
export const RunProgress = Type.Object({
  phase: Type.Union(
    [Type.Literal('queued'), Type.Literal('snapshot'), Type.Literal('solving'), Type.Literal('storing')],
    {
      description:
        'queued: waiting for a process to take it; snapshot: reading demand, staff and rules; solving: the ' +
        'engine works; storing: writing the result',
    },
  ),
  startedAt: Instant,
  coverage: Type.Union([Coverage, Type.Null()], {
    description:
      'Heads covered so far: the fixed work when solving starts, then the best roster after each phase of the engine (floor, construction, search, finish)',
  }),
});
export type RunProgress = Static<typeof RunProgress>;

export const RunReview = Type.Object(
  { comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) },
  { $id: 'RunReviewDecision', additionalProperties: false },
);
export type RunReview = Static<typeof RunReview>;

export const Run = Type.Object(
  {
    id: Uuid,
    plan: Type.Object({ id: Uuid, name: Type.String() }),
    departmentId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    Status: RunStatus,
    options: RunOptions,
    executing: Type.Boolean({ description: 'Status is Executing: an execution is queued or running' }),
    progress: Type.Union(
      [
        Type.Object(
          { ...RunProgress.properties, elapsedMs: Type.Integer() },
          { $id: 'AllocationRunProgress' },
        ),
        Type.Null(),
      ],
      { description: 'While Executing: the phase, coverage so far and time since it started' },
    ),
    lastFailure: Type.Union([
      Type.Object(
        { code: Type.String(), detail: Type.String(), at: Instant },
        { $id: 'AllocationRunFailure', description: 'The last execution that ended without a result' },
      ),
      Type.Null(),
    ]),
    executions: Type.Integer({ description: 'Executes and reruns so far' }),
    result: Type.Union([RunResult, Type.Null()]),
    lockedAssignments: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Assignments the lock wrote into the live roster',
    }),
    created: Type.Object({ by: Nullable(Uuid), at: Instant }),
    executed: Transition,
    planChangedSinceRun: Type.Boolean({
      description:
        'The demand plan was edited (its cells, name or state) after the last execution: the result may not ' +
        'answer the plan as it is',
    }),
    changedSinceRun: Type.Array(RunChange, {
      description:
        "What changed in the run's department and period after its last execution, while it may be rerun " +
        '(Executed or Reviewed; empty otherwise): the run is stale when this is not empty',
    }),
    reviewed: Transition,
    reviewComment: Nullable(Type.String()),
    locked: Transition,
    archived: Transition,
    version: Type.Integer(),
    updatedAt: Instant,
  },
  { $id: 'AllocationRun' },
);
export type Run = Static<typeof Run>;

export const RunListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(RunStatus),
  planId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
  from: Type.Optional({ ...BusinessDate, description: 'Runs whose period ends on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Runs whose period starts on or before this date' }),
});
export type RunListQuery = Static<typeof RunListQuery>;

const EmployeeRef = EmployeeInDepartment;
export type EmployeeRef = EmployeeInDepartment;

export const Candidate = Type.Object(
  {
    rank: Type.Integer({ minimum: 1 }),
    employee: EmployeeRef,
    assigned: Type.Boolean({ description: 'The run assigned this employee to the line' }),
    lent: Type.Integer({ description: '0 for home-pool staff, 1 for staff lent from another pool' }),
    load: Type.Number({ description: 'Pro-rated period hours including this line; lower ranks first' }),
    history: Type.Number({ description: 'Equalization score over the window, mean of the three cohorts' }),
    preference: Type.Integer({ description: '−1 prefers to work, +1 prefers to be off, 0 otherwise' }),
  },
  { $id: 'AllocationCandidate' },
);
export type Candidate = Static<typeof Candidate>;

export const LineCandidates = Type.Object(
  {
    line: LineRef,
    assigned: Type.Integer(),
    candidateCount: Type.Integer({ description: 'Everyone who could staff the line, assigned or not' }),
    candidates: Type.Array(Candidate, { description: 'The best `perLine` of them' }),
  },
  { $id: 'DemandLineCandidates' },
);
export type LineCandidates = Static<typeof LineCandidates>;

export const CandidatesQuery = Type.Object({
  ...PageQuery.properties,
  date: Type.Optional(BusinessDate),
  unfilledOnly: Type.Optional(Type.Boolean({ description: 'Only lines the run left short' })),
  perLine: Type.Integer({ minimum: 0, maximum: 100, default: 5, description: 'Candidates shown per line' }),
});
export type CandidatesQuery = Static<typeof CandidatesQuery>;

export const IneligibleEmployee = Type.Object(
  {
    employee: EmployeeRef,
    reasons: Type.Array(Type.Union(REASON_CODES.map((code) => Type.Literal(code))), { minItems: 1 }),
    certification: Type.Optional(ReasonCertification),
  },
  { $id: 'IneligibleEmployee' },
);
export type IneligibleEmployee = Static<typeof IneligibleEmployee>;

// Equalization

export const EqualizationEntry = Type.Object(
  {
    employee: EmployeeRef,
    scores: Type.Object(
      {
        gradeDepartment: Type.Number({
          description: '(own − mean) ÷ mean of the same grade in the department',
        }),
        pool: Type.Number({ description: 'The same against the home pool' }),
        shiftType: Type.Number({ description: 'Night and weekend hours against everyone' }),
      },
      { description: 'Hours per day available over the equalization window; 0 is the cohort mean' },
    ),
    insufficientHistory: Type.Boolean({
      description: 'Fewer than 14 days employed and available in the window: scores 0, neutral in ranking',
    }),
    source: Type.Union([Type.Literal('run'), Type.Literal('database')], {
      description: "'run': the latest executed run covering the employee; 'database': the live roster",
    }),
    runId: Nullable(Uuid),
  },
  { $id: 'EqualizationScore' },
);
export type EqualizationEntry = Static<typeof EqualizationEntry>;

export const EqualizationQuery = Type.Object({
  ...PageQuery.properties,
  departmentId: Type.Optional(Uuid),
  employeeId: Type.Optional(Uuid),
});
export type EqualizationQuery = Static<typeof EqualizationQuery>;
