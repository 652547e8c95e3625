import { ApiError } from '../../../lib/api/client';
import type { MessageId } from '../../../lib/i18n/I18nProvider';

/** The lookup groups an administrator keeps, in the interface spec's order (then certification types). */
export const LOOKUP_GROUPS = [
  { route: 'grades', entity: 'grade' },
  { route: 'skills', entity: 'skill' },
  { route: 'terminals', entity: 'terminal' },
  { route: 'node-types', entity: 'node_type' },
  { route: 'holidays', entity: 'holiday' },
  { route: 'demand-reasons', entity: 'demand_reason' },
  { route: 'shift-templates', entity: 'shift_template' },
  { route: 'attendance-statuses', entity: 'attendance_status' },
  { route: 'certification-types', entity: 'certification_type' },
] as const;

export type LookupGroupRoute = (typeof LOOKUP_GROUPS)[number]['route'];

export const isLookupGroup = (value: string | null): value is LookupGroupRoute =>
  LOOKUP_GROUPS.some((group) => group.route === value);

export const groupOf = (route: LookupGroupRoute) => LOOKUP_GROUPS.find((group) => group.route === route)!;

/** The name of a group in the catalogue: `admin.lookups.group.node-types`. */
export const groupLabel = (route: LookupGroupRoute) => `admin.lookups.group.${route}` as MessageId;

/** Tables that refer to lookup rows, named for a person; any other table reads as its name. */
const TABLE_LABELS: Record<string, MessageId> = {
  employees: 'admin.lookups.table.employees',
  employee_skills: 'admin.lookups.table.employee_skills',
  employee_certifications: 'admin.lookups.table.employee_certifications',
  demand_lines: 'admin.lookups.table.demand_lines',
  demand_template_cells: 'admin.lookups.table.demand_template_cells',
  shift_assignments: 'admin.lookups.table.shift_assignments',
  shift_pattern_days: 'admin.lookups.table.shift_pattern_days',
  org_nodes: 'admin.lookups.table.org_nodes',
  attendance_records: 'admin.lookups.table.attendance_records',
};

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Where a referenced row is still used, as a person reads it: "employees (12), demand lines (3)". */
export function usagesText(t: Translate, referencedBy: readonly { table: string; rows: number }[]): string {
  return referencedBy
    .map(({ table, rows }) => {
      const label = TABLE_LABELS[table];
      return t('admin.lookups.usage', { what: label ? t(label) : table.replaceAll('_', ' '), rows });
    })
    .join(t('admin.lookups.usageSeparator'));
}

/**
 * Why the service refused to change or delete a row, as a sentence naming the reason: a system row
 * (`<GROUP>_PROTECTED`), a row still in use (`<GROUP>_REFERENCED`, with where), a code taken; `null`
 * for any other refusal (the generic problem text then applies).
 */
export function lookupRefusal(t: Translate, error: unknown, code: string): string | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  if (error.code.endsWith('_PROTECTED')) return t('admin.lookups.refused.protected', { code });
  if (error.code.endsWith('_REFERENCED')) {
    const referencedBy = Array.isArray(error.problem?.referencedBy)
      ? (error.problem.referencedBy as { table: string; rows: number }[])
      : [];
    return referencedBy.length
      ? t('admin.lookups.refused.referencedBy', { code, usages: usagesText(t, referencedBy) })
      : t('admin.lookups.refused.referenced', { code });
  }
  if (error.code.endsWith('_CODE_TAKEN')) return t('admin.lookups.refused.codeTaken', { code });
  return null;
}
