import { daysBetween } from '../../core/time/dates.ts';
import type { CertificationRow } from './certifications-repository.ts';
import type { Certification, CertificationStatus } from './schemas.ts';

/* Views more than one seam of the people module uses. */

/** Expiry is computed on read: an Active certification whose date has passed reads Expired. */
export function effectiveStatus(
  row: { status: CertificationStatus; expiresOn: string | null },
  today: string,
): CertificationStatus {
  if (row.status === 'Active' && row.expiresOn !== null && row.expiresOn < today) return 'Expired';
  return row.status;
}

export const certificationView = (
  { status, createdAt, updatedAt, ...row }: CertificationRow,
  today: string,
): Certification => ({
  ...row,
  Status: effectiveStatus({ status, expiresOn: row.expiresOn }, today),
  storedStatus: status,
  // daysBetween counts both ends: the distance is one less.
  daysToExpiry: row.expiresOn === null ? null : daysBetween(today, row.expiresOn) - 1,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});
