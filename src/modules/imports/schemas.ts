import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';

const Uuid = Type.String({ format: 'uuid' });
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const JOB_STATUSES = ['Queued', 'Running', 'Completed', 'CompletedWithErrors', 'Failed', 'Cancelled'];

export const ImportNotice = Type.Object(
  { code: Type.Literal('GRADE_WITHOUT_RATE'), gradeCode: Type.String() },
  { $id: 'ImportNotice', description: 'Taken, but worth knowing: a grade named that has no labour rate' },
);
export type ImportNotice = Static<typeof ImportNotice>;

export const ImportJob = Type.Object(
  {
    id: Uuid,
    status: Type.String({ enum: JOB_STATUSES }),
    fileName: Nullable(Type.String()),
    sha256: Nullable(Type.String()),
    sizeBytes: Type.Union([Type.Integer(), Type.Null()]),
    rowsTotal: Type.Integer(),
    rowsDone: Type.Integer(),
    rowsFailed: Type.Integer(),
    rowsChanged: Type.Integer({
      description: 'Rows whose employee, skills, home pool or certifications differed from the database',
    }),
    cancelRequested: Type.Boolean(),
    error: Nullable(Type.String()),
    createdBy: Nullable(Type.String()),
    createdAt: Instant,
    startedAt: Nullable(Instant),
    finishedAt: Nullable(Instant),
    notices: Type.Array(ImportNotice),
  },
  { $id: 'ImportJob' },
);
export type ImportJob = Static<typeof ImportJob>;

export const ImportJobCreated = Type.Object(
  {
    job: ImportJob,
    warning: Type.Optional(Type.Literal('DUPLICATE_FILE')),
    duplicateOfJobId: Type.Optional(Uuid),
  },
  { $id: 'ImportJobCreated' },
);
export type ImportJobCreated = Static<typeof ImportJobCreated>;

export const JobListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.String({ enum: JOB_STATUSES })),
});
export type JobListQuery = Static<typeof JobListQuery>;

export const IdParams = Type.Object({ id: Uuid });
