import { Type } from '@sinclair/typebox';
import { shiftTemplates, shiftTypes } from '../../core/db/tables/index.ts';
import { businessRule } from '../../core/http/errors.ts';
import { crossesMidnight, durationHours, TIME_PATTERN } from '../../core/time/shift-times.ts';
import { codeOf, type LookupGroup, optionalReference } from './group-definition.ts';
import { Code, Nullable } from './schemas.ts';

const Time = Type.String({ pattern: TIME_PATTERN, description: 'HH:mm (24-hour clock)' });

/** Shift templates: times of day (a night shift crosses midnight), a shift type and paid hours. */
export const SHIFT_TEMPLATES: LookupGroup = {
  route: 'shift-templates',
  name: 'ShiftTemplateDefinition',
  names: 'ShiftTemplateDefinitions',
  entity: 'shift_template',
  label: 'shift template',
  table: shiftTemplates,
  arabicRequired: true,
  bodyFields: {
    startTime: Time,
    endTime: { ...Time, description: 'HH:mm; at or before startTime means the shift ends the next day' },
    shiftTypeCode: Type.Optional(Nullable(Code)),
    paidHours: Type.Optional(
      Type.Number({ minimum: 0, maximum: 24, description: 'Omitted: the length of the shift' }),
    ),
  },
  recordFields: {
    startTime: Type.String(),
    endTime: Type.String(),
    shiftTypeCode: Nullable(Type.String()),
    paidHours: Type.Number(),
    durationHours: Type.Number({ description: 'Length from start to end, across midnight if need be' }),
    crossesMidnight: Type.Boolean({ description: 'The shift ends on the day after it starts' }),
  },
  select: {
    startTime: shiftTemplates.startTime,
    endTime: shiftTemplates.endTime,
    paidHours: shiftTemplates.paidHours,
    shiftTypeCode: codeOf(shiftTypes, shiftTemplates.shiftTypeId),
  },
  // A pattern's cycle uses OFF for a day off.
  reservedCodes: ['OFF'],
  ruleCodes: ['SHIFT_TEMPLATE_INVALID', 'SHIFT_TYPE_UNKNOWN', 'CODE_RESERVED'],
  async columns(tx, buId, body) {
    const startTime = String(body.startTime);
    const endTime = String(body.endTime);
    if (startTime === endTime) {
      throw businessRule('SHIFT_TEMPLATE_INVALID', 'A shift cannot start and end at the same time', {
        errors: [{ path: '/endTime', message: 'equals startTime' }],
      });
    }
    const length = durationHours(startTime, endTime);
    const paidHours = typeof body.paidHours === 'number' ? Math.round(body.paidHours * 100) / 100 : length;
    if (paidHours > length) {
      throw businessRule('SHIFT_TEMPLATE_INVALID', `paidHours cannot exceed the shift's ${length} hours`, {
        errors: [{ path: '/paidHours', message: `more than the ${length} hours from start to end` }],
      });
    }
    const shiftTypeId = await optionalReference(
      tx,
      shiftTypes,
      buId,
      body.shiftTypeCode,
      'shiftTypeCode',
      'SHIFT_TYPE_UNKNOWN',
    );
    return { startTime, endTime, paidHours, shiftTypeId };
  },
  view: (extra) => {
    const startTime = String(extra.startTime);
    const endTime = String(extra.endTime);
    return {
      startTime,
      endTime,
      shiftTypeCode: extra.shiftTypeCode ?? null,
      paidHours: Number(extra.paidHours),
      durationHours: durationHours(startTime, endTime),
      crossesMidnight: crossesMidnight(startTime, endTime),
    };
  },
};
