import { type Static, Type } from '@sinclair/typebox';

const Tile = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: `${description}; null when the caller's roles do not reach it`,
  });

export const DashboardSummary = Type.Object(
  {
    asOf: Type.String({ format: 'date', description: "Today in the unit's time zone" }),
    activeEmployees: Tile('Active employees in the caller’s departments'),
    leaveRequestsAwaitingMe: Tile('Leave requests whose next step the caller may decide'),
    rosterApprovalsPending: Tile('Published rosters waiting for approval'),
    attendanceReviewsPending: Tile('Admin edits of attendance waiting for review'),
    reconciliationExceptionsOpen: Tile('Open reconciliation exceptions of the last 31 closed days'),
    certificationsExpiringSoon: Tile('Active certifications expiring within 30 days'),
    runsAwaitingReview: Tile('Allocation runs executed and not yet reviewed'),
    leaveConflicts: Tile('Live shift assignments from today on that approved leave covers'),
    todaysCoverage: Type.Union(
      [
        Type.Object({
          required: Type.Integer({ description: 'Heads today’s demand lines ask for' }),
          assigned: Type.Integer({ description: 'Live assignments on them (up to each line’s need)' }),
          ratio: Type.Union([Type.Number(), Type.Null()], {
            description: 'assigned ÷ required; null if none',
          }),
        }),
        Type.Null(),
      ],
      { description: "Today's coverage; null when the caller's roles do not reach it" },
    ),
    openGapsComingWeek: Type.Union(
      [
        Type.Object({
          missingHeads: Type.Integer({
            description: 'Heads of today and the six days after that nobody covers',
          }),
          byDate: Type.Array(
            Type.Object({
              date: Type.String({ format: 'date' }),
              lines: Type.Integer(),
              missingHeads: Type.Integer(),
            }),
            { description: 'Only the dates with a gap (GET /api/roster/gaps lists them)' },
          ),
        }),
        Type.Null(),
      ],
      {
        description:
          "Gaps of the live roster over the coming seven days; null when the caller's roles do not reach it",
      },
    ),
  },
  { $id: 'DashboardSummary' },
);
export type DashboardSummary = Static<typeof DashboardSummary>;
