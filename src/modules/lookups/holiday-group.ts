import { Type } from '@sinclair/typebox';
import { holidays, holidayTypes } from '../../core/db/tables/index.ts';
import { businessRule } from '../../core/http/errors.ts';
import { daysBetween } from '../../core/time/dates.ts';
import { codeOf, type LookupGroup, optionalReference } from './group-definition.ts';
import { BusinessDate, Code, Nullable } from './schemas.ts';

/** Multi-day holidays span at most a year, which keeps calendar resolution bounded. */
const MAX_HOLIDAY_DAYS = 366;

/** Holidays: a date range (one row for a multi-day holiday) and a holiday type. */
export const HOLIDAYS: LookupGroup = {
  route: 'holidays',
  name: 'Holiday',
  names: 'Holidays',
  entity: 'holiday',
  label: 'holiday',
  table: holidays,
  arabicRequired: true,
  bodyFields: {
    date: BusinessDate,
    endDate: Type.Optional(
      Type.Union([BusinessDate, Type.Null()], { description: 'Last day (inclusive); omitted: one day' }),
    ),
    holidayTypeCode: Type.Optional(Nullable(Code)),
  },
  recordFields: {
    date: BusinessDate,
    endDate: BusinessDate,
    days: Type.Integer({ description: 'Number of days the holiday covers' }),
    holidayTypeCode: Nullable(Type.String()),
  },
  select: {
    date: holidays.date,
    endDate: holidays.endDate,
    holidayTypeCode: codeOf(holidayTypes, holidays.holidayTypeId),
  },
  ruleCodes: ['HOLIDAY_RANGE_INVALID', 'HOLIDAY_TYPE_UNKNOWN'],
  async columns(tx, buId, body) {
    const date = String(body.date);
    const endDate = typeof body.endDate === 'string' ? body.endDate : date;
    if (endDate < date || daysBetween(date, endDate) > MAX_HOLIDAY_DAYS) {
      throw businessRule(
        'HOLIDAY_RANGE_INVALID',
        `endDate must be on or after date and at most ${MAX_HOLIDAY_DAYS} days later`,
        { errors: [{ path: '/endDate', message: `${endDate} does not follow ${date} within a year` }] },
      );
    }
    const holidayTypeId = await optionalReference(
      tx,
      holidayTypes,
      buId,
      body.holidayTypeCode,
      'holidayTypeCode',
      'HOLIDAY_TYPE_UNKNOWN',
    );
    return { date, endDate, holidayTypeId };
  },
  view: (extra) => ({
    date: extra.date,
    endDate: extra.endDate,
    days: daysBetween(String(extra.date), String(extra.endDate)),
    holidayTypeCode: extra.holidayTypeCode ?? null,
  }),
};
