import type { LookupBody, LookupRow } from '../api/lookups';
import type { LookupGroupRoute } from './lookupGroups';

/** What the lookup form edits: text fields as typed, and the active flag. */
export interface LookupFormValues {
  code: string;
  nameEn: string;
  nameAr: string;
  description: string;
  isActive: boolean;
  categoryCode: string;
  requiresCertification: boolean;
  date: string;
  endDate: string;
  holidayTypeCode: string;
  startTime: string;
  endTime: string;
  shiftTypeCode: string;
  paidHours: string;
}

export const emptyLookupForm: LookupFormValues = {
  code: '',
  nameEn: '',
  nameAr: '',
  description: '',
  isActive: true,
  categoryCode: '',
  requiresCertification: false,
  date: '',
  endDate: '',
  holidayTypeCode: '',
  startTime: '',
  endTime: '',
  shiftTypeCode: '',
  paidHours: '',
};

/** The form's values for a row being edited. */
export function lookupFormOf(row: LookupRow): LookupFormValues {
  return {
    code: row.code,
    nameEn: row.Name_1_English,
    nameAr: row.Name_2_Arabic ?? '',
    description: row.description ?? '',
    isActive: row.isActive,
    categoryCode: row.categoryCode ?? '',
    requiresCertification: row.requiresCertification ?? false,
    date: row.date ?? '',
    endDate: row.endDate && row.endDate !== row.date ? row.endDate : '',
    holidayTypeCode: row.holidayTypeCode ?? '',
    startTime: row.startTime?.slice(0, 5) ?? '',
    endTime: row.endTime?.slice(0, 5) ?? '',
    shiftTypeCode: row.shiftTypeCode ?? '',
    paidHours: row.paidHours === undefined ? '' : String(row.paidHours),
  };
}

const text = (value: string) => value.trim() || null;
const upper = (value: string) => text(value)?.toUpperCase() ?? null;

/**
 * The body the service takes for a group (PUT is a full replacement, so create and replace send the
 * same fields): the shared ones, then the group's own. Codes are upper case, as the service requires.
 */
export function lookupBody(group: LookupGroupRoute, values: LookupFormValues): LookupBody {
  const body: LookupBody = {
    code: values.code.trim().toUpperCase(),
    Name_1_English: values.nameEn.trim(),
    Name_2_Arabic: text(values.nameAr),
    description: text(values.description),
    isActive: values.isActive,
  };
  if (group === 'skills')
    return {
      ...body,
      categoryCode: upper(values.categoryCode),
      requiresCertification: values.requiresCertification,
    };
  if (group === 'holidays')
    return {
      ...body,
      date: values.date,
      endDate: values.endDate || null,
      holidayTypeCode: upper(values.holidayTypeCode),
    };
  if (group === 'shift-templates') {
    const paid = values.paidHours.trim();
    return {
      ...body,
      startTime: values.startTime,
      endTime: values.endTime,
      shiftTypeCode: upper(values.shiftTypeCode),
      ...(paid ? { paidHours: Number(paid) } : {}),
    };
  }
  return body;
}
