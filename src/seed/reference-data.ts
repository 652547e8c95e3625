import { sql } from 'drizzle-orm';
import type { Executor } from '../core/db/database.ts';
import {
  attendanceStatuses,
  employeeStatuses,
  holidayTypes,
  shiftTypes,
  skillLevels,
} from '../core/db/tables/index.ts';
import type { LookupTable } from '../modules/lookups/repository.ts';

export interface SeedLookupRow {
  code: string;
  nameEn: string;
  nameAr: string | null;
  description?: string;
  [extra: string]: unknown;
}

/**
 * System rows are owned by the code: they are inserted, and their names follow the code on every start
 * (nobody can edit them through the API, so nothing is overwritten).
 */
export async function upsertSystemRows(
  tx: Executor,
  table: LookupTable,
  buId: string,
  rows: readonly SeedLookupRow[],
): Promise<void> {
  await tx
    .insert(table)
    // A group's own columns (e.g. `rank`) are outside the generic type; Drizzle maps them by name.
    .values(rows.map((row) => ({ ...row, buId, isSystem: true })) as LookupTable['$inferInsert'][])
    .onConflictDoUpdate({
      target: [table.buId, table.code],
      set: { nameEn: sql`excluded.name_en`, nameAr: sql`excluded.name_ar`, isSystem: true },
    });
}

export const EMPLOYEE_STATUSES: readonly SeedLookupRow[] = [
  { code: 'ACTIVE', nameEn: 'Active', nameAr: 'نشط' },
  { code: 'INACTIVE', nameEn: 'Inactive', nameAr: 'غير نشط' },
  { code: 'ON_LEAVE', nameEn: 'On long leave', nameAr: 'في إجازة طويلة' },
  { code: 'SUSPENDED', nameEn: 'Suspended', nameAr: 'موقوف' },
  { code: 'TERMINATED', nameEn: 'Terminated', nameAr: 'منتهي الخدمة' },
];

export const HOLIDAY_TYPES: readonly SeedLookupRow[] = [
  { code: 'PUBLIC', nameEn: 'Public holiday', nameAr: 'عطلة رسمية' },
  { code: 'RELIGIOUS', nameEn: 'Religious holiday', nameAr: 'عطلة دينية' },
  { code: 'NATIONAL', nameEn: 'National holiday', nameAr: 'عطلة وطنية' },
  { code: 'COMPANY', nameEn: 'Company holiday', nameAr: 'عطلة الشركة' },
];

export const SHIFT_TYPES: readonly SeedLookupRow[] = [
  { code: 'MORNING', nameEn: 'Morning', nameAr: 'صباحية' },
  { code: 'EVENING', nameEn: 'Evening', nameAr: 'مسائية' },
  { code: 'NIGHT', nameEn: 'Night', nameAr: 'ليلية' },
];

export const SKILL_LEVELS: readonly SeedLookupRow[] = [
  { code: 'BASIC', nameEn: 'Basic', nameAr: 'أساسي', rank: 1 },
  { code: 'INTERMEDIATE', nameEn: 'Intermediate', nameAr: 'متوسط', rank: 2 },
  { code: 'ADVANCED', nameEn: 'Advanced', nameAr: 'متقدم', rank: 3 },
  { code: 'EXPERT', nameEn: 'Expert', nameAr: 'خبير', rank: 4 },
];

/** The statuses attendance import and reconciliation rely on; units add their own beside them. */
export const ATTENDANCE_STATUSES: readonly SeedLookupRow[] = [
  { code: 'PRESENT', nameEn: 'Present', nameAr: 'حاضر' },
  { code: 'ABSENT', nameEn: 'Absent', nameAr: 'غائب' },
  { code: 'LATE', nameEn: 'Late', nameAr: 'متأخر' },
  { code: 'EARLY_LEAVE', nameEn: 'Left early', nameAr: 'انصراف مبكر' },
  { code: 'ON_LEAVE', nameEn: 'On leave', nameAr: 'في إجازة' },
  { code: 'DAY_OFF', nameEn: 'Day off', nameAr: 'يوم راحة' },
];

/** Per-unit step of `unitSteps`: the lookup rows every business unit has. */
export async function syncReferenceLookups(tx: Executor, buId: string): Promise<void> {
  await upsertSystemRows(tx, employeeStatuses, buId, EMPLOYEE_STATUSES);
  await upsertSystemRows(tx, holidayTypes, buId, HOLIDAY_TYPES);
  await upsertSystemRows(tx, shiftTypes, buId, SHIFT_TYPES);
  await upsertSystemRows(tx, skillLevels, buId, SKILL_LEVELS);
  await upsertSystemRows(tx, attendanceStatuses, buId, ATTENDANCE_STATUSES);
}
