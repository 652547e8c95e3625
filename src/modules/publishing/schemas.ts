import { type Static, Type } from '@sinclair/typebox';
import { ROSTER_APPROVAL_STATUSES } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { REASON_CODES, WARNING_RULES } from '../../engine/index.ts';
import { LabourCost } from '../costs/schemas.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';
import { EmployeeInDepartment, EmployeeReference } from '../people/schemas.ts';

const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Comment = Type.String({ maxLength: 1000, pattern: '^[^\\u0000]*$' });

export const IdParams = Type.Object({ id: Uuid });

export const PublishRequest = Type.Object(
  { runId: Uuid },
  { $id: 'PublishRosterRequest', additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;

export const RepublishRequest = Type.Object(
  { runId: Uuid, reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) },
  { $id: 'RepublishRosterRequest', additionalProperties: false },
);
export type RepublishRequest = Static<typeof RepublishRequest>;

export const ApprovalDecision = Type.Object(
  {
    comment: Type.Optional(
      Type.Union([Comment, Type.Null()], {
        description:
          'Optional to approve; required to reject (422 COMMENT_REQUIRED): the publisher reads why',
      }),
    ),
  },
  { $id: 'RosterApprovalDecision', additionalProperties: false },
);
export type ApprovalDecision = Static<typeof ApprovalDecision>;

const ApprovalStatus = Type.Union(
  ROSTER_APPROVAL_STATUSES.map((status) => Type.Literal(status)),
  {
    description: 'Pending until approved or rejected; Superseded when a newer version was published first',
  },
);

export const Approval = Type.Object({
  id: Uuid,
  status: ApprovalStatus,
  decidedBy: Nullable(Uuid),
  decidedAt: Type.Union([Instant, Type.Null()]),
  comment: Nullable(
    Type.String({ description: "The decider's words: why it was rejected, or what the approver noted" }),
  ),
});

export const RosterLine = Type.Object({
  id: Uuid,
  employee: EmployeeReference,
  date: BusinessDate,
  shift: Type.Object({
    id: Uuid,
    code: Type.String(),
    nameEn: Type.String(),
    nameAr: Nullable(Type.String()),
    start: Type.String(),
    end: Type.String(),
    paidHours: Type.Number(),
  }),
  terminal: Type.Object({
    id: Uuid,
    code: Type.String(),
    nameEn: Type.String(),
    nameAr: Nullable(Type.String()),
  }),
  skillCode: Nullable(Type.String()),
});
export type RosterLine = Static<typeof RosterLine>;

const headerFields = {
  id: Uuid,
  runId: Uuid,
  planId: Uuid,
  departmentId: Uuid,
  from: BusinessDate,
  to: BusinessDate,
  version: Type.Integer({ minimum: 1 }),
  Status: Type.Union([Type.Literal('Published'), Type.Literal('Approved')], {
    description: 'Published (2); Approved (3) is defined and never set: approval lives beside the snapshot',
  }),
  statusValue: Type.Integer(),
  current: Type.Boolean({
    description:
      'The version that stands for its run: not rejected, and no later version that is not rejected',
  }),
  reason: Nullable(Type.String()),
  supersedesId: Nullable(Uuid),
  lineCount: Type.Integer(),
  coverage: Type.Object(
    { required: Type.Integer(), assigned: Type.Integer() },
    { description: "Heads the plan's lines required in the period, and how many this version staffs" },
  ),
  publishedBy: Uuid,
  publishedAt: Instant,
  approval: Approval,
};

export const PublishedRoster = Type.Object(headerFields, { $id: 'PublishedRoster' });
export type PublishedRoster = Static<typeof PublishedRoster>;

export const PublishedRosterDetail = Type.Object(
  { ...headerFields, lines: Type.Array(RosterLine) },
  { $id: 'PublishedRosterDetail' },
);
export type PublishedRosterDetail = Static<typeof PublishedRosterDetail>;

const Change = Type.Object({
  employeeId: Uuid,
  employeeNumber: Type.String(),
  date: BusinessDate,
  before: Type.Union([Type.Object({ shiftCode: Type.String(), terminalCode: Type.String() }), Type.Null()]),
  after: Type.Union([Type.Object({ shiftCode: Type.String(), terminalCode: Type.String() }), Type.Null()]),
});

export const RosterChanges = Type.Object(
  { added: Type.Array(Change), removed: Type.Array(Change), moved: Type.Array(Change) },
  { $id: 'RosterChanges', description: 'Assignments by employee and date against the version compared with' },
);
export type RosterChanges = Static<typeof RosterChanges>;

export const PublishOutcome = Type.Object(
  {
    ...headerFields,
    changes: Type.Union([RosterChanges, Type.Null()], {
      description: 'On republish: what changed against the version that stood before',
    }),
  },
  { $id: 'PublishOutcome' },
);
export type PublishOutcome = Static<typeof PublishOutcome>;

export const PublicationPreviewQuery = Type.Object({ runId: Uuid });
export type PublicationPreviewQuery = Static<typeof PublicationPreviewQuery>;

const ComplianceWarning = Type.Object(
  {
    rule: Type.Union(
      WARNING_RULES.map((rule) => Type.Literal(rule)),
      {
        description:
          'WEEKLY_HOURS_NEAR_LIMIT: a week at 90 % of the maximum or more; REST_NEAR_MINIMUM: rest under an hour above the minimum; NO_DAY_OFF_IN_SEVEN: seven or more days in a row; CERTIFICATION_EXPIRES: a certification the work needs ends inside the period',
      },
    ),
    dates: Type.Array(BusinessDate, {
      description: 'The shifts it is about; for a certification, those after its last valid day',
    }),
    value: Type.Union([Type.Number(), Type.Null()], {
      description: 'Hours of the week or of rest, or days in a row; null for a certification',
    }),
    limit: Type.Union([Type.Number(), Type.Null()], {
      description: 'The weekly maximum, the minimum rest, or seven days; null for a certification',
    }),
    certification: Nullable(Type.String({ description: "The certification type's code" })),
    validTo: Nullable({ ...BusinessDate, description: "The certification's last valid day" }),
  },
  { $id: 'ComplianceWarning' },
);

export const PersonCompliance = Type.Object(
  {
    employee: EmployeeInDepartment,
    broken: Type.Array(
      Type.Object({
        rule: Type.Union(REASON_CODES.map((code) => Type.Literal(code))),
        dates: Type.Array(BusinessDate),
      }),
      { description: 'Hard rules the roster breaks for the person (there should be none)' },
    ),
    warnings: Type.Array(ComplianceWarning),
  },
  { $id: 'PersonCompliance' },
);

export const PublicationCompliance = Type.Object(
  {
    runId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    brokenCount: Type.Integer({ minimum: 0 }),
    warningCount: Type.Integer({ minimum: 0 }),
    people: Type.Array(PersonCompliance, { description: 'Only people with something to read, by number' }),
  },
  { $id: 'PublicationCompliance' },
);
export type PublicationCompliance = Static<typeof PublicationCompliance>;

export const PublicationPreview = Type.Object(
  {
    runId: Uuid,
    version: Type.Integer({ minimum: 1, description: 'The version a publication now would create' }),
    standing: Type.Union([Type.Object({ id: Uuid, version: Type.Integer({ minimum: 1 }) }), Type.Null()], {
      description: 'The version it would supersede; null before the first publication',
    }),
    lineCount: Type.Integer({
      minimum: 0,
      description: 'Lines the new version would hold, lent staff included',
    }),
    changes: RosterChanges,
  },
  {
    $id: 'PublicationPreview',
    description:
      'What publishing the run now would write, against the standing version (all added for a first one)',
  },
);
export type PublicationPreview = Static<typeof PublicationPreview>;

export const PublishedRosterQuery = Type.Object({
  ...PageQuery.properties,
  departmentId: Type.Optional(Uuid),
  runId: Type.Optional(Uuid),
  from: Type.Optional({ ...BusinessDate, description: 'Rosters whose period ends on or after this date' }),
  to: Type.Optional({ ...BusinessDate, description: 'Rosters whose period starts on or before this date' }),
  currentOnly: Type.Optional(Type.Boolean({ description: 'Only the latest version of each run' })),
});
export type PublishedRosterQuery = Static<typeof PublishedRosterQuery>;

const RosterApprovalCost = Type.Object(
  {
    cost: LabourCost,
    previous: Type.Union([LabourCost, Type.Null()], {
      description: 'The previous version, priced the same way; null for a first publication',
    }),
    difference: Type.Union([LabourCost, Type.Null()], {
      description: 'cost − previous, figure by figure; null for a first publication',
    }),
  },
  {
    $id: 'RosterApprovalCost',
    description:
      "What the version's lines cost over its period in the unit's currency, and against the version it replaces, both at today's rates",
  },
);

export const RosterApprovalItem = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The approval: what approve and reject take' }),
    rosterId: Uuid,
    runId: Uuid,
    department: Type.Object({
      id: Uuid,
      code: Type.String(),
      Name_1_English: Type.String(),
      Name_2_Arabic: Nullable(Type.String()),
    }),
    from: BusinessDate,
    to: BusinessDate,
    version: Type.Integer({ minimum: 1 }),
    reason: Nullable(Type.String()),
    publishedBy: Type.Object({ id: Uuid, displayName: Type.String() }),
    publishedAt: Instant,
    lineCount: Type.Integer(),
    coverage: Type.Object({ required: Type.Integer(), assigned: Type.Integer() }),
    previousVersion: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The standing version it would replace; null for a first publication',
    }),
    changes: Type.Union([RosterChanges, Type.Null()], {
      description: 'Against the previous version; null for a first publication',
    }),
    cost: Type.Union([RosterApprovalCost, Type.Null()], {
      description: 'Null when the caller may not read labour cost in the department',
    }),
  },
  { $id: 'RosterApprovalItem' },
);
export type RosterApprovalItem = Static<typeof RosterApprovalItem>;

