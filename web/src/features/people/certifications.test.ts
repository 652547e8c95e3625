import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS, expiryLevel } from './certifications';

describe('expiryLevel', () => {
  it('warns within the window, marks the lapsed, leaves the rest', () => {
    expect(expiryLevel({ Status: 'Active', daysToExpiry: EXPIRY_WARNING_DAYS })).toBe('soon');
    expect(expiryLevel({ Status: 'Active', daysToExpiry: 0 })).toBe('soon');
    expect(expiryLevel({ Status: 'Active', daysToExpiry: EXPIRY_WARNING_DAYS + 1 })).toBe('ok');
    expect(expiryLevel({ Status: 'Active', daysToExpiry: null })).toBe('ok');
    expect(expiryLevel({ Status: 'Active', daysToExpiry: -1 })).toBe('expired');
    expect(expiryLevel({ Status: 'Expired', daysToExpiry: 10 })).toBe('expired');
  });
});
