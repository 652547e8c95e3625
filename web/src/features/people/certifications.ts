import type { Certification } from './api';

/** Expiry within this many days is warned about. */
export const EXPIRY_WARNING_DAYS = 30;

export function expiryLevel(cert: Pick<Certification, 'Status' | 'daysToExpiry'>): 'expired' | 'soon' | 'ok' {
  if (cert.Status === 'Expired' || (cert.daysToExpiry !== null && cert.daysToExpiry < 0)) return 'expired';
  if (cert.daysToExpiry !== null && cert.daysToExpiry <= EXPIRY_WARNING_DAYS) return 'soon';
  return 'ok';
}
