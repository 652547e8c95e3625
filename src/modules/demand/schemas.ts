import { type Static, Type } from '@sinclair/typebox';
import { DEMAND_PLAN_STATUSES, MAX_PLAN_DAYS } from '../../core/db/tables/index.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { BusinessDate, Name, Uuid } from '../lookups/schemas.ts';

/** The most cells one PATCH (or template) may carry; the route's body limit is raised to match. */
export const MAX_CELLS_PER_REQUEST = 20_000;
export const CELLS_BODY_LIMIT = 4 * 1024 * 1024;

const Instant = Type.String({ format: 'date-time' });
const LookupCode = Type.String({ minLength: 1, maxLength: 40 });
const NullableCode = Type.Union([LookupCode, Type.Null()]);
const Description = Type.Union([
  Type.String({ maxLength: 2000, pattern: '^[^\\u0000]*$', description: 'Free text (no NUL)' }),
  Type.Null(),
]);

export const PlanStatus = Type.Union(
  DEMAND_PLAN_STATUSES.map((status) => Type.Literal(status)),
  { description: 'Draft → Approved → Locked; Archived from any state' },
);

export const IdParams = Type.Object({ id: Uuid });

export const DemandLine = Type.Object({
  id: Uuid,
  date: BusinessDate,
  terminalCode: Type.String(),
  shiftTemplateCode: Type.String(),
  skillCode: Type.Union([Type.String(), Type.Null()]),
  required: Type.Integer({ minimum: 1 }),
  reasonCode: Type.Union([Type.String(), Type.Null()]),
});
export type DemandLine = Static<typeof DemandLine>;

const planFields = {
  id: Uuid,
  name: Type.String(),
  departmentId: Uuid,
  departmentCode: Type.String(),
  from: BusinessDate,
  to: BusinessDate,
  Status: PlanStatus,
  lineCount: Type.Integer(),
  totalRequired: Type.Integer({ description: 'Headcount-shifts required over the period' }),
  version: Type.Integer(),
  createdAt: Instant,
  updatedAt: Instant,
};

export const DemandPlan = Type.Object(planFields, { $id: 'DemandPlan' });
export type DemandPlan = Static<typeof DemandPlan>;

export const DemandPlanDetail = Type.Object(
  {
    ...planFields,
    lines: Type.Array(DemandLine),
    matrix: Type.Object(
      {
        dates: Type.Array(BusinessDate, { description: 'Every date of the period' }),
        terminals: Type.Array(Type.String(), { description: 'Terminal codes with demand' }),
        shiftTemplates: Type.Array(Type.String(), { description: 'Shift template codes with demand' }),
        cells: Type.Array(
          Type.Object({
            date: BusinessDate,
            terminalCode: Type.String(),
            shiftTemplateCode: Type.String(),
            required: Type.Integer({ description: 'Sum over the skills of the cell' }),
          }),
          { description: 'Non-zero cells of date × terminal × shift' },
        ),
      },
      { description: 'date × terminal × shift → required' },
    ),
    totals: Type.Object({
      byDate: Type.Array(Type.Object({ date: BusinessDate, required: Type.Integer() })),
      byShift: Type.Array(Type.Object({ shiftTemplateCode: Type.String(), required: Type.Integer() })),
      total: Type.Integer(),
    }),
  },
  { $id: 'DemandPlanDetail' },
);
export type DemandPlanDetail = Static<typeof DemandPlanDetail>;

export const PlanListQuery = Type.Object({
  ...PageQuery.properties,
  date: Type.Optional({ ...BusinessDate, description: 'Plans whose period covers this date' }),
  terminal: Type.Optional(
    Type.String({ minLength: 1, maxLength: 40, description: 'Plans with demand at this terminal code' }),
  ),
  departmentId: Type.Optional(Uuid),
  state: Type.Optional(
    Type.Union(
      DEMAND_PLAN_STATUSES.map((status) => Type.Literal(status)),
      { description: 'Plans in this state (the field `status` of a plan)' },
    ),
  ),
  status: Type.Optional(
    Type.Union(
      DEMAND_PLAN_STATUSES.map((status) => Type.Literal(status)),
      { description: 'Same as `state`, kept for clients written before it; use `state`', deprecated: true },
    ),
  ),
});
export type PlanListQuery = Static<typeof PlanListQuery>;

export const NewDemandPlan = Type.Object(
  {
    name: Name,
    departmentId: Uuid,
    from: BusinessDate,
    to: { ...BusinessDate, description: `At most ${MAX_PLAN_DAYS} days after from, inclusive` },
  },
  { $id: 'NewDemandPlan', additionalProperties: false },
);
export type NewDemandPlan = Static<typeof NewDemandPlan>;