export const PendingCount = Type.Object({ count: Type.Integer() }, { $id: 'PendingRosterApprovalCount' });

export const OwnRosterQuery = Type.Object({
  from: Type.Optional({ ...BusinessDate, description: 'Default: the first day of the current month' }),
  to: Type.Optional({
    ...BusinessDate,
    description: 'Default: the last day of the month of from; at most 92 days',
  }),
});
export type OwnRosterQuery = Static<typeof OwnRosterQuery>;

export const OwnRosterLine = Type.Object(
  {
    ...RosterLine.properties,
    rosterId: Uuid,
    rosterVersion: Type.Integer(),
    endsNextDay: Type.Boolean({ description: 'The shift ends on the day after `date` (a night)' }),
    startsAt: Type.String({ format: 'date-time', description: "The shift's start as a UTC instant" }),
    endsAt: Type.String({ format: 'date-time', description: "The shift's end as a UTC instant" }),
  },
  { $id: 'OwnRosterLine' },
);

export const OwnRosterDay = Type.Object(
  {
    date: BusinessDate,
    weekday: Type.String({ description: 'English weekday name, e.g. Friday' }),
    kind: Type.Union(
      [
        Type.Literal('shift'),
        Type.Literal('leave'),
        Type.Literal('holiday'),
        Type.Literal('dayOff'),
        Type.Literal('unplanned'),
      ],
      {
        description:
          'shift: the caller works (see lineIds); leave: approved leave; holiday: a public holiday off; ' +
          "dayOff: a published roster of the caller's department covers the date without a shift for them; " +
          'unplanned: no published roster covers the date yet',
      },
    ),
    lineIds: Type.Array(Uuid, { description: 'The lines of the date, in `lines`' }),
    holiday: Type.Union([
      Type.Object({ code: Type.String(), nameEn: Type.String(), nameAr: Nullable(Type.String()) }),
      Type.Null(),
    ]),
    leaveRequestId: Nullable(Uuid),
  },
  { $id: 'OwnRosterDay' },
);

export const OwnRoster = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    timezone: Type.String({ description: "IANA time zone of the unit's business dates and shift times" }),
    lines: Type.Array(OwnRosterLine),
    days: Type.Array(OwnRosterDay, { description: 'Every date of the range, in order, with its kind' }),
  },
  { $id: 'OwnRoster' },
);
export type OwnRoster = Static<typeof OwnRoster>;
