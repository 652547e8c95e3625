import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AuditEvent = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    at: Type.String({ format: 'date-time' }),
    actorUserId: Nullable(Type.String({ format: 'uuid' })),
    actorUsername: Nullable(Type.String()),
    action: Type.String(),
    entityType: Nullable(Type.String()),
    entityId: Nullable(Type.String()),
    details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    traceId: Nullable(Type.String()),
  },
  { $id: 'AuditEvent' },
);

export const AuditQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  action: Type.Optional(Type.String({ maxLength: 100 })),
  actorUserId: Type.Optional(Type.String({ format: 'uuid' })),
  entityType: Type.Optional(Type.String({ maxLength: 100 })),
  entityId: Type.Optional(Type.String({ maxLength: 100 })),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Inclusive instant' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Exclusive instant' })),
});
