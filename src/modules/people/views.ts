import { daysBetween } from '../../core/time/dates.ts';
import type { CertificationRow } from './certifications-repository.ts';
import type { Certification, CertificationStatus } from './schemas.ts';

/* Views and helpers more than one seam of the people module uses. */

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Expiry is computed on read: an Active certification whose date has passed reads Expired. */
export function effectiveStatus(
  row: { status: string; expires_on: string | null },
  today: string,
): CertificationStatus {
  if (row.status === 'Active' && row.expires_on !== null && row.expires_on < today) return 'Expired';
  return row.status as CertificationStatus;
}

export const certificationView = (row: CertificationRow, today: string): Certification => ({
  id: row.id,
  employeeId: row.employee_id,
  certificationCode: row.certification_code,
  issuedOn: row.issued_on,
  expiresOn: row.expires_on,
  Status: effectiveStatus(row, today),
  storedStatus: row.status,
  // daysBetween counts both ends: the distance is one less.
  daysToExpiry: row.expires_on === null ? null : daysBetween(today, row.expires_on) - 1,
  notes: row.notes,
  version: row.version,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});
