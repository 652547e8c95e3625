import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/pagination.ts';
import { ActiveFilter, BusinessDate } from '../lookups/schemas.ts';

const Uuid = Type.String({ format: 'uuid' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const MAX_PREVIEW_DAYS = 366;

export const ListQuery = Type.Composite([PageQuery, ActiveFilter]);

export const ShiftPattern = Type.Object(
  {
    id: Uuid,
    code: Type.String(),
    Name_1_English: Type.String(),
    Name_2_Arabic: Type.String(),
    description: NullableString,
    cycle: Type.Array(Type.String(), { description: 'Shift template codes, OFF for a day off' }),
    cycleLength: Type.Integer(),
    workingDaysPerCycle: Type.Integer(),
    isActive: Type.Boolean(),
    version: Type.Integer(),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ShiftPattern' },
);
export type ShiftPattern = Static<typeof ShiftPattern>;

export const PreviewQuery = Type.Object({
  from: { ...BusinessDate, description: 'The date of cycle day 1' },
  days: Type.Integer({ minimum: 1, maximum: MAX_PREVIEW_DAYS, default: 28, description: 'How many dates' }),
});
export type PreviewQuery = Static<typeof PreviewQuery>;

export const PatternPreview = Type.Object(
  {
    patternId: Uuid,
    code: Type.String(),
    from: BusinessDate,
    to: BusinessDate,
    days: Type.Array(
      Type.Object({
        date: BusinessDate,
        cycleDay: Type.Integer({ minimum: 1 }),
        code: Type.String({ description: 'Shift template code, or OFF' }),
        isOff: Type.Boolean(),
        Name_1_English: NullableString,
        Name_2_Arabic: NullableString,
        startTime: NullableString,
        endTime: NullableString,
        endDate: Type.Union([BusinessDate, Type.Null()], { description: 'The next day for a night shift' }),
        crossesMidnight: Type.Boolean(),
        paidHours: Type.Number(),
      }),
    ),
    totalPaidHours: Type.Number(),
  },
  { $id: 'ShiftPatternPreview' },
);
export type PatternPreview = Static<typeof PatternPreview>;
