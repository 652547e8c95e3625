import { type Static, Type } from '@sinclair/typebox';
import { RECONCILIATION_EXCEPTION_KINDS } from '../../core/db/tables/index.ts';
import { named } from '../../core/http/openapi-names.ts';
import { PageQuery, pageSchema } from '../../core/http/pagination.ts';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  NotificationKindSchema,
} from '../../core/notification-kinds.ts';
import { BusinessDate, Uuid } from '../lookups/schemas.ts';

const Instant = Type.String({ format: 'date-time' });

export { NOTIFICATION_KINDS, type NotificationKind, NotificationKindSchema };

const Name = Type.Union([Type.String(), Type.Null()]);
const Place = Type.Union([
  named(
    'NotifiedShift',
    Type.Object({
      shiftCode: Type.String(),
      shiftNameEn: Type.String(),
      shiftNameAr: Name,
      start: Type.String({ description: 'HH:MM in the unit’s time zone' }),
      end: Type.String({
        description: 'HH:MM in the unit’s time zone; before the start when it ends the next day',
      }),
      terminalCode: Type.String(),
      terminalNameEn: Type.String(),
      terminalNameAr: Name,
    }),
  ),
  Type.Null(),
]);

/**
 * What happened, as data: the client writes it in the reader's language. Each kind fills its own fields:
 * ROSTER_CHANGED `version`, `changes`; ROSTER_AWAITING `version`, `from`, `to`; LEAVE_DECIDED `from`,
 * `to`, `step`, `final`, `decision`, `comment`; LEAVE_AWAITING `from`, `to`, `step`, `by` (the requester);
 * the SWAP_ kinds `swapKind`, `offeredDate`, `wantedDate`, `decision` (an answer or a decision) and `by`;
 * IMPORT_FINISHED `jobId`, `outcome`, `rowsTotal`, `rowsFailed`; RUN_FINISHED `runId`, `outcome`, `coverage`;
 * OPEN_SHIFT_OFFERED `shiftDate`; OPEN_SHIFT_CLAIM_DECIDED `shiftDate`, `decision`; ATTENDANCE_EXCEPTION_VALIDATED `shiftDate`,
 * `exceptionKind`, `resolution`, `comment`; CERTIFICATE_EXPIRING `certificationType`, `expiresOn`.
 */
export const NotificationData = Type.Object(
  {
    version: Type.Optional(Type.Integer({ description: 'The published version' })),
    changes: Type.Optional(
      Type.Array(
        Type.Object({
          date: BusinessDate,
          change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('moved')]),
          before: Place,
          after: Place,
        }),
      ),
    ),
    from: Type.Optional(BusinessDate),
    to: Type.Optional(BusinessDate),
    step: Type.Optional(Type.Integer()),
    final: Type.Optional(Type.Boolean({ description: 'Whether the decision ends the request' })),
    decision: Type.Optional(
      Type.Union(['Approved', 'Rejected', 'Accepted', 'Declined'].map((value) => Type.Literal(value))),
    ),
    comment: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    swapKind: Type.Optional(Type.Union([Type.Literal('Swap'), Type.Literal('GiveAway')])),
    offeredDate: Type.Optional(BusinessDate),
    wantedDate: Type.Optional(Type.Union([BusinessDate, Type.Null()])),
    shiftDate: Type.Optional(BusinessDate),
    exceptionKind: Type.Optional(
      Type.Union(RECONCILIATION_EXCEPTION_KINDS.map((value) => Type.Literal(value))),
    ),
    resolution: Type.Optional(Type.Union([Type.Literal('JUSTIFIED'), Type.Literal('UNJUSTIFIED')])),
    jobId: Type.Optional(Uuid),
    runId: Type.Optional(Uuid),
    outcome: Type.Optional(
      Type.Union(
        ['Completed', 'CompletedWithErrors', 'Failed', 'Cancelled', 'Executed'].map((value) =>
          Type.Literal(value),
        ),
        { description: 'How the import or the run ended' },
      ),
    ),
    certificationType: Type.Optional(
      Type.Object({ code: Type.String(), nameEn: Type.String(), nameAr: Name }),
    ),
    expiresOn: Type.Optional(BusinessDate),
    rowsTotal: Type.Optional(Type.Integer()),
    rowsFailed: Type.Optional(Type.Integer()),
    coverage: Type.Optional(
      Type.Object(
        { required: Type.Integer(), assigned: Type.Integer() },
        { description: 'Heads of the run' },
      ),
    ),
    by: Type.Optional(
      Type.Object(
        {
          employeeNumber: Type.String(),
          nameEn: Type.String(),
          nameAr: Type.Union([Type.String(), Type.Null()]),
        },
        { description: 'The colleague who acted (or asked)' },
      ),
    ),
  },
  { $id: 'NotificationData' },
);
export type NotificationData = Static<typeof NotificationData>;

export const Notification = Type.Object(
  {
    id: Uuid,
    kind: NotificationKindSchema,
    data: NotificationData,
    link: Type.String({
      description: "The client's screen that shows it, a path such as `/my/roster?month=2027-03`",
    }),
    createdAt: Instant,
    readAt: Type.Union([Instant, Type.Null()]),
  },
  { $id: 'Notification', description: 'Something the caller is told' },
);
export type Notification = Static<typeof Notification>;

export const NotificationInbox = Type.Object(
  {
    ...pageSchema(Notification).properties,
    unread: Type.Integer({ description: 'Of them unread' }),
  },
  { $id: 'NotificationInbox', description: "The caller's notifications, unread first, newest first" },
);
export type NotificationInbox = Static<typeof NotificationInbox>;

export const InboxQuery = Type.Object({
  ...PageQuery.properties,
  unread: Type.Optional(Type.Boolean({ description: 'Only the unread ones' })),
});
export type InboxQuery = Static<typeof InboxQuery>;

export const ReadAllOutcome = Type.Object(
  { marked: Type.Integer({ description: 'How many were unread and are read now' }) },
  { $id: 'NotificationsMarkedRead' },
);

export const IdParams = Type.Object({ id: Uuid });

export const MailPreferences = Type.Object(
  {
    address: Type.Union([Type.String(), Type.Null()], {
      description: "The caller's mail address; null: the inbox only, whatever is chosen",
    }),
    kinds: Type.Array(
      Type.Object({
        kind: NotificationKindSchema,
        byMail: Type.Boolean({ description: 'Chosen to come by mail too (the default)' }),
        sent: Type.Boolean({ description: 'Whether the unit sends this kind at all' }),
      }),
    ),
  },
  { $id: 'NotificationMailPreferences', description: 'Which notifications come to the caller by mail' },
);
export type MailPreferences = Static<typeof MailPreferences>;

export const MailPreferencesUpdate = Type.Object(
  {
    byMail: Type.Array(NotificationKindSchema, {
      uniqueItems: true,
      description: 'The kinds to have by mail; every other kind comes to the inbox only',
    }),
  },
  { $id: 'NotificationMailPreferencesUpdate', additionalProperties: false },
);
export type MailPreferencesUpdate = Static<typeof MailPreferencesUpdate>;

export const OutboxMail = Type.Object(
  {
    id: Uuid,
    recipient: Type.String(),
    subject: Type.String(),
    text: Type.String(),
    html: Type.String(),
    createdAt: Instant,
  },
  { $id: 'OutboxMail', description: 'A mail kept instead of sent (no SMTP_URL)' },
);
export type OutboxMail = Static<typeof OutboxMail>;
export const OutboxPage = pageSchema(OutboxMail);
