import type { Schemas } from '../../../lib/api/client';

/** What the edit form holds: the text of its fields. */
export interface EditDraft {
  Time_In: string;
  Time_Out: string;
  statusCode: string;
  reason: string;
}

/** A time as typed (`6:05`, `06:05`, `0605`) in the service's `HH:mm`; empty stays null, the rest as typed. */
export function normalizeTime(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  const match = /^(\d{1,2}):?(\d{2})$/.exec(value);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : value;
}

/** The edit's body from the form: blank times are none, a blank reason is none. */
export function editBody(draft: EditDraft): Schemas['AttendanceEdit'] {
  return {
    Time_In: normalizeTime(draft.Time_In),
    Time_Out: normalizeTime(draft.Time_Out),
    statusCode: draft.statusCode,
    reason: draft.reason.trim() || null,
  };
}
