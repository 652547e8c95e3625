import { Type } from '@sinclair/typebox';
import { named } from './http/openapi-names.ts';

/**
 * The kinds of notification (issue 55): what the notifications module tells, and what a unit's settings
 * may silence. Here, beside the lookups' list, so that both modules read it without reading each other.
 */
export const NOTIFICATION_KINDS = [
  'ROSTER_CHANGED',
  'LEAVE_DECIDED',
  'LEAVE_AWAITING',
  'ROSTER_AWAITING',
  'SWAP_AWAITING',
  'SWAP_PROPOSED',
  'SWAP_ANSWERED',
  'SWAP_CANCELLED',
  'SWAP_DECIDED',
  'IMPORT_FINISHED',
  'RUN_FINISHED',
  'OPEN_SHIFT_OFFERED',
  'OPEN_SHIFT_CLAIM_DECIDED',
  'ATTENDANCE_EXCEPTION_VALIDATED',
  'CERTIFICATE_EXPIRING',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationKindSchema = named(
  'NotificationKind',
  Type.Union(NOTIFICATION_KINDS.map((kind) => Type.Literal(kind))),
);
