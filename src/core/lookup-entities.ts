/**
 * The lookup groups (reference lists) by entity: each has its own permissions (`core/auth/catalog.ts`) and its
 * own error codes (`core/http/error-codes.ts`), both spelt from these names.
 */
export const LOOKUP_ENTITIES = [
  'grade',
  'skill',
  'terminal',
  'node_type',
  'holiday',
  'demand_reason',
  'shift_template',
  'attendance_status',
  'certification_type',
] as const;

export type LookupEntity = (typeof LOOKUP_ENTITIES)[number];