export const DemandCell = Type.Object(
  {
    date: BusinessDate,
    terminalCode: LookupCode,
    shiftTemplateCode: LookupCode,
    skillCode: Type.Optional(NullableCode),
    required: Type.Integer({ minimum: 0, maximum: 10_000, description: '0 removes the cell' }),
    reasonCode: Type.Optional(NullableCode),
  },
  { additionalProperties: false },
);
export type DemandCell = Static<typeof DemandCell>;

export const DemandPlanUpdate = Type.Object(
  {
    cells: Type.Optional(Type.Array(DemandCell, { maxItems: MAX_CELLS_PER_REQUEST })),
    status: Type.Optional(PlanStatus),
    name: Type.Optional(Name),
  },
  {
    $id: 'DemandPlanUpdate',
    additionalProperties: false,
    minProperties: 1,
    description: 'Cells are upserted by (date, terminal, shift, skill) before the status changes',
  },
);
export type DemandPlanUpdate = Static<typeof DemandPlanUpdate>;

export const TemplateCell = Type.Object(
  {
    weekday: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
    terminalCode: LookupCode,
    shiftTemplateCode: LookupCode,
    skillCode: Type.Optional(NullableCode),
    required: Type.Integer({ minimum: 1, maximum: 10_000 }),
    reasonCode: Type.Optional(NullableCode),
  },
  { additionalProperties: false },
);
export type TemplateCell = Static<typeof TemplateCell>;

export const DemandTemplate = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    departmentId: Type.Union([Uuid, Type.Null()], { description: 'Null: usable by every department' }),
    description: Type.Union([Type.String(), Type.Null()]),
    cells: Type.Array(
      Type.Object({
        weekday: Type.Integer(),
        terminalCode: Type.String(),
        shiftTemplateCode: Type.String(),
        skillCode: Type.Union([Type.String(), Type.Null()]),
        required: Type.Integer(),
        reasonCode: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    version: Type.Integer(),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { $id: 'DemandTemplate' },
);
export type DemandTemplate = Static<typeof DemandTemplate>;

export const TemplateListQuery = Type.Object({
  ...PageQuery.properties,
  departmentId: Type.Optional(Uuid),
});
export type TemplateListQuery = Static<typeof TemplateListQuery>;

const TemplateCells = Type.Array(TemplateCell, { maxItems: 5_000 });

export const NewDemandTemplate = Type.Object(
  {
    name: Name,
    departmentId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    description: Type.Optional(Description),
    cells: TemplateCells,
  },
  { $id: 'NewDemandTemplate', additionalProperties: false },
);
export type NewDemandTemplate = Static<typeof NewDemandTemplate>;

export const DemandTemplateUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    cells: Type.Optional(Type.Array(TemplateCell, { maxItems: 5_000, description: 'Replaces every cell' })),
  },
  { $id: 'DemandTemplateUpdate', additionalProperties: false, minProperties: 1 },
);
export type DemandTemplateUpdate = Static<typeof DemandTemplateUpdate>;

export const ApplyDemandTemplateRequest = Type.Object(
  {
    planId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    dryRun: Type.Boolean({ default: true, description: 'true: answer the changes and write nothing' }),
  },
  { $id: 'ApplyDemandTemplateRequest', additionalProperties: false },
);
export type ApplyDemandTemplateRequest = Static<typeof ApplyDemandTemplateRequest>;

export const ApplyDemandTemplateResult = Type.Object(
  {
    templateId: Uuid,
    planId: Uuid,
    from: BusinessDate,
    to: BusinessDate,
    dryRun: Type.Boolean(),
    added: Type.Integer(),
    changed: Type.Integer(),
    unchanged: Type.Integer(),
    cells: Type.Array(
      Type.Object({
        change: Type.Union([Type.Literal('add'), Type.Literal('change')]),
        date: BusinessDate,
        terminalCode: Type.String(),
        shiftTemplateCode: Type.String(),
        skillCode: Type.Union([Type.String(), Type.Null()]),
        required: Type.Integer(),
        previousRequired: Type.Union([Type.Integer(), Type.Null()]),
        reasonCode: Type.Union([Type.String(), Type.Null()]),
      }),
      { description: 'The cells the template adds or changes (cells it leaves as they are are not listed)' },
    ),
    planVersion: Type.Integer({ description: 'The plan version after the apply (unchanged on a dry run)' }),
  },
  { $id: 'DemandTemplateApplied' },
);
export type ApplyDemandTemplateResult = Static<typeof ApplyDemandTemplateResult>;
