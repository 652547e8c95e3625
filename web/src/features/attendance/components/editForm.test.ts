import { describe, expect, it } from 'vitest';
import { editBody, normalizeTime } from './editForm';

describe('the attendance edit form', () => {
  it('reads times as people type them, HH:mm for the service', () => {
    expect(normalizeTime('6:05')).toBe('06:05');
    expect(normalizeTime('0605')).toBe('06:05');
    expect(normalizeTime(' 24:00 ')).toBe('24:00');
    expect(normalizeTime('')).toBeNull();
    // Anything else goes as typed: the service answers what is wrong with it.
    expect(normalizeTime('late')).toBe('late');
  });

  it('sends blank times and a blank reason as none', () => {
    expect(editBody({ Time_In: '', Time_Out: ' ', statusCode: 'ABSENT', reason: '  ' })).toEqual({
      Time_In: null,
      Time_Out: null,
      statusCode: 'ABSENT',
      reason: null,
    });
    expect(editBody({ Time_In: '7:10', Time_Out: '15:00', statusCode: 'LATE', reason: 'Gate 4' })).toEqual({
      Time_In: '07:10',
      Time_Out: '15:00',
      statusCode: 'LATE',
      reason: 'Gate 4',
    });
  });
});
