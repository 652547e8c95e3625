import { type Static, type TLiteral, type TSchema, Type } from '@sinclair/typebox';
import {
  EXCEPTION_STATUSES,
  RECONCILIATION_EXCEPTION_KINDS,
  RECONCILIATION_RESOLUTIONS,
} from '../../core/db/tables/reconciliation.ts';
import { PageQuery } from '../../core/http/pagination.ts';
import { EmployeeReference } from '../people/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const TimeOfDay = Type.String({ description: 'HH:mm' });
const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Union(values.map((value) => Type.Literal(value)) as TLiteral<T[number]>[], { description });

/** The longest range one reconciliation read covers. */
export const MAX_RANGE_DAYS = 92;

const Range = {
  from: Type.Optional({
    ...BusinessDate,
    description: 'First date (default: 30 days before `to`)',
  }),
  to: Type.Optional({
    ...BusinessDate,
    description: `Last date (default: yesterday in the unit's time zone); at most ${MAX_RANGE_DAYS} days after \`from\``,
  }),
};

const ExceptionKind = literals(
  RECONCILIATION_EXCEPTION_KINDS,
  'What differs between plan and attendance. WRONG_SHIFT (extension): the presence was on another planned ' +
    'shift of that day than the planned one (`workedShift`), rather than a no-show and unplanned attendance',
);
const ExceptionStatus = literals(EXCEPTION_STATUSES, 'OPEN until validated');
const Resolution = literals(RECONCILIATION_RESOLUTIONS, 'The validator’s verdict');

export const ExceptionListQuery = Type.Object({
  ...PageQuery.properties,
  ...Range,
  kind: Type.Optional(ExceptionKind),
  status: Type.Optional(ExceptionStatus),
  employeeId: Type.Optional(Uuid),
  departmentId: Type.Optional(Uuid),
});
export type ExceptionListQuery = Static<typeof ExceptionListQuery>;

export const PendingExceptionCountQuery = Type.Object({
  ...Range,
  departmentId: Type.Optional(Uuid),
});
export type PendingExceptionCountQuery = Static<typeof PendingExceptionCountQuery>;

export const PendingExceptionCount = Type.Object(
  {
    count: Type.Integer({ description: "Open exceptions in the caller's scope and the range" }),
    from: BusinessDate,
    to: BusinessDate,
  },
  { $id: 'PendingReconciliationExceptionCount' },
);

export const ReconciliationException = Type.Object(
  {
    id: Uuid,
    kind: ExceptionKind,
    date: { ...BusinessDate, description: 'The business date of the planned shift or of the record' },
    employee: EmployeeReference,
    departmentId: Nullable(Uuid),
    plannedShift: Nullable(
      Type.Object({
        shiftTemplateId: Uuid,
        code: Type.String(),
        terminalCode: Type.String(),
        start: TimeOfDay,
        end: { ...TimeOfDay, description: 'HH:mm; the next day when not after start (a night shift)' },
      }),
    ),
    workedShift: Nullable(
      Type.Object(
        {
          shiftTemplateId: Uuid,
          code: Type.String(),
          start: TimeOfDay,
          end: { ...TimeOfDay, description: 'HH:mm; the next day when not after start (a night shift)' },
        },
        { description: 'WRONG_SHIFT: the planned shift of that day the person worked instead' },
      ),
    ),
    Time_In: Nullable({
      ...TimeOfDay,
      description: 'First clock-in of the presence (its segments joined across midnight)',
    }),
    Time_Out: Nullable({
      ...TimeOfDay,
      description: "Last clock-out of the presence; a night shift's is on the next date's 00:00 segment",
    }),
    minutes: Nullable(
      Type.Integer({ description: 'Minutes late (LATE_ARRIVAL) or early (EARLY_DEPARTURE)' }),
    ),
    status: ExceptionStatus,
    resolution: Nullable(Resolution),
    comment: Nullable(Type.String()),
    validatedBy: Nullable(Type.Object({ id: Uuid, username: Nullable(Type.String()) })),
    validatedAt: Nullable(Type.String({ format: 'date-time' })),
    detectedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ReconciliationException' },
);
export type ReconciliationException = Static<typeof ReconciliationException>;

export const ExceptionValidation = Type.Object(
  {
    ids: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }),
    resolution: Resolution,
    comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { $id: 'ReconciliationExceptionValidation', additionalProperties: false },
);
export type ExceptionValidation = Static<typeof ExceptionValidation>;

export const ExceptionValidationResult = Type.Object(
  { validated: Type.Integer(), items: Type.Array(ReconciliationException) },
  { $id: 'ReconciliationExceptionValidationResult' },
);

export const VarianceQuery = Type.Object({ ...Range, departmentId: Type.Optional(Uuid) });
export type VarianceQuery = Static<typeof VarianceQuery>;

const Place = Type.Object({
  id: Uuid,
  code: Type.String(),
  nameEn: Type.String(),
  nameAr: Nullable(Type.String()),
});

const Heads = {
  required: Type.Integer({ description: 'Heads the demand plan asked for' }),
  planned: Type.Integer({ description: 'Heads on the published roster' }),
  actual: Type.Integer({ description: 'Planned heads who came (clocked in, or a night tail)' }),
};

export const VarianceLine = Type.Object(
  {
    date: BusinessDate,
    departmentId: Uuid,
    terminal: Place,
    shift: Place,
    ...Heads,
    plannedGap: Type.Integer({ description: 'planned − required' }),
    attendanceGap: Type.Integer({ description: 'actual − planned' }),
  },
  { $id: 'VarianceLine' },
);
export type VarianceLine = Static<typeof VarianceLine>;

export const Variance = Type.Object(
  {
    from: BusinessDate,
    to: BusinessDate,
    lines: Type.Array(VarianceLine),
    totals: Type.Object(Heads),
  },
  { $id: 'Variance' },
);
export type Variance = Static<typeof Variance>;
