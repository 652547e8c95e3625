import { type TProperties, Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.ts';
import {
  attendanceStatuses,
  demandReasons,
  grades,
  holidays,
  holidayTypes,
  nodeTypes,
  shiftTemplates,
  shiftTypes,
  skillCategories,
  skills,
  terminals,
} from '../../core/db/schema/index.ts';
import { businessRule } from '../../core/http/errors.ts';
import { daysBetween } from '../../core/time/dates.ts';
import { crossesMidnight, durationHours, TIME_PATTERN } from '../shifts/shift-times.ts';
import { type ExtraSelect, findIdByCode, type LookupTable, type LookupValues } from './repository.ts';
import { BusinessDate, Code, type LookupBody, lookupRecordFields, Nullable } from './schemas.ts';

/**
 * One admin lookup group: everything that differs between grades, skills, holidays… The routes, service
 * and repository are written once against this description.
 */
export interface LookupGroup {
  /** Path under /api/admin. */
  route: string;
  /** Permission prefix (`<entity>.view`, `<entity>.config`), audit entity type and error code prefix. */
  entity: string;
  /** For messages and OpenAPI summaries: "grade", "shift template". */
  label: string;
  table: LookupTable;
  arabicRequired: boolean;
  /** Request fields the group adds to create and update bodies. */
  bodyFields: TProperties;
  /** Response fields the group adds to its records. */
  recordFields: TProperties;
  /** Values read with every row for `view` (the group's columns, codes of referenced rows). */
  select: ExtraSelect;
  /** Checks the group's rules on a body and answers its column values; a broken rule is a 422. */
  columns(tx: Executor, buId: string, body: LookupBody): Promise<LookupValues>;
  view(extra: Record<string, unknown>): Record<string, unknown>;
  /** Codes a row may not take (they mean something else where the group is used). */
  reservedCodes?: readonly string[];
  /** Documented 422 codes of the group's own rules. */
  ruleCodes?: readonly string[];
}

const none = {
  bodyFields: {},
  recordFields: {},
  select: {},
  columns: async () => ({}),
  view: () => ({}),
};

/** Resolves an optional code of another lookup to its id; an unknown code is a 422 naming the field. */
async function optionalReference(
  tx: Executor,
  table: LookupTable,
  buId: string,
  code: unknown,
  field: string,
  errorCode: string,
): Promise<string | null> {
  if (code === undefined || code === null) return null;
  const id = await findIdByCode(tx, table, buId, String(code));
  if (!id) {
    throw businessRule(errorCode, `There is no ${field.replace(/Code$/, '')} with the code ${String(code)}`, {
      errors: [{ path: `/${field}`, message: `unknown code "${String(code)}"` }],
    });
  }
  return id;
}

const codeOf = (table: LookupTable, column: unknown) =>
  sql<string | null>`(select ${table.code} from ${table} where ${table.id} = ${column})`;

/** Multi-day holidays span at most a year, which keeps calendar resolution bounded. */
const MAX_HOLIDAY_DAYS = 366;

const holidayGroup: LookupGroup = {
  route: 'holidays',
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

const Time = Type.String({ pattern: TIME_PATTERN, description: 'HH:mm (24-hour clock)' });

const shiftTemplateGroup: LookupGroup = {
  route: 'shift-templates',
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

const skillGroup: LookupGroup = {
  route: 'skills',
  entity: 'skill',
  label: 'skill',
  table: skills,
  arabicRequired: true,
  bodyFields: {
    categoryCode: Type.Optional(Nullable(Code)),
    requiresCertification: Type.Optional(Type.Boolean({ default: false })),
  },
  recordFields: {
    categoryCode: Nullable(Type.String()),
    requiresCertification: Type.Boolean(),
  },
  select: {
    categoryCode: codeOf(skillCategories, skills.categoryId),
    requiresCertification: skills.requiresCertification,
  },
  ruleCodes: ['SKILL_CATEGORY_UNKNOWN'],
  async columns(tx, buId, body) {
    const categoryId = await optionalReference(
      tx,
      skillCategories,
      buId,
      body.categoryCode,
      'categoryCode',
      'SKILL_CATEGORY_UNKNOWN',
    );
    return { categoryId, requiresCertification: body.requiresCertification === true };
  },
  view: (extra) => ({
    categoryCode: extra.categoryCode ?? null,
    requiresCertification: extra.requiresCertification === true,
  }),
};

export const GRADES: LookupGroup = {
  route: 'grades',
  entity: 'grade',
  label: 'grade',
  table: grades,
  arabicRequired: true,
  ...none,
};
export const SKILLS = skillGroup;
export const TERMINALS: LookupGroup = {
  route: 'terminals',
  entity: 'terminal',
  label: 'terminal',
  table: terminals,
  arabicRequired: true,
  ...none,
};
export const NODE_TYPES: LookupGroup = {
  route: 'node-types',
  entity: 'node_type',
  label: 'node type',
  table: nodeTypes,
  arabicRequired: true,
  ...none,
};
export const HOLIDAYS = holidayGroup;
/** The one group whose Arabic name is optional (interface spec, "Resources"). */
export const DEMAND_REASONS: LookupGroup = {
  route: 'demand-reasons',
  entity: 'demand_reason',
  label: 'demand reason',
  table: demandReasons,
  arabicRequired: false,
  ...none,
};
export const SHIFT_TEMPLATES = shiftTemplateGroup;
export const ATTENDANCE_STATUSES: LookupGroup = {
  route: 'attendance-statuses',
  entity: 'attendance_status',
  label: 'attendance status',
  table: attendanceStatuses,
  arabicRequired: true,
  ...none,
};

/** The eight admin groups of the interface spec, in its order. */
export const LOOKUP_GROUPS: readonly LookupGroup[] = [
  GRADES,
  SKILLS,
  TERMINALS,
  NODE_TYPES,
  HOLIDAYS,
  DEMAND_REASONS,
  SHIFT_TEMPLATES,
  ATTENDANCE_STATUSES,
];

/** The response schema of a group's records. */
export const recordSchemaOf = (group: LookupGroup) =>
  Type.Object({ ...lookupRecordFields, ...group.recordFields }, { title: `${group.label} record` });
